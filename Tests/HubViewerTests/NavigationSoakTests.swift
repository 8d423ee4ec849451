import CGtk
import Foundation
import HubApp
import HubFramework
import HubGTK
import HubGTKTestSupport
import HubTestSupport
import XCTest
@testable import GtkKit
@testable import HubViewer

/// A long session in one process: 1,000 navigations between demo views (rows, local images, the
/// live view, the error page, a document downloaded over HTTP) with Back, Forward and reloads. What the viewer holds after the first
/// 50 navigations is its working set; after 1,000 it must be back within 10 % of it: resident
/// memory, open file descriptors, threads, live `Widget` objects and GTK widgets in the window.
///
/// The figures are printed (lines starting with `soak:`). About 40 s on the 2-core development
/// machine, so `make test` runs it; `make soak` runs it alone.
final class NavigationSoakTests: GtkTestCase, @unchecked Sendable {
    private static let navigations = 1_000
    private static let baselineAfter = 50
    private static let tolerance = 0.10

    /// One step of the walk.
    private enum Step {
        case open(String)
        /// The soak's HTTP document (`hub-json:` on a loopback server), big enough (2,000 rows,
        /// about 2.5 MB of models) that keeping each load's models would show in resident memory.
        case openDocument
        case back
        case forward
        case reload
    }

    /// A cycle of 25 steps that ends back on the first page, so that the stack does not grow (the
    /// next cycle's first open drops the pages ahead), and navigations 50 and 1,000 both end a cycle:
    /// the two measurements see the same pages on the stack.
    private static let cycle: [Step] = [
        .open("hub-demo:reallylonglist"), .open("hub-demo:prettypictures"), .reload, .open("live:"), .reload,
        .open("nosuch:thing"), .back, .back, .forward, .back, .back, .back,
        .openDocument, .open("live:"), .back, .forward, .reload, .open("hub-demo:reallylonglist"),
        .open("hub-demo:stickyHeader"), .open("nosuch:thing"), .back, .back, .back, .back, .back,
    ]

    /// What the process holds at one moment.
    private struct Figures: CustomStringConvertible {
        var residentKiB: Int
        var fileDescriptors: Int
        var threads: Int
        var widgets: Int
        var gtkWidgets: Int

        var description: String {
            "RSS \(residentKiB / 1024) MiB (\(residentKiB) KiB), \(fileDescriptors) fds, \(threads) threads, "
                + "\(widgets) Widget objects, \(gtkWidgets) GTK widgets in the window"
        }
    }

