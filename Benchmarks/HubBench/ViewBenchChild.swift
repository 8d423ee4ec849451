import CGtk
import Foundation
import HubFramework
import HubGTK

/// One case of the view benchmark, run in a child process: builds a window, measures, prints
/// `@@key=value` lines and exits.
@MainActor
enum ViewBenchChild {
    static func run(_ spec: String) -> Never {
        let parts = spec.split(separator: ":")
        guard parts.count == 2, let count = Int(parts[1]) else { fail("bad case \(spec)") }
        // Also installs HubGTK's stylesheet, so rows and cards look (and cost) what they do in the viewer.
        guard GtkRuntime.initialize() else { fail("cannot open a display") }
        let environment = ProcessInfo.processInfo.environment
        let scrolls = environment[ViewBench.scrollsVariable].flatMap { Int($0) } ?? ViewBench.scrolls
        let screenshots = environment[ViewBench.screenshotsVariable].flatMap { $0.isEmpty ? nil : $0 }
        switch parts[0] {
        case "hub-rows", "hub-grid":
            BenchHubView(count: count, grid: parts[0] == "hub-grid").measureFirstFrame(screenshotFolder: screenshots)
        case "hub-scroll":
            ScrollCase.run(scrolls: scrolls)
        case "box", "listbox":
            PlainContainerCase(count: count, listBox: parts[0] == "listbox").run()
        default:
            fail("unknown case \(spec)")
        }
        BenchChildReport.finish()
    }

    static func fail(_ message: String) -> Never {
        BenchChildReport.fail("hub-bench view: \(message)")
    }
}

// MARK: - Time, memory and the frame clock

enum Clock {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    static func seconds(from start: UInt64, to end: UInt64) -> Double { Double(end &- start) / 1e9 }
}

/// Watches the frame clock of a window: counts painted frames and times each one from
/// `before-paint` (start of the update, layout and paint phases) to `after-paint`, followed by a
/// round trip to the X server so the drawing the frame sent has been done by the server too.
@MainActor
final class FrameProbe {
    private(set) var paints = 0
    /// When the last `after-paint` (and the X round trip after it) finished.
    private(set) var lastFrameEnd: UInt64 = 0
    private(set) var lastFrameStart: UInt64 = 0
    /// Client work of the last frame: `before-paint` → `after-paint`, seconds.
    private(set) var lastFrameWork: Double = 0
    /// The X round trip after the last frame, seconds.
    private(set) var lastServerWait: Double = 0
    /// Checked after each paint; the probe records whether it held for that frame.
    var condition: (@MainActor () -> Bool)?
    private(set) var conditionHeld = false
    private var connections: [SignalConnection] = []
    private let display = gdk_display_get_default()

    init(window: Window) {
        let before = window.observeFrames(at: .beforePaint) { [weak self] in
            self?.lastFrameStart = Clock.now()
        }
        let after = window.observeFrames(at: .afterPaint) { [weak self] in
            guard let self else { return }
            let painted = Clock.now()
            gdk_display_sync(self.display)
            let synced = Clock.now()
            self.lastFrameWork = Clock.seconds(from: self.lastFrameStart, to: painted)
            self.lastServerWait = Clock.seconds(from: painted, to: synced)
            self.lastFrameEnd = synced
            self.conditionHeld = self.condition?() ?? true
            self.paints += 1
        }
        guard let before, let after else { ViewBenchChild.fail("no frame clock") }
        connections = [before, after]
    }

    /// Pumps the main loop until a frame after the current one has been painted (and `condition`
    /// held in it, when set). Returns false after `timeout` seconds.
    @discardableResult
    func waitForFrame(timeout: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        // Wakes the blocking iteration now and then, so the deadline is noticed without a frame.
        let wakeUp = GSource.timeout(milliseconds: 50) { true }
        defer { GSource.cancel(wakeUp) }
        var seen = paints
        while true {
            if paints != seen {
                if conditionHeld { return true }
                seen = paints  // painted, but not yet what we wait for
            }
            if Date() > deadline { return false }
            g_main_context_iteration(nil, 1)
        }
    }

