import Foundation
import XCTest

@testable import HubFramework

/// The component model builder: values, component defaults, images and icons, children (their type,
/// preferred indexes and groups), JSON and copies.
final class ComponentModelBuilderTests: XCTestCase {
    private var builder: ComponentModelBuilder!

    override func setUp() {
        super.setUp()
        builder = ModelFixtures.componentBuilder("id")
    }

    func testBuildCarriesEveryValue() {
        builder.componentNamespace = "ns"
        builder.componentName = "component"
        builder.componentCategory = "row"
        builder.title = "title"
        builder.subtitle = "subtitle"
        builder.accessoryTitle = "accessory"
        builder.descriptionText = "description"
        builder.mainImageDataBuilder.placeholderIconIdentifier = "main"
        builder.backgroundImageDataBuilder.placeholderIconIdentifier = "background"
        builder.targetBuilder.uri = URL(string: "spotify:hub:target")
        builder.customData = ["custom": "data"]
        builder.loggingData = ["logging": "data"]
        builder.metadata = ["meta": "data"]
        builder.groupIdentifier = "group"

        let model = builder.build(index: 5, parent: nil)
        XCTAssertEqual(model.identifier, "id")
        XCTAssertEqual(model.type, .body)
        XCTAssertEqual(model.index, 5)
        XCTAssertEqual(model.groupIdentifier, "group")
        XCTAssertEqual(model.componentIdentifier, Identifier(namespace: "ns", name: "component"))
        XCTAssertEqual(model.componentCategory, .row)
        XCTAssertEqual(model.title, "title")
        XCTAssertEqual(model.subtitle, "subtitle")
        XCTAssertEqual(model.accessoryTitle, "accessory")
        XCTAssertEqual(model.descriptionText, "description")
        XCTAssertEqual(model.mainImageData?.placeholderIcon?.identifier, "main")
        XCTAssertEqual(model.backgroundImageData?.placeholderIcon?.identifier, "background")
        XCTAssertEqual(model.target?.uri, URL(string: "spotify:hub:target"))
        XCTAssertEqual(model.customData, ["custom": "data"])
        XCTAssertEqual(model.loggingData, ["logging": "data"])
        XCTAssertEqual(model.metadata, ["meta": "data"])
        XCTAssertNil(model.parent)
        XCTAssertEqual(model.children.count, 0)
    }

    func testNewBuilderUsesTheComponentDefaults() {
        let model = builder.build()
        XCTAssertEqual(model.componentIdentifier, Identifier(namespace: "namespace", name: "name"))
        XCTAssertEqual(model.componentCategory, "category")
    }

    func testOverriddenComponentIsUsed() {
        builder.componentNamespace = "override"
        builder.componentName = "component"
        builder.componentCategory = "card"
        let model = builder.build()
        XCTAssertEqual(model.componentIdentifier.identifierString, "override:component")
        XCTAssertEqual(model.componentCategory, .card)
    }

    func testMainAndBackgroundImagesHaveTheirTypes() {
        builder.mainImageDataBuilder.placeholderIconIdentifier = "main"
        builder.backgroundImageDataBuilder.placeholderIconIdentifier = "background"
        let model = builder.build()
        XCTAssertEqual(model.mainImageData?.type, .main)
        XCTAssertNil(model.mainImageData?.identifier)
        XCTAssertEqual(model.backgroundImageData?.type, .background)
        XCTAssertNil(model.backgroundImageData?.identifier)
    }

    func testEmptyImageBuildersBuildNoImageData() {
        let model = builder.build()
        XCTAssertNil(model.mainImageData)
        XCTAssertNil(model.backgroundImageData)
        XCTAssertEqual(model.customImageData, [:])
    }

    func testImageShortcutsWriteToTheImageDataBuilders() {
        let mainURL = URL(string: "https://example.org/main.png")!
        let backgroundURL = URL(string: "https://example.org/background.png")!
        let mainImage = ModelFixtures.TestImage(name: "main")
        let backgroundImage = ModelFixtures.TestImage(name: "background")
        builder.mainImageURL = mainURL
        builder.mainImage = mainImage
        builder.backgroundImageURL = backgroundURL
        builder.backgroundImage = backgroundImage
        XCTAssertEqual(builder.mainImageDataBuilder.url, mainURL)
        XCTAssertTrue(builder.mainImageDataBuilder.localImage === mainImage)
        XCTAssertEqual(builder.backgroundImageDataBuilder.url, backgroundURL)
        XCTAssertTrue(builder.backgroundImageDataBuilder.localImage === backgroundImage)
        XCTAssertEqual(builder.mainImageURL, mainURL)
        XCTAssertTrue(builder.backgroundImage === backgroundImage)
    }

