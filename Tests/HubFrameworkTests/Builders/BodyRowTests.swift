import Foundation
import XCTest

@testable import HubFramework

/// `ViewModelBuilder.addBodyRow`: rows added in code go into the body's store as records, the way a
/// document's plain rows do, without a builder each, and build what builders set one by one build.
final class BodyRowTests: XCTestCase {
    private let schema = ModelFixtures.schema()

    /// The texts of row `index`: some without a subtitle, some in Hebrew or with an emoji.
    private static func texts(_ index: Int) -> (title: String?, subtitle: String?) {
        switch index % 4 {
        case 0: ("Row \(index)", nil)
        case 1: ("שורה \(index)", "🍞 \(index)")
        case 2: (nil, "Only a subtitle")
        default: ("Row \(index)", "")
        }
    }

    /// Rows added with `addBodyRow` (to `builder`, or a new builder), every 5th in a component of its own.
    private func addedAsRows(_ count: Int, to builder: ViewModelBuilder? = nil) -> ViewModelBuilder {
        let builder = builder ?? schema.makeViewModelBuilder()
        for index in 0..<count {
            let (title, subtitle) = Self.texts(index)
            if index % 5 == 0 {
                builder.addBodyRow(withIdentifier: "r\(index)", componentNamespace: "other", componentName: "cell",
                                   componentCategory: "card", title: title, subtitle: subtitle)
            } else {
                builder.addBodyRow(withIdentifier: "r\(index)", title: title, subtitle: subtitle)
            }
        }
        return builder
    }

    /// The same rows, a builder each.
    private func addedAsBuilders(_ count: Int) -> ViewModelBuilder {
        let builder = schema.makeViewModelBuilder()
        for index in 0..<count {
            let row = builder.bodyComponentModelBuilder(withIdentifier: "r\(index)")
            if index % 5 == 0 {
                row.componentNamespace = "other"
                row.componentName = "cell"
                row.componentCategory = "card"
            }
            (row.title, row.subtitle) = Self.texts(index)
        }
        return builder
    }

    func testRowsAddedInCodeAreRecordsAndBuildWhatBuildersBuild() {
        for count in [12, 2_500] {
            let rows = addedAsRows(count)
            XCTAssertEqual(rows.numberOfBodyComponentModelBuilders, count)
            XCTAssertEqual(rows.numberOfPlainBodyRows, count, "no builder was made for any row")
            XCTAssertTrue(rows.bodyComponentModelBuilderExists(withIdentifier: "r\(count - 1)"))
            XCTAssertEqual(rows.build(), addedAsBuilders(count).build(), "\(count) rows")
        }
        let body = addedAsRows(2_500).build().bodyComponentModels
        XCTAssertTrue(body.isRecord(at: 0))
        XCTAssertTrue(body.isRecord(at: 2_499))
        XCTAssertEqual(body[5].componentIdentifier, Identifier(namespace: "other", name: "cell"))
        XCTAssertEqual(body[5].componentCategory, "card")
        XCTAssertEqual(body[6].componentIdentifier, Identifier(namespace: ModelFixtures.defaults.namespace,
                                                               name: ModelFixtures.defaults.name))
        XCTAssertEqual(body[6].componentCategory, ModelFixtures.defaults.category)
        XCTAssertEqual(body[1_001].title, "שורה 1001")
        XCTAssertEqual(body[1_001].subtitle, "🍞 1001")
        XCTAssertNil(body[1_002].title)
        XCTAssertNil(body[1_000].subtitle)
        XCTAssertEqual(body[1_003].subtitle, "")
        XCTAssertEqual(body.map(\.index), Array(0..<2_500))
    }

    func testReservingChangesNothingButRoom() {
        let reserved = schema.makeViewModelBuilder()
        reserved.reserveBodyCapacity(3_000)
        reserved.reserveBodyCapacity(-1)
        XCTAssertTrue(reserved.isEmpty)
        XCTAssertEqual(reserved.numberOfBodyComponentModelBuilders, 0)
        XCTAssertEqual(addedAsRows(2_500, to: reserved).build(), addedAsBuilders(2_500).build())
    }

    /// A count no body could hold (a sum that went wrong, `Int.max` for "all") is a hint like any
    /// other: it neither stops the app nor reserves what the machine does not have.
    func testReservingAHugeCountNeitherCrashesNorChangesTheRows() {
        for huge in [Int.max, Int.max / 2, 1 << 40] {
            let builder = schema.makeViewModelBuilder()
            builder.reserveBodyCapacity(huge)
            builder.addBodyRow(withIdentifier: "a", title: "A")
            builder.reserveBodyCapacity(huge)
            builder.addBodyRow(withIdentifier: "b", title: "B", subtitle: "b")
            XCTAssertEqual(builder.build().bodyComponentModels.map(\.identifier), ["a", "b"], "\(huge)")
        }
    }

    func testOnlyANameTakesTheDefaultNamespace() {
        let builder = schema.makeViewModelBuilder()
        builder.addBodyRow(withIdentifier: "a", componentName: "row", title: "A")
        let model = builder.build().bodyComponentModels[0]
        XCTAssertEqual(model.componentIdentifier, Identifier(namespace: ModelFixtures.defaults.namespace, name: "row"))
        XCTAssertEqual(model.componentCategory, ModelFixtures.defaults.category)
    }

