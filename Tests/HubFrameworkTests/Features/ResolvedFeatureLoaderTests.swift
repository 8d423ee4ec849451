import Foundation
import XCTest

@testable import HubFramework

/// A loader can be created for a feature the caller already looked up, so that opening a URI
/// evaluates the features' predicates once.
final class ResolvedFeatureLoaderTests: XCTestCase, @unchecked Sendable {
    private final class EvaluationCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }

    func testALoaderForAResolvedFeatureEvaluatesNoPredicateAndBuildsTheSameChain() throws {
        try MainActor.assumeIsolated {
            let evaluations = EvaluationCounter()
            let registry = FeatureRegistry()
            var asked: [String] = []
            try registry.registerFeature(
                identifier: "feature", viewURIPredicate: ViewURIPredicate { evaluations.increment(); return $0.scheme == "hub" },
                title: "Feature",
                contentOperationFactories: [BlockContentOperationFactory { asked.append("feature \($0)"); return [] },
                                            BlockContentOperationFactory { _ in [LoadingTestOperation("A")] }])
            let factory = ViewModelLoaderFactory(
                featureRegistry: registry, jsonSchemaRegistry: JSONSchemaRegistry(defaultSchema: LoadingFixtures.schema()),
                initialViewModelRegistry: InitialViewModelRegistry(),
                prependedContentOperationFactory: BlockContentOperationFactory { asked.append("prepended \($0)"); return [] },
                appendedContentOperationFactory: BlockContentOperationFactory { asked.append("appended \($0)"); return [] },
                connectivityStateResolver: ManualConnectivityStateResolver())
            let uri = URL(string: "hub:view")!

            _ = try XCTUnwrap(factory.createViewModelLoader(forViewURI: uri))
            XCTAssertEqual(evaluations.value, 1, "looking the feature up by URI evaluates its predicate once")
            let byURI = asked
            asked.removeAll()

            let feature = try XCTUnwrap(registry.registration(withIdentifier: "feature"))
            let loader = try factory.createViewModelLoader(for: feature, viewURI: uri)
            XCTAssertEqual(evaluations.value, 1, "a resolved feature needs no predicate")
            XCTAssertEqual(loader.viewURI, uri)
            XCTAssertEqual(loader.featureInfo, FeatureInfo(identifier: "feature", title: "Feature"))
            XCTAssertEqual(asked, byURI, "the same factories, in the same order")
            XCTAssertEqual(asked, ["prepended hub:view", "feature hub:view", "appended hub:view"])
        }
    }
}