    func testCustomImagesAreBuiltWithTheirIdentifierAndEmptyOnesDropped() {
        XCTAssertFalse(builder.customImageDataBuilderExists(withIdentifier: "customImage"))
        builder.customImageDataBuilder(withIdentifier: "customImage").placeholderIconIdentifier = "placeholder"
        _ = builder.customImageDataBuilder(withIdentifier: "empty")
        XCTAssertTrue(builder.customImageDataBuilderExists(withIdentifier: "customImage"))
        XCTAssertTrue(builder.customImageDataBuilder(withIdentifier: "empty") === builder.customImageDataBuilder(withIdentifier: "empty"))

        let model = builder.build()
        let custom = model.customImageData["customImage"]
        XCTAssertEqual(custom?.identifier, "customImage")
        XCTAssertEqual(custom?.type, .custom)
        XCTAssertEqual(custom?.placeholderIcon?.identifier, "placeholder")
        XCTAssertNil(model.customImageData["empty"])
    }

    func testNoIconWithoutAResolver() {
        let builder = ModelFixtures.componentBuilder(iconResolver: nil)
        builder.iconIdentifier = "icon"
        XCTAssertNil(builder.build().icon)
    }

    func testIconWithAResolver() {
        builder.iconIdentifier = "icon"
        let icon = builder.build().icon
        XCTAssertEqual(icon?.identifier, "icon")
        XCTAssertEqual(icon?.kind, .component)
    }

    func testChildBuilderIsCreatedOnce() {
        let child = builder.childBuilder(withIdentifier: "childModel")
        XCTAssertEqual(child.modelIdentifier, "childModel")
        XCTAssertTrue(builder.childBuilderExists(withIdentifier: "childModel"))
        XCTAssertTrue(child === builder.childBuilder(withIdentifier: "childModel"))
    }

    func testNewChildGetsTheComponentDefaultsNotItsParentsComponent() {
        builder.componentNamespace = "parentNamespace"
        builder.componentName = "parentName"
        builder.componentCategory = "parentCategory"
        let child = builder.childBuilder(withIdentifier: "child")
        XCTAssertEqual(child.componentNamespace, "namespace")
        XCTAssertEqual(child.componentName, "name")
        XCTAssertEqual(child.componentCategory, "category")
    }

    func testChildrenHaveTheParentsType() {
        for type in ComponentType.allCases {
            let parent = ModelFixtures.componentBuilder("parent", type: type)
            _ = parent.childBuilder(withIdentifier: "child").childBuilder(withIdentifier: "grandchild")
            let model = parent.build()
            XCTAssertEqual(model.children.first?.type, type)
            XCTAssertEqual(model.children.first?.children.first?.type, type)
        }
    }

    func testChildrenAreOrderedByPreferredIndex() {
        let preferred: [(String, Int?)] = [("A", 2), ("B", nil), ("C", 3), ("D", 1), ("E", 0)]
        for (identifier, index) in preferred {
            builder.childBuilder(withIdentifier: identifier).preferredIndex = index
        }
        let children = builder.build().children
        XCTAssertEqual(children.map(\.identifier), ["E", "D", "A", "C", "B"])
        XCTAssertEqual(children.map(\.index), [0, 1, 2, 3, 4])
    }

    func testLaterBuilderWinsATieForAPreferredIndex() {
        builder.childBuilder(withIdentifier: "first").preferredIndex = 0
        builder.childBuilder(withIdentifier: "second").preferredIndex = 0
        _ = builder.childBuilder(withIdentifier: "third")
        XCTAssertEqual(builder.build().children.map(\.identifier), ["second", "first", "third"])
    }

    func testNegativePreferredIndexCountsAsZero() {
        _ = builder.childBuilder(withIdentifier: "first")
        builder.childBuilder(withIdentifier: "second").preferredIndex = -5
        XCTAssertEqual(builder.build().children.map(\.identifier), ["second", "first"])
    }

    func testLonePreferredIndexBeyondTheEndIsIndexZero() {
        builder.childBuilder(withIdentifier: "child").preferredIndex = 99
        XCTAssertEqual(builder.build().child(at: 0)?.identifier, "child")
    }

