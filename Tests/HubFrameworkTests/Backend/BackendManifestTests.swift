import Foundation
import XCTest

@testable import HubFramework

/// Reading backend manifests: the format, the URI patterns, and a located message for every mistake.
final class BackendManifestTests: XCTestCase {
    private let base = URL(fileURLWithPath: "/srv/shop/app.json")

    private func read(_ text: String) throws -> BackendManifest {
        try BackendManifest(data: Data(text.utf8), sourceURL: base, name: "app.json")
    }

    /// The problems of a manifest that must not load, as the error prints them.
    private func problems(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            _ = try read(text)
            XCTFail("the manifest loaded", file: file, line: line)
            return []
        } catch {
            return "\(error)".components(separatedBy: "\n")
        }
    }

    private static let shop = #"""
        {
          "$schema": "hub-manifest.schema.json",
          "title": "Shop",
          "start": "shop:home",
          "features": [
            {"uri": "shop:home", "endpoint": "views/home.json"},
            {"id": "product", "title": "Product", "uri": "shop:product/{id}",
             "endpoint": "https://api.example.com/views/product/{id}.json", "reload": "never",
             "schema": "products", "timeout": 5},
            {"id": "review", "uri": "shop:product/{id}/review/{n}", "endpoint": "file:///srv/reviews/{id}-{n}.json",
             "reload": 60}
          ]
        }
        """#

    func testAManifestReadsItsFeatures() throws {
        let manifest = try read(Self.shop)
        XCTAssertEqual(manifest.title, "Shop")
        XCTAssertEqual(manifest.startURI, URL(string: "shop:home"))
        XCTAssertEqual(manifest.features.map(\.identifier), ["shop:home", "product", "review"])
        XCTAssertEqual(manifest.features.map(\.title), ["shop:home", "Product", "review"])
        XCTAssertEqual(manifest.features.map(\.reloadPolicy), [.always, .never, .after(60)])
        XCTAssertEqual(manifest.features.map(\.schemaIdentifier), [nil, "products", nil])
        XCTAssertEqual(manifest.features.map(\.timeout), [15, 5, 15])

        let home = manifest.features[0], product = manifest.features[1], review = manifest.features[2]
        XCTAssertEqual(home.endpointURL(forViewURI: URL(string: "shop:home")!),
                       URL(fileURLWithPath: "/srv/shop/views/home.json"), "relative to the manifest")
        XCTAssertEqual(product.endpointURL(forViewURI: URL(string: "shop:product/42")!),
                       URL(string: "https://api.example.com/views/product/42.json"))
        XCTAssertEqual(review.endpointURL(forViewURI: URL(string: "shop:product/42/review/7")!),
                       URL(string: "file:///srv/reviews/42-7.json"))
        XCTAssertEqual(manifest.feature(forViewURI: URL(string: "shop:product/42/review/7")!)?.identifier, "review",
                       "a placeholder never spans a slash, so the product pattern does not take it")
        for uri in ["shop:product/", "shop:product/..", "shop:product/.", "shop:product/a?b", "shop:homes", "shop:product/1/2"] {
            XCTAssertNil(product.endpointURL(forViewURI: URL(string: uri)!), uri)
        }
    }

    func testPatterns() throws {
        let pattern = try URIPattern("app:{a}-{b}.x")
        XCTAssertEqual(pattern.placeholderNames, ["a", "b"])
        XCTAssertEqual(pattern.match(URL(string: "app:one-two-three.x")!), ["a": "one-two", "b": "three"])
        XCTAssertNil(pattern.match(URL(string: "app:one.x")!))
        for (text, message) in [("app:{id", "a { has no closing }"), ("app:id}", "a } has no opening {"),
                                ("app:{1d}", "{1d} is not a placeholder"), ("app:{a}/{a}", "the placeholder {a} appears twice")] {
            XCTAssertThrowsError(try URIPattern(text), text) { error in
                XCTAssertTrue("\(error)".hasPrefix(message), "\(error)")
            }
        }
    }

    func testASyntaxErrorHasItsLineAndColumn() {
        XCTAssertEqual(problems("{\n  \"title\": \"Shop\",\n  \"start\" \"shop:home\"\n}"),
                       ["app.json:3:11: invalid JSON: expected ':' after an object key, found '\"'"])
        XCTAssertEqual(problems(""), ["app.json: the manifest is empty"])
    }

    func testEveryMistakeIsListedWithItsPath() {
        let text = #"""
            {"title": 3, "start": "no scheme", "colour": "red", "features": [
              {"uri": "shop:product/{id}", "endpoint": "https://x.example/{name}.json"},
              {"uri": "{x}:home", "endpoint": "ftp://x.example/a.json", "reload": "sometimes", "timeout": 0},
              "not a feature",
              {"id": "a", "uri": "shop:a", "endpoint": "a.json", "endpiont": "b.json"},
              {"id": "b", "uri": "shop:{b", "endpoint": "http:///b.json"},
              {"id": "c"}
            ]}
            """#
        XCTAssertEqual(problems(text), [
            "app.json: colour: unknown key; known keys are allowedOrigins, features, start, state, title",
            "app.json: title: expected a string, found a number",
            "app.json: start: \"no scheme\" is not a view URI (it needs a scheme, as in app:home)",
            "app.json: features[0].endpoint: {name} is not a placeholder of the uri pattern shop:product/{id}",
            "app.json: features[1].uri: \"{x}:home\" must start with a scheme, as in app:home",
            "app.json: features[1].endpoint: \"ftp://x.example/a.json\" is not an http:, https: or file: URL or a relative path",
            "app.json: features[1].reload: expected \"always\", \"never\" or a number of seconds, found \"sometimes\"",
            "app.json: features[1].timeout: expected a number of seconds from 0 to 600, found 0",
            "app.json: features[2]: expected a feature object, found a string",
            "app.json: features[3].endpiont: unknown key; known keys are endpoint, id, reload, schema, timeout, title, uri",
            "app.json: features[4].uri: \"shop:{b\": a { has no closing }",
            "app.json: features[4].endpoint: \"http:///b.json\" has no host",
            "app.json: features[5]: the key \"uri\" is missing",
            "app.json: features[5]: the key \"endpoint\" is missing",
        ])
    }

    /// Read for hub-validate, a manifest's problems carry the offsets of their values (a missing
    /// key: of its object), and a syntax error leaves the path being read where it stopped.
    func testProblemsComeWithTheirValuesOffsetsWhenAsked() throws {
        let text = #"{"title": 3, "start": "t:a", "features": [{"uri": "t:a", "endpoint": "a.json", "timeout": 0}, {"id": "c"}]}"#
        let recorder = JSONOffsetRecorder()
        XCTAssertThrowsError(try BackendManifest(data: Data(text.utf8), sourceURL: base, locatingProblemsWith: recorder)) { error in
            let problems = (error as? BackendManifestError)?.problems ?? []
            let offsets = Dictionary(problems.map { ($0.path + ": " + $0.message, $0.offset) }, uniquingKeysWith: { first, _ in first })
            let utf8 = Array(text.utf8)
            func offset(of fragment: String) -> Int? {
                let bytes = Array(fragment.utf8)
                return (0...(utf8.count - bytes.count)).first { Array(utf8[$0..<($0 + bytes.count)]) == bytes }
            }
            XCTAssertEqual(offsets["title: expected a string, found a number"], offset(of: "3,"))
            XCTAssertEqual(offsets["features[0].timeout: expected a number of seconds from 0 to 600, found 0"], offset(of: "0}"))
            XCTAssertEqual(offsets["features[1]: the key \"uri\" is missing"], offset(of: #"{"id": "c"}"#))
            XCTAssertEqual(problems.count, 4)
        }
        XCTAssertThrowsError(try BackendManifest(data: Data(#"{"title": 3, "features": [{"uri": "t:a", "endpoint": }]}"#.utf8),
                                                 sourceURL: base, locatingProblemsWith: recorder))
        XCTAssertEqual(JSONLocation.path(of: recorder.pathBeingRead), "features[0].endpoint")
        // Read the usual way, problems carry no offset.
        XCTAssertThrowsError(try read(text)) { error in
            XCTAssertTrue(((error as? BackendManifestError)?.problems ?? []).allSatisfy { $0.offset == nil })
        }
    }

    func testTheStartViewNeedsAFeatureAndIdentifiersAreUnique() {
        XCTAssertEqual(problems(#"{"title": "T", "start": "t:nowhere", "features": [{"uri": "t:home", "endpoint": "h.json"}]}"#),
                       ["app.json: start: no feature's uri pattern matches t:nowhere"])
        XCTAssertEqual(problems(#"{"title": "T", "start": "t:a", "features": [{"id": "x", "uri": "t:a", "endpoint": "a.json"}, {"id": "x", "uri": "t:b", "endpoint": "b.json"}]}"#),
                       ["app.json: features[1].id: the identifier \"x\" is already used by features[0]"])
        XCTAssertEqual(problems(#"{"title": "T", "start": "t:a", "features": []}"#),
                       ["app.json: features: an app needs at least one feature"])
        XCTAssertEqual(problems(#"["t:a"]"#), ["app.json: expected an object at the top level, found an array"])
    }

    func testARelativeEndpointNeedsTheManifestsLocation() {
        XCTAssertThrowsError(try BackendManifest(data: Data(#"{"title": "T", "start": "t:a", "features": [{"uri": "t:a", "endpoint": "a.json"}]}"#.utf8))) { error in
            XCTAssertEqual("\(error)", "manifest: features[0].endpoint: a relative endpoint needs the manifest's location; give an absolute URL")
        }
    }

    func testAMissingFileIsNamed() {
        XCTAssertThrowsError(try BackendManifest(contentsOf: URL(fileURLWithPath: "/nonexistent/app.json"))) { error in
            XCTAssertEqual("\(error)", "/nonexistent/app.json: cannot read the manifest: there is no such file")
        }
    }

    func testAFileOnAnotherComputerIsRefused() throws {
        // The manifest exists here: `file://otherhost/...` must still not read it as the local path.
        let local = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(getpid()).json")
        try Data(Self.shop.utf8).write(to: local)
        defer { try? FileManager.default.removeItem(at: local) }
        let remote = try XCTUnwrap(URL(string: "file://otherhost" + local.path))
        XCTAssertThrowsError(try BackendManifest(contentsOf: remote)) { error in
            XCTAssertTrue("\(error)".contains("names a file on another computer (otherhost)"), "\(error)")
        }
        XCTAssertNoThrow(try BackendManifest(contentsOf: try XCTUnwrap(URL(string: "file://localhost" + local.path))))
    }

    @MainActor
    func testRegisteringDeclaresOriginsAndIsAllOrNothing() throws {
        let manager = HubManager(componentMargin: 0)
        try manager.featureRegistry.registerFeature(
            identifier: "product", viewURIPredicate: ViewURIPredicate(viewURI: URL(string: "other:x")!), title: "Taken",
            contentOperationFactories: [BlockContentOperationFactory { _ in [] }])
        let manifest = try read(Self.shop)
        XCTAssertThrowsError(try manifest.register(in: manager))
        XCTAssertNil(manager.featureRegistry.featureRegistration(forViewURI: URL(string: "shop:home")!),
                     "the features registered before the clash are removed again")

        manager.featureRegistry.unregisterFeature(identifier: "product")
        try manifest.register(in: manager)
        let product = try XCTUnwrap(manager.featureRegistry.featureRegistration(forViewURI: URL(string: "shop:product/9")!))
        XCTAssertEqual(product.identifier, "product")
        XCTAssertEqual(product.customJSONSchemaIdentifier, "products")
        XCTAssertNotNil(product.contentReloadPolicy)
        let uri = URL(string: "shop:product/9")!
        XCTAssertEqual(ContentOrigin.declared(by: product.contentOperationFactories, forViewURI: uri),
                       .remote(host: "api.example.com"))
        let operations = product.contentOperationFactories[0].createContentOperations(forViewURI: uri)
        XCTAssertTrue(operations[0] is JSONContentOperation)
        XCTAssertTrue(operations[1] is NextPageContentOperation)
        let home = try XCTUnwrap(manager.featureRegistry.featureRegistration(forViewURI: URL(string: "shop:home")!))
        XCTAssertEqual(ContentOrigin.declared(by: home.contentOperationFactories, forViewURI: URL(string: "shop:home")!), .local)
        XCTAssertEqual(home.exampleViewURIs, [URL(string: "shop:home")!])
    }

    @MainActor
    func testAllowedOriginsAreReadCheckedAndGivenToTheManager() throws {
        let valid = Self.shop.replacingOccurrences(
            of: #""start": "shop:home","#, with: #""start": "shop:home", "allowedOrigins": ["https://api.example.org", "http://127.0.0.1:8080/"],"#)
        let manifest = try read(valid)
        XCTAssertEqual(manifest.allowedOrigins.map(\.absoluteString), ["https://api.example.org", "http://127.0.0.1:8080/"])
        let manager = HubManager(componentMargin: 0)
        XCTAssertEqual(manager.serverRequestPolicy, .default)
        try manifest.register(in: manager)
        XCTAssertEqual(manager.serverRequestPolicy.allowedOrigins, manifest.allowedOrigins)
        XCTAssertTrue(manager.serverRequestPolicy.allowsNetworkFromLocalDocuments, "the app's file documents reach them too")
        XCTAssertNil(manager.serverRequestPolicy.refusal(for: URL(string: "https://api.example.org/basket")!,
                                                         documentURL: URL(fileURLWithPath: "/srv/shop/views/home.json"),
                                                         origin: .local))
        XCTAssertNotNil(manager.serverRequestPolicy.refusal(for: URL(string: "https://other.example/")!,
                                                            documentURL: URL(fileURLWithPath: "/srv/shop/views/home.json"),
                                                            origin: .local))

        let invalid = Self.shop.replacingOccurrences(
            of: #""start": "shop:home","#, with: #""start": "shop:home", "allowedOrigins": ["file:///etc", "https://a.example/path", 3],"#)
        let lines = problems(invalid)
        XCTAssertEqual(lines.count, 3, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("app.json: allowedOrigins[") && $0.contains("expected an origin") },
                      lines.joined(separator: "\n"))
    }
}
