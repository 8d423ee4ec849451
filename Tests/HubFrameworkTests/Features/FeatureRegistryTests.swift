import Foundation
import XCTest

@testable import HubFramework

/// View URI predicates (the original's HUBViewURIPredicateTests) and the port's regular-expression
/// predicate.
final class ViewURIPredicateTests: XCTestCase, @unchecked Sendable {
    private let root = URL(string: "spotify:hub:framework")!
    private let subview = URL(string: "spotify:hub:framework:subview")!

    func testExactPredicateMatchesOnlyItsURI() {
        let predicate = ViewURIPredicate(viewURI: root)
        XCTAssertTrue(predicate.evaluate(root))
        XCTAssertFalse(predicate.evaluate(subview))
    }

    func testRootPredicateMatchesTheRootAndWhatStartsWithIt() {
        let predicate = ViewURIPredicate(rootViewURI: root)
        XCTAssertTrue(predicate.evaluate(root))
        XCTAssertTrue(predicate.evaluate(subview))
        XCTAssertFalse(predicate.evaluate(URL(string: "spotify:hub")!))
        XCTAssertFalse(predicate.evaluate(URL(string: "other:spotify:hub:framework")!))
    }

    // A plain string prefix, as in the original.
    func testRootPredicateIsAStringPrefix() {
        XCTAssertTrue(ViewURIPredicate(rootViewURI: root).evaluate(URL(string: "spotify:hub:frameworkX")!))
    }

    func testRootPredicateWithExclusions() {
        let excluded = URL(string: "spotify:hub:framework:subviewB")!
        let predicate = ViewURIPredicate(rootViewURI: root, excludedViewURIs: [excluded])
        XCTAssertTrue(predicate.evaluate(root))
        XCTAssertTrue(predicate.evaluate(URL(string: "spotify:hub:framework:subviewA")!))
        XCTAssertFalse(predicate.evaluate(excluded))
        XCTAssertTrue(predicate.evaluate(URL(string: "spotify:hub:framework:subviewB:deeper")!),
                      "exclusion is exact, not a prefix")
    }

    func testFunctionPredicate() {
        let predicate = ViewURIPredicate { $0.absoluteString == "spotify:hub:framework" }
        XCTAssertTrue(predicate.evaluate(root))
        XCTAssertFalse(predicate.evaluate(subview))
    }

    func testConstantBlockPredicates() {
        XCTAssertTrue(ViewURIPredicate { _ in true }.evaluate(root))
        XCTAssertFalse(ViewURIPredicate { _ in false }.evaluate(root))
    }

    // The port's stand-in for NSPredicate: a regular expression over the whole absolute string.
    func testRegularExpressionPredicateMatchesTheWholeURI() throws {
        let predicate = try ViewURIPredicate(regularExpression: "spotify:hub:framework(:[a-z]+)?")
        XCTAssertTrue(predicate.evaluate(root))
        XCTAssertTrue(predicate.evaluate(subview))
        XCTAssertFalse(predicate.evaluate(URL(string: "spotify:hub:framework:sub1")!))
        XCTAssertFalse(predicate.evaluate(URL(string: "x-spotify:hub:framework")!), "anchored at the start")
    }

    func testInvalidRegularExpressionThrows() {
        XCTAssertThrowsError(try ViewURIPredicate(regularExpression: "(unclosed"))
    }
}

/// The feature registry (the original's HUBFeatureRegistryTests) and the fix of quirk 16
/// (docs/content-loading.md, "Decisions on the original's quirks").
final class FeatureRegistryTests: XCTestCase, @unchecked Sendable {
    private let rootURI = URL(string: "spotify:hub:framework")!

    @MainActor
    private func factory() -> BlockContentOperationFactory {
        BlockContentOperationFactory { _ in [BlockContentOperation { _ in }] }
    }