    func testRemovingChildren() {
        for identifier in ["A", "B", "C"] { _ = builder.childBuilder(withIdentifier: identifier) }
        builder.removeChildBuilder(withIdentifier: "B")
        XCTAssertFalse(builder.childBuilderExists(withIdentifier: "B"))
        XCTAssertEqual(builder.allChildBuilders().count, 2)
        builder.removeChildBuilder(withIdentifier: "unknown")
        XCTAssertEqual(builder.allChildBuilders().count, 2)
        builder.removeAllChildBuilders()
        XCTAssertEqual(builder.build().children.count, 0)
    }

    func testChildrenPointAtTheModelBuiltForTheirParent() {
        _ = builder.childBuilder(withIdentifier: "child")
        let model = builder.build()
        XCTAssertTrue(model.children.first?.parent === model)
    }

    func testModelBuiltWithAParentPointsAtIt() {
        let parent = ModelFixtures.componentBuilder("parent").build()
        let child = builder.build(index: 0, parent: parent)
        XCTAssertTrue(child.parent === parent)
    }

    func testBuiltChildrenAreGrouped() {
        for (identifier, group) in [("A", "groupA"), ("B", "groupA"), ("C", "groupB"), ("D", "groupB")] {
            builder.childBuilder(withIdentifier: identifier).groupIdentifier = group
        }
        let model = builder.build()
        XCTAssertEqual(model.children(inGroupWithIdentifier: "groupA")?.map(\.identifier), ["A", "B"])
        XCTAssertEqual(model.children(inGroupWithIdentifier: "groupB")?.map(\.identifier), ["C", "D"])
        XCTAssertEqual(model.children.map(\.groupIdentifier), ["groupA", "groupA", "groupB", "groupB"])
        XCTAssertNil(model.children(inGroupWithIdentifier: "unknown"))
    }

    func testCompleteComponentJSONBuildsEveryFieldAndSerializesBack() throws {
        let json: JSONObject = [
            "id": "id",
            "component": ["id": "namespace:name", "category": "category"],
            "text": ["title": "Title", "subtitle": "Subtitle", "accessory": "Accessory", "description": "Description"],
            "images": [
                "main": ["uri": "https://example.org/main.jpg", "placeholder": "mainPlaceholder"],
                "background": ["uri": "https://example.org/background.jpg", "placeholder": "backgroundPlaceholder"],
                "custom": ["hero": ["uri": "https://example.org/hero.jpg", "placeholder": "heroPlaceholder"]],
                "icon": "icon",
            ],
            "target": [
                "uri": "spotify:hub:target",
                "view": ["title": "Initial"],
                "actions": ["action:one"],
                "custom": ["target": "custom"],
            ],
            "metadata": ["meta": "data"],
            "logging": ["log": "data"],
            "custom": ["custom": "data"],
            "children": [
                ["id": "childA", "component": ["id": "child:a", "category": "childCategoryA"]],
                ["id": "childB", "component": ["id": "child:b", "category": "childCategoryB"]],
            ],
        ]
        let problems = try builder.addJSON(data: JSONWriter().data(for: .object(json)))
        XCTAssertEqual(problems, [])
        let model = builder.build()
        XCTAssertEqual(model.componentIdentifier.identifierString, "namespace:name")
        XCTAssertEqual(model.componentCategory, "category")
        XCTAssertEqual(model.title, "Title")
        XCTAssertEqual(model.subtitle, "Subtitle")
        XCTAssertEqual(model.accessoryTitle, "Accessory")
        XCTAssertEqual(model.descriptionText, "Description")
        XCTAssertEqual(model.mainImageData?.url, URL(string: "https://example.org/main.jpg"))
        XCTAssertEqual(model.mainImageData?.placeholderIcon?.identifier, "mainPlaceholder")
        XCTAssertEqual(model.backgroundImageData?.url, URL(string: "https://example.org/background.jpg"))
        XCTAssertEqual(model.customImageData["hero"]?.url, URL(string: "https://example.org/hero.jpg"))
        XCTAssertEqual(model.icon?.identifier, "icon")
        XCTAssertEqual(model.target?.uri, URL(string: "spotify:hub:target"))
        XCTAssertEqual(model.target?.initialViewModel?.navigationTitle, "Initial")
        XCTAssertEqual(model.target?.actionIdentifiers, [Identifier(namespace: "action", name: "one")])
        XCTAssertEqual(model.target?.customData, ["target": "custom"])
        XCTAssertEqual(model.metadata, ["meta": "data"])
        XCTAssertEqual(model.loggingData, ["log": "data"])
        XCTAssertEqual(model.customData, ["custom": "data"])
        XCTAssertEqual(model.children.map(\.identifier), ["childA", "childB"])
        XCTAssertEqual(model.children.map(\.componentIdentifier.identifierString), ["child:a", "child:b"])
        XCTAssertEqual(model.children.map(\.componentCategory.rawValue), ["childCategoryA", "childCategoryB"])
        XCTAssertEqual(model.serialize(), json)
    }

