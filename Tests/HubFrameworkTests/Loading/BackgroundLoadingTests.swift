import Foundation
import XCTest

@testable import HubFramework

/// Documents are read, parsed and built off the main thread: what that means for cancellation,
/// loads that outlive their view, large view models and reloads racing pages.
final class BackgroundLoadingTests: XCTestCase, @unchecked Sendable {
    private var files: [URL] = []

    override func tearDown() {
        for file in files { try? FileManager.default.removeItem(at: file) }
        files = []
    }

    /// A document of `rows` body rows, written to a temporary file.
    private func document(rows: Int, prefix: String = "row") throws -> URL {
        var text = #"{"body": ["#
        for index in 0..<rows {
            if index > 0 { text += "," }
            text += #"{"id": "\#(prefix)-\#(index)", "text": {"title": "Row \#(index)"}}"#
        }
        text += "]}"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hub-background-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        files.append(url)
        return url
    }

    func testCancellingWhileAFileLoadsDeliversNothing() throws {
        let file = try document(rows: 50_000)
        MainActor.assumeIsolated {
            let (loader, recorder) = LoadingFixtures.loader([JSONContentOperation(url: file)])
            loader.loadViewModel()
            XCTAssertTrue(loader.isLoading)
            loader.cancel()  // the view went away
            XCTAssertFalse(loader.isLoading)
            // Long enough for the abandoned read and parse to finish and try to report.
            _ = loadingSpin(timeout: 3) { false }
            XCTAssertEqual(recorder.events, [], "a cancelled load reports nothing")
        }
    }

    func testALoadThatFinishesAfterItsLoaderIsGoneIsHarmless() throws {
        let file = try document(rows: 20_000)
        MainActor.assumeIsolated {
            weak var weakLoader: ViewModelLoader?
            var recorder: LoadingRecorder?
            do {
                let (loader, loaderRecorder) = LoadingFixtures.loader([JSONContentOperation(url: file)])
                loader.loadViewModel()
                weakLoader = loader
                recorder = loaderRecorder
            }
            XCTAssertNil(weakLoader, "the loader went away with its view")
            _ = loadingSpin(timeout: 3) { false }
            XCTAssertEqual(recorder?.events, [])
        }
    }

    func testALargeViewModelIsBuiltOffTheMainThreadAndDeliveredOnIt() throws {
        let count = ViewModelLoader.backgroundBuildThreshold * 3
        MainActor.assumeIsolated {
            let operation = LoadingTestOperation("A") { builder, _ in
                for index in 0..<count { builder.bodyComponentModelBuilder(withIdentifier: "c\(index)").title = "\(index)" }
            }
            let (loader, recorder) = LoadingFixtures.loader([operation])
            var deliveredOnMain = false
            recorder.onLoad = { _ in deliveredOnMain = Thread.isMainThread }
            loader.loadViewModel()
            XCTAssertEqual(recorder.events, [], "not built on the main thread before loadViewModel() returns")
            XCTAssertTrue(loader.isLoading, "building counts as loading")
            XCTAssertTrue(loadingSpin { !loader.isLoading })
            XCTAssertEqual(recorder.events, ["load"])
            XCTAssertTrue(deliveredOnMain)
            XCTAssertEqual(recorder.lastViewModel?.bodyComponentModels.count, count)
        }
    }

    func testASmallViewModelIsStillDeliveredBeforeLoadViewModelReturns() {
        MainActor.assumeIsolated {
            let (loader, recorder) = LoadingFixtures.loader([LoadingTestOperation("A", addsComponent: "a")])
            loader.loadViewModel()
            XCTAssertEqual(recorder.events, ["load"])
        }
    }

    func testAReloadDuringALargeBuildDeliversOnlyTheNewestContent() {
        let count = ViewModelLoader.backgroundBuildThreshold * 3
        MainActor.assumeIsolated {
            let operation = LoadingTestOperation("A") { builder, run in
                for index in 0..<count { builder.bodyComponentModelBuilder(withIdentifier: "c\(index)").title = "run \(run)" }
            }
            let (loader, recorder) = LoadingFixtures.loader([operation])
            loader.loadViewModel()
            loader.reloadViewModel()  // while the first build runs
            XCTAssertTrue(loadingSpin { !loader.isLoading })
            _ = loadingSpin(timeout: 0.5) { false }  // a superseded build would report by now
            XCTAssertEqual(recorder.events, ["load"])
            XCTAssertEqual(recorder.lastViewModel?.bodyComponentModels.first?.title, "run 2")
        }
    }

