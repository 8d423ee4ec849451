import CGtk
import Foundation
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK

/// `Widget.writePNG(to:crop:)`, which `--screenshot` writes its pictures with.
final class WidgetPNGTests: GtkTestCase, @unchecked Sendable {
    /// The distinct pixels of a PNG, read back with cairo.
    @MainActor
    private func distinctPixels(ofPNG path: String) throws -> (width: Int32, height: Int32, colours: Set<UInt32>) {
        let surface = try XCTUnwrap(cairo_image_surface_create_from_png(path))
        defer { cairo_surface_destroy(surface) }
        XCTAssertEqual(cairo_surface_status(surface), CAIRO_STATUS_SUCCESS)
        let width = cairo_image_surface_get_width(surface)
        let height = cairo_image_surface_get_height(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface))
        var colours = Set<UInt32>()
        for y in 0..<Int(height) {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(width) { colours.insert(row[x]) }
        }
        return (width, height, colours)
    }

    /// A long view's layout grows its content a step per main-loop turn, so a resize may be queued
    /// at the moment the picture is taken. GTK draws nothing while one is pending: the million rows'
    /// screenshot came out blank. The pending resize is carried out first.
    func testAResizeQueuedJustBeforeThePictureIsCarriedOutNotDrawnBlank() throws {
        try onMain {
            let window = Window()
            defer { window.destroy() }
            window.resize(width: 300, height: 120)
            let label = Label("Before")
            window.add(label)
            window.showAll()
            pump(until: { gtk_widget_get_mapped(label.gtkWidget) != 0 && label.allocatedSize.width > 0 },
                 "the label is on screen")
            label.text = "After, and longer than before"  // queues a resize of the window
            let path = NSTemporaryDirectory() + "widget-png-\(getpid()).png"
            defer { try? FileManager.default.removeItem(atPath: path) }
            try window.writePNG(to: URL(fileURLWithPath: path))
            let picture = try distinctPixels(ofPNG: path)
            XCTAssertEqual(picture.width, 300)
            XCTAssertEqual(picture.height, 120)
            // The background and the label's text, anti-aliased: many colours. A blank picture has one.
            XCTAssertGreaterThan(picture.colours.count, 10, "the window was drawn")
        }
    }
}