    func testARowAskedForIsABuilderWithItsValues() {
        let builder = addedAsRows(1_200)
        let row = builder.bodyComponentModelBuilder(withIdentifier: "r5")
        XCTAssertEqual(builder.numberOfPlainBodyRows, 1_199)
        XCTAssertEqual(row.componentNamespace, "other")
        XCTAssertEqual(row.componentName, "cell")
        XCTAssertEqual(row.componentCategory, "card")
        XCTAssertEqual(row.title, "שורה 5")
        XCTAssertEqual(row.subtitle, "🍞 5")
        row.accessoryTitle = "more"
        let models = builder.build().bodyComponentModels
        XCTAssertEqual(models[5].accessoryTitle, "more")
        XCTAssertEqual(models[5].index, 5, "the builder stands where the row stood")
        XCTAssertEqual(models.count, 1_200)
    }

    func testAnIdentifierInUseGivesItsBuilderTheValues() {
        let builder = schema.makeViewModelBuilder()
        let existing = builder.bodyComponentModelBuilder(withIdentifier: "a")
        existing.componentName = "kept"
        existing.accessoryTitle = "kept too"
        existing.subtitle = "replaced"
        builder.addBodyRow(withIdentifier: "b", title: "B")
        builder.addBodyRow(withIdentifier: "a", componentCategory: "card", title: "A", subtitle: nil)
        builder.addBodyRow(withIdentifier: "b", title: "B again")
        XCTAssertEqual(builder.numberOfBodyComponentModelBuilders, 2)
        XCTAssertTrue(builder.bodyComponentModelBuilder(withIdentifier: "a") === existing, "the builder stays")
        let models = builder.build().bodyComponentModels
        XCTAssertEqual(models.map(\.identifier), ["a", "b"])
        XCTAssertEqual(models[0].componentIdentifier.namePart, "kept")
        XCTAssertEqual(models[0].componentCategory, "card")
        XCTAssertEqual(models[0].accessoryTitle, "kept too")
        XCTAssertEqual(models[0].title, "A")
        XCTAssertNil(models[0].subtitle)
        XCTAssertEqual(models[1].title, "B again")
    }

    func testRowsAndBuildersKeepTheirOrderAndPreferredIndexes() {
        let builder = schema.makeViewModelBuilder()
        builder.addBodyRow(withIdentifier: "first", title: "1")
        let second = builder.bodyComponentModelBuilder(withIdentifier: "second")
        second.title = "2"
        builder.addBodyRow(withIdentifier: "third", title: "3")
        let moved = builder.bodyComponentModelBuilder(withIdentifier: "moved")
        moved.preferredIndex = 0
        XCTAssertEqual(builder.build().bodyComponentModels.map(\.identifier), ["moved", "first", "second", "third"])
    }

    func testACopyAndARemovalChangeOnlyTheirOwnRows() {
        let builder = addedAsRows(1_100)
        let copy = builder.copy()
        copy.addBodyRow(withIdentifier: "r1", title: "Copy")
        copy.removeBodyComponentModelBuilder(withIdentifier: "r2")
        copy.addBodyRow(withIdentifier: "new", title: "New")
        XCTAssertEqual(builder.build(), addedAsBuilders(1_100).build())
        let copied = copy.build().bodyComponentModels
        XCTAssertEqual(copied.count, 1_100)
        XCTAssertEqual(copied[1].title, "Copy")
        XCTAssertEqual(copied[2].identifier, "r3")
        XCTAssertEqual(copied.last?.identifier, "new")
    }

    /// A page added to a long document's rows, as the loader hands it on (a snapshot that shares
    /// the body): the page's rows follow the document's, and the view the document made keeps its own.
    func testAPageOfRowsAfterADocumentsRowsLeavesTheSharedBodyAlone() throws {
        let document = schema.makeViewModelBuilder()
        let rows = (0..<1_500).map { #"{"id": "d\#($0)", "text": {"title": "Doc \#($0)"}}"# }
        try document.addJSON(data: Data(#"{"body": [\#(rows.joined(separator: ","))]}"#.utf8))
        XCTAssertEqual(document.numberOfPlainBodyRows, 1_500)
        let page = document.snapshot()
        page.reserveBodyCapacity(page.numberOfBodyComponentModelBuilders + 50)
        for index in 0..<50 { page.addBodyRow(withIdentifier: "p\(index)", componentName: "row", title: "Page \(index)") }
        page.addBodyRow(withIdentifier: "d3", title: "Changed on the page")
        let paged = page.build().bodyComponentModels
        XCTAssertEqual(paged.count, 1_550)
        XCTAssertEqual(paged[3].title, "Changed on the page")
        XCTAssertEqual(paged[1_499].title, "Doc 1499")
        XCTAssertEqual(paged[1_549].title, "Page 49")
        XCTAssertEqual(paged[1_549].index, 1_549)
        let original = document.build().bodyComponentModels
        XCTAssertEqual(original.count, 1_500)
        XCTAssertEqual(original[3].title, "Doc 3")
    }
}