    /// Lets the window settle: runs the loop until nothing is pending and no frame came for 100 ms.
    func settle() {
        var quietSince = Date()
        var lastPaints = paints
        while Date().timeIntervalSince(quietSince) < 0.1 {
            if g_main_context_iteration(nil, 0) == 0 { usleep(2000) }
            if paints != lastPaints {
                lastPaints = paints
                quietSince = Date()
            }
        }
    }

    func disconnect() { connections.forEach { $0.disconnect() } }
}

enum Memory {
    /// The resident set, in bytes.
    static func resident() -> Double { Double(Bench.residentBytes()) }

    /// The anonymous part of the resident set (heap and other private memory, without mapped
    /// files such as fonts and libraries), in bytes.
    static func anonymous() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("RssAnon:") }),
            let kilobytes = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
                .flatMap({ Double($0) })
        else { return 0 }
        return kilobytes * 1024
    }
}

/// A seeded generator, so every run jumps to the same offsets.
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func nextUnit() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
}

/// p50, p95 and max of samples (seconds).
func percentiles(_ samples: [Double]) -> (p50: Double, p95: Double, max: Double) {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return (0, 0, 0) }
    func at(_ fraction: Double) -> Double {
        sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }
    return (at(0.5), at(0.95), sorted.last!)
}

/// A GTK widget, as this benchmark's own GTK calls take it.
typealias WidgetPointer = UnsafeMutablePointer<GtkWidget>

/// Counts a widget and everything inside it, internal children included.
@MainActor
func countWidgets(_ root: WidgetPointer) -> Int {
    final class Collector { var found: [WidgetPointer] = [] }
    var count = 0
    var stack = [root]
    let collector = Collector()
    let containerType = gtk_container_get_type()
    while let widget = stack.popLast() {
        count += 1
        let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, containerType) != 0 else { continue }
        collector.found.removeAll(keepingCapacity: true)
        let data = Unmanaged.passUnretained(collector).toOpaque()
        gtk_container_forall(hub_container(widget), { child, data in
            guard let child, let data else { return }
            Unmanaged<Collector>.fromOpaque(data).takeUnretainedValue().found.append(child)
        }, data)
        stack.append(contentsOf: collector.found)
    }
    return count
}

/// A toplevel window of the benchmark size at `offset` from the top left corner of the screen, and
/// its GTK window.
@MainActor
func makeWindow(offset: Int32 = 0) -> (window: Window, gtkWindow: WidgetPointer) {
    let window = Window()
    window.setDefaultSize(width: Int(ViewBench.windowWidth), height: Int(ViewBench.windowHeight))
    let gtkWindow = gtkWindow(of: window)
    gtk_window_move(hub_window(gtkWindow), offset, offset)
    return (window, gtkWindow)
}

/// The GTK window of `window`. GtkKit keeps its widgets' C pointers to itself, and this benchmark
/// drives GTK directly (its plain containers, the widget count, the pixels on the X display): it
/// finds the window among GTK's toplevels by a name it gives it.
@MainActor
func gtkWindow(of window: Window) -> WidgetPointer {
    enum Names { @MainActor static var next = 0 }
    Names.next += 1
    let name = "hub-bench-window-\(Names.next)"
    window.cssName = name
    let toplevels = gtk_window_list_toplevels()
    defer { g_list_free(toplevels) }
    var node = toplevels
    while let current = node {
        if let data = current.pointee.data, String(cString: gtk_widget_get_name(hub_widget(data))) == name {
            return hub_widget(data)
        }
        node = current.pointee.next
    }
    ViewBenchChild.fail("no GTK window named \(name)")
}


