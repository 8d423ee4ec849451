import Foundation
import XCTest

@testable import HubFramework

/// The view model builder: custom data, the navigation item, header, body and overlay builders,
/// preferred indexes, JSON and copies.
final class ViewModelBuilderTests: XCTestCase {
    private var builder: ViewModelBuilder!

    override func setUp() {
        super.setUp()
        builder = ModelFixtures.viewModelBuilder()
    }

    func testIdentifierTitleAndCustomDataAreCarriedIntoTheModel() {
        XCTAssertNil(builder.viewIdentifier)
        builder.viewIdentifier = "view"
        builder.navigationBarTitle = "A title"
        builder.customData = ["key": "value"]
        let model = builder.build()
        XCTAssertEqual(model.identifier, "view")
        XCTAssertEqual(model.navigationTitle, "A title")
        XCTAssertEqual(model.navigationItem?.title, "A title")
        XCTAssertEqual(model.customData, ["key": "value"])
    }

    func testSetCustomDataValueAddsAndRemovesKeys() {
        builder.setCustomDataValue("test_object", forKey: "test_key")
        XCTAssertEqual(builder.customData?["test_key"], "test_object")
        builder.setCustomDataValue("other", forKey: "other_key")
        XCTAssertEqual(builder.customData, ["test_key": "test_object", "other_key": "other"])
        builder.setCustomDataValue(nil, forKey: "test_key")
        XCTAssertEqual(builder.customData, ["other_key": "other"])
    }

    func testRemovingACustomDataValueWithoutCustomDataDoesNotCreateIt() {
        builder.setCustomDataValue(nil, forKey: "key")
        XCTAssertNil(builder.customData)
    }

    func testNavigationItemIsOnlyInTheModelWhenUsed() {
        XCTAssertNil(builder.build().navigationItem)
        builder.navigationItem.title = "Title"
        XCTAssertEqual(builder.build().navigationTitle, "Title")
    }

    func testReadingOrClearingTheTitleDoesNotCreateTheNavigationItem() {
        XCTAssertNil(builder.navigationBarTitle)
        builder.navigationBarTitle = nil
        XCTAssertFalse(builder.navigationItemExists)
        XCTAssertNil(builder.build().navigationItem)
    }

    func testReadingTheNavigationItemCreatesIt() {
        _ = builder.navigationItem
        XCTAssertTrue(builder.navigationItemExists)
        XCTAssertEqual(builder.build().navigationItem, NavigationItem())
    }

    func testModelHoldsItsOwnCopyOfTheNavigationItemWithTheSameTitleView() {
        builder.navigationItem.titleViewIdentifier = "logo"
        let model = builder.build()
        builder.navigationItem.titleViewIdentifier = "changed"
        XCTAssertEqual(model.navigationItem?.titleViewIdentifier, "logo")
    }

    func testHeaderBuilderStartsWithTheDefaults() {
        let header = builder.headerComponentModelBuilder
        XCTAssertEqual(header.modelIdentifier, "header")
        XCTAssertEqual(header.modelType, .header)
        XCTAssertEqual(header.componentNamespace, "namespace")
        XCTAssertEqual(header.componentName, "name")
        XCTAssertEqual(header.componentCategory, "category")
        XCTAssertTrue(header === builder.headerComponentModelBuilder)
    }

    func testHeaderBuilderExistsOnceAccessed() {
        XCTAssertFalse(builder.headerComponentModelBuilderExists)
        builder.headerComponentModelBuilder.title = "Header"
        XCTAssertTrue(builder.headerComponentModelBuilderExists)
    }

    func testRemovedHeaderBuilderIsReplacedByAFreshOne() {
        builder.headerComponentModelBuilder.title = "Header"
        builder.removeHeaderComponentModelBuilder()
        XCTAssertFalse(builder.headerComponentModelBuilderExists)
        XCTAssertNil(builder.headerComponentModelBuilder.title)
        XCTAssertNil(builder.build().headerComponentModel?.title)
    }

