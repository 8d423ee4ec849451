@testable import HubFramework
import XCTest

/// Issue 27, goal 2: a document may declare the direction its view reads in.
final class ViewDirectionJSONTests: XCTestCase {
    private func read(_ json: String) throws -> (ViewModel, [String]) {
        let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                iconImageResolver: nil)
        let builder = schema.makeViewModelBuilder()
        let problems = try builder.addJSON(data: Data(json.utf8))
        return (builder.build(), problems.map(\.description))
    }

    func testADocumentDeclaresItsDirection() throws {
        XCTAssertEqual(try read(#"{"direction": "rtl", "body": [{"id": "a"}]}"#).0.layoutDirection, .rightToLeft)
        XCTAssertEqual(try read(#"{"direction": "ltr"}"#).0.layoutDirection, .leftToRight)
        XCTAssertNil(try read(#"{"body": []}"#).0.layoutDirection, "no direction: the app's")
    }

    func testAnythingElseIsReported() throws {
        let (view, problems) = try read(#"{"direction": "right-to-left", "body": [{"id": "a"}]}"#)
        XCTAssertNil(view.layoutDirection)
        XCTAssertEqual(problems, [#"direction: expected "ltr" or "rtl", found "right-to-left""#])
        XCTAssertEqual(try read(#"{"direction": 1}"#).1, ["direction: expected a string, found a number"])
        XCTAssertEqual(try read(#"{"directoin": "rtl"}"#).1, [#"(top level): unknown key "directoin"; did you mean "direction"?"#])
    }

    func testTheDirectionIsPartOfTheModelAndItsJSON() throws {
        let (rtl, _) = try read(#"{"direction": "rtl", "body": [{"id": "a"}]}"#)
        let (plain, _) = try read(#"{"body": [{"id": "a"}]}"#)
        XCTAssertNotEqual(rtl, plain, "a view that changes direction is rendered again")
        XCTAssertEqual(rtl.serialize()["direction"], .string("rtl"))
        let (again, _) = try read(JSONWriter().string(for: .object(rtl.serialize())))
        XCTAssertEqual(again, rtl)
        // Copies and the chain's snapshots keep it.
        let builder = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                 iconImageResolver: nil).makeViewModelBuilder()
        builder.layoutDirection = .rightToLeft
        XCTAssertEqual(builder.copy().build().layoutDirection, .rightToLeft)
        XCTAssertEqual(builder.snapshot().build().layoutDirection, .rightToLeft)
    }
}