/// Whether a widget shows something on the X display: it is mapped, inside the window, and the
/// pixels the server holds for its area are not all one colour (a row's text is drawn).
@MainActor
func isDrawnOnScreen(_ widget: WidgetPointer, in window: WidgetPointer) -> Bool {
    var x: Int32 = 0
    var y: Int32 = 0
    guard gtk_widget_get_mapped(widget) != 0, gtk_widget_translate_coordinates(widget, window, 0, 0, &x, &y) != 0
    else { return false }
    return isDrawnOnScreen(x: x, y: y, width: gtk_widget_get_allocated_width(widget),
                           height: gtk_widget_get_allocated_height(widget), in: window)
}

/// ``isDrawnOnScreen(_:in:)`` for a widget of GtkKit in the window `gtkWindow` of `window`.
@MainActor
func isDrawnOnScreen(_ widget: Widget, in window: Window, gtkWindow: WidgetPointer) -> Bool {
    guard widget.isMapped, let origin = widget.convert(Point(x: 0, y: 0), to: window) else { return false }
    return isDrawnOnScreen(x: Int32(origin.x), y: Int32(origin.y), width: Int32(widget.allocatedSize.width),
                           height: Int32(widget.allocatedSize.height), in: gtkWindow)
}

/// Whether the pixels the X server holds for an area of `window` (in the window's coordinates) are
/// not all one colour.
@MainActor
private func isDrawnOnScreen(x: Int32, y: Int32, width: Int32, height: Int32, in window: WidgetPointer) -> Bool {
    guard let gdkWindow = gtk_widget_get_window(window) else { return false }
    let windowWidth = gtk_widget_get_allocated_width(window)
    let windowHeight = gtk_widget_get_allocated_height(window)
    let left = max(0, x)
    let top = max(0, y)
    let right = min(windowWidth, x + width)
    let bottom = min(windowHeight, y + height)
    guard right > left, bottom > top,
        let pixbuf = gdk_pixbuf_get_from_window(gdkWindow, left, top, right - left, bottom - top)
    else { return false }
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    guard let pixels = gdk_pixbuf_get_pixels(pixbuf) else { return false }
    let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
    let first = (pixels[0], pixels[1], pixels[2])
    for row in 0..<Int(bottom - top) {
        for column in 0..<Int(right - left) {
            let pixel = pixels + row * stride + column * channels
            if (pixel[0], pixel[1], pixel[2]) != first { return true }
        }
    }
    return false
}

// MARK: - The hub view

/// Records when the content model is delivered and rendered.
@MainActor
private final class TimingDelegate: ViewControllerDelegate {
    let expectedCount: Int
    var delivered: UInt64 = 0
    var residentAtDelivery = 0.0
    var anonymousAtDelivery = 0.0
    var rendered: UInt64 = 0

    init(expectedCount: Int) { self.expectedCount = expectedCount }

    func viewController(_ viewController: ViewController, willUpdateWith viewModel: ViewModel) {
        guard viewModel.bodyComponentModels.count == expectedCount, delivered == 0 else { return }
        residentAtDelivery = Memory.resident()
        anonymousAtDelivery = Memory.anonymous()
        delivered = Clock.now()
    }

    func viewControllerDidFinishRendering(_ viewController: ViewController) {
        if delivered != 0 && rendered == 0 { rendered = Clock.now() }
    }
}

/// A hub view in a window of its own: rows (`default:row`) or a grid of compact image cards
/// (`default:image`, two to a row), built by a synchronous content operation.
@MainActor
final class BenchHubView {
    let count: Int
    let grid: Bool
    let hub: Hub
    let controller: ViewController
    let window: Window
    /// The GTK window of `window`, for the widget count and the pixels on the X display.
    let gtkWindow: WidgetPointer
    let probe: FrameProbe
    private let delegate: TimingDelegate

