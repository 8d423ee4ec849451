import Foundation
import XCTest

@testable import HubFramework

/// The target builder: values, deep copies, actions as an ordered set, JSON actions and custom data,
/// and the initial view model.
final class ComponentTargetBuilderTests: XCTestCase {
    func testEmptyBuilderBuildsATarget() {
        let target = ModelFixtures.targetBuilder().build()
        XCTAssertNil(target.uri)
        XCTAssertNil(target.initialViewModel)
        XCTAssertNil(target.actionIdentifiers)
        XCTAssertNil(target.customData)
    }

    func testBuildCarriesEveryValueAlsoFromACopy() {
        let builder = ModelFixtures.targetBuilder()
        builder.uri = URL(string: "spotify:hub:destination")
        builder.initialViewModelBuilder.navigationBarTitle = "Initial"
        builder.addAction(withIdentifier: Identifier(namespace: "namespace", name: "action"))
        builder.customData = ["key": "value"]

        for target in [builder.build(), builder.copy().build()] {
            XCTAssertEqual(target.uri, URL(string: "spotify:hub:destination"))
            XCTAssertEqual(target.initialViewModel?.navigationTitle, "Initial")
            XCTAssertEqual(target.actionIdentifiers, [Identifier(namespace: "namespace", name: "action")])
            XCTAssertEqual(target.customData, ["key": "value"])
        }
    }

    func testCopyIsDeep() {
        let builder = ModelFixtures.targetBuilder()
        builder.initialViewModelBuilder.navigationBarTitle = "Initial"
        let copy = builder.copy()
        XCTAssertFalse(copy.initialViewModelBuilder === builder.initialViewModelBuilder)
        copy.initialViewModelBuilder.navigationBarTitle = "Changed"
        copy.addAction(namespace: "copy", name: "only")
        XCTAssertEqual(builder.build().initialViewModel?.navigationTitle, "Initial")
        XCTAssertNil(builder.build().actionIdentifiers)
    }

    func testAddActionByNamespaceAndName() {
        let builder = ModelFixtures.targetBuilder()
        builder.addAction(namespace: "namespace", name: "name")
        XCTAssertEqual(builder.build().actionIdentifiers, [Identifier(namespace: "namespace", name: "name")])
    }

    func testActionsAreAnOrderedSet() {
        let builder = ModelFixtures.targetBuilder()
        builder.addAction(namespace: "a", name: "1")
        builder.addAction(namespace: "b", name: "2")
        builder.addAction(namespace: "a", name: "1")
        XCTAssertEqual(builder.actionIdentifiers.map(\.identifierString), ["a:1", "b:2"])
        builder.actionIdentifiers = [Identifier(namespace: "x", name: "y"), Identifier(namespace: "x", name: "y")]
        XCTAssertEqual(builder.actionIdentifiers.map(\.identifierString), ["x:y"])
    }

    func testInvalidJSONActionsAreSkippedAndReported() {
        let builder = ModelFixtures.targetBuilder()
        let problems = builder.addJSON(dictionary: ["actions": ["valid:action", "invalidAction", "too:many:colons", 7]])
        XCTAssertEqual(builder.actionIdentifiers.map(\.identifierString), ["valid:action"])
        XCTAssertEqual(Set(problems), [
            JSONProblem(path: "actions[1]", message: "expected an action identifier \"namespace:name\", found \"invalidAction\""),
            JSONProblem(path: "actions[2]", message: "expected an action identifier \"namespace:name\", found \"too:many:colons\""),
            JSONProblem(path: "actions[3]", message: "expected a string, found a number"),
        ])
    }

    func testNoInitialViewModelUnlessItsBuilderWasUsed() {
        let builder = ModelFixtures.targetBuilder()
        XCTAssertNil(builder.build().initialViewModel)
        XCTAssertFalse(builder.initialViewModelBuilderExists)
        _ = builder.initialViewModelBuilder
        XCTAssertNotNil(builder.build().initialViewModel)
    }

    func testJSONAppendsActionsAndMergesCustomData() {
        let builder = ModelFixtures.targetBuilder()
        builder.addAction(namespace: "code", name: "actionA")
        builder.customData = ["code": "customA"]
        builder.addJSON(dictionary: ["actions": ["json:actionB", "code:actionA"], "custom": ["json": "customB"]])
        XCTAssertEqual(builder.actionIdentifiers.map(\.identifierString), ["code:actionA", "json:actionB"])
        XCTAssertEqual(builder.customData, ["code": "customA", "json": "customB"])
    }

    func testJSONViewIsReadWithTheViewModelSchema() {
        let builder = ModelFixtures.targetBuilder()
        builder.addJSON(dictionary: ["uri": "spotify:x", "view": ["title": "Next", "body": [["id": "row"]]]])
        let target = builder.build()
        XCTAssertEqual(target.uri, URL(string: "spotify:x"))
        XCTAssertEqual(target.initialViewModel?.navigationTitle, "Next")
        XCTAssertEqual(target.initialViewModel?.bodyComponentModels.map(\.identifier), ["row"])
    }

    func testNonObjectDataFails() {
        let builder = ModelFixtures.targetBuilder()
        XCTAssertThrowsError(try builder.addJSON(data: ModelFixtures.data("[]")))
        XCTAssertThrowsError(try builder.addJSON(data: ModelFixtures.data("true")))
        XCTAssertThrowsError(try builder.addJSON(data: ModelFixtures.data("{")))
    }
}
