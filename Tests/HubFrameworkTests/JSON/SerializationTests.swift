import Foundation
import XCTest

@testable import HubFramework

/// Serialization and the fixtures: what is serialized, round trips, the getting-started document
/// and a document using every key.
final class SerializationTests: XCTestCase {
    func testFixtureSerializesToItselfAndReparsesToAnEqualModel() throws {
        let json = try ModelFixtures.fixtureObject("serialization")
        let schema = ModelFixtures.schema()
        let builder = schema.makeViewModelBuilder()
        XCTAssertEqual(builder.addJSON(dictionary: json), [])
        let model = builder.build()
        let serialized = model.serialize()
        XCTAssertEqual(serialized, json)
        XCTAssertEqual(schema.viewModel(from: serialized), model)

        let text = JSONWriter(options: [.prettyPrinted, .sortedKeys]).data(for: .object(serialized))
        XCTAssertEqual(try schema.viewModel(from: text), model)
    }

    func testSerializationUsesTheDefaultKeysWhateverTheSchema() {
        let schema = ModelFixtures.schema()
        schema.viewModelSchema.navigationBarTitlePath = schema.createNewPath().goTo("heading").stringPath()
        schema.componentModelSchema.titlePath = schema.createNewPath().goTo("label").stringPath()
        let model = schema.viewModel(from: ["heading": "H", "body": [["id": "a", "label": "L"]]])
        XCTAssertEqual(model.serialize(), [
            "title": "H",
            "body": [["id": "a", "component": ["id": "namespace:name", "category": "category"], "text": ["title": "L"]]],
        ])
    }

    func testIconsAndPlaceholdersAreNotSerializedWithoutAResolver() throws {
        let json = try ModelFixtures.fixtureObject("serialization")
        let model = ModelFixtures.schema(iconResolver: nil).viewModel(from: json)
        let child = try XCTUnwrap(model.bodyComponentModels.first?.children.first)
        let images = try XCTUnwrap(child.serialize()["images"]?.objectValue)
        XCTAssertNil(images["icon"])
        XCTAssertNil(images["main"]?["placeholder"])
        XCTAssertEqual(images["main"]?["uri"], "https://images.example.org/main.jpg")
        XCTAssertNotEqual(model.serialize(), json)
    }

    func testLocalImagesAndImageCustomDataAreNotSerialized() {
        let builder = ModelFixtures.componentBuilder("c")
        builder.mainImage = ModelFixtures.TestImage(name: "local")
        builder.backgroundImageDataBuilder.customData = ["k": 1]
        builder.backgroundImageURL = URL(string: "https://example.org/bg.png")
        builder.customImageDataBuilder(withIdentifier: "only-local").localImage = ModelFixtures.TestImage(name: "x")
        let serialized = builder.build().serialize()
        XCTAssertEqual(serialized["images"], ["background": ["uri": "https://example.org/bg.png"]])
    }

    func testMinimalModelsSerializeOnlyWhatTheyHave() {
        XCTAssertEqual(ModelFixtures.viewModelBuilder().build().serialize(), [:])
        let component = ModelFixtures.componentBuilder("c")
        XCTAssertEqual(component.build().serialize(), ["id": "c", "component": ["id": "namespace:name", "category": "category"]])
        _ = component.targetBuilder
        XCTAssertEqual(component.build().serialize()["target"], [:])
    }

    func testTargetsSerializeEveryField() {
        let target = ModelFixtures.targetBuilder()
        target.uri = URL(string: "spotify:x")
        target.initialViewModelBuilder.navigationBarTitle = "Next"
        target.addAction(namespace: "a", name: "b")
        target.customData = ["k": "v"]
        XCTAssertEqual(target.build().serialize(),
            ["uri": "spotify:x", "view": ["title": "Next"], "actions": ["a:b"], "custom": ["k": "v"]])
    }

    func testGettingStartedCityImages() throws {
        let builder = ModelFixtures.viewModelBuilder()
        builder.bodyComponentModelBuilder(withIdentifier: "city-name-0").title = "Lisbon"
        let problems = try builder.addJSON(data: ModelFixtures.fixtureData("city-images"))
        XCTAssertEqual(problems, [])
        let model = builder.build()
        XCTAssertEqual(model.bodyComponentModels.map(\.identifier),
            ["city-name-0", "city-photo-0", "city-photo-1", "city-photo-2", "city-photo-3"])
        let photos = model.bodyComponentModels.dropFirst()
        XCTAssertTrue(photos.allSatisfy { $0.componentIdentifier == Identifier(namespace: "cities", name: "image") })
        XCTAssertTrue(photos.allSatisfy { $0.componentCategory == "category" }, "the category comes from the defaults")
        XCTAssertEqual(photos.map { $0.backgroundImageData?.url?.lastPathComponent },
            ["lisbon.jpg", "oslo.jpg", "kyoto.jpg", "montreal.jpg"])
        XCTAssertTrue(photos.allSatisfy { $0.backgroundImageData?.type == .background && $0.mainImageData == nil })
        XCTAssertEqual(Array(photos.map(\.index)), [1, 2, 3, 4])
    }

