import HubFramework

/// The view's image loading glue: the loader the factory gave the controller, and where the view's
/// content came from. The view controller asks it to load the images of every component it shows
/// for a new model (body, header, overlays, children); it keeps the loader's origin in step with
/// the view's, so that remote content never loads `file:` images.
///
/// While the view is off screen its images are not loaded: when the view goes (it disappears or
/// is torn down) every load in flight is cancelled, which closes its connection at once, so that
/// images a server leaves unanswered never outlive the view that asked for them; when it appears
/// again, the components on screen ask for their images again.
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
    /// True from the view's going until it appears again: nothing is loaded meanwhile.
    private(set) var isSuspended = false

    /// Requests the images of the wrapper's model, sized for `containerViewSize` (not while the
    /// view is away).
    func load(for wrapper: ComponentWrapper, containerViewSize: Size) {
        guard !isSuspended else { return }
        loader?.loadImages(for: wrapper, containerViewSize: containerViewSize)
    }

    /// The view went away: every load in flight is cancelled, and nothing is loaded until
    /// ``resume(reloading:containerViewSize:)``.
    func suspend() {
        isSuspended = true
        loader?.cancelAll()
    }

    /// The view appears: after a ``suspend()``, the images of `wrappers` (the components on screen)
    /// are asked for again; those that arrived before come from the cache.
    func resume(reloading wrappers: [ComponentWrapper], containerViewSize: Size) {
        guard isSuspended else { return }
        isSuspended = false
        for wrapper in wrappers { load(for: wrapper, containerViewSize: containerViewSize) }
    }
}