    func testAReloadRacingAPageRestartsAndDropsThePage() {
        MainActor.assumeIsolated {
            let paged = LoadingPaginatedOperation("P", completion: .finish) { builder, run in
                builder.bodyComponentModelBuilder(withIdentifier: "main-\(run)").title = "main"
            }
            paged.pageCompletion = .manual
            paged.pageContent = { builder, page in builder.bodyComponentModelBuilder(withIdentifier: "page-\(page)").title = "page" }
            let (loader, recorder) = LoadingFixtures.loader([paged])
            loader.loadViewModel()
            loader.loadNextPage()  // the page hangs…
            XCTAssertTrue(loader.isLoading)
            loader.reloadViewModel()  // …and a reload comes in
            XCTAssertTrue(loadingSpin { !loader.isLoading })
            paged.finish()  // the abandoned page reports late
            _ = loadingSpin(timeout: 0.2) { false }
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["main-2"],
                           "the reload's content, without the abandoned page")
            XCTAssertEqual(recorder.events, ["load", "load"])
        }
    }

    func testSnapshotsShareComponentBuildersUntilTheyAreAskedFor() {
        let schema = LoadingFixtures.schema()
        let builder = schema.makeViewModelBuilder()
        builder.bodyComponentModelBuilder(withIdentifier: "a").title = "original"
        let snapshot = builder.snapshot()
        // Through the accessors, each side gets a builder of its own.
        snapshot.bodyComponentModelBuilder(withIdentifier: "a").title = "changed in the snapshot"
        XCTAssertEqual(builder.build().bodyComponentModels.first?.title, "original")
        builder.bodyComponentModelBuilder(withIdentifier: "a").title = "changed in the original"
        XCTAssertEqual(snapshot.build().bodyComponentModels.first?.title, "changed in the snapshot")
        // Asking twice still gives the same builder.
        XCTAssertTrue(snapshot.bodyComponentModelBuilder(withIdentifier: "a") === snapshot.bodyComponentModelBuilder(withIdentifier: "a"))
        // Every builder handed out by `allBodyComponentModelBuilders()` is the snapshot's own too.
        let another = snapshot.snapshot()
        for component in another.allBodyComponentModelBuilders() { component.title = "all" }
        XCTAssertEqual(snapshot.build().bodyComponentModels.first?.title, "changed in the snapshot")
    }
}

/// Operations that never reschedule let the loader hand builders on without keeping snapshots.
final class SnapshotEconomyTests: XCTestCase {
    @MainActor
    private final class NeverReschedules: LoadingTestOperation {
        override var mayRequestRescheduling: Bool { false }
    }

    func testNoSnapshotIsKeptBeforeOperationsThatNeverReschedule() {
        MainActor.assumeIsolated {
            let a = LoadingTestOperation("A", addsComponent: "a")
            let b = NeverReschedules("B", addsComponent: "b")
            let (loader, recorder) = LoadingFixtures.loader([a, b])
            loader.loadViewModel()
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["a", "b"])
            XCTAssertTrue(b.lastBuilder === a.lastBuilder, "A's builder was handed on, not copied")
        }
    }

    func testAnOperationThatReschedulesAnywayGetsTheWholeChainAgain() {
        MainActor.assumeIsolated {
            var runsOfA = 0
            let a = LoadingTestOperation("A") { builder, _ in
                runsOfA += 1
                builder.bodyComponentModelBuilder(withIdentifier: "a").title = "a"
            }
            let b = NeverReschedules("B", addsComponent: "b")
            let (loader, recorder) = LoadingFixtures.loader([a, b])
            loader.loadViewModel()
            b.reschedule()
            XCTAssertEqual(runsOfA, 2, "no snapshot of B's input: the chain ran from the start")
            XCTAssertEqual(recorder.viewModels.map(LoadingFixtures.bodyIdentifiers), [["a", "b"], ["a", "b"]])
        }
    }
}
