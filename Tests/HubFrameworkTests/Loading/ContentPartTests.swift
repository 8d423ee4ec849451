import Foundation
import XCTest

@testable import HubFramework

/// Parts of an operation's content shown before the operation finishes (docs/content-loading.md,
/// "Parts"): they travel through the operations after it, one at a time, and stop when it finishes.
final class ContentPartTests: XCTestCase, @unchecked Sendable {
    private typealias Op = LoadingTestOperation
    private let fixtures = LoadingFixtures.self

    /// A streaming operation: adds `row-<n>` for each number in `rows` as the test asks, then finishes.
    @MainActor
    private func streaming(_ name: String = "stream") -> (Op, (String) -> Void) {
        let op = Op(name, completion: .manual)
        let add: (String) -> Void = { identifier in
            op.lastBuilder?.bodyComponentModelBuilder(withIdentifier: identifier).title = identifier
        }
        return (op, add)
    }

    func testAPartGoesThroughTheLaterOperationsAndIsShownBeforeTheWhole() {
        MainActor.assumeIsolated {
            let (stream, add) = streaming()
            let later = Op("later", addsComponent: "later")
            let (loader, recorder) = fixtures.loader([stream, later])
            loader.loadViewModel()
            add("row-1")
            stream.reportPart()
            XCTAssertEqual(recorder.events, ["part"])
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.parts.last), ["row-1", "later"],
                           "the operations after the streaming one see the part")
            XCTAssertEqual(recorder.parts.last?.navigationTitle, LoadingFixtures.featureInfo.title,
                           "a part gets the feature's title like the whole")
            XCTAssertTrue(loader.isLoading, "the chain still loads the rest")
            XCTAssertNil(loader.previouslyLoadedViewModel, "a part is not the loaded content")

