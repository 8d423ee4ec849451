import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK
import HubTestSupport

/// An image loader that completes every load after a random delay with a generated row image and
/// ignores cancellation: every download "finishes late", so only the reuse check stands between
/// a late image and a reused component.
@MainActor
final class StubbornRowImageLoader: ImageLoader {
    weak var delegate: (any ImageLoaderDelegate)?
    private(set) var started = 0
    private(set) var ignoredCancels = 0
    private(set) var completed = 0
    private var generator = SystemRandomNumberGenerator()

    func loadImage(_ request: ImageRequest) {
        started += 1
        let delay = Double.random(in: 0...0.15, using: &generator)
        MainThread.after(delay) { [weak self] in
            guard let self else { return }
            let row = Int(request.url.query?.split(separator: "=").last ?? "") ?? 0
            let image = RowImages.image(row: row, width: request.pixelWidth, height: request.pixelHeight)
            self.completed += 1
            self.delegate?.imageLoader(self, didLoad: image, for: request)
        }
    }

    func cancelLoading(_ request: ImageRequest) { ignoredCancels += 1 }
}

/// Images in a real view controller: header, body and overlay images, fast scrolling over 10,000 image
/// rows against a slow loopback server, bad input, and JSON `images.icon`, `placeholder` and `local`
/// end to end with the row component.
final class ViewControllerImageTests: GtkTestCase, @unchecked Sendable {
    private var server: LoopbackHTTPServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try LoopbackHTTPServer()
        MainActor.assumeIsolated { ProbeImageComponent.violations = [] }
    }

    override func tearDown() {
        server?.stop()
        super.tearDown()
    }

    func testHeaderBodyAndOverlayImagesAreRequestedAndALocalImageIsAppliedOnConfiguration() throws {
        try onMain {
            let manual = ManualImageLoader()
            let loader = ComponentImageLoader(imageLoader: manual, cache: nil, failureLog: CapturedLog().log)
            let headerURL = URL(string: "https://images.example/header.jpg")!
            let backgroundURL = URL(string: "https://images.example/background.jpg")!
            let customURL = URL(string: "https://images.example/custom.jpg")!
            let overlayURL = URL(string: "https://images.example/overlay.jpg")!
            let local = RowImages.image(row: 7, width: 4, height: 4)
            let harness = try ImageViewHarness(imageLoader: loader) { builder in
                let header = builder.headerComponentModelBuilder
                header.componentNamespace = "test"
                header.componentName = "probe"
                header.mainImageURL = headerURL
                let body = builder.bodyComponentModelBuilder(withIdentifier: "body")
                body.componentNamespace = "test"
                body.componentName = "probe"
                body.mainImage = local
                body.backgroundImageURL = backgroundURL
                body.customImageDataBuilder(withIdentifier: "badge").url = customURL
                let overlay = builder.overlayComponentModelBuilder(withIdentifier: "overlay")
                overlay.componentNamespace = "test"
                overlay.componentName = "probe"
                overlay.backgroundImageURL = overlayURL
            }
            defer { harness.close() }
            harness.waitForRender(self)
            XCTAssertEqual(Set(manual.loads.map(\.url)), [headerURL, backgroundURL, customURL, overlayURL])
            guard let body = harness.probe(at: 0) else { return XCTFail("no body component") }
            XCTAssertEqual(body.updates.count, 1, "only the local image so far")
            XCTAssertEqual(body.updates.first?.type, .main)
            XCTAssertTrue(body.updates.first?.image === local)
            XCTAssertEqual(body.updates.first?.animated, false)

            let background = manual.loads.first { $0.url == backgroundURL }!
            XCTAssertEqual(background.targetSize, Size(width: 40, height: 40), "the component's preferred size")
            XCTAssertEqual(background.scale, Double(gtk_widget_get_scale_factor(body.view!.gtkWidget)))
            manual.complete(background, with: StubImage("background"))
            XCTAssertEqual(body.updates.map(\.type), [.main, .background])
            let header = harness.controller.headerComponent as? ProbeImageComponent
            manual.complete(manual.loads.first { $0.url == headerURL }!, with: StubImage("header"))
            XCTAssertEqual(header?.updates.map(\.type), [.main])
            let overlay = harness.controller.overlayComponents.first as? ProbeImageComponent
            manual.complete(manual.loads.first { $0.url == overlayURL }!, with: StubImage("overlay"))
            XCTAssertEqual(overlay?.updates.map(\.type), [.background])
        }
    }

    /// Issue 7: scroll fast over 10,000 image rows against a slow server; a reused component never
    /// shows another model's image, loads nobody waits for are cancelled, and once scrolling stops
    /// every visible row gets its own image.
    func testFastScrollingOver10000ImageRowsAgainstASlowServer() throws {
        server.route("/img") { request in
            let row = Int(request.query?.split(separator: "=").last ?? "") ?? 0
            return LoopbackHTTPServer.Response(status: 200, headers: [("Content-Type", "image/png")],
                                               body: RowImages.png(row: row), delay: 0.2)
        }
        let server = self.server!
        try onMain {
            let cache = ImageCache(byteLimit: 4 << 20)
            let loader = ComponentImageLoader(configuration: DefaultImageLoader.Configuration(timeout: 10),
                                              cache: cache, failureLog: CapturedLog().log)
            let harness = try ImageViewHarness(imageLoader: loader) { builder in
                for row in 0..<10_000 { addProbeRow(builder, row: row, url: server.url("/img?row=\(row)")) }
            }
            defer { harness.close() }
            harness.waitForRender(self)
            let controller = harness.controller
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.count, 10_000)

            @MainActor func checkVisibleRows(_ when: String) {
                for (index, probe) in harness.visibleProbes {
                    let modelRow = RowImages.row(of: probe.model)
                    XCTAssertEqual(modelRow, index, when)
                    if let shown = probe.shownRow {
                        XCTAssertEqual(shown, index, "\(when): row \(index) shows the image of row \(shown)")
                    }
                    if let url = probe.shownURL {
                        let expected = probe.model?.mainImageData?.url
                        XCTAssertEqual(url, expected, when)
                    }
                }
            }

            let maximum = 10_000 * ProbeImageComponent.height - controller.canvas.viewportSize.height
            var offset = 0.0
            var steps = 0
            // Down in big steps, pausing shorter than the server's delay…
            while offset < maximum {
                offset = min(maximum, offset + 1_900 + Double(steps % 7) * 37)
                controller.scroll(to: Point(x: 0, y: offset))
                pump(for: 0.004)
                checkVisibleRows("scrolling down, step \(steps)")
                steps += 1
            }
            // …and back up, sometimes waiting long enough for downloads to finish mid-way.
            while offset > 0 {
                offset = max(0, offset - 2_300 - Double(steps % 5) * 53)
                controller.scroll(to: Point(x: 0, y: offset))
                pump(for: steps % 40 == 0 ? 0.3 : 0.004)
                checkVisibleRows("scrolling up, step \(steps)")
                steps += 1
            }
            // Stop in the middle: every visible row gets its own image.
            controller.scroll(to: Point(x: 0, y: 240_000))
            pump(until: { harness.visibleProbes.allSatisfy { $0.probe.shownRow != nil } }, timeout: 15,
                 "images of the rows where scrolling stopped")
            checkVisibleRows("after scrolling stopped")
            XCTAssertEqual(ProbeImageComponent.violations, [])
            let stats = loader.statistics
            XCTAssertGreaterThan(stats.cancelled, stats.loadsStarted / 2,
                                 "loads of rows scrolled past were cancelled: \(stats)")
            XCTAssertLessThan(server.requests.count, stats.loadsStarted,
                              "cancelled loads never reached the server: \(server.requests.count) requests")
            XCTAssertEqual(stats.failed, 0, "\(stats)")
            // The rows arrived after their components first showed: cross-faded.
            let animated = harness.visibleProbes.compactMap { $0.probe.updates.last?.animated }
            XCTAssertTrue(animated.contains(true))
        }
    }

    /// The same, with a loader that ignores cancellation and finishes every load late (and no cache):
    /// thousands of stale images arrive for components already showing other rows.
    func testLateImagesThatIgnoreCancellationNeverReachReusedComponents() throws {
        try onMain {
            let stubborn = StubbornRowImageLoader()
            let loader = ComponentImageLoader(imageLoader: stubborn, cache: nil, failureLog: CapturedLog().log)
            let harness = try ImageViewHarness(imageLoader: loader) { builder in
                for row in 0..<10_000 {
                    addProbeRow(builder, row: row, url: URL(string: "https://images.example/img?row=\(row)")!)
                }
            }
            defer { harness.close() }
            harness.waitForRender(self)
            let controller = harness.controller
            let maximum = 10_000 * ProbeImageComponent.height - controller.canvas.viewportSize.height
            var offset = 0.0
            var step = 0
            while offset < maximum {
                // Overlapping steps (some rows stay, others are reused) mixed with jumps.
                offset = min(maximum, offset + (step % 3 == 0 ? 3_000 : 300))
                controller.scroll(to: Point(x: 0, y: offset))
                pump(for: 0.01)
                for (index, probe) in harness.visibleProbes {
                    if let shown = probe.shownRow { XCTAssertEqual(shown, index) }
                }
                step += 1
            }
            pump(until: { stubborn.completed == stubborn.started }, timeout: 5, "every late load to finish")
            XCTAssertEqual(ProbeImageComponent.violations, [])
            XCTAssertGreaterThan(stubborn.ignoredCancels, 100, "many loads finished after being cancelled")
            XCTAssertGreaterThan(loader.statistics.delivered, 0)
            for (index, probe) in harness.visibleProbes {
                let shown = probe.shownRow
                XCTAssertEqual(shown, index, "row \(index) ends with its own image")
            }
        }
    }

    /// Scrolling back to rows seen before is served from the memory cache, without animation.
    func testScrollingBackIsServedFromTheCache() throws {
        server.route("/img") { request in
            let row = Int(request.query?.split(separator: "=").last ?? "") ?? 0
            return .data(RowImages.png(row: row), contentType: "image/png")
        }
        let server = self.server!
        try onMain {
            let cache = ImageCache(byteLimit: 8 << 20)
            let loader = ComponentImageLoader(cache: cache, failureLog: CapturedLog().log)
            let harness = try ImageViewHarness(imageLoader: loader) { builder in
                for row in 0..<200 { addProbeRow(builder, row: row, url: server.url("/img?row=\(row)")) }
            }
            defer { harness.close() }
            harness.waitForRender(self)
            pump(until: { harness.visibleProbes.allSatisfy { $0.probe.shownRow != nil } }, timeout: 5, "first images")
            harness.controller.scroll(to: Point(x: 0, y: 3_000))
            pump(until: { harness.visibleProbes.allSatisfy { $0.probe.shownRow != nil } }, timeout: 5, "more images")
            let requestsBefore = server.requests.count
            let hitsBefore = loader.statistics.cacheHits
            harness.controller.scroll(to: Point(x: 0, y: 0))
            XCTAssertTrue(harness.visibleProbes.allSatisfy { $0.probe.shownRow == $0.index }, "at once, from memory")
            XCTAssertTrue(harness.visibleProbes.allSatisfy { $0.probe.updates.last?.animated == false })
            XCTAssertGreaterThan(loader.statistics.cacheHits, hitsBefore)
            pump(for: 0.1)
            XCTAssertEqual(server.requests.count, requestsBefore, "no new downloads")
        }
    }

    /// Every kind of bad input at once, in rows of the default row component: each row keeps its
    /// placeholder, each URL is logged once, and the main loop never stalls.
    func testBadInputKeepsPlaceholdersLogsEachURLOnceAndNeverBlocks() throws {
        let refused = try LoopbackHTTPServer()
        let refusedURL = refused.url("/refused.png")
        refused.stop()
        let png = TestImages.png(width: 64, height: 64, red: 1, green: 2, blue: 3)
        var corrupt = png
        for index in stride(from: 40, to: corrupt.count, by: 3) { corrupt[index] ^= 0x5A }
        server.route("/slow.png", LoopbackHTTPServer.Response(status: 200, headers: [("Content-Type", "image/png")],
                                                             body: png, delay: 10))
        server.route("/truncated.png", LoopbackHTTPServer.Response(
            status: 200, headers: [("Content-Type", "image/png")], body: png,
            behavior: .truncateBody(afterBytes: png.count / 2)))
        server.route("/corrupt.png", .data(corrupt, contentType: "image/png"))
        server.route("/html.png", .text("<html>oops</html>"))
        server.route("/huge.png", .data(TestImages.hugePNG(), contentType: "image/png"))
        let urls = [server.url("/missing.png"), refusedURL, server.url("/slow.png"), server.url("/truncated.png"),
                    server.url("/corrupt.png"), server.url("/html.png"), server.url("/huge.png"),
                    URL(string: "ftp://example.com/a.png")!]
        let body = urls.enumerated().map { index, url in
            "{\"id\": \"bad-\(index)\", \"text\": {\"title\": \"Bad \(index)\"}, "
                + "\"images\": {\"main\": {\"uri\": \"\(url.absoluteString)\", \"placeholder\": \"folder\"}}}"
        }
        let json = "{\"body\": [\(body.joined(separator: ","))]}"
        try onMain {
            let captured = CapturedLog()
            var configuration = HubManager.Configuration(componentMargin: 0)
            configuration.iconImageResolver = ThemeIconResolver(failureLog: captured.log)
            let loader = ComponentImageLoader(configuration: DefaultImageLoader.Configuration(timeout: 1),
                                              cache: ImageCache(byteLimit: 1 << 20), failureLog: captured.log)
            let harness = try ImageViewHarness(imageLoader: loader, configuration: configuration) { builder in
                XCTAssertEqual(try? builder.addJSON(data: Data(json.utf8)), [])
            }
            defer { harness.close() }
            harness.waitForRender(self)
            XCTAssertEqual(harness.controller.liveBodyComponentCount, urls.count)
            let gap = pumpMeasuringStalls(until: { loader.statistics.failed == urls.count }, timeout: 10,
                                        "every load to fail")
            XCTAssertLessThan(gap, 0.25, "the main loop kept turning")
            pump(for: 0.2)
            for (index, url) in urls.enumerated() {
                let view = (harness.controller.liveComponent(atBodyIndex: index) as? RowComponent)?.imageView
                XCTAssertNotNil(view?.placeholder, "\(url): placeholder stays")
                XCTAssertNil(view?.image, "\(url): no image")
                XCTAssertEqual(captured.lines.filter { $0.contains(url.absoluteString + " failed") }.count, 1,
                               "\(url) logged once: \(captured.lines)")
            }
            XCTAssertEqual(captured.lines.count, urls.count, "\(captured.lines)")
            XCTAssertTrue(captured.lines.contains { $0.contains("/missing.png failed: HTTP status 404") })
            XCTAssertTrue(captured.lines.contains { $0.contains("/slow.png failed: timed out") })
            XCTAssertTrue(captured.lines.contains { $0.contains("/huge.png failed: too large") })
            XCTAssertTrue(captured.lines.contains { $0.contains("ftp://example.com/a.png failed: unsupported URL scheme") })
        }
    }

    /// JSON `images.main.placeholder`, `images.icon` and `images.main.local` with the default row
    /// component, a theme icon resolver and a resources folder: placeholders show until the image
    /// arrives, the icon shows, the local image shows at once; a failing URL keeps its placeholder.
    func testJSONPlaceholdersIconsAndLocalImagesEndToEnd() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hub-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestImages.png(width: 20, height: 20, red: 0, green: 0, blue: 255).write(to: directory.appendingPathComponent("logo.png"))
        server.route("/slow.png", LoopbackHTTPServer.Response(
            status: 200, headers: [("Content-Type", "image/png")],
            body: TestImages.png(width: 80, height: 80, red: 255, green: 0, blue: 0), delay: 0.3))
        let json = """
            {"body": [
              {"id": "remote", "text": {"title": "Remote"},
               "images": {"main": {"uri": "\(server.url("/slow.png").absoluteString)", "placeholder": "folder"}}},
              {"id": "icon", "text": {"title": "Icon"}, "images": {"icon": "user-home"}},
              {"id": "local", "text": {"title": "Local"}, "images": {"main": {"local": "logo"}}},
              {"id": "broken", "text": {"title": "Broken"},
               "images": {"main": {"uri": "\(server.url("/missing.png").absoluteString)", "placeholder": "folder"}}}
            ]}
            """
        try onMain {
            let captured = CapturedLog()
            var configuration = HubManager.Configuration(componentMargin: 0)
            configuration.iconImageResolver = ThemeIconResolver(failureLog: captured.log)
            configuration.localImageResolver = ResourceImageResolver(directory: directory, failureLog: captured.log)
            let loader = ComponentImageLoader(cache: ImageCache(byteLimit: 1 << 20), failureLog: captured.log)
            let harness = try ImageViewHarness(imageLoader: loader, configuration: configuration) { builder in
                XCTAssertEqual(try? builder.addJSON(data: Data(json.utf8)), [])
            }
            defer { harness.close() }
            harness.waitForRender(self)
            @MainActor func row(_ index: Int) -> ImageView? {
                (harness.controller.liveComponent(atBodyIndex: index) as? RowComponent)?.imageView
            }
            guard let remote = row(0), let icon = row(1), let local = row(2), let broken = row(3) else {
                return XCTFail("rows not rendered")
            }
            XCTAssertNotNil(remote.placeholder, "placeholder icon while loading")
            XCTAssertNil(remote.image)
            XCTAssertEqual(remote.placeholder?.size, Size(width: 24, height: 24))
            XCTAssertNotNil(icon.placeholder, "the component icon")
            XCTAssertNil(icon.image)
            XCTAssertEqual((local.image.map { TestImages.pixel($0, x: 10, y: 10) })?.b, 255, "local image at once")
            XCTAssertNotNil(broken.placeholder)

            pump(until: { remote.image != nil }, timeout: 5, "the remote image")
            XCTAssertEqual(remote.image?.pixelSize, Size(width: 40, height: 40), "the row's preferred image size")
            XCTAssertEqual(remote.image.map { TestImages.pixel($0, x: 20, y: 20).r }, 255)
            pump(until: { captured.lines.contains { $0.contains("/missing.png") } }, timeout: 5, "the failure log")
            XCTAssertNil(broken.image, "a failure keeps the placeholder")
            XCTAssertNotNil(broken.placeholder)
            XCTAssertEqual(captured.lines.filter { $0.contains("/missing.png") }.count, 1)
            XCTAssertTrue(captured.lines.contains { $0.contains("HTTP status 404") })
        }
    }
}
