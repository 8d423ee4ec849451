internal import CGtk
import Foundation
import HubFramework

/// A widget that draws an image filling its area ("cover": scaled to fill, centred, cropped),
/// with an optional placeholder icon, a background colour, rounded corners and a cross-fade
/// when a new image arrives. Components use it for main and background images.
@MainActor
public final class ImageView: Widget {
    /// How the image is fitted into the widget.
    public enum ContentMode {
        /// Fill the whole area, cropping what does not fit.
        case cover
        /// Fit inside the area, keeping all of the image visible.
        case contain
    }

    /// How the image is fitted into the widget; `.cover` by default. Changing it redraws.
    public var contentMode: ContentMode = .cover { didSet { redraw() } }
    /// Corner radius in points.
    public var cornerRadius: Double = 0 { didSet { redraw() } }
    /// Drawn under the image, and alone while there is none.
    public var backgroundColor: Color? = Color(red: 0.87, green: 0.87, blue: 0.86) { didSet { redraw() } }
    /// How opaque the image is drawn (the header's dimmed background uses 0.6).
    public var imageAlpha: Double = 1 { didSet { redraw() } }

    /// The image shown now.
    public private(set) var image: PixbufImage?
    private var previousImage: PixbufImage?
    /// The placeholder shown while there is no image.
    public private(set) var placeholder: PixbufImage?
    private var fadeStart: Double?
    private var fadeTick: guint = 0
    /// Cairo surfaces of the images drawn, made once per image rather than on every draw (a fade
    /// redraws every frame, scrolling redraws every visible row).
    private var surfaces: [PixbufSurface] = []

    /// Length of the cross-fade.
    public static let fadeDuration = 0.3

    /// An empty image view; give it a size with ``Widget/setSizeRequest(width:height:)`` or a layout.
    public init() {
        super.init(owning: gtk_drawing_area_new())
        addCSSClass("hub-image")
        retain(GSignal.connectDraw(gtkWidget) { [weak self] cr in
            self?.draw(cr)
            return false
        })
    }

    isolated deinit {
        if fadeTick != 0 { gtk_widget_remove_tick_callback(gtkWidget, fadeTick) }
    }

    /// Shows `image`; with `animated`, cross-fades from what was shown before.
    public func setImage(_ newImage: (any HubFramework.Image)?, animated: Bool) {
        let pixbufImage = newImage as? PixbufImage
        if animated, pixbufImage != nil, gtk_widget_get_realized(gtkWidget) != 0 {
            previousImage = image ?? placeholder
            image = pixbufImage
            startFade()
        } else {
            stopFade()
            image = pixbufImage
        }
        redraw()
    }

    /// An icon (or any image) shown centred at its own size while there is no image.
    public func setPlaceholder(_ newPlaceholder: (any HubFramework.Image)?) {
        placeholder = newPlaceholder as? PixbufImage
        redraw()
    }

    /// Clears the image and placeholder (on reuse).
    public func reset() {
        stopFade()
        image = nil
        placeholder = nil
        redraw()
    }

    private func redraw() {
        surfaces.removeAll { $0.image !== image && $0.image !== previousImage && $0.image !== placeholder }
        gtk_widget_queue_draw(gtkWidget)
    }

    /// Sets `image` as the source at (0, 0), from its cached surface.
    private func setSource(_ image: PixbufImage, _ cr: OpaquePointer) {
        let surface: PixbufSurface
        if let cached = surfaces.first(where: { $0.image === image }) {
            surface = cached
        } else {
            surface = PixbufSurface(image)
            surfaces.append(surface)
        }
        cairo_set_source_surface(cr, surface.surface, 0, 0)
    }

    private func startFade() {
        fadeStart = nil
        guard fadeTick == 0 else { return }
        fadeTick = GSource.addTickCallback(gtkWidget) { [weak self] time in self?.fadeStep(time) ?? false }
    }

