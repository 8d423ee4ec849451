import Foundation
import XCTest

@testable import HubFramework

/// Component model equality (by content, not by position), child lookup, index paths, sharing across
/// threads and deep trees.
final class ComponentModelTests: XCTestCase {
    /// A builder with every kind of content, the same on each call.
    private func fullBuilder(_ identifier: String = "model") -> ComponentModelBuilder {
        let builder = ModelFixtures.componentBuilder(identifier)
        builder.componentNamespace = "ns"
        builder.componentName = "name"
        builder.title = "title"
        builder.subtitle = "subtitle"
        builder.mainImageURL = URL(string: "https://example.org/main.jpg")
        builder.backgroundImageDataBuilder.placeholderIconIdentifier = "bg"
        builder.customImageDataBuilder(withIdentifier: "custom").url = URL(string: "https://example.org/custom.jpg")
        builder.iconIdentifier = "icon"
        builder.targetBuilder.uri = URL(string: "spotify:target")
        builder.targetBuilder.initialViewModelBuilder.navigationBarTitle = "Initial"
        builder.targetBuilder.initialViewModelBuilder.bodyComponentModelBuilder(withIdentifier: "row").title = "Row"
        builder.targetBuilder.addAction(namespace: "a", name: "b")
        builder.metadata = ["meta": 1]
        builder.loggingData = ["log": 2]
        builder.customData = ["custom": [1, 2, 3]]
        builder.childBuilder(withIdentifier: "child").title = "child"
        return builder
    }

    func testChildAtIndex() {
        let builder = ModelFixtures.componentBuilder()
        _ = builder.childBuilder(withIdentifier: "first")
        _ = builder.childBuilder(withIdentifier: "second")
        let model = builder.build()
        XCTAssertEqual(model.child(at: 0)?.identifier, "first")
        XCTAssertEqual(model.child(at: 1)?.identifier, "second")
        XCTAssertNil(model.child(at: 2))
        XCTAssertNil(model.child(at: -1))
    }

    func testModelsBuiltFromIdenticalDataAreEqual() {
        let first = fullBuilder().build()
        let second = fullBuilder().build()
        XCTAssertFalse(first === second)
        XCTAssertEqual(first, second)
    }

    func testModelsDifferingOnlyInIdentifierAreNotEqual() {
        XCTAssertNotEqual(fullBuilder("one").build(), fullBuilder("two").build())
    }

    func testAnyDifferenceMakesModelsUnequal() {
        let reference = fullBuilder().build()
        let changes: [(ComponentModelBuilder) -> Void] = [
            { $0.title = "other" },
            { $0.componentCategory = "other" },
            { $0.groupIdentifier = "group" },
            { $0.mainImageURL = URL(string: "https://example.org/other.jpg") },
            { $0.iconIdentifier = "other" },
            { $0.targetBuilder.addAction(namespace: "x", name: "y") },
            { $0.targetBuilder.initialViewModelBuilder.navigationBarTitle = "other" },
            { $0.metadata = ["meta": 2] },
            { $0.childBuilder(withIdentifier: "child").title = "other" },
            { _ = $0.childBuilder(withIdentifier: "extra") },
        ]
        for (offset, change) in changes.enumerated() {
            let builder = fullBuilder()
            change(builder)
            XCTAssertNotEqual(builder.build(), reference, "change \(offset)")
        }
    }

    func testChildWithIdentifier() {
        let builder = ModelFixtures.componentBuilder()
        for identifier in ["A", "B", "C"] { _ = builder.childBuilder(withIdentifier: identifier) }
        let model = builder.build()
        XCTAssertTrue(model.child(withIdentifier: "A") === model.children[0])
        XCTAssertTrue(model.child(withIdentifier: "B") === model.children[1])
        XCTAssertTrue(model.child(withIdentifier: "C") === model.children[2])
        XCTAssertNil(model.child(withIdentifier: "unknown"))
    }

    func testIndexPaths() {
        let builder = ModelFixtures.componentBuilder("parent")
        _ = builder.childBuilder(withIdentifier: "childA")
        _ = builder.childBuilder(withIdentifier: "childB").childBuilder(withIdentifier: "grandchild")
        let parent = builder.build(index: 0)
        XCTAssertEqual(parent.indexPath, [0])
        XCTAssertEqual(parent.children[0].indexPath, [0, 0])
        XCTAssertEqual(parent.children[1].indexPath, [0, 1])
        XCTAssertEqual(parent.children[1].children[0].indexPath, [0, 1, 0])
        XCTAssertTrue(parent.children[1].children[0].parent === parent.children[1])
    }

    func testSameContentAtDifferentPlacesIsEqual() {
        let first = ModelFixtures.componentBuilder("parentA")
        first.childBuilder(withIdentifier: "child").title = "same"
        let second = ModelFixtures.componentBuilder("parentB")
        _ = second.childBuilder(withIdentifier: "before")
        second.childBuilder(withIdentifier: "child").title = "same"
        let childA = first.build().children[0]
        let parentB = second.build()
        let childB = parentB.children[1]
        XCTAssertNotEqual(childA.index, childB.index)
        XCTAssertEqual(childA, childB)
    }

