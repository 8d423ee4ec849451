import CGtk
import Foundation
import HubApp
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK

/// Issue 39, goal 4: with high contrast (the settings portal's `contrast`, here a fake portal's),
/// the app draws GTK's `HighContrast` theme, and every text of the default components, the shell's
/// showcase and the window stays readable: a contrast of 4.5:1 or more (WCAG 2's AA level for body
/// text), measured on a screenshot of `showcase:`, text against its background, label by label.
final class HighContrastTests: GtkTestCase, @unchecked Sendable {
    /// WCAG 2's minimum contrast for text (AA).
    private static let minimumContrast = 4.5

    /// One text measured on the screenshot.
    private struct Measurement {
        let text: String
        let ratio: Double
        let textColor: PixelImage.Color
        let background: PixelImage.Color
    }

    /// The labels drawn in `window`: its content and its title bar, depth first, internal children
    /// (a button's label) included.
    @MainActor
    private static func drawnLabels(in window: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var labels: [UnsafeMutablePointer<GtkWidget>] = []
        func visit(_ widget: UnsafeMutablePointer<GtkWidget>) {
            guard gtk_widget_is_drawable(widget) != 0 else { return }
            let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
            if g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0 { labels.append(widget) }
            guard hub_is_container(widget) != 0 else { return }
            let box = Unmanaged.passRetained(ChildList()).toOpaque()
            gtk_container_forall(hub_container(widget), { child, data in
                guard let child, let data else { return }
                Unmanaged<ChildList>.fromOpaque(data).takeUnretainedValue().children.append(child)
            }, box)
            let list = Unmanaged<ChildList>.fromOpaque(box).takeRetainedValue()
            list.children.forEach(visit)
        }
        visit(window)
        return labels
    }

    /// Each drawn label's text and its contrast with what is behind it, on `image`, a picture of
    /// `window`.
    @MainActor
    private static func measure(_ window: UnsafeMutablePointer<GtkWidget>, on image: PixelImage) -> [Measurement] {
        drawnLabels(in: window).compactMap { label in
            let text = String(cString: gtk_label_get_text(hub_label(label)))
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            var x: Int32 = 0
            var y: Int32 = 0
            guard gtk_widget_translate_coordinates(label, window, 0, 0, &x, &y) != 0 else { return nil }
            let width = Int(gtk_widget_get_allocated_width(label))
            let height = Int(gtk_widget_get_allocated_height(label))
            // Only what the window shows: a label scrolled out of the view is not in the picture.
            guard x >= 0, y >= 0, Int(x) + width <= image.width, Int(y) + height <= image.height,
                  let contrast = image.textContrast(x: Int(x), y: Int(y), width: width, height: height)
            else { return nil }
            return Measurement(text: text, ratio: contrast.ratio, textColor: contrast.text, background: contrast.background)
        }
    }

    func testEveryTextOfTheShowcaseIsReadableInHighContrast() throws {
        try checkShowcase(colorScheme: 0, theme: "HighContrast")
    }

    /// High contrast with a preference for dark: GTK's `HighContrastInverse`.
    func testEveryTextOfTheShowcaseIsReadableInDarkHighContrast() throws {
        try checkShowcase(colorScheme: 1, theme: "HighContrastInverse")
    }

    private func checkShowcase(colorScheme: UInt32, theme: String) throws {
        try onMain {
            let portal = try FakeSettingsPortal(colorScheme: colorScheme, contrast: 1)
            let app = SharedViewer.fresh()
            let window = try XCTUnwrap(app.mainWindow)
            let size = window.window.size
            defer {
                // Back to the desktop's style for the tests that follow: the portal says normal
                // contrast and leaves, and the app stops following (which gives GTK's settings back).
                portal.stop()
                pump(until: { !Self.themeName.hasPrefix("HighContrast") }, "the theme back")
                app.followsSystemStyle = false
                window.window.resize(width: size.width, height: size.height)
                app.navigator.tearDown()
            }
            // The app reads its style, now from the portal (the test process's viewer follows it
            // only in this test: SharedViewer).
            app.followsSystemStyle = true
            pump(until: { app.systemStyle.hasSettled && Self.themeName == theme }, theme)

            window.window.resize(width: 800, height: 3300)
            app.navigator.open("showcase:")
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { controller.liveBodyComponentCount > 0 && !controller.isLoading }, "the showcase")
            pump(until: { window.window.allocatedSize.height >= 3000 }, "the tall window")
            pump(for: 1.0)
            let path = NSTemporaryDirectory() + "style-\(getpid())-high-contrast.png"
            defer { try? FileManager.default.removeItem(atPath: path) }
            try window.window.writePNG(to: URL(fileURLWithPath: path))
            let measurements = Self.measure(window.window.gtkWidget, on: try PixelImage(contentsOfFile: path))
            XCTAssertGreaterThan(measurements.count, 40, "the texts of the showcase's components and headings")
            if let lowest = measurements.min(by: { $0.ratio < $1.ratio }) {
                print(String(format: "%@: %d texts, the lowest contrast %.2f:1 (%@)", theme, measurements.count,
                             lowest.ratio, lowest.text))
            }
            for measurement in measurements where measurement.ratio < Self.minimumContrast {
                XCTFail(String(format: "\(theme): %@: contrast %.2f:1 (text %d,%d,%d on %d,%d,%d), below %.1f:1", measurement.text,
                               measurement.ratio, measurement.textColor.red, measurement.textColor.green,
                               measurement.textColor.blue, measurement.background.red, measurement.background.green,
                               measurement.background.blue, Self.minimumContrast))
            }
        }
    }
}

/// The children `gtk_container_forall` hands over, collected.
private final class ChildList {
    var children: [UnsafeMutablePointer<GtkWidget>] = []
}
