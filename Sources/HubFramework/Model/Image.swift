/// A decoded image, independent of any toolkit.
///
/// The core only passes images around (local images of image data, icon images); the GTK layer
/// wraps a `GdkPixbuf` in a class conforming to this protocol. Images are compared by identity.
public protocol Image: AnyObject, Sendable {
    /// The image's size in points.
    var size: Size { get }
}