    func testRemovingABodyOrOverlayBuilderLowersTheCount() {
        for identifier in ["A", "B", "C"] {
            _ = builder.bodyComponentModelBuilder(withIdentifier: identifier)
            _ = builder.overlayComponentModelBuilder(withIdentifier: identifier)
        }
        XCTAssertEqual(builder.numberOfBodyComponentModelBuilders, 3)
        XCTAssertEqual(builder.numberOfOverlayComponentModelBuilders, 3)
        builder.removeBodyComponentModelBuilder(withIdentifier: "B")
        builder.removeOverlayComponentModelBuilder(withIdentifier: "B")
        XCTAssertEqual(builder.numberOfBodyComponentModelBuilders, 2)
        XCTAssertEqual(builder.numberOfOverlayComponentModelBuilders, 2)
        builder.removeBodyComponentModelBuilder(withIdentifier: "unknown")
        XCTAssertEqual(builder.numberOfBodyComponentModelBuilders, 2)
    }

    func testAllBuildersComeBackInCreationOrder() {
        for identifier in ["A", "B", "C", "D"] {
            _ = builder.bodyComponentModelBuilder(withIdentifier: identifier)
            _ = builder.overlayComponentModelBuilder(withIdentifier: identifier)
        }
        builder.bodyComponentModelBuilder(withIdentifier: "B").preferredIndex = 0
        XCTAssertEqual(builder.allBodyComponentModelBuilders().map(\.modelIdentifier), ["A", "B", "C", "D"])
        XCTAssertEqual(builder.allOverlayComponentModelBuilders().map(\.modelIdentifier), ["A", "B", "C", "D"])
    }

    func testBodyBuilderIsCreatedOnceWithTheDefaultsAndCanBeRemoved() {
        XCTAssertFalse(builder.bodyComponentModelBuilderExists(withIdentifier: "identifier"))
        let body = builder.bodyComponentModelBuilder(withIdentifier: "identifier")
        XCTAssertEqual(body.componentNamespace, "namespace")
        XCTAssertEqual(body.modelType, .body)
        XCTAssertTrue(builder.bodyComponentModelBuilderExists(withIdentifier: "identifier"))
        XCTAssertTrue(body === builder.bodyComponentModelBuilder(withIdentifier: "identifier"))
        builder.removeBodyComponentModelBuilder(withIdentifier: "identifier")
        XCTAssertFalse(builder.bodyComponentModelBuilderExists(withIdentifier: "identifier"))
    }

    func testRemoveAllComponentModelBuildersEmptiesTheBuilder() {
        _ = builder.headerComponentModelBuilder
        _ = builder.bodyComponentModelBuilder(withIdentifier: "body")
        _ = builder.overlayComponentModelBuilder(withIdentifier: "overlay")
        builder.removeAllComponentModelBuilders()
        XCTAssertTrue(builder.isEmpty)
        XCTAssertFalse(builder.headerComponentModelBuilderExists)
    }

    func testPreferredIndexesOrderBodyAndOverlays() {
        builder.bodyComponentModelBuilder(withIdentifier: "A").preferredIndex = 1
        builder.bodyComponentModelBuilder(withIdentifier: "B").preferredIndex = 0
        builder.overlayComponentModelBuilder(withIdentifier: "A").preferredIndex = 1
        builder.overlayComponentModelBuilder(withIdentifier: "B").preferredIndex = 0
        let model = builder.build()
        XCTAssertEqual(model.bodyComponentModels.map(\.identifier), ["B", "A"])
        XCTAssertEqual(model.bodyComponentModels.map(\.index), [0, 1])
        XCTAssertEqual(model.overlayComponentModels.map(\.identifier), ["B", "A"])
        XCTAssertEqual(model.overlayComponentModels.map(\.index), [0, 1])
    }

