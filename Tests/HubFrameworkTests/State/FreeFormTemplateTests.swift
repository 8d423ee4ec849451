import Foundation
import XCTest
@testable import HubFramework

/// Expressions in the free-form objects of a component (`custom`, `metadata`, `logging`) and of its
/// images and target (`custom`): checked when the document is read and evaluated with the state,
/// also when they are the component's only expressions.
final class FreeFormTemplateTests: XCTestCase {
    private func read(_ json: String) throws -> (ViewModel, [JSONProblem]) {
        let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                iconImageResolver: nil)
        let builder = schema.makeViewModelBuilder()
        let problems = try builder.addJSON(data: Data(json.utf8))
        return (builder.build(), problems)
    }

    /// Each object on a component of its own, with nothing else bound: read in one pass and, for
    /// the component with a child, through the tree.
    private static let document = #"""
        {"state": {"count": 2}, "body": [
          {"id": "custom", "custom": {"label": "Count @{count}", "deep": [{"n": "@{count * 10}"}]}},
          {"id": "metadata", "metadata": {"m": "@{count + 1}"}},
          {"id": "logging", "logging": {"l": "@{count > 1}"}},
          {"id": "image", "images": {"main": {"uri": "https://example.org/a.png", "custom": {"alt": "Photo @{count}"}}}},
          {"id": "target", "target": {"uri": "hub:x", "custom": {"page": "@{count}"}}},
          {"id": "parent", "children": [{"id": "child", "custom": {"label": "Child @{count}"}}]},
          {"id": "plain", "custom": {"label": "no expression"}}]}
        """#

    func testEachObjectIsEvaluatedWithTheState() throws {
        let (source, problems) = try read(Self.document)
        XCTAssertEqual(problems, [])
        var snapshot = StateSnapshot()
        snapshot.view = ["count": .integer(2)]
        let shown = ViewStateEvaluator(limits: .default).evaluate(source, with: snapshot).viewModel.bodyComponentModels
        XCTAssertEqual(shown[0].customData, ["label": .string("Count 2"), "deep": .array([.object(["n": .number(20)])])])
        XCTAssertEqual(shown[1].metadata, ["m": .number(3)])
        XCTAssertEqual(shown[2].loggingData, ["l": .bool(true)])
        XCTAssertEqual(shown[3].mainImageData?.customData, ["alt": .string("Photo 2")])
        XCTAssertEqual(shown[4].target?.customData, ["page": .number(2)])
        XCTAssertEqual(shown[5].children.first?.customData, ["label": .string("Child 2")])
        XCTAssertTrue(shown[6] === source.bodyComponentModels[6], "a component without expressions is kept as it is")
    }

    func testTheirProblemsAreLocatedInsideTheirStrings() throws {
        let (_, problems) = try read(Self.document.replacingOccurrences(of: "@{count", with: "@{cout"))
        // In document order, each object's members in key order.
        XCTAssertEqual(problems.map(\.path), [
            "body[0].custom.deep[0].n", "body[0].custom.label", "body[1].metadata.m", "body[2].logging.l",
            "body[3].images.main.custom.alt", "body[4].target.custom.page", "body[5].children[0].custom.label",
        ])
        XCTAssertTrue(problems.allSatisfy { $0.message.contains("Variable 'cout' is not declared. Did you mean 'count'?") },
                      "\(problems)")
        XCTAssertEqual(problems.first { $0.path == "body[3].images.main.custom.alt" }?.offsetInString, 8)
    }
}