    func testEmptyJSONChangesNothing() throws {
        builder.componentNamespace = "ns"
        builder.componentName = "n"
        builder.preferredIndex = 33
        builder.title = "t"
        builder.subtitle = "s"
        builder.accessoryTitle = "a"
        builder.descriptionText = "d"
        builder.targetBuilder.uri = URL(string: "spotify:x")
        builder.loggingData = ["l": 1]
        builder.customData = ["c": 2]
        let before = builder.build()
        XCTAssertEqual(try builder.addJSON(data: ModelFixtures.data("{}")), [])
        XCTAssertEqual(builder.build(), before)
        XCTAssertEqual(builder.preferredIndex, 33)
        XCTAssertEqual(builder.componentNamespace, "ns")
    }

    func testDataDictionariesAreMergedWithJSON() {
        builder.metadata = ["code": "meta"]
        builder.loggingData = ["code": "log"]
        builder.customData = ["code": "custom"]
        builder.addJSON(dictionary: ["metadata": ["json": "meta"], "logging": ["json": "log"], "custom": ["json": "custom"]])
        XCTAssertEqual(builder.metadata, ["code": "meta", "json": "meta"])
        XCTAssertEqual(builder.loggingData, ["code": "log", "json": "log"])
        XCTAssertEqual(builder.customData, ["code": "custom", "json": "custom"])
    }

    func testNonObjectDataFailsWithAnError() {
        XCTAssertThrowsError(try builder.addJSON(data: ModelFixtures.data("Not a dictionary")))
        XCTAssertThrowsError(try builder.addJSON(data: ModelFixtures.data("[]"))) { error in
            XCTAssertEqual(error as? JSONError, .unexpectedTopLevelValue(expected: "an object", found: "an array"))
        }
        XCTAssertThrowsError(try builder.addJSON(data: Data())) { error in
            XCTAssertEqual(error as? JSONError, .emptyData)
        }
        XCTAssertThrowsError(try builder.addJSON(data: ModelFixtures.data("\"text\"")))
    }

    func testCopyHasEqualValuesAndDistinctImageBuilders() {
        builder.preferredIndex = 3
        builder.groupIdentifier = "group"
        builder.componentNamespace = "ns"
        builder.componentName = "n"
        builder.componentCategory = "c"
        builder.title = "t"
        builder.subtitle = "s"
        builder.accessoryTitle = "a"
        builder.descriptionText = "d"
        builder.iconIdentifier = "icon"
        builder.metadata = ["m": 1]
        builder.loggingData = ["l": 1]
        builder.customData = ["c": 1]
        builder.mainImageDataBuilder.placeholderIconIdentifier = "main"
        builder.backgroundImageDataBuilder.placeholderIconIdentifier = "background"
        builder.customImageDataBuilder(withIdentifier: "custom").placeholderIconIdentifier = "custom"
        builder.targetBuilder.addAction(namespace: "a", name: "b")
        builder.childBuilder(withIdentifier: "child").title = "child"

        let copy = builder.copy()
        XCTAssertFalse(copy === builder)
        XCTAssertEqual(copy.modelIdentifier, builder.modelIdentifier)
        XCTAssertEqual(copy.preferredIndex, 3)
        XCTAssertEqual(copy.groupIdentifier, "group")
        XCTAssertEqual(copy.iconIdentifier, "icon")
        XCTAssertFalse(copy.mainImageDataBuilder === builder.mainImageDataBuilder)
        XCTAssertFalse(copy.backgroundImageDataBuilder === builder.backgroundImageDataBuilder)
        XCTAssertFalse(copy.customImageDataBuilder(withIdentifier: "custom") === builder.customImageDataBuilder(withIdentifier: "custom"))
        XCTAssertEqual(copy.customImageDataBuilder(withIdentifier: "custom").placeholderIconIdentifier, "custom")
        XCTAssertFalse(copy.targetBuilder === builder.targetBuilder)
        XCTAssertFalse(copy.childBuilder(withIdentifier: "child") === builder.childBuilder(withIdentifier: "child"))
        XCTAssertEqual(copy.build(index: 1), builder.build(index: 1))

        copy.mainImageDataBuilder.placeholderIconIdentifier = "changed"
        copy.childBuilder(withIdentifier: "child").title = "changed"
        XCTAssertEqual(builder.mainImageDataBuilder.placeholderIconIdentifier, "main")
        XCTAssertEqual(builder.childBuilder(withIdentifier: "child").title, "child")
    }

