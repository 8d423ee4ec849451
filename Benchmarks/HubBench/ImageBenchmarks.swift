import CGtk
import Foundation
import HubFramework
import HubGTK
import HubTestSupport

// Scrolling a 10,000-row view in which every row (the default row component: image, title and
// subtitle) has its own image on a loopback HTTP server. Runs a real `ViewController` in a GTK window
// (under Xvfb in `make bench`) and measures, per frame, the main-thread work: the scroll handling
// (recycling and configuring rows, asking for images) plus the frame clock's layout and paint.

/// Distinct photo-like JPEGs (a gradient with a tint per row), 160×160, decoded down to the rows'
/// 40×40 points: every row has its own URL, so nothing is shared between rows.
private func makeJPEG(variant: Int) -> Data {
    let side = 160
    let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(side), Int32(side))!
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    let pixels = gdk_pixbuf_get_pixels(pixbuf)!
    let tint = (variant * 47) % 256
    for y in 0..<side {
        for x in 0..<side {
            let p = pixels + y * stride + x * 3
            p[0] = UInt8((x * 255 / side + tint) % 256)
            p[1] = UInt8((y * 255 / side + tint / 2) % 256)
            p[2] = UInt8(((x + y) * 127 / side + 255 - tint) % 256)
        }
    }
    var buffer: UnsafeMutablePointer<gchar>?
    var size: gsize = 0
    guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "jpeg", nil, nil, nil) != 0, let buffer else {
        return Data()
    }
    defer { g_free(buffer) }
    return Data(bytes: buffer, count: Int(size))
}

/// Percentile of sorted samples.
private func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

@MainActor
private final class FrameRecorder {
    var paints = 0
    var paintStart = 0.0
    var lastPaintDuration = 0.0
    var lastPaintEnd = 0.0
    private var connections: [SignalConnection] = []

    /// Watches the frame clock of `window`'s window.
    init(window: Widget) {
        let before = window.observeFrames(at: .beforePaint) { [unowned self] in
            self.paintStart = ProcessInfo.processInfo.systemUptime
        }
        let after = window.observeFrames(at: .afterPaint) { [unowned self] in
            let now = ProcessInfo.processInfo.systemUptime
            self.lastPaintDuration = now - self.paintStart
            self.lastPaintEnd = now
            self.paints += 1
        }
        connections = [before, after].compactMap { $0 }
    }

    /// False when the window has no frame clock to watch.
    var isWatching: Bool { connections.count == 2 }

    func disconnect() { connections.forEach { $0.disconnect() } }
}

/// One leg of scrolling: `frames` steps of `step` points, one painted frame each.
///
/// The work of a frame is everything the main thread did for it: the scroll handling, then every
/// main-loop dispatch until the frame is painted (the frame clock's layout and paint, image
/// deliveries, cross-fade ticks). Time the loop spends waiting for something to do is not counted.
@MainActor
private struct Leg {
    var work: [Double] = []
    var intervals: [Double] = []

    static func run(controller: ViewController, recorder: FrameRecorder, from start: Double, step: Double,
                    frames: Int) -> Leg
    {
        var leg = Leg()
        var offset = start
        var previousEnd = recorder.lastPaintEnd
        for _ in 0..<frames {
            offset += step
            let begin = ProcessInfo.processInfo.systemUptime
            controller.scroll(to: Point(x: 0, y: offset))
            var busy = ProcessInfo.processInfo.systemUptime - begin
            let paints = recorder.paints
            let deadline = begin + 0.5
            while recorder.paints == paints, ProcessInfo.processInfo.systemUptime < deadline {
                let before = ProcessInfo.processInfo.systemUptime
                if g_main_context_iteration(nil, 0) != 0 {
                    busy += ProcessInfo.processInfo.systemUptime - before
                } else {
                    usleep(200)
                }
            }
            leg.work.append(busy)
            leg.intervals.append(recorder.lastPaintEnd - previousEnd)
            previousEnd = recorder.lastPaintEnd
        }
        leg.work.sort()
        leg.intervals.sort()
        return leg
    }

