import Foundation
import XCTest

@testable import HubFramework

/// Wrong types and nulls are ignored (the builder keeps its values) and reported with their location.
final class JSONProblemTests: XCTestCase {
    func testWrongTypeForEveryViewAndComponentKeyIsIgnoredAndReported() {
        let builder = ModelFixtures.viewModelBuilder()
        let problems = builder.addJSON(dictionary: [
            "id": 1, "title": 2, "header": "x", "overlays": ["not": "an array"], "custom": [],
            "body": [
                [
                    "id": 5, "group": 1, "component": ["id": 2, "category": 3],
                    "text": ["title": 1, "subtitle": true, "accessory": [], "description": [:]],
                    "images": ["main": "x", "background": 5, "custom": ["a": 5], "icon": 7],
                    "target": "x", "metadata": [], "logging": 1, "custom": "c", "children": [:],
                ],
                ["id": "second", "component": "x", "text": nil, "images": []],
                ["id": "third", "images": ["main": ["uri": 5, "placeholder": 6, "local": 7, "custom": 8]]],
                ["id": "fourth", "target": ["uri": 5, "view": 6, "actions": "x", "custom": 7]],
                ["id": "fifth", "target": ["actions": [1, nil]], "children": ["x", 2]],
            ],
        ])
        let expected: Set<JSONProblem> = [
            JSONProblem(path: "id", message: "expected a string, found a number"),
            JSONProblem(path: "title", message: "expected a string, found a number"),
            JSONProblem(path: "header", message: "expected an object, found a string"),
            JSONProblem(path: "overlays", message: "expected an array, found an object"),
            JSONProblem(path: "custom", message: "expected an object, found an array"),
            JSONProblem(path: "body[0].id", message: "expected a string, found a number"),
            JSONProblem(path: "body[0].group", message: "expected a string, found a number"),
            JSONProblem(path: "body[0].component.id", message: "expected a string, found a number"),
            JSONProblem(path: "body[0].component.category", message: "expected a string, found a number"),
            JSONProblem(path: "body[0].text.title", message: "expected a string, found a number"),
            JSONProblem(path: "body[0].text.subtitle", message: "expected a string, found a boolean"),
            JSONProblem(path: "body[0].text.accessory", message: "expected a string, found an array"),
            JSONProblem(path: "body[0].text.description", message: "expected a string, found an object"),
            JSONProblem(path: "body[0].images.main", message: "expected an object, found a string"),
            JSONProblem(path: "body[0].images.background", message: "expected an object, found a number"),
            JSONProblem(path: "body[0].images.custom.a", message: "expected an object, found a number"),
            JSONProblem(path: "body[0].images.icon", message: "expected a string, found a number"),
            JSONProblem(path: "body[0].target", message: "expected an object, found a string"),
            JSONProblem(path: "body[0].metadata", message: "expected an object, found an array"),
            JSONProblem(path: "body[0].logging", message: "expected an object, found a number"),
            JSONProblem(path: "body[0].custom", message: "expected an object, found a string"),
            JSONProblem(path: "body[0].children", message: "expected an array, found an object"),
            JSONProblem(path: "body[1].component", message: "expected an object, found a string"),
            JSONProblem(path: "body[1].text", message: "expected an object, found null"),
            JSONProblem(path: "body[1].images", message: "expected an object, found an array"),
            JSONProblem(path: "body[2].images.main.uri", message: "expected a URL string, found a number"),
            JSONProblem(path: "body[2].images.main.placeholder", message: "expected a string, found a number"),
            JSONProblem(path: "body[2].images.main.local", message: "expected a string, found a number"),
            JSONProblem(path: "body[2].images.main.custom", message: "expected an object, found a number"),
            JSONProblem(path: "body[3].target.uri", message: "expected a URL string, found a number"),
            JSONProblem(path: "body[3].target.view", message: "expected an object, found a number"),
            JSONProblem(path: "body[3].target.actions", message: "expected an array, found a string"),
            JSONProblem(path: "body[3].target.custom", message: "expected an object, found a number"),
            JSONProblem(path: "body[4].target.actions[0]", message: "expected a string, found a number"),
            JSONProblem(path: "body[4].target.actions[1]", message: "expected a string, found null"),
            JSONProblem(path: "body[4].children[0]", message: "expected an object, found a string"),
            JSONProblem(path: "body[4].children[1]", message: "expected an object, found a number"),
        ]
        XCTAssertEqual(Set(problems).subtracting(expected), [], "unexpected problems")
        XCTAssertEqual(expected.subtracting(problems), [], "missing problems")
        XCTAssertEqual(problems.count, expected.count, "no duplicates")

        let model = builder.build()
        XCTAssertNil(model.identifier)
        XCTAssertNil(model.navigationItem)
        XCTAssertNil(model.headerComponentModel)
        XCTAssertEqual(model.overlayComponentModels.count, 0)
        XCTAssertNil(model.customData)
        XCTAssertEqual(model.bodyComponentModels.count, 5)
        let first = model.bodyComponentModels[0]
        XCTAssertTrue(first.identifier.hasPrefix("UnknownComponent:"), "a non-string id counts as no id")
        XCTAssertEqual(first.componentIdentifier, Identifier(namespace: "namespace", name: "name"))
        XCTAssertNil(first.title)
        XCTAssertNil(first.groupIdentifier)
        XCTAssertNil(first.mainImageData)
        XCTAssertEqual(first.customImageData, [:])
        XCTAssertNil(first.icon)
        XCTAssertNil(first.target)
        XCTAssertNil(first.metadata)
        XCTAssertNil(first.loggingData)
        XCTAssertNil(first.customData)
        XCTAssertEqual(first.children, [])
        XCTAssertNil(model.bodyComponentModels[2].mainImageData)
        let fourthTarget = model.bodyComponentModels[3].target
        XCTAssertNotNil(fourthTarget, "a target object, even with only bad values, creates the target")
        XCTAssertNil(fourthTarget?.uri)
        XCTAssertNil(fourthTarget?.initialViewModel)
        XCTAssertNil(fourthTarget?.actionIdentifiers)
    }

