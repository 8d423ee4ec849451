import Foundation
import XCTest

@testable import HubFramework

/// Data from outside never crashes, hangs or overflows the stack: it throws a readable error, or
/// is ignored and reported.
final class BadInputTests: XCTestCase {
    private let html = ModelFixtures.data("<!doctype html>\n<html><body><h1>404 Not Found</h1></body></html>\n")

    private func allBuilders() -> [any JSONCompatibleBuilder] {
        [ModelFixtures.viewModelBuilder(), ModelFixtures.componentBuilder(), ModelFixtures.imageDataBuilder(),
            ModelFixtures.targetBuilder()]
    }

    func testMalformedJSONThrowsALocatedErrorForEveryBuilder() {
        for builder in allBuilders() {
            XCTAssertThrowsError(try builder.addJSON(data: ModelFixtures.data("{\"title\": \"unterminated}"))) { error in
                guard case .invalidJSON(_, let location)? = error as? JSONError else { return XCTFail("\(error)") }
                XCTAssertEqual(location.line, 1)
                XCTAssertEqual(location.column, 11)
            }
        }
    }

    func testHTMLThrowsForEveryBuilder() {
        for builder in allBuilders() {
            XCTAssertThrowsError(try builder.addJSON(data: html)) { error in
                XCTAssertEqual("\(error)", "Invalid JSON at line 1, column 1 (byte 0): expected a value, found '<'.")
            }
        }
    }

    func testEmptyDataThrowsForEveryBuilder() {
        for builder in allBuilders() {
            XCTAssertThrowsError(try builder.addJSON(data: Data())) { XCTAssertEqual($0 as? JSONError, .emptyData) }
        }
    }

    func testTopLevelScalarsThrow() {
        let viewModelBuilder = ModelFixtures.viewModelBuilder()
        XCTAssertThrowsError(try viewModelBuilder.addJSON(data: ModelFixtures.data("42"))) { error in
            XCTAssertEqual(error as? JSONError, .unexpectedTopLevelValue(expected: "an object or an array", found: "a number"))
        }
        XCTAssertThrowsError(try viewModelBuilder.addJSON(data: ModelFixtures.data("null")))
        XCTAssertThrowsError(try viewModelBuilder.addJSON(data: ModelFixtures.data("\"text\"")))
        for builder in allBuilders().dropFirst() {
            XCTAssertThrowsError(try builder.addJSON(data: ModelFixtures.data("true"))) { error in
                XCTAssertEqual(error as? JSONError, .unexpectedTopLevelValue(expected: "an object", found: "a boolean"))
            }
        }
        XCTAssertTrue(viewModelBuilder.isEmpty)
    }

    func testTruncatedDocumentThrows() throws {
        let full = try ModelFixtures.fixtureData("delicious-food")
        for length in stride(from: 1, to: full.count - 1, by: 97) {
            XCTAssertThrowsError(try ModelFixtures.viewModelBuilder().addJSON(data: full.prefix(length)), "prefix \(length)")
        }
    }

    func testComponentIdentifierWithoutAColonSetsOnlyTheName() {
        let builder = ModelFixtures.componentBuilder()
        builder.componentNamespace = "kept"
        XCTAssertEqual(builder.addJSON(dictionary: ["component": ["id": "justAName"]]), [])
        XCTAssertEqual(builder.componentNamespace, "kept")
        XCTAssertEqual(builder.componentName, "justAName")
    }

    func testNewBuilderKeepsTheDefaultNamespaceForANameOnlyIdentifier() {
        let model = ModelFixtures.schema().viewModel(from: ["body": [["component": ["id": "row"]]]])
        XCTAssertEqual(model.bodyComponentModels.first?.componentIdentifier, Identifier(namespace: "namespace", name: "row"))
    }

    func testEmptyComponentIdentifierSetsAnEmptyName() {
        let builder = ModelFixtures.componentBuilder()
        builder.addJSON(dictionary: ["component": ["id": ""]])
        XCTAssertEqual(builder.componentNamespace, "namespace")
        XCTAssertEqual(builder.componentName, "")
    }

    func testColonOnlyIdentifierSetsEmptyParts() {
        let builder = ModelFixtures.componentBuilder()
        builder.addJSON(dictionary: ["component": ["id": ":"]])
        XCTAssertEqual(builder.componentNamespace, "")
        XCTAssertEqual(builder.componentName, "")
    }