    private func fadeStep(_ time: Double) -> Bool {
        if fadeStart == nil { fadeStart = time }
        let finished = time - (fadeStart ?? time) >= Self.fadeDuration
        if finished {
            fadeTick = 0
            fadeStart = nil
            previousImage = nil
        }
        redraw()  // after clearing previousImage, so that its surface is let go with it
        return !finished
    }

    private func stopFade() {
        if fadeTick != 0 {
            gtk_widget_remove_tick_callback(gtkWidget, fadeTick)
            fadeTick = 0
        }
        fadeStart = nil
        previousImage = nil
    }

    /// 0…1 progress of the running fade (1 when none runs).
    private var fadeProgress: Double {
        guard fadeTick != 0, let start = fadeStart, let clock = gtk_widget_get_frame_clock(gtkWidget) else {
            return fadeTick != 0 ? 0 : 1
        }
        let now = Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
        let t = min(1, max(0, (now - start) / Self.fadeDuration))
        return t < 0.5 ? 2 * t * t : 1 - pow(-2 * t + 2, 2) / 2
    }

    private func draw(_ cr: OpaquePointer) {
        let width = Double(gtk_widget_get_allocated_width(gtkWidget))
        let height = Double(gtk_widget_get_allocated_height(gtkWidget))
        guard width > 0, height > 0 else { return }
        cairo_save(cr)
        if cornerRadius > 0 { roundedRect(cr, width: width, height: height, radius: cornerRadius); cairo_clip(cr) }
        if let backgroundColor {
            cairo_set_source_rgba(cr, backgroundColor.red, backgroundColor.green, backgroundColor.blue,
                                  backgroundColor.alpha)
            cairo_paint(cr)
        }
        let progress = fadeProgress
        if let previousImage, progress < 1 {
            paint(previousImage, cr, width: width, height: height, alpha: imageAlpha * (1 - progress))
        }
        if let image {
            paint(image, cr, width: width, height: height, alpha: imageAlpha * progress)
        } else if let placeholder {
            let size = placeholder.size
            let x = ((width - size.width) / 2).rounded()
            let y = ((height - size.height) / 2).rounded()
            cairo_save(cr)
            cairo_translate(cr, x, y)
            cairo_scale(cr, 1 / placeholder.scale, 1 / placeholder.scale)
            setSource(placeholder, cr)
            cairo_paint_with_alpha(cr, 0.55)
            cairo_restore(cr)
        }
        cairo_restore(cr)
    }

    private func paint(_ image: PixbufImage, _ cr: OpaquePointer, width: Double, height: Double, alpha: Double) {
        let pixel = image.pixelSize
        guard pixel.width > 0, pixel.height > 0 else { return }
        let sx = width / pixel.width
        let sy = height / pixel.height
        let scale = contentMode == .cover ? max(sx, sy) : min(sx, sy)
        let drawnWidth = pixel.width * scale
        let drawnHeight = pixel.height * scale
        cairo_save(cr)
        cairo_rectangle(cr, 0, 0, width, height)
        cairo_clip(cr)
        cairo_translate(cr, (width - drawnWidth) / 2, (height - drawnHeight) / 2)
        cairo_scale(cr, scale, scale)
        setSource(image, cr)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }

    private func roundedRect(_ cr: OpaquePointer, width: Double, height: Double, radius: Double) {
        let r = min(radius, width / 2, height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, width - r, r, r, -Double.pi / 2, 0)
        cairo_arc(cr, width - r, height - r, r, 0, Double.pi / 2)
        cairo_arc(cr, r, height - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, r, r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }
}

/// A pixbuf copied into a cairo image surface, as `gdk_cairo_set_source_pixbuf` does on every call.
private final class PixbufSurface {
    let image: PixbufImage
    let surface: OpaquePointer

    init(_ image: PixbufImage) {
        self.image = image
        surface = gdk_cairo_surface_create_from_pixbuf(image.pixbuf, 1, nil)
    }

    deinit { cairo_surface_destroy(surface) }
}
