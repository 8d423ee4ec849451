import Foundation
import XCTest

@testable import HubFramework

/// The content loading chain (docs/content-loading.md): the behaviours of the original's
/// HUBViewModelLoaderTests, and the port's fixes.
///
/// Test methods run on the main thread; their bodies state it with `MainActor.assumeIsolated`
/// (swift-corelibs-xctest cannot run `@MainActor` test methods).
final class ViewModelLoaderTests: XCTestCase, @unchecked Sendable {
    private typealias Op = LoadingTestOperation
    private let fixtures = LoadingFixtures.self

    // MARK: Initial content

    func testInitialViewModelIsBuiltOnceAndCached() {
        MainActor.assumeIsolated {
            let op = LoadingInitialContentOperation("A")
            op.initialContent = { $0.navigationBarTitle = "A title" }
            let (loader, _) = fixtures.loader([op])
            for _ in 0..<3 { XCTAssertEqual(loader.initialViewModel.navigationTitle, "A title") }
            XCTAssertEqual(op.initialContentCount, 1)
            XCTAssertEqual(op.performCount, 0, "reading the initial view model does not load")
        }
    }

    // Every operation with initial content, in chain order, on one fresh builder.
    func testInitialContentOperationsShareOneFreshBuilderInChainOrder() {
        MainActor.assumeIsolated {
            let a = LoadingInitialContentOperation("A")
            let plain = Op("plain")
            let b = LoadingInitialContentOperation("B")
            var order: [String] = []
            a.initialContent = { builder in
                XCTAssertTrue(builder.isEmpty)
                order.append("A")
                builder.bodyComponentModelBuilder(withIdentifier: "skeleton-a").title = "a"
            }
            b.initialContent = { builder in
                order.append("B")
                XCTAssertEqual(LoadingFixtures.bodyIdentifiers(builder), ["skeleton-a"])
                builder.bodyComponentModelBuilder(withIdentifier: "skeleton-b").title = "b"
            }
            let (loader, _) = fixtures.loader([a, plain, b])
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(loader.initialViewModel), ["skeleton-a", "skeleton-b"])
            XCTAssertEqual(order, ["A", "B"])
            XCTAssertTrue(a.initialContentBuilders[0] === b.initialContentBuilders[0])
        }
    }

    func testInjectedInitialViewModelReplacesInitialContent() {
        MainActor.assumeIsolated {
            let builder = LoadingFixtures.schema().makeViewModelBuilder()
            builder.navigationBarTitle = "Pre-computed title"
            let injected = builder.build()
            let op = LoadingInitialContentOperation("A")
            let (loader, _) = fixtures.loader([op], initialViewModel: injected)
            XCTAssertTrue(loader.initialViewModel === injected)
            XCTAssertEqual(loader.initialViewModel.navigationTitle, "Pre-computed title")
            XCTAssertEqual(op.initialContentCount, 0)
        }
    }

    func testInitialViewModelWithoutInitialContentIsEmpty() {
        MainActor.assumeIsolated {
            let (loader, _) = fixtures.loader([Op("A")])
            XCTAssertTrue(loader.initialViewModel.bodyComponentModels.isEmpty)
            XCTAssertNil(loader.initialViewModel.headerComponentModel)
        }
    }

    // MARK: Loading, success and failure

    func testAsynchronousOperationDeliversItsViewModelWhenItFinishes() {
        MainActor.assumeIsolated {
            let op = Op("A", completion: .manual) { builder, _ in builder.navigationBarTitle = "A title" }
            let (loader, recorder) = fixtures.loader([op])
            loader.loadViewModel()
            XCTAssertTrue(recorder.events.isEmpty)
            op.finish()
            XCTAssertEqual(recorder.events, ["load"])
            XCTAssertEqual(recorder.lastViewModel?.navigationTitle, "A title")
        }
    }

    func testFailureOfTheOnlyOperationReachesTheDelegate() {
        MainActor.assumeIsolated {
            let op = Op("A", completion: .manual)
            let (loader, recorder) = fixtures.loader([op])
            loader.loadViewModel()
            op.fail(LoadingTestError("E"))
            XCTAssertEqual(recorder.events, ["fail:E"])
            XCTAssertNil(loader.previouslyLoadedViewModel)
        }
    }

    func testNextOperationGetsThePreviousErrorAndCanSilenceIt() {
        MainActor.assumeIsolated {
            let a = Op("A", completion: .manual)
            let b = Op("B") { builder, _ in builder.navigationBarTitle = "A title" }
            let (loader, recorder) = fixtures.loader([a, b])
            loader.loadViewModel()
            a.fail(LoadingTestError("E"))
            XCTAssertEqual(loadingErrorName(b.lastPreviousError), "E")
            XCTAssertEqual(recorder.events, ["load"])
            XCTAssertEqual(recorder.lastViewModel?.navigationTitle, "A title")
        }
    }

    func testEveryOperationGetsItsOwnBuilder() {
        MainActor.assumeIsolated {
            let a = Op("A", addsComponent: "a")
            let b = Op("B", addsComponent: "b")
            let (loader, _) = fixtures.loader([a, b])
            loader.loadViewModel()
            XCTAssertNotNil(a.lastBuilder)
            XCTAssertFalse(a.lastBuilder === b.lastBuilder)
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(a.lastBuilder), ["a"], "B's content never lands in A's builder")
        }
    }

    func testSecondReportOfAnExecutionIsIgnored() {
        MainActor.assumeIsolated {
            let op = Op("A", completion: .manual) { builder, _ in builder.navigationBarTitle = "A title" }
            let (loader, recorder) = fixtures.loader([op])
            loader.loadViewModel()
            op.finish()
            XCTAssertEqual(recorder.lastViewModel?.navigationTitle, "A title")
            op.lastBuilder?.navigationBarTitle = "Another title"
            op.finish()
            op.fail(LoadingTestError("late"))
            XCTAssertEqual(recorder.events, ["load"])
            XCTAssertEqual(recorder.lastViewModel?.navigationTitle, "A title")
            XCTAssertFalse(loader.isLoading)
        }
    }

    // Fix: the snapshot is a copy, so a builder changed after its operation reported cannot leak
    // into later runs (docs/content-loading.md, "Other differences from the original").
    func testChangingABuilderAfterReportingDoesNotLeakIntoLaterRuns() {
        MainActor.assumeIsolated {
            let a = Op("A", completion: .manual, addsComponent: "a")
            let b = Op("B", addsComponent: "b")
            let (loader, recorder) = fixtures.loader([a, b])
            loader.loadViewModel()
            a.finish()
            a.lastBuilder?.bodyComponentModelBuilder(withIdentifier: "late").title = "late"
            b.reschedule()
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(b.lastBuilder), ["a", "b"])
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["a", "b"])
            XCTAssertEqual(recorder.viewModels.count, 2)
        }
    }

    func testOperationFinishingInsidePerformStartsTheNextOnceOnly() {
        MainActor.assumeIsolated {
            let a = Op("A")
            let b = Op("B")
            let (loader, _) = fixtures.loader([a, b])
            loader.loadViewModel()
            XCTAssertEqual(b.performCount, 1)
        }
    }

    func testSynchronousSuccessGivesExactlyOneCallback() {
        MainActor.assumeIsolated {
            let (loader, recorder) = fixtures.loader([Op("A")])
            loader.loadViewModel()
            XCTAssertEqual(recorder.events, ["load"], "delivered before loadViewModel() returns")
        }
    }

    func testSynchronousFailureGivesExactlyOneCallback() {
        MainActor.assumeIsolated {
            let (loader, recorder) = fixtures.loader([Op("A", completion: .fail(LoadingTestError("E")))])
            loader.loadViewModel()
            XCTAssertEqual(recorder.events, ["fail:E"])
        }
    }

    func testContentDoesNotAccumulateAcrossLoads() {
        MainActor.assumeIsolated {
            let op = Op("A") { builder, _ in
                builder.bodyComponentModelBuilder(withIdentifier: UUID().uuidString).componentName = "component"
            }
            let (loader, recorder) = fixtures.loader([op])
            loader.loadViewModel()
            XCTAssertEqual(recorder.lastViewModel?.bodyComponentModels.count, 1)
            loader.loadViewModel()
            XCTAssertEqual(recorder.lastViewModel?.bodyComponentModels.count, 1)
            XCTAssertEqual(recorder.viewModels.count, 2)
        }
    }

    // MARK: Rescheduling and snapshots

    func testReschedulingRerunsTheOperationAndTheOnesAfterItFromSnapshots() {
        MainActor.assumeIsolated {
            let a = Op("A") { builder, _ in
                XCTAssertTrue(builder.isEmpty, "A always starts from a fresh builder")
                builder.bodyComponentModelBuilder(withIdentifier: "a").title = "a"
            }
            let b = Op("B") { builder, _ in
                XCTAssertEqual(LoadingFixtures.bodyIdentifiers(builder), ["a"], "B never sees its own earlier output")
                builder.bodyComponentModelBuilder(withIdentifier: "b").title = "b"
            }
            let c = Op("C") { builder, _ in
                XCTAssertEqual(LoadingFixtures.bodyIdentifiers(builder), ["a", "b"])
                builder.bodyComponentModelBuilder(withIdentifier: "c").title = "c"
            }
            let (loader, recorder) = fixtures.loader([a, b, c])
            loader.loadViewModel()
            XCTAssertEqual([a.performCount, b.performCount, c.performCount], [1, 1, 1])
            a.reschedule()
            XCTAssertEqual([a.performCount, b.performCount, c.performCount], [2, 2, 2])
            b.reschedule()
            XCTAssertEqual([a.performCount, b.performCount, c.performCount], [2, 3, 3])
            c.reschedule()
            XCTAssertEqual([a.performCount, b.performCount, c.performCount], [2, 3, 4])
            XCTAssertEqual(recorder.viewModels.count, 4)
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["a", "b", "c"])
        }
    }

    func testErrorsFlowTheSameWayAfterRescheduling() {
        MainActor.assumeIsolated {
            let a = Op("A", completion: .fail(LoadingTestError("a")))
            let b = Op("B", completion: .fail(LoadingTestError("b")))
            let c = Op("C")
            let (loader, recorder) = fixtures.loader([a, b, c])
            loader.loadViewModel()
            XCTAssertEqual(b.previousErrorNames, ["a"])
            XCTAssertEqual(c.previousErrorNames, ["b"])
            b.reschedule()
            XCTAssertEqual(b.previousErrorNames, ["a", "a"], "B gets A's error from the snapshot")
            XCTAssertEqual(c.previousErrorNames, ["b", "b"])
            c.reschedule()
            XCTAssertEqual(c.previousErrorNames, ["b", "b", "b"])
            a.completion = .finish
            b.completion = .finish
            a.reschedule()
            XCTAssertEqual(a.previousErrorNames, [nil, nil])
            XCTAssertEqual(b.previousErrorNames.last, .some(nil))
            XCTAssertEqual(c.previousErrorNames.last, .some(nil))
            XCTAssertEqual(recorder.events, ["load", "load", "load", "load"], "C silenced the errors every time")
        }
    }

    func testEveryRescheduleDeliversAViewModel() {
        MainActor.assumeIsolated {
            let a = Op("A")
            let b = Op("B")
            let c = Op("C")
            let (loader, recorder) = fixtures.loader([a, b, c])
            loader.loadViewModel()
            b.reschedule()
            b.reschedule()
            XCTAssertEqual(recorder.events, ["load", "load", "load"])
            XCTAssertEqual([a.performCount, b.performCount, c.performCount], [1, 3, 3])
        }
    }

    func testReschedulingAfterAFailedLoadRecovers() {
        MainActor.assumeIsolated {
            let op = Op("A", completion: .fail(LoadingTestError("E")), addsComponent: "a")
            let (loader, recorder) = fixtures.loader([op])
            loader.loadViewModel()
            XCTAssertEqual(recorder.events, ["fail:E"])
            op.completion = .finish
            op.reschedule()
            XCTAssertEqual(op.performCount, 2)
            XCTAssertEqual(op.previousErrorNames, [nil, nil])
            XCTAssertEqual(recorder.events, ["fail:E", "load"])
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["a"])
        }
    }

    // The operation's delegate is assigned when it first runs, so it cannot reschedule before.
    func testAnOperationHasNoDelegateBeforeItsFirstExecution() {
        MainActor.assumeIsolated {
            let a = Op("A", completion: .manual)
            let b = Op("B")
            let (loader, recorder) = fixtures.loader([a, b])
            XCTAssertNil(a.delegate)
            loader.loadViewModel()
            XCTAssertNotNil(a.delegate)
            XCTAssertNil(b.delegate, "B has not run yet")
            a.finish()
            XCTAssertNotNil(b.delegate)
            XCTAssertEqual(recorder.events, ["load"])
        }
    }

    // Fix: operations hold their delegate weakly (as the original's did); the loader keeps the
    // latest execution's delegate alive so such an operation can still reschedule much later.
    func testOperationWithAWeakDelegateCanRescheduleLongAfterItFinished() {
        MainActor.assumeIsolated {
            let a = Op("A") { builder, run in builder.navigationBarTitle = "run \(run)" }
            a.capturesDelegate = false
            let (loader, recorder) = fixtures.loader([a])
            loader.loadViewModel()
            XCTAssertNotNil(a.delegate, "the delegate outlives the execution")
            a.reschedule()
            a.reschedule()
            XCTAssertEqual(recorder.viewModels.map(\.navigationTitle), ["run 1", "run 2", "run 3"])
        }
    }

    // Reschedules are queued behind the running chain, duplicates included; one delivery per drain.
    func testRescheduleWhileTheChainRunsIsQueued() {
        MainActor.assumeIsolated {
            let a = Op("A")
            let b = Op("B")
            let (loader, recorder) = fixtures.loader([a, b])
            loader.loadViewModel()
            a.completion = .manual
            a.reschedule()
            XCTAssertTrue(loader.isLoading)
            b.reschedule()
            XCTAssertEqual(b.performCount, 1, "B waits for A")
            a.finish()
            XCTAssertEqual(b.performCount, 3, "B ran for A's reschedule and for its own")
            XCTAssertEqual(recorder.events, ["load", "load"])
            XCTAssertFalse(loader.isLoading)
        }
    }

    func testRescheduleRequestedFromABackgroundThread() {
        let done = expectation(description: "second view model")
        let (loader, recorder, b) = MainActor.assumeIsolated { () -> (ViewModelLoader, LoadingRecorder, Op) in
            let a = Op("A", addsComponent: "a")
            let b = Op("B") { builder, run in builder.bodyComponentModelBuilder(withIdentifier: "b\(run)").title = "b" }
            let (loader, recorder) = fixtures.loader([a, b])
            loader.loadViewModel()
            recorder.onLoad = { _ in done.fulfill() }
            let delegate = b.delegate
            DispatchQueue.global().async { [b] in delegate?.contentOperationRequiresRescheduling(b) }
            return (loader, recorder, b)
        }
        wait(for: [done], timeout: 5)
        MainActor.assumeIsolated {
            XCTAssertEqual(b.performCount, 2)
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["a", "b2"])
            XCTAssertFalse(loader.isLoading)
        }
    }

    // MARK: The content programming guide's examples

    // "Content loading chain": a later operation changes a component an earlier one created.
    func testGuideLaterOperationChangesEarlierContent() {
        MainActor.assumeIsolated {
            let a = Op("A") { builder, _ in
                let component = builder.bodyComponentModelBuilder(withIdentifier: "component")
                component.title = "TitleA"
                component.subtitle = "Subtitle"
            }
            let b = Op("B") { builder, _ in
                builder.bodyComponentModelBuilder(withIdentifier: "component").title = "TitleB"
            }
            let (loader, recorder) = fixtures.loader([a, b])
            loader.loadViewModel()
            let models = recorder.lastViewModel?.bodyComponentModels ?? []
            XCTAssertEqual(models.count, 1)
            XCTAssertEqual(models.first?.title, "TitleB")
            XCTAssertEqual(models.first?.subtitle, "Subtitle")
        }
    }

    // "View model builder snapshotting": A adds A and B, B adds C; a rescheduled B sees only A and B,
    // so it can add C conditionally without cleaning up.
    func testGuideRescheduledOperationStartsFromTheSnapshotOfItsInput() {
        MainActor.assumeIsolated {
            let a = Op("A") { builder, _ in
                builder.bodyComponentModelBuilder(withIdentifier: "A").title = "A"
                builder.bodyComponentModelBuilder(withIdentifier: "B").title = "B"
            }
            let includeC = LoadingValue(true)
            var inputs: [[String]] = []
            let b = Op("B") { builder, _ in
                inputs.append(LoadingFixtures.bodyIdentifiers(builder))
                if includeC.value { builder.bodyComponentModelBuilder(withIdentifier: "C").title = "C" }
            }
            let (loader, recorder) = fixtures.loader([a, b])
            loader.loadViewModel()
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["A", "B", "C"])
            b.reschedule()
            XCTAssertEqual(inputs, [["A", "B"], ["A", "B"]], "not A, B, C: the snapshot of B's input")
            includeC.value = false
            b.reschedule()
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["A", "B"], "no cleanup needed")
            XCTAssertEqual(a.performCount, 1)
        }
    }

    // "Rescheduling content operations": rescheduling B reschedules C as well, never A.
    func testGuideReschedulingRunsTheSubsequentOperations() {
        MainActor.assumeIsolated {
            let a = Op("A", addsComponent: "a")
            let stateOfB = LoadingValue("first")
            let b = Op("B") { builder, _ in builder.bodyComponentModelBuilder(withIdentifier: "b").title = stateOfB.value }
            let c = Op("C") { builder, _ in
                // C relies on B's output.
                let title = builder.bodyComponentModelBuilderExists(withIdentifier: "b")
                    ? builder.bodyComponentModelBuilder(withIdentifier: "b").title ?? "" : "missing"
                builder.bodyComponentModelBuilder(withIdentifier: "c").title = "after \(title)"
            }
            let (loader, recorder) = fixtures.loader([a, b, c])
            loader.loadViewModel()
            stateOfB.value = "second"
            b.reschedule()
            XCTAssertEqual(LoadingFixtures.bodyTitles(recorder.lastViewModel), ["a", "second", "after second"])
            XCTAssertEqual([a.performCount, b.performCount, c.performCount], [1, 2, 2])
        }
    }

    // "Handling errors": forwarding passes the error on, finishing silences it.
    func testGuideErrorsCanBeForwardedOrSilenced() {
        MainActor.assumeIsolated {
            let a = Op("A", completion: .fail(LoadingTestError("network")))
            let forwarder = Op("forwarder", completion: .manual)
            forwarder.content = { [unowned forwarder] _, _ in
                if let error = forwarder.lastPreviousError {
                    forwarder.capturedDelegate?.contentOperation(forwarder, didFailWithError: error)
                } else {
                    forwarder.finish()
                }
            }
            let silencer = Op("silencer") { builder, _ in
                builder.bodyComponentModelBuilder(withIdentifier: "offline-banner").title = "You are offline"
            }
            let (loader, recorder) = fixtures.loader([a, forwarder, silencer])
            loader.loadViewModel()
            XCTAssertEqual(forwarder.previousErrorNames, ["network"])
            XCTAssertEqual(silencer.previousErrorNames, ["network"], "forwarded")
            XCTAssertEqual(recorder.events, ["load"], "silenced")
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["offline-banner"])
        }
    }

    // Quirk 3 (kept): only the last operation's error reaches the delegate.
    func testOnlyTheLastOperationsErrorReachesTheDelegate() {
        MainActor.assumeIsolated {
            let a = Op("A", completion: .fail(LoadingTestError("a")))
            let b = Op("B", completion: .fail(LoadingTestError("b")))
            let c = Op("C", completion: .fail(LoadingTestError("c")))
            let (loader, recorder) = fixtures.loader([a, b, c])
            loader.loadViewModel()
            XCTAssertEqual(recorder.events, ["fail:c"])

            // An operation that ignores the previous error silences it all the same.
            c.completion = .finish
            c.reschedule()
            XCTAssertEqual(recorder.events, ["fail:c", "load"])
        }
    }

    // A failed reload keeps the last good view model (the view keeps showing it).
    func testFailedReloadKeepsThePreviouslyLoadedViewModel() {
        MainActor.assumeIsolated {
            let op = Op("A", addsComponent: "a")
            let (loader, recorder) = fixtures.loader([op])
            loader.loadViewModel()
            let good = loader.previouslyLoadedViewModel
            op.completion = .fail(LoadingTestError("E"))
            loader.reloadViewModel()
            XCTAssertEqual(recorder.events, ["load", "fail:E"])
            XCTAssertTrue(loader.previouslyLoadedViewModel === good)
        }
    }

    // MARK: Asynchronous operations on background threads

    func testOperationsFinishingOnBackgroundThreadsDeliverOnTheMainThread() {
        let loaded = expectation(description: "view model")
        let (loader, recorder, ops) = MainActor.assumeIsolated { () -> (ViewModelLoader, LoadingRecorder, [Op]) in
            let ops = ["a", "b", "c"].map { Op($0, completion: .finishInBackground(after: 0.01), addsComponent: $0) }
            let (loader, recorder) = fixtures.loader(ops)
            recorder.onLoad = { _ in loaded.fulfill() }
            loader.loadViewModel()
            XCTAssertTrue(loader.isLoading)
            XCTAssertEqual(ops.map(\.performCount), [1, 0, 0])
            return (loader, recorder, ops)
        }
        wait(for: [loaded], timeout: 5)
        MainActor.assumeIsolated {
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["a", "b", "c"])
            XCTAssertEqual(ops.map(\.performCount), [1, 1, 1])
            XCTAssertFalse(loader.isLoading)
            XCTAssertEqual(recorder.events, ["load"])
        }
    }

    func testErrorReportedFromABackgroundThreadGoesDownTheChain() {
        let failed = expectation(description: "failure")
        let (loader, recorder, b) = MainActor.assumeIsolated { () -> (ViewModelLoader, LoadingRecorder, Op) in
            let a = Op("A", completion: .failInBackground(LoadingTestError("a"), after: 0.01))
            let b = Op("B", completion: .failInBackground(LoadingTestError("b"), after: 0.01))
            let (loader, recorder) = fixtures.loader([a, b])
            recorder.onFail = { _ in failed.fulfill() }
            loader.loadViewModel()
            return (loader, recorder, b)
        }
        wait(for: [failed], timeout: 5)
        MainActor.assumeIsolated {
            XCTAssertFalse(loader.isLoading)
            XCTAssertEqual(b.previousErrorNames, ["a"])
            XCTAssertEqual(recorder.events, ["fail:b"])
        }
    }

    // MARK: Cancellation

    // A reload while an operation never finishes runs the chain afresh; the stuck execution is
    // cancelled and its late report ignored.
    func testReloadWhileAnOperationHangsRunsTheChainAfresh() {
        MainActor.assumeIsolated {
            let a = Op("A", completion: .never, addsComponent: "a")
            let b = Op("B", addsComponent: "b")
            let (loader, recorder) = fixtures.loader([a, b])
            loader.loadViewModel()
            XCTAssertTrue(loader.isLoading)
            let stuckDelegate = a.capturedDelegate

            a.completion = .finish
            loader.reloadViewModel()
            XCTAssertEqual(a.cancelCount, 1, "the stuck execution was cancelled")
            XCTAssertEqual(a.performCount, 2)
            XCTAssertEqual(b.performCount, 1)
            XCTAssertEqual(recorder.events, ["load"])
            XCTAssertFalse(loader.isLoading)

            stuckDelegate?.contentOperationDidFinish(a)
            stuckDelegate?.contentOperation(a, didFailWithError: LoadingTestError("late"))
            XCTAssertEqual(recorder.events, ["load"], "the late report is ignored")
            XCTAssertEqual(b.performCount, 1)
        }
    }

    // The same with the stuck execution finishing late from a background thread while the new run
    // is itself still pending.
    func testLateBackgroundReportOfACancelledExecutionIsIgnored() {
        let late = expectation(description: "late report sent")
        let (loader, recorder, a, b) = MainActor.assumeIsolated { () -> (ViewModelLoader, LoadingRecorder, Op, Op) in
            let a = Op("A", completion: .manual)
            let b = Op("B")
            let (loader, recorder) = fixtures.loader([a, b])
            loader.loadViewModel()
            let oldDelegate = a.capturedDelegate
            loader.reloadViewModel()  // A runs again and stays pending
            XCTAssertEqual(a.performCount, 2)
            DispatchQueue.global().async { [a] in
                oldDelegate?.contentOperationDidFinish(a)
                DispatchQueue.main.async { late.fulfill() }
            }
            return (loader, recorder, a, b)
        }
        wait(for: [late], timeout: 5)
        MainActor.assumeIsolated {
            XCTAssertEqual(b.performCount, 0, "the old execution's report did not move the new run on")
            XCTAssertTrue(loader.isLoading)
            XCTAssertEqual(recorder.events, [])
            a.finish()
            XCTAssertEqual(b.performCount, 1)
            XCTAssertEqual(recorder.events, ["load"])
        }
    }

    func testCancelStopsTheRunningOperationAndDropsTheQueue() {
        MainActor.assumeIsolated {
            let a = Op("A", completion: .manual)
            let b = Op("B")
            let (loader, recorder) = fixtures.loader([a, b])
            loader.loadViewModel()
            loader.cancel()
            XCTAssertEqual(a.cancelCount, 1)
            XCTAssertFalse(loader.isLoading)
            a.finish()
            XCTAssertEqual(b.performCount, 0)
            XCTAssertEqual(recorder.events, [])
            // Loading again starts over.
            a.completion = .finish
            loader.loadViewModel()
            XCTAssertEqual(recorder.events, ["load"])
        }
    }

    func testCancelWhileIdleCancelsNothing() {
        MainActor.assumeIsolated {
            let a = Op("A")
            let (loader, _) = fixtures.loader([a])
            loader.cancel()
            loader.loadViewModel()
            loader.cancel()
            XCTAssertEqual(a.cancelCount, 0)
        }
    }

    func testReportsAfterTheLoaderIsGoneAreHarmless() {
        MainActor.assumeIsolated {
            let a = Op("A", completion: .manual)
            var recorder: LoadingRecorder?
            do {
                let (loader, loaderRecorder) = fixtures.loader([a])
                loader.loadViewModel()
                recorder = loaderRecorder
            }
            a.finish()
            a.reschedule()
            XCTAssertEqual(recorder?.events, [])
        }
    }

    // MARK: Connectivity

    func testStateChangeWithoutNotificationDoesNotReachARunningChain() {
        MainActor.assumeIsolated {
            let resolver = LoadingConnectivityResolver(state: .online)
            let a = Op("A", completion: .manual)
            let b = Op("B")
            let (loader, recorder) = fixtures.loader([a, b], resolver: resolver)
            loader.loadViewModel()
            resolver.state = .offline
            a.finish()
            XCTAssertEqual(a.connectivityStates, [.online])
            XCTAssertEqual(b.connectivityStates, [.online])
            XCTAssertEqual(recorder.events, ["load"])
        }
    }

    func testConnectivityChangeShowsInitialContentAndReloadsDespiteThePolicy() {
        MainActor.assumeIsolated {
            let resolver = ManualConnectivityStateResolver(state: .online)
            let a = LoadingInitialContentOperation("A") { builder, _ in builder.navigationBarTitle = "loaded" }
            a.initialContent = { $0.navigationBarTitle = "initial" }
            let b = Op("B")
            let policy = LoadingReloadPolicy(answer: false)
            let (loader, recorder) = fixtures.loader([a, b], resolver: resolver, reloadPolicy: policy)
            _ = loader.initialViewModel
            loader.loadViewModel()
            resolver.state = .offline
            XCTAssertEqual(a.initialContentCount, 1, "the initial view model is cached")
            XCTAssertEqual([a.performCount, b.performCount], [2, 2])
            XCTAssertEqual(recorder.viewModels.map(\.navigationTitle), ["loaded", "initial", "loaded"])
            XCTAssertEqual(a.connectivityStates, [.online, .offline])
            XCTAssertTrue(policy.askedViewURIs.isEmpty, "connectivity changes bypass the policy")
        }
    }

    func testNotificationsWithoutAChangeDoNothing() {
        MainActor.assumeIsolated {
            let resolver = ManualConnectivityStateResolver(state: .online)
            let a = Op("A")
            let (loader, recorder) = fixtures.loader([a], resolver: resolver)
            loader.loadViewModel()
            for _ in 0..<4 { resolver.notifyObservers() }
            XCTAssertEqual(a.performCount, 1)
            XCTAssertEqual(recorder.events, ["load"])
        }
    }

    // Fix: the first load after an unobserved change runs the chain once, not twice.
    func testLoaderObservesConnectivityOnlyAfterItsFirstLoad() {
        MainActor.assumeIsolated {
            let resolver = ManualConnectivityStateResolver(state: .online)
            let a = Op("A")
            let b = Op("B")
            let (loader, recorder) = fixtures.loader([a, b], resolver: resolver)
            resolver.state = .offline
            XCTAssertEqual([a.performCount, b.performCount], [0, 0])
            XCTAssertEqual(recorder.events, [])
            loader.loadViewModel()
            XCTAssertEqual([a.performCount, b.performCount], [1, 1])
            XCTAssertEqual(a.connectivityStates, [.offline])
            XCTAssertEqual(loader.connectivityState, .offline)
            XCTAssertEqual(recorder.events, ["load", "load"], "the initial content, then the loaded content")
        }
    }

    func testStateIsResolvedAgainWhenLoading() {
        MainActor.assumeIsolated {
            let resolver = LoadingConnectivityResolver(state: .online)
            let ops = [Op("A"), Op("B")]
            let (loader, _) = fixtures.loader(ops, resolver: resolver)
            XCTAssertEqual(loader.connectivityState, .online)
            resolver.state = .offline
            loader.loadViewModel()
            XCTAssertEqual(ops.map(\.connectivityStates), [[.offline], [.offline]])
        }
    }

    // An unnotified change noticed by a later loadViewModel() counts as a change: initial
    // content, then one run, whatever the reload policy says.
    func testUnnotifiedChangeNoticedByLoadViewModelReloadsOnce() {
        MainActor.assumeIsolated {
            let resolver = LoadingConnectivityResolver(state: .online)
            let a = Op("A")
            let policy = LoadingReloadPolicy(answer: false)
            let (loader, recorder) = fixtures.loader([a], resolver: resolver, reloadPolicy: policy)
            loader.loadViewModel()
            resolver.state = .offline
            loader.loadViewModel()
            XCTAssertEqual(a.connectivityStates, [.online, .offline])
            XCTAssertEqual(recorder.events, ["load", "load", "load"])
            XCTAssertTrue(policy.askedViewURIs.isEmpty)
            loader.loadViewModel()
            XCTAssertEqual(a.performCount, 2, "no change: the policy decides again")
            XCTAssertEqual(policy.askedViewURIs.count, 1)
        }
    }

    func testConnectivityChangeWhileLoadingRestartsTheChain() {
        MainActor.assumeIsolated {
            let resolver = ManualConnectivityStateResolver(state: .online)
            let a = Op("A", completion: .manual)
            let b = Op("B")
            let (loader, recorder) = fixtures.loader([a, b], resolver: resolver)
            loader.loadViewModel()
            a.completion = .finish
            resolver.state = .offline
            XCTAssertEqual(a.cancelCount, 1)
            XCTAssertEqual(a.connectivityStates, [.online, .offline])
            XCTAssertEqual(b.connectivityStates, [.offline])
            XCTAssertEqual(recorder.events, ["load", "load"], "initial content, then the offline content")
        }
    }

    func testLoaderStopsObservingWhenItGoesAway() {
        MainActor.assumeIsolated {
            let resolver = ManualConnectivityStateResolver(state: .online)
            let a = Op("A")
            do {
                let (loader, _) = fixtures.loader([a], resolver: resolver)
                loader.loadViewModel()
            }
            resolver.state = .offline
            XCTAssertEqual(a.performCount, 1)
        }
    }

    // MARK: Feature info, titles, reload policy

    func testOperationsReceiveTheLoadersFeatureInfoAndViewURI() {
        MainActor.assumeIsolated {
            let info = FeatureInfo(identifier: "cities", title: "Cities")
            let a = Op("A")
            let (loader, _) = fixtures.loader([a], featureInfo: info)
            loader.loadViewModel()
            XCTAssertEqual(a.lastFeatureInfo, info)
            XCTAssertEqual(a.lastViewURI, LoadingFixtures.viewURI)
            XCTAssertEqual(loader.featureInfo, info)
        }
    }

    func testNavigationTitleDefaultsToTheFeatureTitle() {
        MainActor.assumeIsolated {
            let (loader, recorder) = fixtures.loader([Op("A")])
            loader.loadViewModel()
            XCTAssertEqual(recorder.lastViewModel?.navigationTitle, "Feature title")
        }
    }

    func testNavigationTitleIsNotDefaultedWhenSetOrWhenThereIsAHeader() {
        MainActor.assumeIsolated {
            let titled = Op("A") { builder, _ in builder.navigationBarTitle = "Own title" }
            let (loader, recorder) = fixtures.loader([titled])
            loader.loadViewModel()
            XCTAssertEqual(recorder.lastViewModel?.navigationTitle, "Own title")

            let header = Op("B") { builder, _ in builder.headerComponentModelBuilder.title = "Header" }
            let (headerLoader, headerRecorder) = fixtures.loader([header])
            headerLoader.loadViewModel()
            XCTAssertNil(headerRecorder.lastViewModel?.navigationTitle)
            XCTAssertEqual(headerRecorder.lastViewModel?.headerComponentModel?.title, "Header")
        }
    }

    func testReloadPolicyDecidesWhetherLoadingAgainRunsTheChain() {
        MainActor.assumeIsolated {
            let blocked = Op("A", addsComponent: "a")
            let policy = LoadingReloadPolicy(answer: false)
            let (loader, recorder) = fixtures.loader([blocked], reloadPolicy: policy)
            for _ in 0..<3 { loader.loadViewModel() }
            XCTAssertEqual(blocked.performCount, 1)
            XCTAssertEqual(policy.askedViewURIs, [LoadingFixtures.viewURI, LoadingFixtures.viewURI],
                           "asked only once a view model was loaded")
            XCTAssertEqual(recorder.events, ["load"])

            loader.reloadViewModel()
            XCTAssertEqual(blocked.performCount, 2, "an explicit reload ignores the policy")

            let free = Op("B")
            let (freeLoader, _) = fixtures.loader([free])
            for _ in 0..<3 { freeLoader.loadViewModel() }
            XCTAssertEqual(free.performCount, 3)
        }
    }

    func testReloadPolicyGetsTheCurrentViewModel() {
        MainActor.assumeIsolated {
            var seen: ViewModel?
            let policy = BlockContentReloadPolicy { uri, current in
                XCTAssertEqual(uri, LoadingFixtures.viewURI)
                seen = current
                return true
            }
            let (loader, recorder) = fixtures.loader([Op("A", addsComponent: "a")], reloadPolicy: policy)
            loader.loadViewModel()
            let first = recorder.lastViewModel
            loader.loadViewModel()
            XCTAssertTrue(seen === first)
            XCTAssertEqual(recorder.viewModels.count, 2)
        }
    }

    // MARK: Pagination

    func testNextPageAppendsToTheLoadedContent() {
        MainActor.assumeIsolated {
            let a = LoadingPaginatedOperation("A", addsComponent: "A-0")
            a.pageContent = { builder, page in builder.bodyComponentModelBuilder(withIdentifier: "A-\(page)").title = "p" }
            let b = Op("B", addsComponent: "B-0")
            let (loader, recorder) = fixtures.loader([a, b])
            loader.loadViewModel()
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["A-0", "B-0"])
            let mainBuilder = a.lastBuilder
            loader.loadNextPage()
            XCTAssertEqual(a.pageIndexes, [1])
            XCTAssertEqual(a.pageBuilderBodyIdentifiers, [["A-0", "B-0"]])
            XCTAssertFalse(a.lastPageBuilder === mainBuilder, "a new builder holding the loaded content")
            XCTAssertEqual(b.performCount, 1, "operations without pages are not performed again")
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["A-0", "B-0", "A-1"])
        }
    }

    func testPageIndexesCount() {
        MainActor.assumeIsolated {
            let a = LoadingPaginatedOperation("A")
            let (loader, _) = fixtures.loader([a])
            loader.loadViewModel()
            for _ in 0..<3 { loader.loadNextPage() }
            XCTAssertEqual(a.pageIndexes, [1, 2, 3])
            XCTAssertEqual(loader.pageIndex, 3)
        }
    }

    func testPagesRequestedWhileOneLoadsAreQueued() {
        MainActor.assumeIsolated {
            let a = LoadingPaginatedOperation("A")
            a.pageContent = { builder, page in builder.bodyComponentModelBuilder(withIdentifier: "\(page)").title = "p" }
            a.pageCompletion = .manual
            let (loader, recorder) = fixtures.loader([a])
            loader.loadViewModel()
            for _ in 0..<3 { loader.loadNextPage() }
            XCTAssertEqual(a.pageIndexes, [1])
            let firstPage = a.capturedDelegate
            a.finish()
            XCTAssertEqual(a.pageIndexes, [1, 2])
            firstPage?.contentOperationDidFinish(a)  // ignored: that execution is over
            XCTAssertEqual(a.pageIndexes, [1, 2])
            a.finish()
            XCTAssertEqual(a.pageIndexes, [1, 2, 3])
            XCTAssertEqual(recorder.viewModels.count, 1, "nothing is delivered until the queue drains")
            XCTAssertTrue(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel).isEmpty)
            a.finish()
            XCTAssertEqual(recorder.viewModels.count, 2)
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["1", "2", "3"])
        }
    }

    func testTwoPaginatedOperationsAppendInChainOrder() {
        MainActor.assumeIsolated {
            let a = LoadingPaginatedOperation("A")
            a.pageContent = { builder, page in builder.bodyComponentModelBuilder(withIdentifier: "A-\(page)").title = "a" }
            let b = LoadingPaginatedOperation("B")
            b.pageContent = { builder, page in builder.bodyComponentModelBuilder(withIdentifier: "B-\(page)").title = "b" }
            let (loader, recorder) = fixtures.loader([a, b])
            loader.loadViewModel()
            loader.loadNextPage()
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["A-1", "B-1"])
            loader.loadNextPage()
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["A-1", "B-1", "A-2", "B-2"])
            XCTAssertEqual(b.pageIndexes, [1, 2])
        }
    }

    func testNoPagesAfterAFailedLoad() {
        MainActor.assumeIsolated {
            let a = LoadingPaginatedOperation("A", completion: .fail(LoadingTestError("a")))
            let b = LoadingPaginatedOperation("B", completion: .fail(LoadingTestError("b")))
            let (loader, recorder) = fixtures.loader([a, b])
            loader.loadViewModel()
            XCTAssertEqual(a.previousErrorNames, [nil])
            XCTAssertEqual(b.previousErrorNames, ["a"])
            XCTAssertEqual(recorder.events, ["fail:b"])
            loader.loadNextPage()
            XCTAssertEqual(a.pageIndexes, [])
            XCTAssertEqual(recorder.events, ["fail:b"])
        }
    }

    func testNoPagesBeforeTheFirstLoad() {
        MainActor.assumeIsolated {
            let a = LoadingPaginatedOperation("A")
            let (loader, recorder) = fixtures.loader([a])
            for _ in 0..<3 { loader.loadNextPage() }
            XCTAssertEqual(a.performCount, 0)
            XCTAssertEqual(recorder.events, [])
            XCTAssertFalse(loader.isLoading)
        }
    }

    func testNoPagesWithoutAPaginatedOperation() {
        MainActor.assumeIsolated {
            let a = Op("A")
            let (loader, recorder) = fixtures.loader([a])
            loader.loadViewModel()
            loader.loadNextPage()
            XCTAssertEqual(recorder.events, ["load"])
            XCTAssertEqual(a.performCount, 1)
        }
    }

    // Decision on quirk 5 (docs/content-loading.md): the page count restarts with the fresh builder.
    func testReschedulingTheFirstOperationDropsThePages() {
        MainActor.assumeIsolated {
            let a = LoadingPaginatedOperation("A", addsComponent: "A-main")
            a.pageContent = { builder, page in builder.bodyComponentModelBuilder(withIdentifier: "A-\(page)").title = "a" }
            let b = LoadingPaginatedOperation("B", addsComponent: "B-main")
            b.pageContent = { builder, page in builder.bodyComponentModelBuilder(withIdentifier: "B-\(page)").title = "b" }
            let (loader, recorder) = fixtures.loader([a, b])
            loader.loadViewModel()
            loader.loadNextPage()
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["A-main", "B-main", "A-1", "B-1"])
            a.reschedule()
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["A-main", "B-main"])
            XCTAssertEqual(loader.pageIndex, 0)
            loader.loadNextPage()
            XCTAssertEqual(a.pageIndexes, [1, 1])
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["A-main", "B-main", "A-1", "B-1"])
        }
    }

    // Rescheduling a later operation keeps the pages the operations before it appended.
    func testReschedulingALaterOperationAfterAPageKeepsEarlierPages() {
        MainActor.assumeIsolated {
            let a = LoadingPaginatedOperation("A", addsComponent: "A-main")
            a.pageContent = { builder, page in builder.bodyComponentModelBuilder(withIdentifier: "A-\(page)").title = "a" }
            let b = Op("B", addsComponent: "B-main")
            let (loader, recorder) = fixtures.loader([a, b])
            loader.loadViewModel()
            loader.loadNextPage()
            b.reschedule()
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(b.lastBuilder), ["A-main", "B-main", "A-1"],
                           "B starts from A's page output")
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["A-main", "B-main", "A-1"])
            XCTAssertEqual(loader.pageIndex, 1)
            loader.loadNextPage()
            XCTAssertEqual(a.pageIndexes, [1, 2])
        }
    }

    // Decision on quirk 5: a full reload resets the page index (the original kept counting).
    func testFullReloadRestartsPageCounting() {
        MainActor.assumeIsolated {
            let a = LoadingPaginatedOperation("A", addsComponent: "main")
            a.pageContent = { builder, page in builder.bodyComponentModelBuilder(withIdentifier: "page-\(page)").title = "p" }
            let (loader, recorder) = fixtures.loader([a])
            loader.loadViewModel()
            loader.loadNextPage()
            loader.loadNextPage()
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["main", "page-1", "page-2"])
            loader.reloadViewModel()
            XCTAssertEqual(loader.pageIndex, 0)
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["main"])
            loader.loadNextPage()
            XCTAssertEqual(a.pageIndexes, [1, 2, 1])
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["main", "page-1"])
        }
    }

    // A page requested while a reload runs is appended to the reloaded content.
    func testPageRequestedDuringAReloadFollowsIt() {
        MainActor.assumeIsolated {
            let a = LoadingPaginatedOperation("A", addsComponent: "main")
            a.pageContent = { builder, page in builder.bodyComponentModelBuilder(withIdentifier: "page-\(page)").title = "p" }
            let (loader, recorder) = fixtures.loader([a])
            loader.loadViewModel()
            loader.loadNextPage()
            a.completion = .manual
            loader.reloadViewModel()
            loader.loadNextPage()
            a.finish()
            XCTAssertEqual(a.pageIndexes, [1, 1])
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["main", "page-1"])
        }
    }

    // Quirk 4 (kept): in page runs an operation gets its own last error, and operations without
    // pages pass their own last error on.
    func testPageRunsUseEachOperationsOwnLastError() {
        MainActor.assumeIsolated {
            let a = LoadingPaginatedOperation("A")
            let b = Op("B", completion: .fail(LoadingTestError("b")))
            let c = LoadingPaginatedOperation("C")
            let (loader, recorder) = fixtures.loader([a, b, c])
            loader.loadViewModel()
            XCTAssertEqual(c.previousErrorNames, ["b"])
            XCTAssertEqual(recorder.events, ["load"])
            loader.loadNextPage()
            XCTAssertEqual(a.pagePreviousErrorNames, [nil])
            XCTAssertEqual(c.pagePreviousErrorNames, [nil], "C's own last error, not B's")
            XCTAssertEqual(b.performCount, 1)
            XCTAssertEqual(recorder.events, ["load", "load"])

            // The last operation failing its page: the error reaches the delegate, and the next
            // page hands C that error.
            c.pageCompletion = .fail(LoadingTestError("c-page"))
            loader.loadNextPage()
            XCTAssertEqual(recorder.events, ["load", "load", "fail:c-page"])
            c.pageCompletion = .finish
            loader.loadNextPage()
            XCTAssertEqual(c.pagePreviousErrorNames, [nil, nil, "c-page"])
        }
    }

    func testIsLoadingFollowsTheQueue() {
        MainActor.assumeIsolated {
            let a = LoadingPaginatedOperation("A", completion: .manual)
            let (loader, _) = fixtures.loader([a])
            XCTAssertFalse(loader.isLoading)
            loader.loadViewModel()
            XCTAssertTrue(loader.isLoading)
            a.finish()
            XCTAssertFalse(loader.isLoading)
            loader.loadNextPage()
            XCTAssertTrue(loader.isLoading)
            a.finish()
            XCTAssertFalse(loader.isLoading)
        }
    }

    func testIsLoadingWithABackgroundOperation() {
        let loaded = expectation(description: "loaded")
        // The view controller owns the loader and is its (weakly held) delegate; the test keeps both.
        let (loader, recorder) = MainActor.assumeIsolated { () -> (ViewModelLoader, LoadingRecorder) in
            let (loader, recorder) = fixtures.loader([Op("A", completion: .finishInBackground(after: 0.05))])
            recorder.onLoad = { [unowned loader] _ in
                XCTAssertFalse(loader.isLoading, "not loading any more when the delegate hears of it")
                loaded.fulfill()
            }
            loader.loadViewModel()
            XCTAssertTrue(loader.isLoading)
            return (loader, recorder)
        }
        wait(for: [loaded], timeout: 5)
        MainActor.assumeIsolated {
            XCTAssertFalse(loader.isLoading)
            XCTAssertEqual(recorder.events, ["load"])
        }
    }

    // MARK: Actions

    func testActionsReachEveryObservingOperationWithTheLoadersContext() {
        MainActor.assumeIsolated {
            let resolver = ManualConnectivityStateResolver(state: .offline)
            let observer = LoadingActionOperation("observer")
            let plain = Op("plain")
            let (loader, _) = fixtures.loader([observer, plain], resolver: resolver)
            loader.loadViewModel()
            let context = LoadingFixtures.actionContext(identifier: Identifier(namespace: "todo", name: "filter"),
                                                        customData: ["filter": .string("done")])
            loader.actionPerformed(with: context)
            XCTAssertEqual(observer.observedContexts.count, 1)
            XCTAssertEqual(observer.observedContexts.first?.customActionIdentifier, Identifier(namespace: "todo", name: "filter"))
            XCTAssertEqual(observer.observedFeatureInfos, [LoadingFixtures.featureInfo])
            XCTAssertEqual(observer.observedConnectivityStates, [.offline])
        }
    }

    // The demo's pattern (quirk 2, kept): an action no factory knows drives an observing
    // operation, which stores the state and reschedules itself.
    func testActionObservingOperationCanRescheduleItself() {
        MainActor.assumeIsolated {
            let items = Op("items") { builder, _ in
                for (id, done) in [("milk", true), ("eggs", false), ("bread", true)] {
                    let component = builder.bodyComponentModelBuilder(withIdentifier: id)
                    component.title = id
                    component.customData = ["done": .bool(done)]
                }
            }
            let filter = LoadingActionOperation("filter")
            var onlyDone = false
            filter.content = { builder, _ in
                guard onlyDone else { return }
                for component in builder.allBodyComponentModelBuilders() where component.customData?["done"] != .bool(true) {
                    builder.removeBodyComponentModelBuilder(withIdentifier: component.modelIdentifier)
                }
            }
            filter.onAction = { [unowned filter] context in
                guard context.customActionIdentifier?.namespacePart == "todo" else { return }
                onlyDone = context.customData?["filter"] == .string("done")
                filter.reschedule()
            }
            let (loader, recorder) = fixtures.loader([items, filter])
            loader.loadViewModel()
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["milk", "eggs", "bread"])
            loader.actionPerformed(with: LoadingFixtures.actionContext(
                identifier: Identifier(namespace: "todo", name: "filter"), customData: ["filter": .string("done")]))
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["milk", "bread"])
            XCTAssertEqual(items.performCount, 1)
            loader.actionPerformed(with: LoadingFixtures.actionContext(
                identifier: Identifier(namespace: "todo", name: "filter"), customData: ["filter": .string("all")]))
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["milk", "eggs", "bread"])
        }
    }

    func testActionPerformerIsForwardedToOperationsThatPerformActions() {
        MainActor.assumeIsolated {
            let performer = LoadingActionPerformer()
            let op = LoadingActionOperation("A")
            op.content = { [unowned op] _, _ in
                op.actionPerformer?.performAction(withIdentifier: Identifier(namespace: "a", name: "b"), customData: nil)
            }
            let (loader, _) = fixtures.loader([op, Op("plain")])
            loader.actionPerformer = performer
            XCTAssertTrue(op.actionPerformer === performer)
            loader.loadViewModel()
            XCTAssertEqual(performer.performed, [Identifier(namespace: "a", name: "b")])
            loader.actionPerformer = nil
            XCTAssertNil(op.actionPerformer)
        }
    }

    // MARK: Construction

    // At the loader too, an empty chain is a programmer's error reported as RegistrationError.
    func testEmptyChainThrows() {
        MainActor.assumeIsolated {
            let schema = LoadingFixtures.schema()
            do {
                _ = try ViewModelLoader(
                    viewURI: LoadingFixtures.viewURI, featureInfo: LoadingFixtures.featureInfo, operations: [],
                    makeBuilder: { schema.makeViewModelBuilder() },
                    connectivityStateResolver: ManualConnectivityStateResolver())
                XCTFail("an empty chain must throw")
            } catch {
                let registrationError = error as? RegistrationError
                XCTAssertEqual(registrationError?.identifier, "feature")
                XCTAssertTrue(registrationError?.description.contains("no content operations") ?? false, "\(error)")
            }
        }
    }

    func testBuildersUseTheGivenSchemaAndDefaults() {
        MainActor.assumeIsolated {
            let a = Op("A") { builder, _ in
                _ = try? builder.addJSON(data: Data(#"{"body": [{"id": "from-json", "text": {"title": "JSON"}}]}"#.utf8))
            }
            let (loader, recorder) = fixtures.loader([a])
            loader.loadViewModel()
            let model = recorder.lastViewModel?.bodyComponentModels.first
            XCTAssertEqual(model?.identifier, "from-json")
            XCTAssertEqual(model?.title, "JSON")
            XCTAssertEqual(model?.componentIdentifier, Identifier(namespace: "namespace", name: "name"))
        }
    }
}

/// Records the actions it is asked to perform.
@MainActor
final class LoadingActionPerformer: ActionPerformer {
    private(set) var performed: [Identifier] = []
    func performAction(withIdentifier identifier: Identifier, customData: JSONObject?) -> Bool {
        performed.append(identifier)
        return true
    }
}

extension LoadingFixtures {
    /// A context for an action performed by a content operation in the test view.
    @MainActor
    static func actionContext(identifier: Identifier?, customData: JSONObject? = nil,
                              trigger: ActionTrigger = .contentOperation) -> ActionContext
    {
        ActionContext(trigger: trigger, customActionIdentifier: identifier, customData: customData,
                      featureInfo: featureInfo, viewURI: viewURI,
                      viewModel: schema().makeViewModelBuilder().build(), componentModel: nil, viewController: nil)
    }
}