    func testGroupQueriesReturnExactlyTheGroupsBuilders() {
        let first = builder.childBuilder(withIdentifier: "first")
        first.groupIdentifier = "firstGroup"
        let second = builder.childBuilder(withIdentifier: "second")
        second.groupIdentifier = "secondGroup"
        XCTAssertTrue(builder.childBuilders(inGroupWithIdentifier: "firstGroup")?.elementsEqual([first], by: ===) == true)
        XCTAssertTrue(builder.childBuilders(inGroupWithIdentifier: "secondGroup")?.elementsEqual([second], by: ===) == true)
    }

    func testRemovingChildrenEmptiesTheirGroups() {
        builder.childBuilder(withIdentifier: "first").groupIdentifier = "firstGroup"
        let second = builder.childBuilder(withIdentifier: "second")
        second.groupIdentifier = "secondGroup"
        builder.removeChildBuilder(withIdentifier: "first")
        XCTAssertNil(builder.childBuilders(inGroupWithIdentifier: "firstGroup"))
        XCTAssertTrue(builder.childBuilders(inGroupWithIdentifier: "secondGroup")?.first === second)
        builder.removeAllChildBuilders()
        XCTAssertNil(builder.childBuilders(inGroupWithIdentifier: "firstGroup"))
        XCTAssertNil(builder.childBuilders(inGroupWithIdentifier: "secondGroup"))
    }

    func testChangingAChildsGroupMovesIt() {
        let child = builder.childBuilder(withIdentifier: "child")
        child.groupIdentifier = "firstGroup"
        child.groupIdentifier = "secondGroup"
        XCTAssertTrue(builder.childBuilders(inGroupWithIdentifier: "secondGroup")?.first === child)
        XCTAssertNil(builder.childBuilders(inGroupWithIdentifier: "firstGroup"))
        child.groupIdentifier = nil
        XCTAssertNil(builder.childBuilders(inGroupWithIdentifier: "secondGroup"))
    }

    func testGroupChangesInACopiedBuildersChildrenUpdateTheCopy() {
        // Quirk 7, fixed: a copied child reports group changes to the copy, not to the original.
        builder.childBuilder(withIdentifier: "child").groupIdentifier = "original"
        let copy = builder.copy()
        let copiedChild = copy.childBuilder(withIdentifier: "child")
        copiedChild.groupIdentifier = "moved"
        XCTAssertTrue(copy.childBuilders(inGroupWithIdentifier: "moved")?.first === copiedChild)
        XCTAssertNil(copy.childBuilders(inGroupWithIdentifier: "original"))
        XCTAssertNil(builder.childBuilders(inGroupWithIdentifier: "moved"))
        XCTAssertEqual(builder.childBuilders(inGroupWithIdentifier: "original")?.count, 1)
    }

    func testBuilderWithoutIdentifierGetsAnUnknownComponentIdentifier() {
        let anonymous = ModelFixtures.componentBuilder(nil)
        XCTAssertTrue(anonymous.modelIdentifier.hasPrefix("UnknownComponent:"))
        XCTAssertNotEqual(anonymous.modelIdentifier, ModelFixtures.componentBuilder(nil).modelIdentifier)
    }

    func testTargetOnlyExistsWhenItsBuilderWasUsed() {
        XCTAssertNil(builder.build().target)
        XCTAssertFalse(builder.targetBuilderExists)
        _ = builder.targetBuilder
        XCTAssertTrue(builder.targetBuilderExists)
        XCTAssertNotNil(builder.build().target)
    }

    func testChildJSONSelectsChildBuildersByIdentifier() {
        builder.childBuilder(withIdentifier: "existing").subtitle = "code"
        builder.addJSON(dictionary: ["children": [["id": "existing", "text": ["title": "json"]], ["text": ["title": "anonymous"]]]])
        let children = builder.allChildBuilders()
        XCTAssertEqual(children.count, 2)
        XCTAssertEqual(children[0].title, "json")
        XCTAssertEqual(children[0].subtitle, "code")
        XCTAssertTrue(children[1].modelIdentifier.hasPrefix("UnknownComponent:"))
    }
}