    func testComponentIdentifierWithThreeColonsUsesTheFirstTwoPartsAndReportsTheRest() {
        let builder = ModelFixtures.componentBuilder()
        let problems = builder.addJSON(dictionary: ["component": ["id": "a:b:c:d"]])
        XCTAssertEqual(builder.componentNamespace, "a")
        XCTAssertEqual(builder.componentName, "b")
        XCTAssertEqual(problems, [JSONProblem(path: "component.id",
            message: "the component identifier \"a:b:c:d\" has more than one ':'; used \"a:b\" and ignored the rest")])
    }

    func testChildrenNestedTenThousandDeepInTextThrowALocatedError() {
        var text = ""
        for level in 0..<10_000 { text += "{\"id\":\"c\(level)\",\"children\":[" }
        text += "{}" + String(repeating: "]}", count: 10_000)
        let data = ModelFixtures.data("{\"body\":[" + text + "]}")
        let start = Date()
        let builder = ModelFixtures.viewModelBuilder()
        XCTAssertThrowsError(try builder.addJSON(data: data)) { error in
            guard case .tooDeep(let limit, let location)? = error as? JSONError else { return XCTFail("\(error)") }
            XCTAssertEqual(limit, JSONParser.defaultMaximumDepth)
            XCTAssertEqual(location.line, 1)
            XCTAssertGreaterThan(location.offset, 0)
            XCTAssertTrue("\(error)".contains("deeper than 512 levels"))
        }
        XCTAssertTrue(builder.isEmpty)
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
    }

    func testChildrenNestedTenThousandDeepInADictionaryAreCutOffWithAProblem() {
        var value: JSONValue = ["id": "leaf"]
        for level in (0..<10_000).reversed() {
            value = ["id": .string("c\(level)"), "children": [value]]
        }
        let start = Date()
        let builder = ModelFixtures.viewModelBuilder()
        let problems = builder.addJSON(dictionary: ["body": [value]])
        let model = builder.build()
        let serialized = model.serialize()
        let copy = builder.copy().build()
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)

        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems.first?.message.contains("nested deeper than 256 levels") == true)
        XCTAssertTrue(problems.first?.path.hasPrefix("body[0].children[0].children[0]") == true)
        var depth = 0
        var node = model.bodyComponentModels.first
        while let current = node {
            depth += 1
            node = current.children.first
        }
        XCTAssertEqual(depth, JSONSchema.maximumComponentDepth)
        XCTAssertEqual(copy, model)
        XCTAssertNotNil(serialized["body"])

        // Take the value apart level by level, so releasing it does not recurse 10,000 times.
        while case .object(let object) = value, let next = object["children"]?[0] { value = next }
    }

    func testTargetViewsNestedDeeplyInADictionaryAreCutOff() {
        var value: JSONValue = ["id": "leaf"]
        for level in 0..<1_000 {
            value = ["id": .string("c\(level)"), "target": ["view": ["body": [value]]]]
        }
        let builder = ModelFixtures.viewModelBuilder()
        let problems = builder.addJSON(dictionary: ["body": [value]])
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems.first?.message.contains("nested deeper") == true)
        XCTAssertNotNil(builder.build().bodyComponentModels.first?.target?.initialViewModel)
        while case .object(let object) = value, let next = object["target"]?["view"]?["body"]?[0] { value = next }
    }

    func testDeepestParsableChildrenStillBuild() throws {
        // The deepest `children` nesting the parser accepts: the view object and the body array, two
        // levels (object and array) per component, and the leaf object.
        let levels = (JSONParser.defaultMaximumDepth - 3) / 2
        var text = ""
        for level in 0..<levels { text += "{\"id\":\"c\(level)\",\"children\":[" }
        text += "{\"id\":\"leaf\"}" + String(repeating: "]}", count: levels)
        let builder = ModelFixtures.viewModelBuilder()
        XCTAssertEqual(try builder.addJSON(data: ModelFixtures.data("{\"body\":[" + text + "]}")), [])
        let model = builder.build()
        var leaf = try XCTUnwrap(model.bodyComponentModels.first)
        while let child = leaf.children.first { leaf = child }
        XCTAssertEqual(leaf.identifier, "leaf")
        XCTAssertEqual(leaf.indexPath.count, levels + 1)
        XCTAssertEqual(ModelFixtures.schema().viewModel(from: model.serialize()), model)
    }

    func testManyComponentsAreHandledQuickly() throws {
        var body: [JSONValue] = []
        for index in 0..<5_000 {
            body.append(["id": .string("row-\(index)"), "text": ["title": .string("Row \(index)")], "custom": ["n": .number(Double(index))]])
        }
        let data = JSONWriter().data(for: ["body": .array(body)])
        let start = Date()
        let builder = ModelFixtures.viewModelBuilder()
        XCTAssertEqual(try builder.addJSON(data: data), [])
        XCTAssertEqual(builder.build().bodyComponentModels.count, 5_000)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }
}