    func testRegisteringAnIdentifierTwiceThrows() throws {
        try MainActor.assumeIsolated {
            let registry = FeatureRegistry()
            XCTAssertNoThrow(try registry.registerFeature(
                identifier: "identifier", viewURIPredicate: ViewURIPredicate(viewURI: rootURI), title: "Title",
                contentOperationFactories: [factory()]))
            do {
                try registry.registerFeature(
                    identifier: "identifier", viewURIPredicate: ViewURIPredicate { _ in true }, title: "Other",
                    contentOperationFactories: [factory()])
                XCTFail("a duplicate identifier must throw")
            } catch let error as RegistrationError {
                XCTAssertEqual(error, RegistrationError(kind: "feature", identifier: "identifier", reason: .duplicate))
                XCTAssertEqual(error.description, "A feature is already registered for 'identifier'")
            } catch {
                XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(registry.allRegistrations.map(\.title), ["Title"], "the first registration stays")
        }
    }

    // An empty factory list is a programmer's error.
    func testRegisteringWithoutFactoriesThrows() {
        MainActor.assumeIsolated {
            let registry = FeatureRegistry()
            do {
                try registry.registerFeature(identifier: "empty", viewURIPredicate: ViewURIPredicate { _ in true },
                                             title: "Empty", contentOperationFactories: [])
                XCTFail("an empty factory list must throw")
            } catch let error as RegistrationError {
                XCTAssertEqual(error.identifier, "empty")
                XCTAssertEqual(error.kind, "feature")
                XCTAssertTrue(error.description.contains("at least one content operation factory"), error.description)
            } catch {
                XCTFail("unexpected error \(error)")
            }
            XCTAssertTrue(registry.allRegistrations.isEmpty)
        }
    }

    func testLookupReturnsTheWholeRegistration() throws {
        try MainActor.assumeIsolated {
            let registry = FeatureRegistry()
            let factory = factory()
            let policy = BlockContentReloadPolicy { _, _ in false }
            let handler = BlockActionHandler { _ in true }
            let example = URL(string: "spotify:hub:framework:example")!
            try registry.registerFeature(
                identifier: "identifier", viewURIPredicate: ViewURIPredicate(rootViewURI: rootURI), title: "Title",
                contentOperationFactories: [factory], contentReloadPolicy: policy,
                customJSONSchemaIdentifier: "custom schema", actionHandler: handler, exampleViewURIs: [example],
                options: ["key": "value"])
            let registration = try XCTUnwrap(registry.featureRegistration(forViewURI: rootURI))
            XCTAssertEqual(registration.identifier, "identifier")
            XCTAssertEqual(registration.title, "Title")
            XCTAssertTrue(registration.viewURIPredicate.evaluate(URL(string: "spotify:hub:framework:sub")!))
            XCTAssertEqual(registration.contentOperationFactories.count, 1)
            XCTAssertTrue(registration.contentOperationFactories.first === factory)
            XCTAssertEqual(registration.customJSONSchemaIdentifier, "custom schema")
            XCTAssertTrue(registration.contentReloadPolicy === policy)
            XCTAssertTrue(registration.actionHandler === handler)
            XCTAssertEqual(registration.exampleViewURIs, [example])
            XCTAssertEqual(registration.options, ["key": "value"])
            XCTAssertEqual(registration.featureInfo, FeatureInfo(identifier: "identifier", title: "Title"))
            XCTAssertTrue(registry.registration(withIdentifier: "identifier") === registration)
        }
    }

    func testPredicateRejectingEverythingFindsNothing() throws {
        try MainActor.assumeIsolated {
            let registry = FeatureRegistry()
            try registry.registerFeature(identifier: "none", viewURIPredicate: ViewURIPredicate { _ in false },
                                         title: "None", contentOperationFactories: [factory()])
            XCTAssertNil(registry.featureRegistration(forViewURI: rootURI))
        }
    }

    func testFirstRegisteredMatchingFeatureWins() throws {
        try MainActor.assumeIsolated {
            let registry = FeatureRegistry()
            for name in ["A", "B"] {
                try registry.registerFeature(identifier: name, viewURIPredicate: ViewURIPredicate { _ in true },
                                             title: name, contentOperationFactories: [factory()])
            }
            XCTAssertEqual(registry.featureRegistration(forViewURI: rootURI)?.identifier, "A")
            XCTAssertEqual(registry.allRegistrations.map(\.identifier), ["A", "B"])
        }
    }

    func testUnregisteredIdentifierCanBeRegisteredAgain() throws {
        try MainActor.assumeIsolated {
            let registry = FeatureRegistry()
            try registry.registerFeature(identifier: "identifier", viewURIPredicate: ViewURIPredicate(viewURI: rootURI),
                                         title: "First", contentOperationFactories: [factory()])
            registry.unregisterFeature(identifier: "identifier")
            XCTAssertNil(registry.featureRegistration(forViewURI: rootURI))
            XCTAssertNil(registry.registration(withIdentifier: "identifier"))
            XCTAssertNoThrow(try registry.registerFeature(
                identifier: "identifier", viewURIPredicate: ViewURIPredicate(viewURI: rootURI), title: "Second",
                contentOperationFactories: [factory()]))
            XCTAssertEqual(registry.featureRegistration(forViewURI: rootURI)?.title, "Second")
        }
    }

    func testUnregisteringAnUnknownIdentifierDoesNothing() throws {
        try MainActor.assumeIsolated {
            let registry = FeatureRegistry()
            try registry.registerFeature(identifier: "a", viewURIPredicate: ViewURIPredicate { _ in true },
                                         title: "A", contentOperationFactories: [factory()])
            registry.unregisterFeature(identifier: "unknown")
            XCTAssertEqual(registry.allRegistrations.map(\.identifier), ["a"])
        }
    }

    // Quirk 16, fixed: a feature registered again is looked up after the features registered
    // before it (the original kept its first position).
    func testReregisteredFeatureGoesLast() throws {
        try MainActor.assumeIsolated {
            let registry = FeatureRegistry()
            for name in ["A", "B", "C"] {
                try registry.registerFeature(identifier: name, viewURIPredicate: ViewURIPredicate { _ in true },
                                             title: name, contentOperationFactories: [factory()])
            }
            registry.unregisterFeature(identifier: "A")
            XCTAssertEqual(registry.featureRegistration(forViewURI: rootURI)?.identifier, "B")
            try registry.registerFeature(identifier: "A", viewURIPredicate: ViewURIPredicate { _ in true },
                                         title: "A again", contentOperationFactories: [factory()])
            XCTAssertEqual(registry.allRegistrations.map(\.identifier), ["B", "C", "A"])
            XCTAssertEqual(registry.featureRegistration(forViewURI: rootURI)?.identifier, "B",
                           "the re-registered feature no longer shadows B")
            registry.unregisterFeature(identifier: "B")
            registry.unregisterFeature(identifier: "C")
            XCTAssertEqual(registry.featureRegistration(forViewURI: rootURI)?.title, "A again")
        }
    }
}
