internal import CGtk
import Foundation
import HubFramework

/// Why a widget could not be written as a PNG file.
public struct PNGWriteError: Error, Sendable, CustomStringConvertible {
    /// The file that was to be written.
    public let path: String
    /// What went wrong.
    public let reason: String

    /// The file and the reason.
    public var description: String {
        // Translators: --screenshot could not write its picture; %1$s is the file, %2$s why.
        localized("cannot write %1$s: %2$s", path, reason)
    }
}

extension Widget {
    /// Draws the widget (normally a window) as it looks now into a PNG file at `url`. `crop`, in the
    /// widget's coordinates, keeps only that rectangle. The widget must have been laid out (shown
    /// in a window that had a chance to draw). The picture has the screen's device pixels: on a
    /// HiDPI screen (`GDK_SCALE=2`) a 800×600-point window gives a 1600×1200 picture, drawn as
    /// sharply as the screen shows it.
    public func writePNG(to url: URL, crop: Rect? = nil) throws(PNGWriteError) {
        try Self.writePNG(of: gtkWidget, to: url.path, crop: crop)
    }

    /// The work of ``writePNG(to:crop:)``, on the GTK widget.
    private static func writePNG(of widget: WidgetPointer, to path: String, crop: Rect? = nil) throws(PNGWriteError) {
        // A resize queued since the last frame (a long view's layout growing its content height a
        // step per main-loop turn) is carried out first: GTK draws nothing while one is pending.
        if gtk_widget_is_toplevel(widget) != 0 {
            gtk_container_check_resize(hub_container(widget))
        }
        let width = crop.map { Int32($0.width.rounded()) } ?? gtk_widget_get_allocated_width(widget)
        let height = crop.map { Int32($0.height.rounded()) } ?? gtk_widget_get_allocated_height(widget)
        guard width > 0, height > 0 else {
            // Sizes are written as --size takes them (WxH), without grouping.
            throw PNGWriteError(path: path, reason: localized("the picture would be empty (%1$s×%2$s)",
                                                              String(width), String(height)))
        }
        let scale = max(1, gtk_widget_get_scale_factor(widget))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width * scale, height * scale),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else {
            throw PNGWriteError(path: path, reason: localized("no memory for a %1$s×%2$s picture",
                                                              String(width * scale), String(height * scale)))
        }
        defer { cairo_surface_destroy(surface) }
        // Drawing in points onto a surface of device pixels, as GTK draws a scaled window.
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        let cr = cairo_create(surface)
        if let crop { cairo_translate(cr, -crop.minX.rounded(), -crop.minY.rounded()) }
        gtk_widget_draw(widget, cr)
        cairo_destroy(cr)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PNGWriteError(path: path, reason: cairo_status_to_string(status).map { String(cString: $0) } ?? "error \(status.rawValue)")
        }
    }
}