    func testDeliciousFoodUsesEveryKey() throws {
        let local = ModelFixtures.LocalImages(names: ["soup-thumbnail", "award-badge"])
        let builder = ModelFixtures.viewModelBuilder(localImages: local)
        let problems = try builder.addJSON(data: ModelFixtures.fixtureData("delicious-food"))
        XCTAssertEqual(problems, [])
        let model = builder.build()

        XCTAssertEqual(model.identifier, "food-overview")
        XCTAssertEqual(model.navigationTitle, "Delicious Food")
        XCTAssertEqual(model.customData, ["theme": "warm", "columns": 2])

        let header = try XCTUnwrap(model.headerComponentModel)
        XCTAssertEqual(header.identifier, "food-header")
        XCTAssertEqual(header.componentIdentifier.identifierString, "food:banner")
        XCTAssertEqual(header.componentCategory, .header)
        XCTAssertEqual(header.subtitle, "Recipes for every day")
        XCTAssertEqual(header.backgroundImageData?.placeholderIcon?.identifier, "food-placeholder")

        let soup = try XCTUnwrap(model.bodyComponentModels.first)
        XCTAssertEqual(soup.identifier, "soup-of-the-day")
        XCTAssertEqual(soup.groupIdentifier, "starters")
        XCTAssertEqual(soup.componentIdentifier.identifierString, "food:row")
        XCTAssertEqual(soup.componentCategory, .row)
        XCTAssertEqual(soup.title, "Tomato soup")
        XCTAssertEqual(soup.subtitle, "Ready in 25 minutes")
        XCTAssertEqual(soup.accessoryTitle, "Vegetarian")
        XCTAssertEqual(soup.descriptionText, "Roasted tomatoes, garlic and basil, blended smooth.")
        XCTAssertEqual(soup.mainImageData?.url?.absoluteString, "https://images.example.org/food/soup.jpg")
        XCTAssertEqual(soup.mainImageData?.placeholderIcon?.identifier, "bowl")
        XCTAssertTrue(soup.mainImageData?.localImage === local.images["soup-thumbnail"])
        XCTAssertEqual(soup.mainImageData?.customData, ["cornerRadius": 4])
        XCTAssertEqual(soup.backgroundImageData?.url?.lastPathComponent, "soup-wide.jpg")
        XCTAssertEqual(soup.customImageData["chef"]?.placeholderIcon?.identifier, "person")
        XCTAssertEqual(soup.customImageData["chef"]?.identifier, "chef")
        XCTAssertTrue(soup.customImageData["badge"]?.localImage === local.images["award-badge"])
        XCTAssertEqual(soup.icon?.identifier, "heart")
        XCTAssertEqual(soup.target?.uri?.absoluteString, "food:recipe:tomato-soup")
        XCTAssertEqual(soup.target?.initialViewModel?.navigationTitle, "Tomato soup")
        XCTAssertEqual(soup.target?.initialViewModel?.bodyComponentModels.first?.componentIdentifier.identifierString,
            "food:spinner")
        XCTAssertEqual(soup.target?.actionIdentifiers?.map(\.identifierString), ["food:track-view", "food:preload"])
        XCTAssertEqual(soup.target?.customData, ["source": "overview"])
        XCTAssertEqual(soup.metadata, ["recipeId": 1017])
        XCTAssertEqual(soup.loggingData, ["position": "top", "experiment": "b"])
        XCTAssertEqual(soup.customData, ["servings": 4, "spicy": false, "rating": 4.5, "tags": ["warm", "quick"]])
        XCTAssertEqual(soup.children(inGroupWithIdentifier: "ingredients")?.map(\.title), ["Tomatoes", "Basil"])
        XCTAssertEqual(soup.children.map(\.componentCategory), [.card, .card])

        let carousel = model.bodyComponentModels[1]
        XCTAssertEqual(carousel.componentCategory, .carousel)
        XCTAssertEqual(carousel.children.map(\.title), ["Apple pie", "Panna cotta"])
        XCTAssertEqual(carousel.children.map(\.indexPath), [[1, 0], [1, 1]])

        XCTAssertEqual(model.overlayComponentModels.map(\.identifier), ["cooking-timer"])
        XCTAssertEqual(model.overlayComponentModels.first?.componentCategory, .banner)
    }

    func testDeliciousFoodSurvivesARoundTripExceptForLocalImagesAndImageData() throws {
        let schema = ModelFixtures.schema(localImages: nil)
        let json = try ModelFixtures.fixtureObject("delicious-food")
        let model = schema.viewModel(from: json)
        let again = schema.viewModel(from: model.serialize())
        XCTAssertEqual(again.serialize(), model.serialize())
        XCTAssertEqual(again.headerComponentModel, model.headerComponentModel)
        XCTAssertEqual(again.overlayComponentModels, model.overlayComponentModels)
        XCTAssertNotEqual(again.bodyComponentModels.first?.mainImageData, model.bodyComponentModels.first?.mainImageData,
            "image custom data is not serialized")
    }
}
