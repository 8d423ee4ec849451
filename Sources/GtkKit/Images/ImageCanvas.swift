internal import CGtk
import HubFramework

/// A picture drawn in code with cairo: gradients and circles, enough for generated images such as
/// the showcase's sample pictures, without the caller touching cairo.
///
/// ```swift
/// let image = ImageCanvas.draw(size: Size(width: 320, height: 200)) { canvas in
///     canvas.fillLinearGradient(from: .zero, to: Point(x: 320, y: 200), start: .white, end: .black)
///     canvas.fillCircle(center: Point(x: 160, y: 100), radius: 40, color: Color(red: 1, green: 1, blue: 1, alpha: 0.2))
/// }
/// ```
@MainActor
public final class ImageCanvas {
    private let context: OpaquePointer

    private init(context: OpaquePointer) {
        self.context = context
    }

    /// Draws an image of `size` pixels (at least 1×1) with `body`, on a transparent background.
    public static func draw(size: Size, _ body: (ImageCanvas) -> Void) -> PixbufImage {
        let width = Int32(max(1, size.width.rounded()))
        let height = Int32(max(1, size.height.rounded()))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        let context = cairo_create(surface)!
        body(ImageCanvas(context: context))
        cairo_destroy(context)
        let pixbuf = gdk_pixbuf_get_from_surface(surface, 0, 0, width, height)!
        cairo_surface_destroy(surface)
        return PixbufImage(takingOwnershipOf: pixbuf)
    }

    /// Paints the whole image with a gradient running from `start` at `from` to `end` at `to`.
    public func fillLinearGradient(from: Point, to: Point, start: Color, end: Color) {
        let gradient = cairo_pattern_create_linear(from.x, from.y, to.x, to.y)!
        cairo_pattern_add_color_stop_rgba(gradient, 0, start.red, start.green, start.blue, start.alpha)
        cairo_pattern_add_color_stop_rgba(gradient, 1, end.red, end.green, end.blue, end.alpha)
        cairo_set_source(context, gradient)
        cairo_paint(context)
        cairo_pattern_destroy(gradient)
    }

    /// Fills a circle, blending `color` (with its alpha) over what is drawn already.
    public func fillCircle(center: Point, radius: Double, color: Color) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
        cairo_arc(context, center.x, center.y, radius, 0, 2 * Double.pi)
        cairo_fill(context)
    }
}
