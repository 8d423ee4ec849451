import Foundation
import XCTest

@testable import HubFramework

/// The image data builder: what it builds from values, from JSON and from copies, when it builds
/// nothing, and how it reports local images it cannot resolve.
final class ComponentImageDataBuilderTests: XCTestCase {
    private let url = URL(string: "https://images.example.org/cover.jpg")!

    func testBuildCarriesEveryValue() {
        let builder = ModelFixtures.imageDataBuilder()
        let image = ModelFixtures.TestImage(name: "local")
        builder.url = url
        builder.localImage = image
        builder.placeholderIconIdentifier = "placeholder"
        builder.customData = ["key": "value"]
        let data = builder.build(identifier: "identifier", type: .custom)
        XCTAssertEqual(data?.identifier, "identifier")
        XCTAssertEqual(data?.type, .custom)
        XCTAssertEqual(data?.url, url)
        XCTAssertTrue(data?.localImage === image)
        XCTAssertEqual(data?.placeholderIcon?.identifier, "placeholder")
        XCTAssertEqual(data?.placeholderIcon?.kind, .placeholder)
        XCTAssertEqual(data?.customData, ["key": "value"])
    }

    func testEmptyBuilderBuildsNil() {
        let builder = ModelFixtures.imageDataBuilder()
        XCTAssertTrue(builder.isEmpty)
        XCTAssertNil(builder.build(identifier: nil, type: .main))
    }

    func testAnySingleValueIsEnough() {
        let withURL = ModelFixtures.imageDataBuilder()
        withURL.url = url
        XCTAssertNotNil(withURL.build(identifier: nil, type: .main))

        let withImage = ModelFixtures.imageDataBuilder()
        withImage.localImage = ModelFixtures.TestImage(name: "local")
        XCTAssertNotNil(withImage.build(identifier: nil, type: .main))

        let withPlaceholder = ModelFixtures.imageDataBuilder()
        withPlaceholder.placeholderIconIdentifier = "placeholder"
        XCTAssertNotNil(withPlaceholder.build(identifier: nil, type: .main))

        let withCustomData = ModelFixtures.imageDataBuilder()
        withCustomData.customData = ["a": 1]
        XCTAssertNotNil(withCustomData.build(identifier: nil, type: .main))
    }

    func testPlaceholderAloneBuildsNilWithoutAnIconResolver() {
        let builder = ModelFixtures.imageDataBuilder(iconResolver: nil)
        builder.placeholderIconIdentifier = "placeholder"
        XCTAssertNil(builder.build(identifier: nil, type: .main))
        builder.localImage = ModelFixtures.TestImage(name: "local")
        let data = builder.build(identifier: nil, type: .main)
        XCTAssertNotNil(data)
        XCTAssertNil(data?.placeholderIcon)
    }

    func testJSONSetsEveryValue() throws {
        let local = ModelFixtures.LocalImages(names: ["testImage"])
        let builder = ModelFixtures.imageDataBuilder(localImages: local)
        let json = #"{"uri": "https://images.example.org/cover.jpg", "placeholder": "place", "local": "testImage", "custom": {"a": 1}}"#
        XCTAssertEqual(try builder.addJSON(data: ModelFixtures.data(json)), [])
        XCTAssertEqual(builder.url, url)
        XCTAssertEqual(builder.placeholderIconIdentifier, "place")
        XCTAssertEqual(builder.customData, ["a": 1])
        XCTAssertTrue(builder.localImage === local.images["testImage"])
    }

    func testUnknownLocalImagesAreReported() {
        let builder = ModelFixtures.imageDataBuilder()
        let problems = builder.addJSON(dictionary: ["local": "missing"])
        XCTAssertNil(builder.localImage)
        XCTAssertEqual(problems, [JSONProblem(path: "local", message: "no local image is called \"missing\"")])
    }

    func testLocalImagesWithoutAResolverAreReported() {
        let builder = ModelFixtures.imageDataBuilder(localImages: nil)
        let problems = builder.addJSON(dictionary: ["local": "testImage"])
        XCTAssertNil(builder.localImage)
        XCTAssertEqual(problems.map(\.path), ["local"])
        XCTAssertTrue(problems.first?.message.contains("no local image resolver") == true)
    }

    func testEmptyJSONChangesNothing() throws {
        let builder = ModelFixtures.imageDataBuilder()
        let image = ModelFixtures.TestImage(name: "local")
        builder.url = url
        builder.placeholderIconIdentifier = "placeholder"
        builder.localImage = image
        builder.customData = ["a": 1]
        try builder.addJSON(data: ModelFixtures.data("{}"))
        XCTAssertEqual(builder.url, url)
        XCTAssertEqual(builder.placeholderIconIdentifier, "placeholder")
        XCTAssertTrue(builder.localImage === image)
        XCTAssertEqual(builder.customData, ["a": 1])
    }

    func testNonObjectDataFails() {
        let builder = ModelFixtures.imageDataBuilder()
        XCTAssertThrowsError(try builder.addJSON(data: ModelFixtures.data("Not a dictionary")))
        XCTAssertThrowsError(try builder.addJSON(data: ModelFixtures.data("[]")))
        XCTAssertThrowsError(try builder.addJSON(data: Data())) { XCTAssertEqual($0 as? JSONError, .emptyData) }
        XCTAssertTrue(builder.isEmpty)
    }

    func testCopyIsDistinctAndEqual() {
        let builder = ModelFixtures.imageDataBuilder()
        builder.url = url
        builder.placeholderIconIdentifier = "placeholder"
        builder.localImage = ModelFixtures.TestImage(name: "local")
        builder.customData = ["a": 1]
        let copy = builder.copy()
        XCTAssertFalse(copy === builder)
        XCTAssertEqual(copy.url, builder.url)
        XCTAssertEqual(copy.placeholderIconIdentifier, builder.placeholderIconIdentifier)
        XCTAssertTrue(copy.localImage === builder.localImage)
        XCTAssertEqual(copy.customData, builder.customData)
        XCTAssertEqual(copy.build(identifier: "x", type: .custom), builder.build(identifier: "x", type: .custom))
        copy.url = nil
        XCTAssertEqual(builder.url, url)
    }
}
