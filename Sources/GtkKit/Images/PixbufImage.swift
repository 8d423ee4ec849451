internal import CGtk
import HubFramework

/// A decoded image backed by a `GdkPixbuf`.
///
/// A pixbuf is immutable once created and its reference count is atomic, so the image can be
/// decoded on a worker thread and handed to the main thread.
public final class PixbufImage: HubFramework.ImageWithByteCount, @unchecked Sendable {
    /// The pixbuf (owned: one reference is held for the image's lifetime).
    let pixbuf: OpaquePointer
    /// The size in pixels.
    public let pixelSize: Size
    /// Device pixels per point the image was made for (2 on HiDPI screens).
    public let scale: Double

    /// Takes over one reference of `pixbuf`.
    init(takingOwnershipOf pixbuf: OpaquePointer, scale: Double = 1) {
        self.pixbuf = pixbuf
        self.scale = max(scale, 1)
        pixelSize = Size(width: Double(gdk_pixbuf_get_width(pixbuf)), height: Double(gdk_pixbuf_get_height(pixbuf)))
    }

    /// The size in points (pixels divided by the scale).
    public var size: Size { Size(width: pixelSize.width / scale, height: pixelSize.height / scale) }

    /// Bytes the pixel data uses.
    public var byteCount: Int {
        Int(gdk_pixbuf_get_rowstride(pixbuf)) * Int(gdk_pixbuf_get_height(pixbuf))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
    }
}