            add("row-2")
            stream.finish()
            XCTAssertEqual(recorder.events, ["part", "load"])
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["row-1", "row-2", "later"])
            XCTAssertEqual(later.performCount, 2, "once for the part, once for the whole")
            XCTAssertFalse(later.builders[0] === later.builders[1], "the part and the whole are different builders")
            XCTAssertFalse(loader.isLoading)
        }
    }

    func testTheLastOperationsPartIsShownAsItIs() {
        MainActor.assumeIsolated {
            let (stream, add) = streaming()
            let (loader, recorder) = fixtures.loader([Op("first", addsComponent: "first"), stream])
            loader.loadViewModel()
            add("row-1")
            stream.reportPart()
            add("row-2")
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.parts.last), ["first", "row-1"],
                           "the part is the builder as it was when reported")
            stream.finish()
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["first", "row-1", "row-2"])
        }
    }

    // One part at a time; of the parts that arrive meanwhile, only the latest goes next.
    func testPartsWaitForTheOneOnItsWayAndOnlyTheLatestGoesNext() {
        MainActor.assumeIsolated {
            let (stream, add) = streaming()
            let later = Op("later", completion: .manual)
            let (loader, recorder) = fixtures.loader([stream, later])
            loader.loadViewModel()
            add("row-1")
            stream.reportPart()
            XCTAssertEqual(later.performCount, 1)
            add("row-2")
            stream.reportPart()
            add("row-3")
            stream.reportPart()
            XCTAssertEqual(later.performCount, 1, "the later operation is busy with the first part")
            later.finish()
            XCTAssertEqual(recorder.parts.map(LoadingFixtures.bodyIdentifiers), [["row-1"]])
            XCTAssertEqual(later.performCount, 2)
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(later.lastBuilder), ["row-1", "row-2", "row-3"],
                           "the second part waiting was replaced by the third")
            later.finish()
            XCTAssertEqual(recorder.parts.map(LoadingFixtures.bodyIdentifiers), [["row-1"], ["row-1", "row-2", "row-3"]])
            stream.finish()
            later.finish()
            XCTAssertEqual(recorder.events, ["part", "part", "load"])
        }
    }

    // An operation is never given two builders at once: the whole waits until the part is done.
    func testTheWholeWaitsForTheOperationBusyWithAPartAndThatPartIsNotShown() {
        MainActor.assumeIsolated {
            let (stream, add) = streaming()
            let later = Op("later", completion: .manual)
            let (loader, recorder) = fixtures.loader([stream, later])
            loader.loadViewModel()
            add("row-1")
            stream.reportPart()
            add("row-2")
            stream.finish()
            XCTAssertEqual(later.performCount, 1, "still busy with the part")
            later.finish()
            XCTAssertEqual(later.performCount, 2, "then it gets the whole")
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(later.lastBuilder), ["row-1", "row-2"])
            XCTAssertEqual(recorder.events, [], "the part that was on its way is not shown")
            later.finish()
            XCTAssertEqual(recorder.events, ["load"])
        }
    }

    // Errors travel with a part as in a run: the next operation hears of it, and only the last
    // operation's outcome decides whether the part is shown.
    func testErrorsTravelWithAPartAndALastOperationThatFailsHidesIt() {
        MainActor.assumeIsolated {
            let (stream, add) = streaming()
            let later = Op("later", completion: .manual)
            let last = Op("last", completion: .manual)
            let (loader, recorder) = fixtures.loader([stream, later, last])
            loader.loadViewModel()
            add("row-1")
            stream.reportPart()
            later.fail(LoadingTestError("later"))
            XCTAssertEqual(last.previousErrorNames, ["later"], "the error travels with the part")
            last.finish()
            XCTAssertEqual(recorder.events, ["part"], "the last operation recovered: the part is shown")

            add("row-2")
            stream.reportPart()
            later.finish()
            last.fail(LoadingTestError("last"))
            XCTAssertEqual(recorder.events, ["part"], "the last operation failed on this part: not shown")

            stream.finish()
            later.finish()
            last.finish()
            XCTAssertEqual(recorder.events, ["part", "load"])
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["row-1", "row-2"])
        }
    }

    func testCancellingDropsThePartsAndStopsTheOperationBusyWithOne() {
        MainActor.assumeIsolated {
            let (stream, add) = streaming()
            let later = Op("later", completion: .manual)
            let (loader, recorder) = fixtures.loader([stream, later])
            loader.loadViewModel()
            add("row-1")
            stream.reportPart()
            loader.cancel()
            XCTAssertEqual(later.cancelCount, 1)
            later.finish()
            stream.reportPart()
            stream.finish()
            XCTAssertEqual(recorder.events, [])
            XCTAssertFalse(loader.isLoading)
        }
    }

    func testAReloadShowsNoPartsAndKeepsTheWholeContentItHad() {
        MainActor.assumeIsolated {
            let (stream, add) = streaming()
            let (loader, recorder) = fixtures.loader([stream, Op("later", addsComponent: "later")])
            loader.loadViewModel()
            add("row-1")
            stream.finish()
            XCTAssertEqual(recorder.events, ["load"])
            loader.reloadViewModel()
            add("row-1")
            stream.reportPart()
            XCTAssertEqual(recorder.events, ["load"], "a reload keeps the whole it shows until the new whole")
            stream.finish()
            XCTAssertEqual(recorder.events, ["load", "load"])
        }
    }

    func testAStalePartOfAnEarlierRunIsIgnored() {
        MainActor.assumeIsolated {
            let (stream, add) = streaming()
            let (loader, recorder) = fixtures.loader([stream, Op("later", addsComponent: "later")])
            loader.loadViewModel()
            add("row-1")
            let earlierRun = stream.capturedDelegate
            loader.cancel()
            loader.loadViewModel()
            earlierRun?.contentOperation(stream, didAddPartOfContent: stream.lastBuilder!.snapshot())
            XCTAssertEqual(recorder.events, [])
            stream.finish()
            XCTAssertEqual(recorder.events, ["load"])
        }
    }

    // After working on a part, an operation has its delegate back: it can still ask to run again, and
    // the request is queued behind the run under way.
    func testAnOperationThatWorkedOnAPartCanStillAskToRunAgain() {
        MainActor.assumeIsolated {
            let (stream, add) = streaming()
            let later = Op("later", completion: .manual)
            let (loader, recorder) = fixtures.loader([stream, later])
            loader.loadViewModel()
            add("row-1")
            stream.finish()
            later.finish()
            XCTAssertEqual(recorder.events, ["load"])
            loader.discardContent()  // nothing to show again: parts are shown

            loader.loadViewModel()
            add("row-1")
            stream.reportPart()
            XCTAssertEqual(later.performCount, 2, "working on the part")
            later.finish()
            XCTAssertEqual(recorder.events, ["load", "part"])
            XCTAssertNotNil(later.delegate, "the delegate of its last run is back")
            later.reschedule()
            XCTAssertEqual(later.performCount, 2, "queued behind the run under way")
            stream.finish()
            XCTAssertEqual(later.performCount, 3, "the whole")
            later.finish()
            // No snapshot of the first operation's output was kept (the content was discarded), so
            // the request runs the chain from the start, as a request made without parts would.
            XCTAssertEqual(stream.performCount, 3, "the rescheduled run")
            add("row-1")
            stream.finish()
            XCTAssertEqual(later.performCount, 4, "the rescheduled run")
            later.finish()
            XCTAssertEqual(recorder.events, ["load", "part", "load"], "one view model when the queue empties")
        }
    }
}
