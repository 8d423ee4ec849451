import Foundation
import XCTest

@testable import HubFramework

/// Helpers for the model, builder and JSON tests (namespaced to keep the test target's global
/// namespace free for other areas).
enum ModelFixtures {
    /// A stand-in image, identified by name.
    final class TestImage: HubFramework.Image {
        let name: String
        let size: Size

        init(name: String, size: Size = Size(width: 10, height: 10)) {
            self.name = name
            self.size = size
        }
    }

    /// Returns one fixed image for component icons and another for placeholder icons, and
    /// remembers nothing (so it can be Sendable without locks).
    final class IconResolver: IconImageResolver {
        let componentImage = TestImage(name: "component icon")
        let placeholderImage = TestImage(name: "placeholder icon")

        func componentIconImage(withIdentifier identifier: String, size: Size, color: Color) -> (any HubFramework.Image)? {
            componentImage
        }

        func placeholderIconImage(withIdentifier identifier: String, size: Size, color: Color) -> (any HubFramework.Image)? {
            placeholderImage
        }
    }

    /// Resolves a fixed set of image names.
    final class LocalImages: LocalImageResolver {
        let images: [String: TestImage]

        init(names: [String]) {
            var images: [String: TestImage] = [:]
            for name in names { images[name] = TestImage(name: name) }
            self.images = images
        }

        func image(named name: String) -> (any HubFramework.Image)? { images[name] }
    }

    static let defaults = ComponentDefaults(namespace: "namespace", name: "name", category: "category")

    static func schema(iconResolver: (any IconImageResolver)? = IconResolver(),
        localImages: (any LocalImageResolver)? = LocalImages(names: ["testImage"])) -> JSONSchema
    {
        JSONSchema(componentDefaults: defaults, iconImageResolver: iconResolver, localImageResolver: localImages)
    }

    static func viewModelBuilder(iconResolver: (any IconImageResolver)? = IconResolver(),
        localImages: (any LocalImageResolver)? = LocalImages(names: ["testImage"])) -> ViewModelBuilder
    {
        schema(iconResolver: iconResolver, localImages: localImages).makeViewModelBuilder()
    }

    static func componentBuilder(_ identifier: String? = "component", type: ComponentType = .body,
        iconResolver: (any IconImageResolver)? = IconResolver(),
        localImages: (any LocalImageResolver)? = LocalImages(names: ["testImage"])) -> ComponentModelBuilder
    {
        ComponentModelBuilder(modelIdentifier: identifier, type: type,
            schema: schema(iconResolver: iconResolver, localImages: localImages))
    }

    static func imageDataBuilder(iconResolver: (any IconImageResolver)? = IconResolver(),
        localImages: (any LocalImageResolver)? = LocalImages(names: ["testImage"])) -> ComponentImageDataBuilder
    {
        ComponentImageDataBuilder(schema: schema(iconResolver: iconResolver, localImages: localImages))
    }

    static func targetBuilder() -> ComponentTargetBuilder {
        ComponentTargetBuilder(schema: schema())
    }

    static func data(_ text: String) -> Data { Data(text.utf8) }

    /// The bytes of `Fixtures/JSON/<name>.json`.
    static func fixtureData(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Data {
        let url = try XCTUnwrap(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/JSON"),
            "missing fixture \(name).json", file: file, line: line)
        return try Data(contentsOf: url)
    }

    /// The object in `Fixtures/JSON/<name>.json`.
    static func fixtureObject(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> JSONObject {
        let value = try JSONParser().parse(fixtureData(name, file: file, line: line))
        return try XCTUnwrap(value.objectValue, file: file, line: line)
    }
}
