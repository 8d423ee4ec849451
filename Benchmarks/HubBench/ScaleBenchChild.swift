import CGtk
import Foundation
import HubApp
import HubFramework
import HubGTK
import HubViewer

/// One case of the scale benchmark, run in a child process of its own so that its resident set is
/// the whole process's: the viewer's shell and demo features built as hub-viewer builds them, a
/// 1024×768 window, one view opened. Prints `@@key=value` lines and exits.
///
/// Cases (`HUB_SCALE_BENCH_CASE`), the document in `HUB_SCALE_BENCH_FILE` where one is read:
/// * `json:N` — opens the document, then reloads it (F5): first frame, memory, main-loop stalls;
/// * `code:N` — rows built in Swift (`hub-demo:reallylonglist:million` for 1,000,000, a feature of
///   the benchmark's own otherwise): first frame and memory;
/// * `empty:0` — an empty view: the resident set the per-row figures are measured from;
/// * `history:N` — opens the document five times, goes back four times: memory before and after.
///
/// And for the start section (StartBenchmarks):
/// * `demo:0` — the viewer's start page, `hub-demo:root`: launch → its first frame;
/// * `small:N` — an empty view first, then the document of N components: open → its first frame.
///
/// And for the filter section (FilterBenchChild):
/// * `filter:N` — the document of N rows under a text field bound to `query`: types the query.
///
/// And for the find section (FindBenchChild):
/// * `find:N` — N rows built in code, the window's Find bar: types the query into it.
@MainActor
enum ScaleBenchChild {
    static func run(_ spec: String) -> Never {
        let parts = spec.split(separator: ":")
        guard parts.count == 2, let count = Int(parts[1]) else { fail("bad case \(spec)") }
        let environment = ProcessInfo.processInfo.environment
        let document = environment[ScaleBench.fileVariable].map { URL(fileURLWithPath: $0) }
        let timeout = ScaleBench.childTimeout
        switch parts[0] {
        case "json":
            guard let document else { fail("no document (\(ScaleBench.fileVariable))") }
            let viewer = BenchViewer(count: count)
            viewer.measureOpen(document.absoluteString, timeout: timeout)
            viewer.measureReload(timeout: timeout)
        case "http":
            guard let url = environment[ScaleBench.urlVariable] else { fail("no document URL (\(ScaleBench.urlVariable))") }
            BenchViewer(count: count).measureOpen(url, timeout: timeout)
        case "code":
            let viewer = BenchViewer(count: count)
            viewer.measureOpen(viewer.codeBuiltURI, timeout: timeout)
        case "empty":
            let viewer = BenchViewer(count: 0)
            viewer.measureOpen(viewer.codeBuiltURI, timeout: timeout)
        case "history":
            guard let document else { fail("no document (\(ScaleBench.fileVariable))") }
            BenchViewer(count: count).measureHistory(document.absoluteString, timeout: timeout)
        case "demo":
            BenchViewer(count: 1).measureFirstFrame(Viewer.startURI.absoluteString, timeout: timeout)
        case "small":
            guard let document else { fail("no document (\(ScaleBench.fileVariable))") }
            BenchViewer(count: 0).measureSmallView(document.absoluteString, count: count, timeout: timeout)
        case "filter":
            guard let document else { fail("no document (\(ScaleBench.fileVariable))") }
            // The entry above the rows is a component too.
            FilterBenchChild(viewer: BenchViewer(count: count + 1), rows: count)
                .measure(document.absoluteString, query: FilterBench.query, timeout: timeout)
        case "find":
            FindBenchChild(viewer: BenchViewer(count: count), rows: count).measure(query: FindBench.query, timeout: timeout)
        case "patch":
            guard let document else { fail("no document (\(ScaleBench.fileVariable))") }
            PatchBenchChild(viewer: BenchViewer(count: count), rows: count).measure(document.absoluteString, timeout: timeout)
        default:
            fail("unknown case \(spec)")
        }
        BenchChildReport.finish()
    }

    /// Prints what was measured so far and why the case stops, and exits with status 1.
    static func fail(_ message: String) -> Never {
        BenchChildReport.fail("hub-bench scale: \(message)")
    }
}

/// CLOCK_MONOTONIC in nanoseconds: the clock the parent stamps the spawn with
/// (`HUB_BENCH_SPAWN_NS`), shared with the C peer.
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// The longest gap between two runs of a 2 ms main-loop timeout: how long the main loop was
/// blocked at most (no input, no frame, no spinner) while it was recording.
@MainActor
final class StallRecorder {
    private var source: UInt32 = 0
    private var last: UInt64 = 0
    private(set) var longest = 0.0

