import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import HubGTK

/// Find in a view (`ViewController.findComponents(matching:locale:onResult:)`): the search runs off
/// the main thread over the view model shown and the main loop goes on turning; a row far beyond
/// what a large body's layout has reached is scrolled to and marked once placed; the latest query
/// wins; a query stands while a streamed document arrives, finding the rows that came since; and
/// stopping takes the mark off.
final class ViewControllerFindTests: GtkTestCase, @unchecked Sendable {
    private let english = Locale(identifier: "en_US")

    /// What the find handler heard, in order.
    @MainActor
    private final class Results {
        var all: [ViewModelSearchResult] = []
        var last: ViewModelSearchResult? { all.last }
    }

    @MainActor
    private func marked(_ controller: ViewController) -> [Int] {
        controller.liveBodyIndexes.filter {
            controller.cellView(atBodyIndex: $0)?.hasCSSClass(ComponentFinder.matchCSSClass) == true
        }
    }

    func testARowBeyondTheLayoutIsFoundOffTheMainThreadScrolledToAndMarked() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("row") { RowComponent() }
            let count = 100_000
            let controller = try harness.open(width: 400, height: 300) { addRows($0, count: count) }
            pump(until: { controller.liveBodyComponentCount > 0 }, timeout: 60, "the first rows on screen")
            let laidOut = controller.layout?.count ?? 0
            XCTAssertLessThan(laidOut, 99_000, "the test needs a row the layout has not reached yet")

            let results = Results()
            // "Row 98765" is the title of the row at index 98765; "Row 9876" finds it and 10 more.
            controller.findComponents(matching: "row 98765", locale: english) { results.all.append($0) }
            XCTAssertTrue(results.all.isEmpty, "a large view is searched off the main thread, not before the call returns")
            let stall = pumpMeasuringStalls(until: { !results.all.isEmpty }, timeout: 30, "the result")
            XCTAssertLessThan(stall, Self.mainLoopStallBound, "the main loop stalled while 100,000 rows were searched")
            let result = try XCTUnwrap(results.last)
            XCTAssertEqual(result.count, 1)
            XCTAssertEqual(result.indexPath(ofMatch: 0), [98765])

            controller.revealFoundComponent(at: [98765])
            XCTAssertEqual(controller.revealedComponentIndexPath, [98765])
            pump(until: { controller.cellView(atBodyIndex: 98765)?.isMapped == true }, timeout: 60,
                 "the row found, placed once the layout reached it")
            pump(for: 0.1)
            XCTAssertEqual(marked(controller), [98765])
            let frame = controller.frame(ofBodyComponentAt: 98765)
            let top = controller.contentOffset.y
            XCTAssertGreaterThanOrEqual(frame.minY, top)
            XCTAssertLessThanOrEqual(frame.maxY, top + controller.containerSize.height, "the row found is on screen")

            // The next one, already on screen: the view stays, the mark moves.
            controller.revealFoundComponent(at: [98766])
            pump(for: 0.1)
            XCTAssertEqual(controller.contentOffset.y, top)
            XCTAssertEqual(marked(controller), [98766])

            controller.stopFindingComponents()
            XCTAssertEqual(marked(controller), [])
            XCTAssertNil(controller.revealedComponentIndexPath)
            XCTAssertFalse(controller.isFindingComponents)
        }
    }

    func testTheLatestQueryWins() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("row") { RowComponent() }
            let controller = try harness.open { addRows($0, count: 30_000) }
            pump(until: { !controller.isLoading && controller.liveBodyComponentCount > 0 }, timeout: 60, "the rows")
            let results = Results()
            for query in ["r", "ro", "row", "row 2", "row 29", "row 299"] {
                controller.findComponents(matching: query, locale: english) { results.all.append($0) }
            }
            pump(until: { !results.all.isEmpty }, timeout: 30, "a result")
            pump(for: 0.3)
            XCTAssertEqual(results.all.map(\.query), ["row 299"], "only the last query's result is delivered")
            // 299, 2990–2999, 1299, 2299, …, 29900–29999: counted without the framework.
            XCTAssertEqual(results.last?.count, (0..<30_000).filter { String($0).contains("299") }.count)
        }
    }

    func testAQueryStandsWhileTheDocumentArrives() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("row") { RowComponent() }
            let operation = StreamingOperation()
            let url = URL(string: "test:streamed-find")!
            try harness.hub.featureRegistry.registerFeature(
                identifier: "streamed", viewURIPredicate: ViewURIPredicate(viewURI: url), title: "Streamed",
                contentOperationFactories: [BlockContentOperationFactory { _ in [operation] }])
            let controller = try harness.present(url)
            pump(for: 0.1)

            let results = Results()
            // Nothing shown yet: nothing found, and the query stands.
            controller.findComponents(matching: "row 1", locale: english) { results.all.append($0) }
            pump(until: { !results.all.isEmpty }, "the result before any content")
            XCTAssertEqual(results.last?.count, 0)

            operation.add(5)
            operation.reportPart()
            pump(until: { results.all.count == 2 }, "the result in the first part")
            XCTAssertEqual(results.last?.count, 1)  // Row 1
            XCTAssertTrue(controller.isLoading, "the rest is still arriving")

            operation.add(20)
            operation.reportPart()
            pump(until: { results.all.count == 3 }, "the result in the second part")
            XCTAssertEqual(results.last?.count, 12)  // Row 1, Row 10 … Row 19, Row 21
            XCTAssertEqual(results.last?.indexPath(ofMatch: 11), [21])

            operation.finish()
            pump(until: { !controller.isLoading }, "the whole")
            controller.stopFindingComponents()
            let heard = results.all.count
            operation.add(5)
            operation.reportPart()
            pump(for: 0.3)
            XCTAssertEqual(results.all.count, heard, "a stopped query hears nothing more")
        }
    }

    func testNoMatch() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("row") { RowComponent() }
            let controller = try harness.open { addRows($0, count: 50) }
            pump(until: { controller.liveBodyComponentCount > 0 }, "the rows")
            let results = Results()
            controller.findComponents(matching: "rows", locale: english) { results.all.append($0) }
            pump(until: { !results.all.isEmpty }, "the result")
            XCTAssertEqual(results.last?.isEmpty, true)
            XCTAssertEqual(marked(controller), [])
        }
    }
}
