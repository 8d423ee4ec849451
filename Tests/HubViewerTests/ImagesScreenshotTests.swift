import CGtk
import Foundation
import HubFramework
import HubApp
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK
@testable import HubViewer
import HubTestSupport

/// Renders a view with image rows and image cards in the viewer's window, with images from a
/// loopback server, a theme icon, a placeholder still waiting and one that failed, and saves a
/// screenshot (docs/images.md says how to run it). Skipped unless `HUB_SCREENSHOT_PATH` is set: it
/// registers a GtkApplication, and GTK 3 allows only one registered application per process (a
/// second `g_application_register` fails), which the viewer's own tests need.
final class ImagesScreenshotTests: GtkTestCase, @unchecked Sendable {
    private var server: LoopbackHTTPServer!

    override func setUpWithError() throws {
        guard ProcessInfo.processInfo.environment["HUB_SCREENSHOT_PATH"] != nil else {
            throw XCTSkip("Set HUB_SCREENSHOT_PATH to render docs/images/images-viewer.png")
        }
        try super.setUpWithError()
        server = try LoopbackHTTPServer()
    }

    override func tearDown() {
        server?.stop()
        super.tearDown()
    }

    /// A small procedural landscape: sky gradient, sun, two ranges of hills, in a hue per picture.
    static func landscapeJPEG(hue: Double, width: Int = 480, height: Int = 320) -> Data {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height))!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        func hsv(_ h: Double, _ s: Double, _ v: Double) -> (Double, Double, Double) {
            let i = Int(h * 6) % 6
            let f = h * 6 - Double(Int(h * 6))
            let p = v * (1 - s), q = v * (1 - f * s), t = v * (1 - (1 - f) * s)
            switch i {
            case 0: return (v, t, p)
            case 1: return (q, v, p)
            case 2: return (p, v, t)
            case 3: return (p, q, v)
            case 4: return (t, p, v)
            default: return (v, p, q)
            }
        }
        let sunX = Double(width) * (0.25 + hue * 0.5)
        let sunY = Double(height) * 0.32
        for y in 0..<height {
            for x in 0..<width {
                let fx = Double(x) / Double(width)
                let fy = Double(y) / Double(height)
                var color = hsv((hue + 0.55 + fy * 0.08).truncatingRemainder(dividingBy: 1), 0.35 + fy * 0.3,
                                1 - fy * 0.35)
                let dx = Double(x) - sunX, dy = Double(y) - sunY
                if dx * dx + dy * dy < 900 { color = (1, 0.93, 0.7) }
                let far = 0.55 + 0.08 * sin(fx * 9 + hue * 20) + 0.04 * sin(fx * 23)
                let near = 0.72 + 0.1 * sin(fx * 5 + hue * 13 + 1) + 0.03 * sin(fx * 31)
                if fy > far { color = hsv((hue + 0.3).truncatingRemainder(dividingBy: 1), 0.45, 0.55 - (fy - far) * 0.4) }
                if fy > near { color = hsv((hue + 0.25).truncatingRemainder(dividingBy: 1), 0.6, 0.4 - (fy - near) * 0.3) }
                let p = pixels + y * stride + x * 3
                p[0] = UInt8(max(0, min(255, color.0 * 255)))
                p[1] = UInt8(max(0, min(255, color.1 * 255)))
                p[2] = UInt8(max(0, min(255, color.2 * 255)))
            }
        }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        precondition(gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "jpeg", nil, nil, nil) != 0)
        defer { g_free(buffer) }
        return Data(bytes: buffer!, count: Int(size))
    }

    func testImageRowsAndCardsInTheViewerWindow() throws {
        let cities = ["Gothenburg", "Kiev", "Tokyo", "Zurich", "Lisbon", "Reykjavik"]
        for (index, city) in cities.enumerated() {
            let data = Self.landscapeJPEG(hue: Double(index) / Double(cities.count))
            server.route("/\(city.lowercased()).jpg", .data(data, contentType: "image/jpeg"))
        }
        server.route("/slow.jpg", LoopbackHTTPServer.Response(status: 200, headers: [("Content-Type", "image/jpeg")],
                                                             body: Self.landscapeJPEG(hue: 0.9), delay: 30))
        let server = self.server!
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hub-shot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.landscapeJPEG(hue: 0.12, width: 96, height: 96).write(to: directory.appendingPathComponent("logo.jpg"))

        var rows: [String] = []
        for city in cities.prefix(3) {
            rows.append("""
                {"id": "row-\(city)", "text": {"title": "\(city)", "subtitle": "Downloaded, decoded off the main thread"},
                 "images": {"main": {"uri": "\(server.url("/\(city.lowercased()).jpg"))", "placeholder": "image-x-generic"}},
                 "target": {"uri": "hub-demo:city"}}
                """)
        }
        rows.append("""
            {"id": "local", "text": {"title": "A local image", "subtitle": "JSON \\"local\\": \\"logo\\" from the resources folder"},
             "images": {"main": {"local": "logo"}}}
            """)
        rows.append("""
            {"id": "icon", "text": {"title": "A theme icon", "subtitle": "JSON images.icon: \\"folder-music\\""},
             "images": {"icon": "folder-music"}}
            """)
        rows.append("""
            {"id": "slow", "text": {"title": "Still loading", "subtitle": "The placeholder icon shows until the image arrives"},
             "images": {"main": {"uri": "\(server.url("/slow.jpg"))", "placeholder": "folder-pictures"}}}
            """)
        rows.append("""
            {"id": "broken", "text": {"title": "Not found", "subtitle": "HTTP 404: the placeholder stays, the URL is logged once"},
             "images": {"main": {"uri": "\(server.url("/missing.jpg"))", "placeholder": "image-missing"}}}
            """)
        for city in cities.suffix(4) {
            rows.append("""
                {"id": "card-\(city)", "component": {"id": "default:image"}, "text": {"title": "\(city)"},
                 "images": {"main": {"uri": "\(server.url("/\(city.lowercased()).jpg"))"}}}
                """)
        }
        let json = "{\"title\": \"Images\", \"body\": [\(rows.joined(separator: ",\n"))]}"

        try onMain {
            // The viewer's window, in an application of its own (another id than the viewer's, so that
            // the viewer's own tests can still register theirs in this process).
            let application = Application(id: "org.hubframework.ImagesScreenshot", isUnique: false)
            var error: UnsafeMutablePointer<GError>? = nil
            XCTAssertNotEqual(g_application_register(hub_g_application(application.gtkApplication), nil, &error), 0)
            let viewer = HubWindow(application: application, title: "Images", showsAddressBar: true)
            viewer.present()
            gtk_window_resize(hub_window(viewer.window.gtkWidget), 760, 940)
            viewer.address = "hub-demo:images"
            viewer.title = "Images"

            let log = CapturedLog()
            var configuration = HubManager.Configuration(componentMargin: ImageComponent.margin)
            configuration.iconImageResolver = ThemeIconResolver(failureLog: log.log)
            configuration.localImageResolver = ResourceImageResolver(directory: directory, failureLog: log.log)
            let hub = Hub(configuration: configuration,
                          fallbackHandler: DefaultComponentFallbackHandler { _ in RowComponent() },
                          imageLoaderFactory: ComponentImageLoader.factory(cache: ImageCache(byteLimit: 16 << 20),
                                                                           failureLog: log.log))
            try hub.componentRegistry.registerComponentFactory(
                BlockComponentFactory(["row": { RowComponent() }, "image": { ImageComponent() }]),
                forNamespace: "default")
            let controller = try hub.viewControllerFactory.createViewController(
                forViewURI: URL(string: "hub-demo:images")!,
                contentOperations: [BlockContentOperation { context in
                    XCTAssertEqual(try? context.viewModelBuilder.addJSON(data: Data(json.utf8)), [])
                }],
                featureIdentifier: "images", featureTitle: "Images")
            defer { controller.tearDown() }
            gtk_container_add(hub_container(viewer.contentArea.gtkWidget), controller.view.gtkWidget)
            gtk_widget_show_all(viewer.window.gtkWidget)
            controller.viewWillAppear()
            pump(until: { controller.liveBodyComponentCount >= 9 }, timeout: 10, "the rows and cards")

            @MainActor func imageView(_ index: Int) -> ImageView? {
                let component = controller.liveComponent(atBodyIndex: index)
                if let row = component as? RowComponent { return row.imageView }
                return (component as? ImageComponent)?.imageView
            }
            let remote = [0, 1, 2, 7, 8]
            pump(until: { remote.allSatisfy { imageView($0)?.image != nil } }, timeout: 10, "the remote images")
            pump(until: { log.lines.contains { $0.contains("missing.jpg") } }, timeout: 5, "the 404")
            pump(for: ImageView.fadeDuration + 0.2)
            XCTAssertNotNil(imageView(3)?.image, "local image")
            XCTAssertNotNil(imageView(4)?.placeholder, "theme icon")
            XCTAssertNil(imageView(5)?.image, "still loading")
            XCTAssertNotNil(imageView(5)?.placeholder)
            XCTAssertNil(imageView(6)?.image, "failed")
            XCTAssertNotNil(imageView(6)?.placeholder)

            // Cells placed during the canvas's first size-allocate are not allocated until something
            // queues a resize (a ScrollCanvas issue, reported); scrolling places them correctly.
            gtk_widget_queue_resize(controller.canvas.layout)
            pump(for: 0.2)
            if let path = ProcessInfo.processInfo.environment["HUB_SCREENSHOT_PATH"], !path.isEmpty {
                // What the X server shows, cropped to the window (Xvfb has no window manager: it sits at 0,0).
                let width = gtk_widget_get_allocated_width(viewer.window.gtkWidget)
                let height = gtk_widget_get_allocated_height(viewer.window.gtkWidget)
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["import", "-window", "root", "-crop", "\(width)x\(height)+0+0", "+repage", path]
                try process.run()
                while process.isRunning { pump(for: 0.05) }
                XCTAssertEqual(process.terminationStatus, 0, "ImageMagick's import (make deps installs it)")
            }
            gtk_widget_destroy(viewer.window.gtkWidget)
        }
    }
}