    /// Small gradient pictures shared by every card, as a real feed shares cached thumbnails.
    private static func cardImages() -> [PixbufImage] {
        let pairs: [((Double, Double, Double), (Double, Double, Double))] = [
            ((0x35, 0x84, 0xE4), (0x1A, 0x5F, 0xB4)), ((0x2E, 0xC2, 0x7E), (0x26, 0xA2, 0x69)),
            ((0xF6, 0x61, 0x51), (0xC0, 0x1C, 0x28)), ((0xC0, 0x61, 0xCB), (0x61, 0x35, 0x83)),
            ((0xF8, 0xE4, 0x5C), (0xE5, 0xA5, 0x0A)), ((0x99, 0xC1, 0xF1), (0x35, 0x84, 0xE4)),
            ((0xFF, 0xA3, 0x48), (0xE6, 0x61, 0x00)), ((0x8F, 0xF0, 0xA4), (0x2E, 0xC2, 0x7E)),
        ]
        let width = 96
        let height = 64
        return pairs.map { from, to in
            let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height))!
            let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
            let pixels = gdk_pixbuf_get_pixels(pixbuf)!
            for y in 0..<height {
                for x in 0..<width {
                    let t = (Double(x) / Double(width - 1) + Double(y) / Double(height - 1)) / 2
                    let pixel = pixels + y * stride + x * 3
                    pixel[0] = UInt8(from.0 + (to.0 - from.0) * t)
                    pixel[1] = UInt8(from.1 + (to.1 - from.1) * t)
                    pixel[2] = UInt8(from.2 + (to.2 - from.2) * t)
                }
            }
            // Through PNG, which keeps every pixel, to GtkKit's decoder: GtkKit takes no pixbuf.
            var buffer: UnsafeMutablePointer<gchar>?
            var size: gsize = 0
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "png", nil, nil, nil) != 0, let buffer else {
                ViewBenchChild.fail("cannot encode a card image")
            }
            defer { g_free(buffer) }
            guard let image = try? PixbufDecoder.decode(Data(bytes: buffer, count: Int(size))) else {
                ViewBenchChild.fail("cannot decode a card image")
            }
            return image
        }
    }

    /// Builds the hub and an empty window, shown and settled; the content is not loaded yet.
    init(count: Int, grid: Bool, windowOffset: Int32 = 0) {
        self.count = count
        self.grid = grid
        hub = Hub(configuration: HubManager.Configuration(componentMargin: ImageComponent.margin),
                  fallbackHandler: DefaultComponentFactory.makeFallbackHandler())
        try! hub.componentRegistry.registerComponentFactory(DefaultComponentFactory(),
                                                            forNamespace: defaultComponentNamespace)
        let uri = URL(string: "hub-bench:view")!
        let images = grid ? Self.cardImages() : []
        let operation = BlockContentOperation { context in
            let builder = context.viewModelBuilder
            builder.navigationBarTitle = grid ? "Cards" : "Rows"
            for index in 0..<count {
                let model = builder.bodyComponentModelBuilder(withIdentifier: "item-\(index)")
                if grid {
                    model.componentName = "image"
                    model.title = "Card \(index + 1)"
                    model.mainImage = images[index % images.count]
                } else {
                    model.componentName = "row"
                    model.title = "Row number \(index + 1)"
                }
            }
        }
        try! hub.featureRegistry.registerFeature(
            identifier: "bench", viewURIPredicate: ViewURIPredicate(viewURI: uri), title: "Bench",
            contentOperationFactories: [BlockContentOperationFactory { _ in [operation] }])
        guard let controller = try? hub.viewControllerFactory.createViewController(forViewURI: uri) else {
            ViewBenchChild.fail("no view controller")
        }
        self.controller = controller
        delegate = TimingDelegate(expectedCount: count)
        controller.delegate = delegate

        (window, gtkWindow) = makeWindow(offset: windowOffset)
        window.add(controller.view)
        probe = FrameProbe(window: window)
        window.showAll()
        _ = GtkRuntime.iterate(until: { [probe, controller] in probe.paints > 0 && controller.containerSize.width > 0 },
                               timeout: 20)
        probe.settle()
    }

    /// Runs the content loading chain (the operation builds the models, the loader delivers the
    /// view model, the controller lays it out and places what is visible) and waits until the
    /// frame clock has painted the first component.
    func loadAndWaitForFirstFrame() -> (chainStart: UInt64, frameEnd: UInt64) {
        let controller = self.controller
        probe.condition = {
            guard let index = controller.liveBodyIndexes.first, let cell = controller.cellView(atBodyIndex: index)
            else { return false }
            return cell.isMapped && cell.allocatedSize.height > 1
        }
        let chainStart = Clock.now()
        controller.viewWillAppear()
        guard probe.waitForFrame(), delegate.delivered != 0 else { ViewBenchChild.fail("the view never painted") }
        probe.condition = nil
        return (chainStart, probe.lastFrameEnd)
    }

    /// The first-frame case: timings, widgets, memory, the bottom of the content, a screenshot.
    func measureFirstFrame(screenshotFolder: String?) {
        let residentBefore = Memory.resident()
        let anonymousBefore = Memory.anonymous()
        let (chainStart, frameEnd) = loadAndWaitForFirstFrame()
        let residentAfter = Memory.resident()
        let anonymousAfter = Memory.anonymous()
        BenchChildReport.report("firstFrame", Clock.seconds(from: delegate.delivered, to: frameEnd))
        BenchChildReport.report("chain", Clock.seconds(from: chainStart, to: frameEnd))
        BenchChildReport.report("render", Clock.seconds(from: delegate.delivered, to: delegate.rendered))
        BenchChildReport.report("modelRSS", delegate.residentAtDelivery - residentBefore)
        BenchChildReport.report("viewRSS", residentAfter - delegate.residentAtDelivery)
        BenchChildReport.report("modelAnon", delegate.anonymousAtDelivery - anonymousBefore)
        BenchChildReport.report("viewAnon", anonymousAfter - delegate.anonymousAtDelivery)
        BenchChildReport.report("live", controller.liveBodyComponentCount)
        BenchChildReport.report("widgets", countWidgets(gtkWindow))

        // The end of the content, far past 32,767 px, once the whole body is laid out: a large body
        // is laid out a few milliseconds per main-loop turn after its first screenful, and the end
        // of the part laid out at the first frame is not the last row (this check once reported
        // "not drawn" at 100,000 rows for that reason alone).
        let count = self.count
        guard GtkRuntime.iterate(until: { controller.layout?.count == count }, timeout: ViewBench.childTimeout) else {
            ViewBenchChild.fail("the layout never covered the \(count) rows")
        }
        let maximum = (controller.layout?.contentSize.height ?? 0) - controller.canvas.viewportSize.height
        controller.scroll(to: Point(x: 0, y: maximum))
        probe.waitForFrame()
        probe.settle()
        let last = controller.cellView(atBodyIndex: count - 1)
        BenchChildReport.report("lastY", controller.frame(ofBodyComponentAt: count - 1).minY)
        let lastDrawn = last.map { isDrawnOnScreen($0, in: window, gtkWindow: gtkWindow) } == true
        BenchChildReport.report("lastDrawn", lastDrawn ? "yes" : "no")

        if let folder = screenshotFolder { takeScreenshot(folder: folder) }
    }

    /// The 100,000-row view and the grid, each around its middle.
    private func takeScreenshot(folder: String) {
        let name: String
        let offset: Double
        if grid {
            name = "grid-view.png"
            offset = controller.frame(ofBodyComponentAt: 50_000).minY - ImageComponent.margin
        } else if count == 100_000 {
            name = "rows-100000.png"
            offset = controller.frame(ofBodyComponentAt: 49_995).minY
        } else {
            return
        }
        controller.scroll(to: Point(x: 0, y: offset))
        probe.waitForFrame()
        probe.settle()
        let path = (folder as NSString).appendingPathComponent(name)
        do {
            try window.writePNG(to: URL(fileURLWithPath: path))
        } catch {
            FileHandle.standardError.write(Data("hub-bench view: \(error)\n".utf8))
        }
    }

    // MARK: Random jumps

    private var random = SeededRandom(seed: 0x5EED_0001)
    private var scrollStart: UInt64 = 0
    private var handlerTime = 0.0
    private var paintsAtScroll = 0
    private(set) var awaitingFrame = false
    private(set) var frames: [Double] = []
    private var handlers: [Double] = []
    private var works: [Double] = []
    private var waits: [Double] = []
    private var maxLive = 0
    private var maxVisible = 0
    private var maxBound = 0

    /// Jumps to a random offset; the frame that shows it is recorded by `collectFrame`.
    func jump() {
        guard let layout = controller.layout else { ViewBenchChild.fail("no layout") }
        let maximum = max(0, layout.contentSize.height - controller.canvas.viewportSize.height)
        let offset = (random.nextUnit() * maximum).rounded()
        paintsAtScroll = probe.paints
        let start = Clock.now()
        controller.scroll(to: Point(x: 0, y: offset))
        controller.canvas.queueContentDraw()
        handlerTime = Clock.seconds(from: start, to: Clock.now())
        awaitingFrame = true
    }

    /// Records the frame after the last jump once it has been painted.
    func collectFrame() {
        guard awaitingFrame, probe.paints > paintsAtScroll else { return }
        awaitingFrame = false
        handlers.append(handlerTime)
        works.append(probe.lastFrameWork)
        waits.append(probe.lastServerWait)
        frames.append(handlerTime + probe.lastFrameWork + probe.lastServerWait)
        maxLive = max(maxLive, controller.liveBodyComponentCount)
        guard let layout = controller.layout else { return }
        let viewport = controller.canvas.viewportSize
        let visible = Rect(x: 0, y: controller.contentOffset.y, width: viewport.width, height: viewport.height)
        var visibleCount = 0
        layout.forEachIndex(intersecting: visible) { _ in visibleCount += 1 }
        let area = Rect(x: 0, y: visible.minY - controller.overscan, width: viewport.width,
                        height: viewport.height + 2 * controller.overscan)
        var areaCount = 0
        layout.forEachIndex(intersecting: area) { _ in areaCount += 1 }
        maxVisible = max(maxVisible, visibleCount)
        maxBound = max(maxBound, areaCount)
    }

    func reportScrolls(prefix: String) {
        let stats = percentiles(frames)
        func report(_ key: String, _ value: Double) { BenchChildReport.report("\(prefix).\(key)", value) }
        func report(_ key: String, _ value: Int) { BenchChildReport.report("\(prefix).\(key)", value) }
        report("scrolls", frames.count)
        report("p50", stats.p50)
        report("p95", stats.p95)
        report("max", stats.max)
        report("handlerP95", percentiles(handlers).p95)
        report("workP95", percentiles(works).p95)
        report("serverP95", percentiles(waits).p95)
        report("maxLive", maxLive)
        report("maxVisible", maxVisible)
        report("maxBound", maxBound)
        report("created", controller.createdComponentCount)
        report("widgets", countWidgets(gtkWindow))
    }
}

