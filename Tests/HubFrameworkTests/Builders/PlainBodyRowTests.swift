import Foundation
import XCTest

@testable import HubFramework

/// The one-pass reader keeps a document's plain rows (an identifier, a component, a title and a
/// subtitle) as records in the body's list, without a builder each
/// (`ComponentModelBuilderList.appendPlainRow`). Whoever asks for one of them by identifier, or for
/// all the builders, gets a builder with the row's fields, and every way of changing the body treats
/// the rows as it treats builders.
final class PlainBodyRowTests: XCTestCase {
    private let schema = ModelFixtures.schema()

    /// A document of `count` rows: plain ones, with every 10th one not plain (metadata) and
    /// every 7th one in another component.
    private static func document(rows count: Int) -> Data {
        let rows = (0..<count).map { index -> String in
            let component = index % 7 == 0 ? #""component": {"id": "other:cell", "category": "card"}, "# : ""
            let custom = index % 10 == 0 ? #", "metadata": {"n": \#(index)}"# : ""
            return #"{"id": "r\#(index)", \#(component)"text": {"title": "Row \#(index)", "subtitle": "ש \#(index) 🍞"}\#(custom)}"#
        }
        return Data(#"{"body": [\#(rows.joined(separator: ","))]}"#.utf8)
    }

    private func read(rows count: Int) throws -> ViewModelBuilder {
        let builder = schema.makeViewModelBuilder()
        XCTAssertEqual(try builder.addJSON(data: Self.document(rows: count)), [])
        return builder
    }

    /// What the value tree makes of the same document: a builder for every row.
    private func readThroughTree(rows count: Int) throws -> ViewModelBuilder {
        let builder = schema.makeViewModelBuilder()
        XCTAssertEqual(try builder.addJSONThroughValueTree(data: Self.document(rows: count), limits: .default), [])
        return builder
    }

    func testPlainRowsAreReadWithoutBuildersAndBuildTheSameModels() throws {
        for count in [12, 2_500] {
            let builder = try read(rows: count)
            XCTAssertEqual(builder.numberOfBodyComponentModelBuilders, count)
            XCTAssertEqual(builder.numberOfPlainBodyRows, count - (count + 9) / 10, "every row but those with metadata")
            let tree = try readThroughTree(rows: count)
            XCTAssertEqual(tree.numberOfPlainBodyRows, 0)
            XCTAssertEqual(builder.build(), tree.build(), "\(count) rows")
        }
        // A long body's plain rows go into its store as the records they were read as.
        let body = try read(rows: 2_500).build().bodyComponentModels
        XCTAssertTrue(body.isRecord(at: 1))
        XCTAssertFalse(body.isRecord(at: 10))
        XCTAssertEqual(body[7].componentIdentifier, Identifier(namespace: "other", name: "cell"))
        XCTAssertEqual(body[7].componentCategory, ComponentCategory(rawValue: "card"))
        XCTAssertEqual(body[8].componentIdentifier, Identifier(namespace: ModelFixtures.defaults.namespace,
                                                               name: ModelFixtures.defaults.name))
        XCTAssertEqual(body[2_499].subtitle, "ש 2499 🍞")
    }

    func testAPlainRowAskedForIsABuilderWithItsFields() throws {
        let builder = try read(rows: 1_200)
        let plainBefore = builder.numberOfPlainBodyRows
        XCTAssertTrue(builder.bodyComponentModelBuilderExists(withIdentifier: "r7"))
        let row = builder.bodyComponentModelBuilder(withIdentifier: "r7")
        XCTAssertEqual(builder.numberOfPlainBodyRows, plainBefore - 1)
        XCTAssertEqual(builder.numberOfBodyComponentModelBuilders, 1_200)
        XCTAssertEqual(row.modelIdentifier, "r7")
        XCTAssertEqual(row.componentNamespace, "other")
        XCTAssertEqual(row.componentName, "cell")
        XCTAssertEqual(row.componentCategory, ComponentCategory(rawValue: "card"))
        XCTAssertEqual(row.title, "Row 7")
        XCTAssertEqual(row.subtitle, "ש 7 🍞")
        XCTAssertTrue(builder.bodyComponentModelBuilder(withIdentifier: "r7") === row, "the same builder afterwards")
        row.title = "Changed"
        row.accessoryTitle = "1"
        let models = builder.build().bodyComponentModels
        XCTAssertEqual(models[7].title, "Changed")
        XCTAssertEqual(models[7].accessoryTitle, "1")
        XCTAssertEqual(models[7].index, 7)
        XCTAssertEqual(models[6].title, "Row 6")
    }

    func testEveryBuilderAskedForIncludesThePlainRows() throws {
        let builder = try read(rows: 30)
        let all = builder.allBodyComponentModelBuilders()
        XCTAssertEqual(all.map(\.modelIdentifier), (0..<30).map { "r\($0)" })
        XCTAssertEqual(builder.numberOfPlainBodyRows, 0)
        XCTAssertEqual(all.map(\.title), (0..<30).map { "Row \($0)" })
        XCTAssertEqual(builder.build(), try readThroughTree(rows: 30).build())
    }

    func testARepeatedIdentifierMergesIntoThePlainRow() throws {
        let builder = schema.makeViewModelBuilder()
        let json = #"{"body": [{"id": "a", "text": {"title": "A"}}, {"id": "b"}, {"id": "a", "text": {"subtitle": "more"}}]}"#
        XCTAssertEqual(try builder.addJSON(data: Data(json.utf8)), [])
        let models = builder.build().bodyComponentModels
        XCTAssertEqual(models.map(\.identifier), ["a", "b"])
        XCTAssertEqual(models[0].title, "A")
        XCTAssertEqual(models[0].subtitle, "more")
    }

    func testARowFromCodeWithAPreferredIndexGoesAmongThePlainRows() throws {
        let builder = try read(rows: 1_500)
        let tree = try readThroughTree(rows: 1_500)
        for each in [builder, tree] {
            let moved = each.bodyComponentModelBuilder(withIdentifier: "from-code")
            moved.title = "From code"
            moved.preferredIndex = 3
            each.bodyComponentModelBuilder(withIdentifier: "r1400").preferredIndex = 0
        }
        let models = builder.build().bodyComponentModels
        XCTAssertEqual(models.map(\.identifier).prefix(6), ["r1400", "r0", "r1", "from-code", "r2", "r3"])
        XCTAssertEqual(models.map(\.index), Array(0..<1_501))
        XCTAssertEqual(builder.build(), tree.build())
    }

    func testRemovingAPlainRow() throws {
        let builder = try read(rows: 40)
        builder.removeBodyComponentModelBuilder(withIdentifier: "r3")
        XCTAssertFalse(builder.bodyComponentModelBuilderExists(withIdentifier: "r3"))
        XCTAssertEqual(builder.numberOfBodyComponentModelBuilders, 39)
        XCTAssertEqual(builder.bodyComponentModelBuilder(withIdentifier: "r4").title, "Row 4", "the rows after it are found")
        let models = builder.build().bodyComponentModels
        XCTAssertEqual(models.map(\.identifier).prefix(4), ["r0", "r1", "r2", "r4"])
        XCTAssertEqual(models.last?.identifier, "r39")
    }

    func testACopyChangesItsRowsAlone() throws {
        let builder = try read(rows: 1_100)
        let copy = builder.copy()
        copy.bodyComponentModelBuilder(withIdentifier: "r1").title = "Copy"
        copy.removeBodyComponentModelBuilder(withIdentifier: "r2")
        XCTAssertEqual(builder.build().bodyComponentModels[1].title, "Row 1")
        XCTAssertEqual(builder.numberOfBodyComponentModelBuilders, 1_100)
        XCTAssertEqual(copy.build().bodyComponentModels[1].title, "Copy")
        XCTAssertEqual(copy.numberOfBodyComponentModelBuilders, 1_099)
    }

    /// Every builder holds a list (its children): the plain rows a list may hold must not make a
    /// million builders built in code heavier (they did, by 130 MiB, when the list held them inline).
    func testAListIsAsSmallAsBeforeItHeldPlainRows() {
        XCTAssertLessThanOrEqual(MemoryLayout<ComponentModelBuilderList>.size, 3 * MemoryLayout<Int>.size)
    }

    /// The arena is reserved from the first rows' texts, but never for more than the document has
    /// left: one row with a 4 MB identifier among small ones reserved 4 GiB of address space.
    func testOneLongTextDoesNotReserveMoreThanTheDocumentHolds() throws {
        var rows = [#"{"id": "\#(String(repeating: "x", count: 4 << 20))"}"#]
        for index in 1..<2_000 { rows.append(#"{"id": "r\#(index)", "metadata": {"n": 1}}"#) }
        let data = Data(#"{"body": [\#(rows.joined(separator: ","))]}"#.utf8)
        let builder = schema.makeViewModelBuilder()
        XCTAssertEqual(try builder.addJSON(data: data), [])
        XCTAssertEqual(builder.numberOfPlainBodyRows, 1)
        XCTAssertLessThanOrEqual(builder.plainBodyTextCapacity, 2 * data.count)
    }

    /// A plain row's ASCII title and subtitle are copied from where they lie in the document; any
    /// other text (escaped, not ASCII, over the limit, holding `@{`) is read as a string, or sends
    /// its component to the value tree. Either way the view and the problems are the tree's.
    func testTextsCopiedFromTheDocumentGiveWhatTheTreeGives() throws {
        let titles = [#"1234567"#, #"12345678"#, #"123456789"#, #"a\"b"#, #"\u0041BC"#, "שלום", "@{x}", #"a@{"#, "@",
                      "", #"tab\there"#, "x{@}"]
        var rows: [String] = []
        for index in 0..<1_200 {
            let title = titles[index % titles.count]
            let subtitle = titles[(index / titles.count) % titles.count]
            rows.append(#"{"id": "r\#(index)", "text": {"title": "\#(title)", "subtitle": "\#(subtitle)"}}"#)
        }
        let data = Data(#"{"body": [\#(rows.joined(separator: ","))]}"#.utf8)
        let limits = ContentLimits(maximumTextLength: 8)
        let onePass = schema.makeViewModelBuilder()
        let tree = schema.makeViewModelBuilder()
        let problems = try onePass.addJSON(data: data, limits: limits)
        XCTAssertEqual(problems, try tree.addJSONThroughValueTree(data: data, limits: limits))
        XCTAssertFalse(problems.isEmpty, "the texts over the limit are reported")
        XCTAssertGreaterThan(onePass.numberOfPlainBodyRows, 0)
        XCTAssertEqual(onePass.build(), tree.build())
        let body = onePass.build().bodyComponentModels
        XCTAssertEqual(body[1].title, "12345678")
        XCTAssertEqual(body[3].title, #"a"b"#)
        XCTAssertEqual(body[4].title, "ABC")
    }

    func testATemplatedOrBoundRowIsNotPlain() throws {
        let builder = schema.makeViewModelBuilder()
        let json = #"{"state": {"n": {"type": "string", "value": "x"}}, "body": [{"id": "a", "text": {"title": "@{n}"}}, {"id": "b", "visible": false}, {"id": "c", "text": {"title": "C"}}]}"#
        XCTAssertEqual(try builder.addJSON(data: Data(json.utf8)), [])
        XCTAssertEqual(builder.numberOfPlainBodyRows, 1, "only c")
    }
}