    var workP50: Double { percentile(work, 0.5) }
    var workP95: Double { percentile(work, 0.95) }
    var intervalP95: Double { percentile(intervals, 0.95) }
}

@MainActor
func imageBenchmarks() -> BenchSection {
    var rows: [BenchRow] = []
    guard GtkRuntime.initialize() else {
        return BenchSection(title: "Images (skipped: no display; `make bench` runs under Xvfb)", rows: [])
    }
    let rowCount = 10_000
    let variants = (0..<64).map(makeJPEG)
    let server: LoopbackHTTPServer
    do {
        server = try LoopbackHTTPServer()
    } catch {
        return BenchSection(title: "Images (skipped: \(error))", rows: [])
    }
    defer { server.stop() }
    server.route("/img") { request in
        let row = Int(request.query?.split(separator: "=").last ?? "") ?? 0
        return LoopbackHTTPServer.Response(status: 200, headers: [("Content-Type", "image/jpeg")],
                                           body: variants[row % variants.count], delay: 0.01)
    }

    let cache = ImageCache(byteLimit: 64 * 1024 * 1024)
    let loader = ComponentImageLoader(configuration: DefaultImageLoader.Configuration(timeout: 10), cache: cache,
                                      failureLog: ImageFailureLog { _ in })
    let hub = Hub(configuration: HubManager.Configuration(componentMargin: 0),
                  fallbackHandler: DefaultComponentFallbackHandler { _ in RowComponent() },
                  imageLoaderFactory: { loader })
    let controller: ViewController
    do {
        controller = try hub.viewControllerFactory.createViewController(
            forViewURI: URL(string: "bench:images")!,
            contentOperations: [BlockContentOperation { context in
                for row in 0..<rowCount {
                    let model = context.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "row-\(row)")
                    model.title = "Row \(row)"
                    model.subtitle = "An image from the loopback server"
                    model.mainImageURL = server.url("/img?row=\(row)")
                }
            }],
            featureIdentifier: "bench", featureTitle: "Bench")
    } catch {
        return BenchSection(title: "Images (skipped: \(error))", rows: [])
    }
    let window = Window()
    window.setDefaultSize(width: 480, height: 800)
    window.add(controller.view)
    window.showAll()
    controller.viewWillAppear()
    defer {
        controller.tearDown()
        window.destroy()
    }
    let canMeasurePeak = Bench.resetPeakResidentBytes()
    let residentBefore = Bench.residentBytes()
    GtkRuntime.iterate(until: { controller.liveBodyComponentCount > 0 }, timeout: 10)
    let recorder = FrameRecorder(window: window)
    defer { recorder.disconnect() }
    guard recorder.isWatching else {
        return BenchSection(title: "Images (skipped: the window has no frame clock)", rows: [])
    }
    // Let the first screen's images arrive.
    GtkRuntime.iterate(until: { loader.pendingRequests.isEmpty && loader.statistics.delivered > 0 }, timeout: 5)

    // Down 2,000 rows at 320 points a frame (about 19,000 points a second at 60 frames a second).
    let rowHeight = controller.frame(ofBodyComponentAt: 1).minY - controller.frame(ofBodyComponentAt: 0).minY
    let distance = 2_000 * rowHeight
    let step = 320.0
    let frames = Int(distance / step)
    let down = Leg.run(controller: controller, recorder: recorder, from: 0, step: step, frames: frames)
    let afterDown = loader.statistics
    GtkRuntime.iterate(until: { loader.pendingRequests.isEmpty }, timeout: 5)

    // Back up the same way: what was seen comes from the memory cache.
    let before = loader.statistics
    cache.resetStatistics()
    let up = Leg.run(controller: controller, recorder: recorder, from: controller.contentOffset.y, step: -step,
                     frames: frames)
    let upRequested = loader.statistics.requested - before.requested
    let upHits = loader.statistics.cacheHits - before.cacheHits
    let hitRate = upRequested == 0 ? 0 : Double(upHits) / Double(upRequested)

    // A fling through all 10,000 rows, 3,200 points a frame: rows fly past, their loads are cancelled.
    // First without an image loader (rows only, the baseline), then back to the top with images.
    let flingStep = 3_200.0
    let flingFrames = Int((Double(rowCount) * rowHeight - controller.canvas.viewportSize.height) / flingStep)
    controller.imageLoader = nil
    let bare = Leg.run(controller: controller, recorder: recorder, from: controller.contentOffset.y, step: flingStep,
                       frames: flingFrames)
    controller.imageLoader = loader
    let flingStart = loader.statistics
    let requestsBeforeFling = server.requests.count
    let fling = Leg.run(controller: controller, recorder: recorder, from: controller.contentOffset.y, step: -flingStep,
                        frames: flingFrames)
    GtkRuntime.iterate(until: { loader.pendingRequests.isEmpty }, timeout: 10)
    let flingStarted = loader.statistics.loadsStarted - flingStart.loadsStarted
    let flingCancelled = loader.statistics.cancelled - flingStart.cancelled
    let flingRequests = server.requests.count - requestsBeforeFling
    let peak = canMeasurePeak ? Bench.peakResidentBytes() : 0

    let frameGoal = 1.0 / 60
    func mib(_ bytes: Int) -> String { String(format: "%.0f MiB", Double(bytes) / 1_048_576) }
    rows.append(BenchRow(name: "scroll down 2,000 image rows, \(Int(step)) pt/frame: main-thread work per frame p50 / p95",
                         value: "\(Bench.ms(down.workP50)) / \(Bench.ms(down.workP95))", goal: "p95 < 16.7 ms",
                         met: down.workP95 < frameGoal))
    rows.append(BenchRow(name: "…same: frame interval p95 (Xvfb frame clock)", value: Bench.ms(down.intervalP95)))
    rows.append(BenchRow(name: "…same: images shown / loads started / cancelled",
                         value: "\(afterDown.delivered) / \(afterDown.loadsStarted) / \(afterDown.cancelled)"))
    rows.append(BenchRow(name: "scroll back up: main-thread work per frame p50 / p95",
                         value: "\(Bench.ms(up.workP50)) / \(Bench.ms(up.workP95))", goal: "p95 < 16.7 ms",
                         met: up.workP95 < frameGoal))
    rows.append(BenchRow(name: "scroll back up: memory-cache hit rate",
                         value: String(format: "%.1f %% (%d of %d)", hitRate * 100, upHits, upRequested),
                         goal: "≥ 90 %", met: hitRate >= 0.9))
    rows.append(BenchRow(name: "fling through 10,000 rows, \(Int(flingStep)) pt/frame, no image loader (baseline): work p50 / p95",
                         value: "\(Bench.ms(bare.workP50)) / \(Bench.ms(bare.workP95))"))
    rows.append(BenchRow(name: "fling through 10,000 rows, \(Int(flingStep)) pt/frame, with images: work p50 / p95",
                         value: "\(Bench.ms(fling.workP50)) / \(Bench.ms(fling.workP95))", goal: "p95 < 16.7 ms",
                         met: fling.workP95 < frameGoal))
    rows.append(BenchRow(name: "…same: loads started / cancelled / requests reaching the server",
                         value: "\(flingStarted) / \(flingCancelled) / \(flingRequests)"))
    rows.append(BenchRow(name: "memory cache after the run", value: "\(cache.statistics.count) images, \(mib(cache.statistics.totalBytes))"))
    if canMeasurePeak {
        rows.append(BenchRow(name: "peak resident set during the image run (whole process, GTK included)",
                             value: "\(mib(peak)) (\(mib(residentBefore)) before)", goal: "< 300 MiB",
                             met: peak < 300 * 1_048_576))
    }
    return BenchSection(title: "Images: 10,000 rows with images from a loopback server (480×800 window)", rows: rows)
}