/// Every hub view of the benchmark at once, one window each, jumping in turn.
///
/// GTK paints a window at most once per refresh interval (16.7 ms), however little a frame costs,
/// so 1,000 jumps take 17 s of mostly idle waiting per view. Each window has a frame clock of its
/// own, so while one waits for its next frame the others paint theirs: the five views share the
/// wall time. A frame's cost is measured inside that window's own frame (and the jump before it),
/// which runs alone on the main thread.
@MainActor
enum ScrollCase {
    static func run(scrolls: Int) {
        var specs = ViewBench.rowSizes.map { (name: "rows\($0)", count: $0, grid: false) }
        specs.append((name: "grid", count: ViewBench.gridCards, grid: true))
        if let only = ProcessInfo.processInfo.environment[ViewBench.onlyVariable] {
            let names = only.split(separator: ",").map(String.init)
            specs.removeAll { !names.contains($0.name) }
        }
        let views = specs.enumerated().map { position, spec in
            (spec.name, BenchHubView(count: spec.count, grid: spec.grid, windowOffset: Int32(position * 40)))
        }
        for (_, view) in views { _ = view.loadAndWaitForFirstFrame() }
        for (_, view) in views { view.probe.settle() }

        var remaining = Dictionary(uniqueKeysWithValues: views.map { ($0.0, scrolls) })
        let deadline = Date().addingTimeInterval(ViewBench.childTimeout * 1.8)
        let wakeUp = GSource.timeout(milliseconds: 50) { true }
        defer { GSource.cancel(wakeUp) }
        while views.contains(where: { remaining[$0.0]! > 0 || $0.1.awaitingFrame }) {
            guard Date() < deadline else { ViewBenchChild.fail("scrolling did not finish in time") }
            for (name, view) in views where !view.awaitingFrame && remaining[name]! > 0 {
                view.jump()
                remaining[name]! -= 1
            }
            g_main_context_iteration(nil, 1)
            for (_, view) in views { view.collectFrame() }
        }
        for (name, view) in views { view.reportScrolls(prefix: name) }
    }
}

