import Foundation
import HubFramework
import HubGTK
import HubApp
import HubGTKTestSupport
import XCTest
@testable import HubViewer

/// Opening a view URI looks its feature up once: every feature's predicate is evaluated at most
/// once per open, up to the first one that accepts the URI.
final class OpeningAViewURITests: GtkTestCase, @unchecked Sendable {
    /// Counts how often a predicate was evaluated (predicates are `Sendable` closures).
    private final class EvaluationCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }

    /// A hub with three features in this order: `other:` (rejects `count:` URIs), `count:`, and a
    /// catch-all registered last that is never reached for `count:` URIs.
    @MainActor
    private func makeHub() throws -> (Hub, other: EvaluationCounter, counted: EvaluationCounter,
                                      last: EvaluationCounter)
    {
        let hub = Hub(componentMargin: 0) { _ in RowComponent() }
        let other = EvaluationCounter()
        let counted = EvaluationCounter()
        let last = EvaluationCounter()
        let content = [BlockContentOperationFactory { _ in
            [BlockContentOperation { $0.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "row").title = "Row" }]
        }]
        try hub.featureRegistry.registerFeature(
            identifier: "other", viewURIPredicate: ViewURIPredicate { other.increment(); return $0.scheme == "other" },
            title: "Other", contentOperationFactories: content)
        try hub.featureRegistry.registerFeature(
            identifier: "counted", viewURIPredicate: ViewURIPredicate { counted.increment(); return $0.scheme == "count" },
            title: "Counted", contentOperationFactories: content)
        try hub.featureRegistry.registerFeature(
            identifier: "last", viewURIPredicate: ViewURIPredicate { last.increment(); return $0.scheme == "last" },
            title: "Last", contentOperationFactories: content)
        return (hub, other, counted, last)
    }

    func testTheNavigatorEvaluatesEachPredicateOncePerOpen() throws {
        try onMain {
            let (hub, other, counted, last) = try makeHub()
            let navigator = Navigator(hub: hub)
            defer { navigator.tearDown() }

            XCTAssertTrue(navigator.open("count:view"))
            XCTAssertEqual(navigator.currentPage?.viewController.featureIdentifier, "counted")
            XCTAssertEqual(other.value, 1)
            XCTAssertEqual(counted.value, 1, "the accepting feature is asked once")
            XCTAssertEqual(last.value, 0, "features after it are not asked")

            XCTAssertTrue(navigator.open("count:another"))
            XCTAssertEqual(counted.value, 2, "one evaluation per open")

            // A URI no feature handles asks every feature once before showing the error page.
            XCTAssertFalse(navigator.open("nothing:here"))
            XCTAssertTrue(navigator.currentPage?.isErrorPage == true)
            XCTAssertEqual([other.value, counted.value, last.value], [3, 3, 1])
        }
    }

    func testTheFactoryLooksTheFeatureUpOnce() throws {
        try onMain {
            let (hub, other, counted, last) = try makeHub()
            let controller = try XCTUnwrap(
                try hub.viewControllerFactory.createViewController(forViewURI: URL(string: "count:view")!))
            defer { controller.tearDown() }
            XCTAssertEqual(controller.featureIdentifier, "counted")
            XCTAssertEqual([other.value, counted.value, last.value], [1, 1, 0])

            // With the feature already resolved, creating the controller evaluates no predicate.
            let feature = try XCTUnwrap(hub.featureRegistry.registration(withIdentifier: "counted"))
            let direct = try hub.viewControllerFactory.createViewController(for: feature,
                                                                            viewURI: URL(string: "count:other")!)
            defer { direct.tearDown() }
            XCTAssertEqual(direct.featureInfo, feature.featureInfo)
            XCTAssertEqual([other.value, counted.value, last.value], [1, 1, 0])
        }
    }
}