    func start() {
        stop()
        longest = 0
        last = Clock.now()
        source = GSource.timeout(milliseconds: 2) { [weak self] in
            self?.tick()
            return true
        }
    }

    /// Stops recording (the time since the last run counts too) and returns the longest gap, seconds.
    @discardableResult
    func stop() -> Double {
        guard source != 0 else { return longest }
        tick()
        GSource.cancel(source)
        source = 0
        return longest
    }

    private func tick() {
        let now = Clock.now()
        longest = max(longest, Clock.seconds(from: last, to: now))
        last = now
    }
}

/// The viewer's shell as hub-viewer builds it (as the viewer tests do, on an anonymous,
/// non-unique application), its window at 1024×768, and a probe on the window's frame clock.
@MainActor
final class BenchViewer {
    let app: HubApplication
    let probe: FrameProbe
    /// The rows the current view is expected to have; 0 for an empty view.
    private(set) var count: Int
    let stalls = StallRecorder()
    /// When the parent spawned this process, and the same moment on `Clock`'s time line.
    private let spawnOnClock: UInt64
    /// The process is stopped (with a message) past this resident set, so that a view that keeps
    /// growing cannot take the shared machine's memory down with it.
    private let residentLimit = Double(ProcessInfo.processInfo.physicalMemory) * 0.4
    /// A little before the parent stops this process: past it the case gives up by itself.
    private let processDeadline: Date

    init(count: Int) {
        self.count = count
        let spawn = ProcessInfo.processInfo.environment[ScaleBench.spawnVariable].flatMap { UInt64($0) }
        let monotonic = monotonicNanoseconds()
        spawnOnClock = Clock.now() &- (monotonic &- (spawn ?? monotonic))
        processDeadline = Date().addingTimeInterval(ScaleBench.childTimeout - 2
                                                        - Double(monotonic &- (spawn ?? monotonic)) / 1e9)

        // Where the launch goes (the start section's phases), each from the spawn.
        let spawned = spawnOnClock
        func phase(_ key: String) { BenchChildReport.report(key, Clock.seconds(from: spawned, to: Clock.now())) }
        phase("phaseMain")
        guard GtkRuntime.initialize() else { ScaleBenchChild.fail("cannot open a display") }
        phase("phaseGTK")
        let hub = HubApplication.makeHub(resourcesDirectory: ResourceLocator.resourcesDirectory,
                                         connectivityStateResolver: ManualConnectivityStateResolver())
        let application = Application(id: nil, isUnique: false)
        app = HubApplication(application: application, title: Viewer.title, startURI: Viewer.startURI,
                             version: Viewer.version, hub: hub)
        app.commandName = "hub-viewer"
        app.showsAddressBar = true
        app.isLiveEditingEnabled = true
        app.isShowcaseEnabled = true
        app.onStartup = { ViewerStyle.load() }
        DemoFeatures.register(in: app.hub)
        Self.registerCodeBuiltRows(count: count, in: app.hub)
        FindBenchChild.register(rows: count, in: app.hub)
        phase("phaseFeatures")
        do {
            try application.register()
        } catch {
            ScaleBenchChild.fail("the application cannot register: \(error)")
        }
        app.startup()
        phase("phaseStartup")
        let window = app.activate()
        window.window.resize(width: ScaleBench.windowWidth, height: ScaleBench.windowHeight)
        probe = FrameProbe(window: window.window)
        phase("phaseWindow")
    }

    /// The view of `count` rows built in code.
    var codeBuiltURI: String {
        count == ScaleBench.millionRows ? "hub-demo:reallylonglist:million" : "bench:rows:\(count)"
    }

    /// `bench:rows:N`: N rows added by one background operation, as the viewer's million-row demo
    /// adds its rows (`row-<index>`, component `row`, "Row number <index + 1>").
    private static func registerCodeBuiltRows(count: Int, in hub: Hub) {
        guard count != ScaleBench.millionRows, let uri = URL(string: "bench:rows:\(count)") else { return }
        let operation = BackgroundContentOperation { context in
            let builder = context.viewModelBuilder
            builder.navigationBarTitle = "\(count) rows"
            builder.reserveBodyCapacity(count)
            for index in 0..<count {
                builder.addBodyRow(withIdentifier: "row-\(index)", componentName: "row", title: "Row number \(index + 1)")
            }
        }
        try! hub.featureRegistry.registerFeature(
            identifier: "benchRows", viewURIPredicate: ViewURIPredicate(viewURI: uri), title: "Bench rows",
            contentOperationFactories: [BlockContentOperationFactory { _ in [operation] }])
    }