    func testOutOfRangePreferredIndexEndsAtTheEnd() {
        builder.bodyComponentModelBuilder(withIdentifier: "body").preferredIndex = 99
        builder.overlayComponentModelBuilder(withIdentifier: "overlay").preferredIndex = 99
        let model = builder.build()
        XCTAssertEqual(model.bodyComponentModels.first?.index, 0)
        XCTAssertEqual(model.overlayComponentModels.first?.index, 0)
    }

    func testOverlayBuilderHasItsIdentifierAndCanBeRemoved() {
        let overlay = builder.overlayComponentModelBuilder(withIdentifier: "overlay")
        XCTAssertEqual(overlay.modelIdentifier, "overlay")
        XCTAssertEqual(overlay.modelType, .overlay)
        XCTAssertTrue(builder.overlayComponentModelBuilderExists(withIdentifier: "overlay"))
        builder.removeOverlayComponentModelBuilder(withIdentifier: "overlay")
        XCTAssertFalse(builder.overlayComponentModelBuilderExists(withIdentifier: "overlay"))
    }

    func testEnumerationVisitsHeaderThenBodyThenOverlaysAndStopsOnFalse() {
        let header = builder.headerComponentModelBuilder
        let body = builder.bodyComponentModelBuilder(withIdentifier: "body")
        let overlay = builder.overlayComponentModelBuilder(withIdentifier: "overlay")
        var visited: [ComponentModelBuilder] = []
        builder.enumerateAllComponentModelBuilders { visited.append($0); return true }
        XCTAssertTrue(visited.elementsEqual([header, body, overlay], by: ===))

        visited = []
        builder.enumerateAllComponentModelBuilders { visited.append($0); return $0 !== body }
        XCTAssertTrue(visited.elementsEqual([header, body], by: ===))
        XCTAssertEqual(visited.filter { $0 !== body }.count, 1, "only the header was visited before the body stopped it")
    }

    func testJSONObjectWithEveryViewKeyBuildsAndSerializesBack() throws {
        let json: JSONObject = [
            "id": "identifier",
            "title": "Title",
            "header": ["id": "headerModel", "component": ["id": "header:component", "category": "headerCategory"]],
            "body": [["id": "bodyModel", "component": ["id": "body:component", "category": "bodyCategory"]]],
            "overlays": [["id": "overlayModel", "component": ["id": "overlay:component", "category": "overlayCategory"]]],
            "custom": ["custom": "data"],
        ]
        let data = JSONWriter().data(for: .object(json))
        let problems = try builder.addJSON(data: data)
        XCTAssertEqual(problems, [])
        let model = builder.build()
        XCTAssertEqual(model.identifier, "identifier")
        XCTAssertEqual(model.navigationTitle, "Title")
        XCTAssertEqual(model.headerComponentModel?.identifier, "headerModel")
        XCTAssertEqual(model.headerComponentModel?.componentIdentifier, Identifier(namespace: "header", name: "component"))
        XCTAssertEqual(model.headerComponentModel?.componentCategory, "headerCategory")
        XCTAssertEqual(model.bodyComponentModels.first?.componentIdentifier.identifierString, "body:component")
        XCTAssertEqual(model.bodyComponentModels.first?.componentCategory, "bodyCategory")
        XCTAssertEqual(model.overlayComponentModels.first?.componentIdentifier.identifierString, "overlay:component")
        XCTAssertEqual(model.overlayComponentModels.first?.componentCategory, "overlayCategory")
        XCTAssertEqual(model.customData, ["custom": "data"])
        XCTAssertEqual(model.serialize(), json)
    }

