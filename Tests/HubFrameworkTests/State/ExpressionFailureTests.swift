import Foundation
import XCTest
@testable import HubFramework

/// Expressions that compile but fail when they are evaluated (a conversion, a division by zero, an
/// index out of range): the view shows the fallback the document wrote with the try operator, or the
/// type's empty value, and lists each failure once, at the JSON path of the value that holds it.
final class ExpressionFailureTests: XCTestCase {
    private static let document = #"""
        {"state": {"text": "abc", "divisor": 0, "items": ["a", "b"], "index": 5},
         "header": {"id": "header", "text": {"title": "@{toString(10 / divisor)}"}},
         "body": [
           {"id": "fallback", "text": {"title": "Value: @{toInteger(text) !: -1}", "subtitle": "@{getStringFromArray(items, index) !: 'none'}"}},
           {"id": "empty", "text": {"title": "Value: @{toInteger(text)}", "subtitle": "@{toString(10 / divisor)}"}},
           {"id": "element", "text": {"title": "@{getStringFromArray(items, index)}"}},
           {"id": "hidden", "text": {"title": "Shown"}, "visible": "@{toInteger(text) > 0}"},
           {"id": "data", "custom": {"n": "@{toInteger(text)}", "plain": 1}},
           {"id": "parent", "children": [
             {"id": "shown", "text": {"title": "Child"}},
             {"id": "child", "text": {"title": "@{'Child ' + toString(toInteger(text))}"}}]}]}
        """#

    private func read() throws -> ViewModel {
        let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                iconImageResolver: nil)
        let builder = schema.makeViewModelBuilder()
        XCTAssertEqual(try builder.addJSON(data: Data(Self.document.utf8)), [], "every expression compiles")
        return builder.build()
    }

    private func snapshot(text: String, divisor: Int = 0, index: Int = 5) -> StateSnapshot {
        var snapshot = StateSnapshot()
        snapshot.view = ["text": .string(text), "divisor": .integer(divisor), "items": .array([.string("a"), .string("b")]),
                         "index": .integer(index)]
        return snapshot
    }

    func testAFailedExpressionShowsItsFallbackOrItsEmptyValueAndIsListedAtItsPlace() throws {
        let source = try read()
        let evaluation = ViewStateEvaluator(limits: .default).evaluate(source, with: snapshot(text: "abc"))
        let body = evaluation.viewModel.bodyComponentModels
        // The try operator's fallback, as the document wrote it.
        XCTAssertEqual(body[0].title, "Value: -1")
        XCTAssertEqual(body[0].subtitle, "none")
        // Without one, the type's empty value: an empty text, a hidden component, a 0.
        XCTAssertEqual(body[1].title, "")
        XCTAssertEqual(body[1].subtitle, "")
        XCTAssertEqual(body[2].title, "")
        XCTAssertEqual(body.map(\.identifier), ["fallback", "empty", "element", "data", "parent"], "hidden is hidden")
        XCTAssertEqual(body[3].customData, ["n": .number(0), "plain": .number(1)])
        XCTAssertEqual(body[4].children.map(\.title), ["Child", ""])
        XCTAssertEqual(evaluation.viewModel.headerComponentModel?.title, "")
        // Each failure once, where it is in the document, with why.
        XCTAssertEqual(evaluation.failures.map(\.description), [
            "header.text.title: Failed to evaluate [10 / 0]. Division by zero is not supported.",
            "body[1].text.subtitle: Failed to evaluate [10 / 0]. Division by zero is not supported.",
            "body[1].text.title: Failed to evaluate [toInteger('abc')]. Unable to convert value to Integer.",
            "body[2].text.title: Failed to evaluate [getStringFromArray(<array>, 5)]. Requested index (5) out of bounds array size (2).",
            "body[3].visible: Failed to evaluate [toInteger('abc')]. Unable to convert value to Integer.",
            "body[4].custom: Failed to evaluate [toInteger('abc')]. Unable to convert value to Integer.",
            "body[5].children[1].text.title: Failed to evaluate [toInteger('abc')]. Unable to convert value to Integer.",
        ])
    }

    func testWithValuesThatWorkNothingFailsAndEverythingShows() throws {
        let source = try read()
        let evaluation = ViewStateEvaluator(limits: .default).evaluate(source, with: snapshot(text: "12", divisor: 5, index: 1))
        XCTAssertEqual(evaluation.failures, [])
        let body = evaluation.viewModel.bodyComponentModels
        XCTAssertEqual(body.map(\.title), ["Value: 12", "Value: 12", "b", "Shown", nil, nil])
        XCTAssertEqual(body.map(\.subtitle), ["b", "2", nil, nil, nil, nil])
        XCTAssertEqual(body[4].customData, ["n": .number(12), "plain": .number(1)])
        XCTAssertEqual(body[5].children.map(\.title), ["Child", "Child 12"])
        XCTAssertEqual(evaluation.viewModel.headerComponentModel?.title, "2")
    }
}