    /// The current page's view has finished loading and shows a mapped, allocated component (for
    /// an empty view: has finished loading and is mapped). With `partly`, a view still loading the
    /// rest of a long document counts once it shows its first part.
    private func currentPageIsRendered(partly: Bool = false) -> Bool {
        guard let controller = app.navigator.currentPage?.viewController, partly || !controller.isLoading,
            controller.view.isMapped
        else { return false }
        if count == 0 { return true }
        guard controller.liveBodyComponentCount > 0, let index = controller.liveBodyIndexes.first,
            let cell = controller.cellView(atBodyIndex: index)
        else { return false }
        return cell.isMapped && cell.allocatedSize.height > 1
    }

    /// Pumps the main loop until a frame is painted in which the current page is rendered.
    func waitUntilRendered(_ what: String, timeout: Double, partly: Bool = false,
                                   and extra: @escaping @MainActor () -> Bool = { true }) {
        probe.condition = { [unowned self] in currentPageIsRendered(partly: partly) && extra() }
        defer { probe.condition = nil }
        let deadline = min(Date().addingTimeInterval(timeout), processDeadline)
        // Wakes the blocking iteration now and then, so the deadline is noticed without a frame.
        let wakeUp = GSource.timeout(milliseconds: 50) { true }
        defer { GSource.cancel(wakeUp) }
        let started = Date()
        var seen = probe.paints
        while true {
            if probe.paints != seen {
                if probe.conditionHeld { return }
                seen = probe.paints
            }
            if Date() > deadline {
                ScaleBenchChild.fail(String(format: "%@: not rendered after %.0f s", what,
                                            Date().timeIntervalSince(started)))
            }
            checkMemory(what)
            g_main_context_iteration(nil, 1)
        }
    }

    private func checkMemory(_ what: String) {
        let resident = Memory.resident()
        if resident > residentLimit {
            ScaleBenchChild.fail(String(format: "%@: stopped at %.1f GiB resident (limit: 40 %% of the machine)",
                                        what, resident / 1_073_741_824))
        }
    }

    /// Runs the main loop for `seconds` without anything to do but what the app schedules itself.
    func idle(seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        let wakeUp = GSource.timeout(milliseconds: 20) { true }
        defer { GSource.cancel(wakeUp) }
        while Date() < deadline { g_main_context_iteration(nil, 1) }
    }

    /// Idles until the resident set stops moving: at least a second, then until it changed by less
    /// than 1 % over half a second, at most 10 s. Large view models are freed on a background
    /// thread after the frame that replaced them, which takes a second or two at a million rows;
    /// "settled" is after that.
    private func settle() {
        idle(seconds: 1)
        var last = Bench.residentBytes()
        for _ in 0..<18 {
            idle(seconds: 0.5)
            let now = Bench.residentBytes()
            if abs(Double(now) - Double(last)) < 0.01 * Double(last) { return }
            last = now
        }
    }

    func open(_ uri: String, _ what: String, timeout: Double, partly: Bool = false,
              and extra: @escaping @MainActor () -> Bool = { true }) {
        guard app.navigator.open(uri), app.navigator.currentPage?.isErrorPage == false else {
            ScaleBenchChild.fail("\(what): the viewer cannot open \(uri)")
        }
        waitUntilRendered(what, timeout: timeout, partly: partly, and: extra)
    }

    /// Every row is there: the current page has finished loading, is rendered and has `count` body
    /// components. Asked in the probe's check after a paint, it says whether that frame showed them.
    private func wholeIsRendered() -> Bool {
        currentPageIsRendered() && app.navigator.currentPage?.viewController.viewModel?.bodyComponentModels.count == count
    }

    /// Opens `uri`: spawn → first frame with rows (the first part of a long document counts), open →
    /// first frame, the longest stall meanwhile; then, once every row is there (the view no longer
    /// loads and has `count` rows), spawn → that frame, open → that frame and the longest stall
    /// while the rest arrived; the peak resident set then, the resident set after a second of idling.
    func measureOpen(_ uri: String, timeout: Double) {
        var wholeInFirstFrame = false
        let opened = measureFirstFrame(uri, timeout: timeout, partly: true) { [unowned self] in
            wholeInFirstFrame = wholeIsRendered()
            return true
        }
        if wholeInFirstFrame {
            // The first frame already showed every row (the document was read whole before it).
            BenchChildReport.report("restStall", 0)
        } else {
            stalls.start()
            // The whole may have arrived right after the first frame (rows built in code): a frame is
            // asked for, so that the probe sees a paint with it either way.
            app.navigator.currentPage?.viewController.view.queueDraw()
            waitUntilRendered("the whole view", timeout: timeout) { [unowned self] in wholeIsRendered() }
            BenchChildReport.report("restStall", stalls.stop())
        }
        let wholeEnd = probe.lastFrameEnd
        BenchChildReport.report("wholeFrame", Clock.seconds(from: spawnOnClock, to: wholeEnd))
        BenchChildReport.report("openToWhole", Clock.seconds(from: opened, to: wholeEnd))
        BenchChildReport.report("peakAtFrame", Bench.peakResidentBytes())
        if let controller = app.navigator.currentPage?.viewController {
            BenchChildReport.report("bodyCount", controller.viewModel?.bodyComponentModels.count ?? 0)
        }
        settle()
        BenchChildReport.report("settledRSS", Bench.residentBytes())
        BenchChildReport.report("peakRSS", Bench.peakResidentBytes())
    }

