import HubFramework

/// The view's image loading glue: the loader the factory gave the controller, and where the view's
/// content came from. The view controller asks it to load the images of every component it shows
/// for a new model (body, header, overlays, children); it keeps the loader's origin in step with
/// the view's, so that remote content never loads `file:` images.
@MainActor
final class ComponentImages {
    /// Nil shows only local images and placeholders (see ``ViewController/imageLoader``).
    var loader: ComponentImageLoading? {
        didSet { loader?.contentOrigin = contentOrigin }
    }
    /// See ``ViewController/contentOrigin``.
    var contentOrigin: ContentOrigin = .local {
        didSet { loader?.contentOrigin = contentOrigin }
    }

    /// Requests the images of the wrapper's model, sized for `containerViewSize`.
    func load(for wrapper: ComponentWrapper, containerViewSize: Size) {
        loader?.loadImages(for: wrapper, containerViewSize: containerViewSize)
    }
}
