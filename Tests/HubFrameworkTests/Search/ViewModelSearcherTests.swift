import Foundation
import XCTest

@testable import HubFramework

/// Find's searches off the main thread: the result comes back to the main thread, a newer query
/// supersedes one under way (the latest wins: the older one's completion is never called), and a
/// query that grew from the last one is answered as a full search would answer it.
/// (swift-corelibs-xctest cannot run `@MainActor` test methods: each runs its body on the main actor.)
final class ViewModelSearcherTests: XCTestCase, @unchecked Sendable {
    private let english = Locale(identifier: "en_US")

    private func rows(_ count: Int) -> ViewModel {
        let builder = ModelFixtures.viewModelBuilder()
        for number in 1...count {
        builder.bodyComponentModelBuilder(withIdentifier: "row-\(number)").title = "Row number \(number)"
        }
        return builder.build()
    }

    /// What a searcher's completions delivered.
    @MainActor
    private final class Deliveries {
        var results: [ViewModelSearchResult] = []
        var onMainThread = true
    }

    func testRunsOnItsQueueAndCompletesOnTheMainThread() {
        MainActor.assumeIsolated { checkRunsOnItsQueueAndCompletesOnTheMainThread() }
    }

    @MainActor
    private func checkRunsOnItsQueueAndCompletesOnTheMainThread() {
        let view = rows(100)
        let queue = DispatchQueue(label: "find-test")
        queue.suspend()
        let searcher = ViewModelSearcher(locale: english, queue: queue)
        let delivered = Deliveries()
        searcher.search("row 42", in: view) { result in
            delivered.onMainThread = delivered.onMainThread && Thread.isMainThread
            delivered.results.append(result)
        }
        // Nothing is searched on the main thread: with its queue held, the search waits.
        XCTAssertFalse(loadingSpin(timeout: 0.2) { !delivered.results.isEmpty })
        XCTAssertTrue(searcher.isSearching)
        queue.resume()
        XCTAssertTrue(loadingSpin(timeout: 10) { !delivered.results.isEmpty })
        XCTAssertTrue(delivered.onMainThread)
        XCTAssertEqual(delivered.results.first?.count, 1)
        XCTAssertEqual(delivered.results.first?.indexPath(ofMatch: 0), [41])
        XCTAssertFalse(searcher.isSearching)
    }

    func testLatestQueryWins() {
        MainActor.assumeIsolated { checkLatestQueryWins() }
    }

    @MainActor
    private func checkLatestQueryWins() {
        let view = rows(50_000)
        let searcher = ViewModelSearcher(locale: english, queue: DispatchQueue(label: "find-test"))
        let delivered = Deliveries()
        // Typed one character at a time, faster than a search over 50,000 rows in a debug build.
        for query in ["r", "ro", "row", "row 4", "row 49"] {
            searcher.search(query, in: view) { delivered.results.append($0) }
        }
        XCTAssertTrue(loadingSpin(timeout: 30) { !delivered.results.isEmpty })
        // And none of the older ones later.
        _ = loadingSpin(timeout: 0.3) { false }
        XCTAssertEqual(delivered.results.map(\.query), ["row 49"])
        XCTAssertEqual(delivered.results.first?.count, (1...50_000).filter { String($0).contains("49") }.count)
    }

    func testCancelDropsTheResult() {
        MainActor.assumeIsolated { checkCancelDropsTheResult() }
    }

    @MainActor
    private func checkCancelDropsTheResult() {
        let view = rows(1000)
        let searcher = ViewModelSearcher(locale: english)
        let delivered = Deliveries()
        searcher.search("row", in: view) { delivered.results.append($0) }
        searcher.cancel()
        XCTAssertFalse(loadingSpin(timeout: 0.5) { !delivered.results.isEmpty })
        XCTAssertFalse(searcher.isSearching)
    }

    func testAGrownQueryFindsWhatAFullSearchFinds() {
        MainActor.assumeIsolated { checkAGrownQueryFindsWhatAFullSearchFinds() }
    }

    @MainActor
    private func checkAGrownQueryFindsWhatAFullSearchFinds() {
        let view = rows(3000)
        let searcher = ViewModelSearcher(locale: english)
        let delivered = Deliveries()
        for (number, query) in ["row", "row 2", "row 29", "row 299"].enumerated() {
            searcher.search(query, in: view) { delivered.results.append($0) }
            XCTAssertTrue(loadingSpin(timeout: 10) { delivered.results.count == number + 1 }, query)
        }
        XCTAssertEqual(delivered.results.first?.count, 3000)
        XCTAssertEqual(delivered.results.last?.count, 13)  // 299, 1299, 2299, 2990–2999
        for result in delivered.results {
            XCTAssertEqual(result, ViewModelSearch(result.query, locale: english).run(in: view))
        }
    }

    func testAnEmptyQueryFindsNothingAtOnce() {
        MainActor.assumeIsolated { checkAnEmptyQueryFindsNothingAtOnce() }
    }

    @MainActor
    private func checkAnEmptyQueryFindsNothingAtOnce() {
        let view = rows(10)
        let searcher = ViewModelSearcher(locale: english)
        let delivered = Deliveries()
        searcher.search("  ", in: view) { delivered.results.append($0) }
        XCTAssertEqual(delivered.results.map(\.count), [0])
    }
}