    /// Opens `uri`: spawn → its first frame with a component (with `partly`, the first part of a
    /// long document counts), open → that frame and the longest stall meanwhile. Returns when it
    /// was opened.
    @discardableResult
    func measureFirstFrame(_ uri: String, timeout: Double, partly: Bool = false,
                           and extra: @escaping @MainActor () -> Bool = { true }) -> UInt64 {
        stalls.start()
        let opened = Clock.now()
        open(uri, "open", timeout: timeout, partly: partly, and: extra)
        BenchChildReport.report("openStall", stalls.stop())
        BenchChildReport.report("firstFrame", Clock.seconds(from: spawnOnClock, to: probe.lastFrameEnd))
        BenchChildReport.report("openToFrame", Clock.seconds(from: opened, to: probe.lastFrameEnd))
        return opened
    }

    /// A view someone opens in a running viewer: an empty view is shown and settled first (the
    /// shell, its style and fonts are up), then the document of `count` components is opened.
    /// Open → its first frame is measured on the main thread's clock, twice: the first time the
    /// process shows those components, and again (a second open of the same document, every
    /// component class and style already used once).
    func measureSmallView(_ uri: String, count: Int, timeout: Double) {
        open(codeBuiltURI, "the empty view", timeout: timeout)
        idle(seconds: 0.5)
        self.count = count
        for (attempt, key) in ["openToFrame", "secondOpenToFrame"].enumerated() {
            stalls.start()
            let opened = Clock.now()
            open(uri, "open \(attempt + 1)", timeout: timeout)
            BenchChildReport.report(key, Clock.seconds(from: opened, to: probe.lastFrameEnd))
            BenchChildReport.report(attempt == 0 ? "openStall" : "secondOpenStall", stalls.stop())
            idle(seconds: 0.3)
        }
    }

    /// F5 on the current page: reload → the reloaded view painted, the longest stall meanwhile, the
    /// resident set a second after (before: the last `settledRSS`).
    func measureReload(timeout: Double) {
        guard let controller = app.navigator.currentPage?.viewController, controller.viewModel != nil else {
            ScaleBenchChild.fail("F5: nothing to reload")
        }
        // Held weakly: a strong reference here would keep the replaced view model alive while the
        // memory settles, and count it against the viewer.
        weak let shown = controller.viewModel
        stalls.start()
        let start = Clock.now()
        app.navigator.reload()
        // A reload delivers a new view model: until it is the one shown, the frame is the old content.
        waitUntilRendered("F5", timeout: timeout, and: { [weak controller] in controller?.viewModel !== shown })
        BenchChildReport.report("reloadStall", stalls.stop())
        BenchChildReport.report("reloadToFrame", Clock.seconds(from: start, to: probe.lastFrameEnd))
        settle()
        BenchChildReport.report("reloadSettledRSS", Bench.residentBytes())
        BenchChildReport.report("reloadPeakRSS", Bench.peakResidentBytes())
    }

    /// Opens the document once and settles (RSS₁), opens it four more times, goes back four times,
    /// each time until rendered, and settles again (RSS₅).
    func measureHistory(_ uri: String, timeout: Double) {
        let start = Clock.now()
        open(uri, "open 1", timeout: timeout)
        settle()
        BenchChildReport.report("historyFirstRSS", Bench.residentBytes())
        for opening in 2...5 {
            open(uri, "open \(opening)", timeout: timeout)
        }
        for back in 1...4 {
            app.navigator.goBack()
            waitUntilRendered("back \(back)", timeout: timeout)
        }
        guard app.navigator.currentIndex == 0 else { ScaleBenchChild.fail("not back at the first page") }
        settle()
        BenchChildReport.report("historyLastRSS", Bench.residentBytes())
        BenchChildReport.report("historyPeakRSS", Bench.peakResidentBytes())
        BenchChildReport.report("historyTime", Clock.seconds(from: start, to: Clock.now()))
    }
}