// MARK: - Plain containers

/// The same rows as plain labels, all created up front, in a `GtkBox` or a `GtkListBox` inside
/// a `GtkScrolledWindow`.
@MainActor
struct PlainContainerCase {
    let count: Int
    let listBox: Bool

    func run() {
        let titles = (0..<count).map { "Row number \($0 + 1)" }
        let (window, gtkWindow) = makeWindow()
        let probe = FrameProbe(window: window)
        window.showAll()
        _ = GtkRuntime.iterate(until: { probe.paints > 0 }, timeout: 20)
        probe.settle()

        let residentBefore = Memory.resident()
        let anonymousBefore = Memory.anonymous()
        let start = Clock.now()
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(hub_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        let container: WidgetPointer = listBox ? gtk_list_box_new()! : gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        var first: WidgetPointer?
        var last: WidgetPointer?
        for title in titles {
            let label = gtk_label_new(title)!
            gtk_label_set_xalign(hub_label(label), 0)
            gtk_widget_set_size_request(label, -1, 48)
            gtk_widget_set_margin_start(label, 18)
            if listBox {
                gtk_list_box_insert(UnsafeMutableRawPointer(container).assumingMemoryBound(to: GtkListBox.self),
                                    label, -1)
            } else {
                gtk_box_pack_start(hub_box(container), label, 0, 0, 0)
            }
            if first == nil { first = label }
            last = label
        }
        gtk_container_add(hub_container(scrolled), container)
        gtk_container_add(hub_container(gtkWindow), scrolled)
        gtk_widget_show_all(scrolled)
        let firstRow = first
        probe.condition = {
            guard let firstRow else { return true }
            return gtk_widget_get_mapped(firstRow) != 0 && gtk_widget_get_allocated_height(firstRow) > 1
        }
        guard probe.waitForFrame(timeout: ViewBench.childTimeout) else { ViewBenchChild.fail("never painted") }
        probe.condition = nil
        BenchChildReport.report("firstFrame", Clock.seconds(from: start, to: probe.lastFrameEnd))
        BenchChildReport.report("viewRSS", Memory.resident() - residentBefore)
        BenchChildReport.report("viewAnon", Memory.anonymous() - anonymousBefore)
        BenchChildReport.report("widgets", countWidgets(gtkWindow))

        // The end of the content, far past 32,767 px.
        let adjustment = gtk_scrolled_window_get_vadjustment(hub_scrolled_window(scrolled))!
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment)
                                     - gtk_adjustment_get_page_size(adjustment))
        probe.waitForFrame()
        probe.settle()
        if let last {
            var y: Int32 = 0
            var x: Int32 = 0
            _ = gtk_widget_translate_coordinates(last, container, 0, 0, &x, &y)
            BenchChildReport.report("lastY", Int(y))
            BenchChildReport.report("lastDrawn", isDrawnOnScreen(last, in: gtkWindow) ? "yes" : "no")
        }
    }
}