    func testChildrenAreEmptyWhenThereAreNone() {
        let model = ModelFixtures.componentBuilder().build()
        XCTAssertEqual(model.children, [])
        XCTAssertNil(model.children(inGroupWithIdentifier: "any"))
    }

    func testImageDataEqualityComparesLocalImagesByIdentity() {
        let image = ModelFixtures.TestImage(name: "same name")
        let twin = ModelFixtures.TestImage(name: "same name")
        let first = ModelFixtures.imageDataBuilder()
        first.localImage = image
        let second = ModelFixtures.imageDataBuilder()
        second.localImage = image
        let third = ModelFixtures.imageDataBuilder()
        third.localImage = twin
        XCTAssertEqual(first.build(identifier: nil, type: .main), second.build(identifier: nil, type: .main))
        XCTAssertNotEqual(first.build(identifier: nil, type: .main), third.build(identifier: nil, type: .main))
        XCTAssertNotEqual(first.build(identifier: nil, type: .main), first.build(identifier: nil, type: .background))
    }

    func testModelsCanBeSharedAcrossThreads() async {
        let model = fullBuilder().build()
        let title = await Task.detached { model.children.first?.parent?.title }.value
        XCTAssertEqual(title, "title")
    }

    func testDeepTreesBuildCompareSerializeAndCopy() {
        // The deepest tree JSON can produce: JSONSchema.maximumComponentDepth levels.
        let root = ModelFixtures.componentBuilder("level-1")
        var builder = root
        for level in 2...JSONSchema.maximumComponentDepth {
            builder = builder.childBuilder(withIdentifier: "level-\(level)")
        }
        let model = root.build()
        XCTAssertEqual(model, root.copy().build())
        var leaf = model
        while let child = leaf.children.first { leaf = child }
        XCTAssertEqual(leaf.indexPath.count, JSONSchema.maximumComponentDepth)
        XCTAssertEqual(ModelFixtures.viewModelBuilder().schema.viewModel(from: ["body": [.object(model.serialize())]])
            .bodyComponentModels.first, model)
    }

    // MARK: Memory layout

    /// A plain row (identity and two texts) keeps no out-of-line details; any one detail alone is
    /// kept, and reads back.
    func testOnlyModelsWithDetailsKeepThem() {
        let plain = ModelFixtures.componentBuilder("plain")
        plain.title = "A title"
        plain.subtitle = "A subtitle"
        let plainModel = plain.build()
        XCTAssertFalse(plainModel.hasDetails)
        XCTAssertEqual(plainModel.customImageData, [:])
        XCTAssertNil(plainModel.target)

        let setters: [(String, (ComponentModelBuilder) -> Void, (ComponentModel) -> Bool)] = [
            ("group", { $0.groupIdentifier = "g" }, { $0.groupIdentifier == "g" }),
            ("accessory", { $0.accessoryTitle = "3" }, { $0.accessoryTitle == "3" }),
            ("description", { $0.descriptionText = "d" }, { $0.descriptionText == "d" }),
            ("main image", { $0.mainImageURL = URL(string: "https://example.org/a.png") },
             { $0.mainImageData?.url == URL(string: "https://example.org/a.png") }),
            ("background image", { $0.backgroundImageDataBuilder.url = URL(string: "https://example.org/b.png") },
             { $0.backgroundImageData?.url == URL(string: "https://example.org/b.png") }),
            ("custom image", { $0.customImageDataBuilder(withIdentifier: "c").url = URL(string: "https://example.org/c.png") },
             { $0.customImageData["c"] != nil }),
            ("target", { $0.targetBuilder.uri = URL(string: "app:next") }, { $0.target?.uri == URL(string: "app:next") }),
            ("metadata", { $0.metadata = ["m": 1] }, { $0.metadata == ["m": 1] }),
            ("logging", { $0.loggingData = ["l": 1] }, { $0.loggingData == ["l": 1] }),
            ("custom data", { $0.customData = ["c": 1] }, { $0.customData == ["c": 1] }),
        ]
        for (name, set, check) in setters {
            let builder = ModelFixtures.componentBuilder(name)
            set(builder)
            let model = builder.build()
            XCTAssertTrue(model.hasDetails, name)
            XCTAssertTrue(check(model), name)
        }
        XCTAssertTrue(fullBuilder().build().hasDetails)
    }

    /// A built model's long texts are copies of the builder's, so that freeing the builders frees
    /// whole heap pages; equal texts, distinct storage. Short texts live inside the value.
    func testABuiltModelsLongTextsHaveStorageOfTheirOwn() {
        let builder = ModelFixtures.componentBuilder("a row with a long identifier")
        builder.title = "A title long enough to be stored on the heap"
        builder.subtitle = "short"
        let model = builder.build()
        XCTAssertEqual(model.title, builder.title)
        XCTAssertEqual(model.subtitle, "short")
        XCTAssertEqual(model.identifier, "a row with a long identifier")
        func storage(_ text: String?) -> UnsafeRawPointer? {
            var copy = text!
            return copy.withUTF8 { UnsafeRawPointer($0.baseAddress) }
        }
        XCTAssertNotEqual(storage(model.title), storage(builder.title))
        XCTAssertNotEqual(storage(model.identifier), storage(builder.modelIdentifier))
    }
}
