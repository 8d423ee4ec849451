@testable import HubFramework
import XCTest

/// Issue 26, goal 1: misspelt keys are warnings with a suggestion, from the reader itself, on both
/// of its paths; custom schemas stay silent unless they opt in.
final class UnknownKeyCheckTests: XCTestCase {
    private static let document = #"{"titel": "x", "body": [{"id": "a", "componnet": {"id": "default:row"}, "txt": {"title": "a"}}]}"#
    private static let expected = [
        #"(top level): unknown key "titel"; did you mean "title"?"#,
        #"body[0]: unknown key "componnet"; did you mean "component"?"#,
        #"body[0]: unknown key "txt"; did you mean "text"?"#,
    ]

    private func defaultSchema() -> JSONSchema {
        JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                   iconImageResolver: nil)
    }

    func testTheDefaultSchemaReportsMisspeltKeysWithASuggestion() throws {
        let problems = try defaultSchema().makeViewModelBuilder().addJSON(data: Data(Self.document.utf8))
        XCTAssertEqual(problems.map(\.description), Self.expected)
    }

    func testBothPathsOfTheReaderReportTheSame() throws {
        // The one-pass reader (data) and the value tree (a parsed dictionary) give the same lines.
        guard case .object(let object) = try JSONParser().parse(Data(Self.document.utf8)) else { return XCTFail() }
        let throughTree = defaultSchema().makeViewModelBuilder().addJSON(dictionary: object)
        XCTAssertEqual(Set(throughTree.map(\.description)), Set(Self.expected))
    }

    func testAWellFormedDocumentHasNoWarning() throws {
        let document = #"{"$schema": "hub-view.schema.json", "id": "v", "title": "T", "custom": {"any": 1}, "#
            + #""body": [{"id": "a", "group": "g", "component": {"id": "default:row", "category": "row"}, "#
            + #""text": {"title": "a", "subtitle": "b", "accessory": "c", "description": "d"}, "#
            + #""images": {"main": {"uri": "https://example.org/a.png", "placeholder": "album", "custom": {"x": 1}}, "#
            + #""custom": {"free name": {"uri": "https://example.org/b.png"}}, "icon": "album"}, "#
            + #""target": {"uri": "hub-demo:root", "actions": ["a:b"], "custom": {"y": 2}}, "#
            + #""metadata": {"m": 1}, "logging": {"l": 2}, "custom": {"c": 3}, "children": [{"id": "c1"}]}]}"#
        let problems = try defaultSchema().makeViewModelBuilder().addJSON(data: Data(document.utf8))
        XCTAssertEqual(problems, [])
    }

    func testACustomSchemaIsSilentUntilItOptsIn() throws {
        // A copy keeps reporting while its keys are the defaults.
        let copy = defaultSchema().copy()
        XCTAssertTrue(copy.reportsUnknownKeys)
        XCTAssertEqual(try copy.makeViewModelBuilder().addJSON(data: Data(Self.document.utf8)).map(\.description),
                       Self.expected)
        // Changed paths make it a custom schema: silent until it opts in.
        let custom = defaultSchema().copy()
        custom.componentModelSchema.titlePath = custom.createNewPath().goTo("name").stringPath()
        XCTAssertFalse(custom.reportsUnknownKeys)
        XCTAssertEqual(try custom.makeViewModelBuilder().addJSON(data: Data(Self.document.utf8)), [])
        let optedIn = defaultSchema().copy()
        optedIn.componentModelSchema.titlePath = optedIn.createNewPath().goTo("name").stringPath()
        optedIn.reportsUnknownKeys = true
        XCTAssertTrue(optedIn.reportsUnknownKeys)
        let problems = try optedIn.makeViewModelBuilder().addJSON(data: Data(#"{"body": [{"nmae": "x", "title": "y"}]}"#.utf8))
        XCTAssertEqual(problems.map(\.description), [#"body[0]: unknown key "nmae"; did you mean "name"?"#,
                                                       #"body[0]: unknown key "title""#])
        // Off is off, even for the default keys.
        let off = defaultSchema()
        off.reportsUnknownKeys = false
        XCTAssertEqual(try off.makeViewModelBuilder().addJSON(data: Data(Self.document.utf8)), [])
    }

    func testSuggestionsAreForSlipsOnly() {
        let keys = ["id", "title", "subtitle", "component", "children", "images", "target", "custom"]
        XCTAssertEqual(UnknownKeyCheck.nearest(to: "titel", among: keys), "title")
        XCTAssertEqual(UnknownKeyCheck.nearest(to: "Title", among: keys), "title")
        XCTAssertEqual(UnknownKeyCheck.nearest(to: "chidren", among: keys), "children")
        XCTAssertEqual(UnknownKeyCheck.nearest(to: "imgaes", among: keys), "images")
        XCTAssertEqual(UnknownKeyCheck.nearest(to: "idd", among: keys), "id")
        XCTAssertNil(UnknownKeyCheck.nearest(to: "style", among: keys))
        XCTAssertNil(UnknownKeyCheck.nearest(to: "x-backend-revision", among: keys))
        XCTAssertNil(UnknownKeyCheck.nearest(to: "colour", among: keys))
        XCTAssertNil(UnknownKeyCheck.nearest(to: String(repeating: "t", count: 10_000), among: keys))
    }
}