    func testAThousandNavigationsReturnToTheWorkingSet() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let rows = (0..<2_000).map { #"{"id": "row-\#($0)", "text": {"title": "Row \#($0)", "subtitle": "Downloaded"}}"# }
        server.route("/soak.json", .data(Data("{\"body\": [\(rows.joined(separator: ","))]}".utf8),
                                         contentType: "application/json"))
        let document = "hub-json:" + server.url("/soak.json").absoluteString
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let window = try XCTUnwrap(app.mainWindow)
            app.navigator.open(DemoFeatures.rootURI.absoluteString)
            try waitForCurrentPage(of: app)

            let started = Date()
            var baseline: Figures?
            for navigation in 1...Self.navigations {
                switch Self.cycle[(navigation - 1) % Self.cycle.count] {
                case .open(let uri): app.navigator.open(uri)
                case .openDocument: app.navigator.open(document)
                case .back: app.navigator.goBack()
                case .forward: app.navigator.goForward()
                case .reload: app.navigator.reload()
                }
                try waitForCurrentPage(of: app)
                if navigation == Self.baselineAfter {
                    baseline = settledFigures(window: window)
                    print("soak: after \(navigation) navigations: \(baseline!)")
                } else if navigation % 200 == 0, navigation < Self.navigations {
                    print("soak: after \(navigation) navigations: \(settledFigures(window: window))")
                }
            }
            let elapsed = Date().timeIntervalSince(started)
            let final = settledFigures(window: window)
            let base = try XCTUnwrap(baseline)
            print("soak: after \(Self.navigations) navigations: \(final)")
            print(String(format: "soak: %d navigations in %.1f s (%.1f ms each)", Self.navigations, elapsed,
                         elapsed * 1000 / Double(Self.navigations)))
            print(String(format: "soak: change: RSS %+.1f %%, fds %+d, threads %+d, Widget objects %+d, GTK widgets %+d",
                         (Double(final.residentKiB) / Double(base.residentKiB) - 1) * 100,
                         final.fileDescriptors - base.fileDescriptors, final.threads - base.threads,
                         final.widgets - base.widgets, final.gtkWidgets - base.gtkWidgets))
            assertWithinTolerance(final.residentKiB, base.residentKiB, "resident memory (KiB)")
            assertWithinTolerance(final.fileDescriptors, base.fileDescriptors, "open file descriptors")
            assertWithinTolerance(final.threads, base.threads, "threads")
            assertWithinTolerance(final.widgets, base.widgets, "live Widget objects")
            assertWithinTolerance(final.gtkWidgets, base.gtkWidgets, "GTK widgets in the window")
        }
    }

    /// Waits until the current page has loaded and shows components, then lets a few frames draw
    /// (images decode, the layout settles).
    @MainActor
    private func waitForCurrentPage(of app: HubApplication, file: StaticString = #filePath,
                                    line: UInt = #line) throws
    {
        let controller = try XCTUnwrap(app.navigator.currentPage?.viewController, file: file, line: line)
        pump(until: { !controller.isLoading && controller.liveBodyComponentCount > 0 }, timeout: 20,
             "\(controller.viewURI) to load", file: file, line: line)
        pump(for: 0.01)
    }

    /// The figures once the main loop has had time to finish what navigating started (idle
    /// callbacks, image decodes, threads winding down).
    @MainActor
    private func settledFigures(window: HubWindow) -> Figures {
        pump(for: 1)
        return Figures(residentKiB: Self.residentKiB(), fileDescriptors: Self.entries(in: "/proc/self/fd"),
                       threads: Self.entries(in: "/proc/self/task"), widgets: Widget.liveInstanceCount,
                       gtkWidgets: Self.gtkWidgetCount(under: window.window.gtkWidget))
    }

    private func assertWithinTolerance(_ value: Int, _ baseline: Int, _ what: String, file: StaticString = #filePath,
                                       line: UInt = #line)
    {
        // At least one unit of slack, so that a figure of a handful (threads) may move by one. Only
        // growth counts: worker threads that GLib and Dispatch started for the first loads and have
        // since retired are not a leak.
        let allowed = max(1, Int((Double(baseline) * Self.tolerance).rounded(.up)))
        XCTAssertLessThanOrEqual(value - baseline, allowed,
                                 "\(what): \(value) after \(Self.navigations) navigations, \(baseline) after "
                                     + "\(Self.baselineAfter)", file: file, line: line)
    }

    private static func residentKiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    private static func entries(in directory: String) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: directory).count) ?? 0
    }

    /// The widget and all its descendants, internal children included.
    @MainActor
    private static func gtkWidgetCount(under widget: UnsafeMutablePointer<GtkWidget>) -> Int {
        var count = 1
        let instance = UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget))
        guard g_type_check_instance_is_a(instance, gtk_container_get_type()) != 0 else { return count }
        let container = UnsafeMutablePointer<GtkContainer>(OpaquePointer(widget))
        var children: [UnsafeMutablePointer<GtkWidget>] = []
        withUnsafeMutablePointer(to: &children) { pointer in
            gtk_container_forall(container, { child, data in
                guard let child, let data else { return }
                data.assumingMemoryBound(to: [UnsafeMutablePointer<GtkWidget>].self).pointee.append(child)
            }, pointer)
        }
        for child in children { count += gtkWidgetCount(under: child) }
        return count
    }
}