    func testNullsLeaveExistingValuesAlone() {
        let builder = ModelFixtures.componentBuilder("c")
        builder.title = "title"
        builder.groupIdentifier = "group"
        builder.customData = ["keep": true]
        builder.mainImageURL = URL(string: "https://example.org/a.png")
        let problems = builder.addJSON(dictionary: [
            "group": nil, "text": ["title": nil], "custom": nil, "images": ["main": ["uri": nil]],
        ])
        XCTAssertEqual(builder.title, "title")
        XCTAssertEqual(builder.groupIdentifier, "group")
        XCTAssertEqual(builder.customData, ["keep": true])
        XCTAssertEqual(builder.mainImageURL, URL(string: "https://example.org/a.png"))
        XCTAssertEqual(Set(problems), [
            JSONProblem(path: "group", message: "expected a string, found null"),
            JSONProblem(path: "text.title", message: "expected a string, found null"),
            JSONProblem(path: "custom", message: "expected an object, found null"),
            JSONProblem(path: "images.main.uri", message: "expected a URL string, found null"),
        ])
    }

    func testAProblemReachedByManyPathsIsReportedOnce() {
        let problems = ModelFixtures.componentBuilder().addJSON(dictionary: ["text": "hello", "images": 5])
        XCTAssertEqual(problems, [
            JSONProblem(path: "text", message: "expected an object, found a string"),
            JSONProblem(path: "images", message: "expected an object, found a number"),
        ])
    }

    func testInvalidURLsAreReported() {
        let builder = ModelFixtures.componentBuilder()
        let problems = builder.addJSON(dictionary: ["images": ["main": ["uri": "é"]], "target": ["uri": "has space"]])
        XCTAssertNil(builder.mainImageURL)
        XCTAssertNil(builder.targetBuilder.uri)
        XCTAssertEqual(problems, [
            JSONProblem(path: "images.main.uri", message: "expected a URL, found the string \"é\" which is not a valid URL"),
            JSONProblem(path: "target.uri", message: "expected a URL, found the string \"has space\" which is not a valid URL"),
        ])
    }

    func testKeysThatAreNotPlainWordsAreQuotedInPaths() {
        let problems = ModelFixtures.componentBuilder().addJSON(dictionary: ["images": ["custom": ["my image": 1, "": 2]]])
        XCTAssertEqual(Set(problems.map(\.path)), [#"images.custom["my image"]"#, #"images.custom[""]"#])
    }

    func testProblemsAreLocatedInsideTargetViewsAndChildren() {
        let problems = ModelFixtures.viewModelBuilder().addJSON(dictionary: [
            "body": [["id": "a", "children": [["id": "b", "target": ["view": ["header": ["text": ["title": 9]]]]]]]],
        ])
        XCTAssertEqual(problems, [
            JSONProblem(path: "body[0].children[0].target.view.header.text.title", message: "expected a string, found a number"),
        ])
    }

    func testCustomSchemaProblemsUseTheRealLocation() {
        let schema = ModelFixtures.schema()
        schema.componentModelSchema.titlePath = schema.createNewPath().goTo("info").goTo("name").stringPath()
        let problems = schema.makeViewModelBuilder().addJSON(dictionary: ["body": [["info": ["name": false]]]])
        XCTAssertEqual(problems, [JSONProblem(path: "body[0].info.name", message: "expected a string, found a boolean")])
    }

    func testProblemDescription() {
        XCTAssertEqual(JSONProblem(path: "body[3].images.main.uri", message: "expected a string, found a number").description,
            "body[3].images.main.uri: expected a string, found a number")
        XCTAssertEqual(JSONProblem(path: "", message: "m").description, "(top level): m")
    }

    func testCleanDocumentsHaveNoProblems() throws {
        XCTAssertEqual(try ModelFixtures.viewModelBuilder().addJSON(data: ModelFixtures.fixtureData("serialization")), [])
    }
}