    func testTopLevelArrayAddsBodyComponents() throws {
        let data = ModelFixtures.data(#"[{"component": {"id": "namespace:component1"}}, {"component": {"id": "namespace:component2"}}]"#)
        try builder.addJSON(data: data)
        let model = builder.build()
        XCTAssertEqual(model.bodyComponentModels.map(\.componentIdentifier.identifierString),
            ["namespace:component1", "namespace:component2"])
        XCTAssertEqual(model.bodyComponentModels.map(\.index), [0, 1])
    }

    func testTopLevelArrayReportsAndSkipsNonObjects() throws {
        let problems = try builder.addJSON(data: ModelFixtures.data(#"[{"id": "a"}, 5, "x", {"id": "b"}]"#))
        XCTAssertEqual(builder.allBodyComponentModelBuilders().map(\.modelIdentifier), ["a", "b"])
        XCTAssertEqual(problems, [
            JSONProblem(path: "[1]", message: "expected an object, found a number"),
            JSONProblem(path: "[2]", message: "expected an object, found a string"),
        ])
    }

    func testHTMLDataFails() {
        let html = ModelFixtures.data("<html><head><title>502</title></head><body>Bad gateway</body></html>")
        XCTAssertThrowsError(try builder.addJSON(data: html)) { error in
            guard case .invalidJSON? = error as? JSONError else { return XCTFail("\(error)") }
        }
        XCTAssertTrue(builder.isEmpty)
    }

    func testEmptyObjectChangesNothing() throws {
        builder.viewIdentifier = "id"
        builder.navigationBarTitle = "title"
        builder.headerComponentModelBuilder.title = "header title"
        builder.customData = ["custom": "data"]
        _ = builder.bodyComponentModelBuilder(withIdentifier: "body")
        let before = builder.build()
        XCTAssertEqual(try builder.addJSON(data: ModelFixtures.data("{}")), [])
        XCTAssertEqual(builder.build(), before)
        XCTAssertEqual(builder.viewIdentifier, "id")
        XCTAssertEqual(builder.navigationBarTitle, "title")
        XCTAssertEqual(builder.headerComponentModelBuilder.title, "header title")
        XCTAssertEqual(builder.customData, ["custom": "data"])
        XCTAssertTrue(builder.bodyComponentModelBuilderExists(withIdentifier: "body"))
    }

    func testCustomDataIsMergedWithJSON() {
        builder.customData = ["custom": "data", "shared": "code"]
        builder.addJSON(dictionary: ["custom": ["another": "value", "shared": "json"]])
        XCTAssertEqual(builder.customData, ["custom": "data", "another": "value", "shared": "json"])
    }

    func testIsEmptyOnlyCountsComponentBuilders() {
        XCTAssertTrue(builder.isEmpty)
        builder.navigationBarTitle = "title"
        builder.customData = ["a": 1]
        XCTAssertTrue(builder.isEmpty)

        builder.headerComponentModelBuilder.title = "title"
        XCTAssertFalse(builder.isEmpty)

        let withBody = ModelFixtures.viewModelBuilder()
        _ = withBody.bodyComponentModelBuilder(withIdentifier: "body")
        XCTAssertFalse(withBody.isEmpty)

        let withOverlay = ModelFixtures.viewModelBuilder()
        _ = withOverlay.overlayComponentModelBuilder(withIdentifier: "overlay")
        XCTAssertFalse(withOverlay.isEmpty)
    }

    func testCopyIsDeepAndEqual() {
        builder.navigationItem.title = "Title"
        builder.navigationItem.titleViewIdentifier = "titleView"
        builder.navigationItem.leftItems = [BarButtonItem(title: "Left")]
        builder.navigationItem.rightItems = [BarButtonItem(iconName: "list-add", actionIdentifier: Identifier(namespace: "a", name: "b"))]
        builder.viewIdentifier = "id"
        builder.customData = ["custom": "data"]
        builder.headerComponentModelBuilder.title = "Header"
        builder.bodyComponentModelBuilder(withIdentifier: "body").title = "Body"
        _ = builder.overlayComponentModelBuilder(withIdentifier: "overlay")

        let copy = builder.copy()
        XCTAssertFalse(copy === builder)
        XCTAssertEqual(copy.navigationItem, builder.navigationItem)
        XCTAssertEqual(copy.viewIdentifier, "id")
        XCTAssertEqual(copy.customData, ["custom": "data"])
        XCTAssertFalse(copy.headerComponentModelBuilder === builder.headerComponentModelBuilder)
        XCTAssertEqual(copy.headerComponentModelBuilder.title, "Header")
        XCTAssertFalse(copy.bodyComponentModelBuilder(withIdentifier: "body") === builder.bodyComponentModelBuilder(withIdentifier: "body"))
        XCTAssertEqual(copy.bodyComponentModelBuilder(withIdentifier: "body").title, "Body")
        XCTAssertEqual(copy.build(), builder.build())

        copy.navigationItem.title = "Changed"
        copy.bodyComponentModelBuilder(withIdentifier: "body").title = "Changed"
        XCTAssertEqual(builder.navigationItem.title, "Title")
        XCTAssertEqual(builder.bodyComponentModelBuilder(withIdentifier: "body").title, "Body")
    }

    func testCopyKeepsCreationOrderAndSchema() {
        for identifier in ["C", "A", "B"] { _ = builder.bodyComponentModelBuilder(withIdentifier: identifier) }
        let copy = builder.copy()
        XCTAssertEqual(copy.allBodyComponentModelBuilders().map(\.modelIdentifier), ["C", "A", "B"])
        XCTAssertTrue(copy.schema === builder.schema)
        XCTAssertEqual(copy.componentDefaults, builder.componentDefaults)
    }

    func testBodyJSONWithoutIdentifiersCreatesNewBuildersEveryTime() {
        let json: JSONObject = ["body": [["text": ["title": "one"]], ["text": ["title": "two"]]]]
        builder.addJSON(dictionary: json)
        builder.addJSON(dictionary: json)
        let identifiers = builder.allBodyComponentModelBuilders().map(\.modelIdentifier)
        XCTAssertEqual(identifiers.count, 4)
        XCTAssertEqual(Set(identifiers).count, 4)
        XCTAssertTrue(identifiers.allSatisfy { $0.hasPrefix("UnknownComponent:") })
    }

    func testBodyJSONWithIdentifiersUpdatesExistingBuilders() {
        builder.bodyComponentModelBuilder(withIdentifier: "row").subtitle = "from code"
        builder.addJSON(dictionary: ["body": [["id": "row", "text": ["title": "from JSON"]]]])
        XCTAssertEqual(builder.numberOfBodyComponentModelBuilders, 1)
        XCTAssertEqual(builder.bodyComponentModelBuilder(withIdentifier: "row").title, "from JSON")
        XCTAssertEqual(builder.bodyComponentModelBuilder(withIdentifier: "row").subtitle, "from code")
    }

    func testHeaderJSONCreatesTheHeaderWithItsIdentifierOrReusesTheExistingOne() {
        builder.addJSON(dictionary: ["header": ["text": ["title": "no id"]]])
        XCTAssertEqual(builder.headerComponentModelBuilder.modelIdentifier, "header")

        let other = ModelFixtures.viewModelBuilder()
        other.addJSON(dictionary: ["header": ["id": "custom-header"]])
        XCTAssertEqual(other.headerComponentModelBuilder.modelIdentifier, "custom-header")
        other.addJSON(dictionary: ["header": ["id": "ignored", "text": ["title": "T"]]])
        XCTAssertEqual(other.headerComponentModelBuilder.modelIdentifier, "custom-header")
        XCTAssertEqual(other.headerComponentModelBuilder.title, "T")
    }

    func testTitleFromJSONCreatesTheNavigationItem() {
        builder.addJSON(dictionary: ["title": "From JSON"])
        XCTAssertTrue(builder.navigationItemExists)
        XCTAssertEqual(builder.build().navigationTitle, "From JSON")
    }
}
