import HubFramework

/// Loads the images of components for a view controller (see `ComponentImageLoader`).
@MainActor
public protocol ComponentImageLoading: AnyObject {
    /// Requests every image of the wrapper's model that its component wants, and delivers them
    /// to the component as they arrive (never to a component that moved on to another model).
    func loadImages(for wrapper: ComponentWrapperHandle, containerViewSize: Size)
    /// Cancels every load in flight, closing its connection at once; nothing is delivered for them.
    /// The view controller calls it when its view goes (it disappears, or is torn down), so that
    /// downloads a server leaves unanswered never outlive the view; the images on screen are asked
    /// for again when it appears.
    func cancelAll()
    /// Where the view's content came from (its view controller sets it). A loader must not read
    /// what the origin may not reach: for remote and live content, no `file:` image
    /// (``/HubFramework/ContentOriginPolicy/allowsImage(at:from:)``).
    var contentOrigin: ContentOrigin { get set }
}

extension ComponentImageLoading {
    /// Does nothing, so that a loader written before views cancelled their images keeps working;
    /// a loader of your own that downloads should cancel its downloads here.
    public func cancelAll() {}
}

/// What an image loader may know about a component in use.
@MainActor
public protocol ComponentWrapperHandle: AnyObject {
    /// The model the component shows now; nil before its first configuration. Images are only
    /// delivered while it still has the URL they were requested for.
    var model: ComponentModel? { get }
    /// Whether the component conforms to ``ComponentWithImageHandling``; nothing is loaded for
    /// one that does not.
    var handlesImages: Bool { get }
    /// False while the component waits in a reuse pool (its widget is hidden): its pending
    /// downloads may then be cancelled. Default: true.
    var wantsLoadedImages: Bool { get }
    /// Device pixels per point of the component's widget (2 on HiDPI screens). Default: 1.
    var imageScaleFactor: Double { get }
    /// The component's answer to
    /// ``ComponentWithImageHandling/preferredImageSize(for:model:containerViewSize:)``, in
    /// points; zero means "do not load".
    func preferredImageSize(for data: ComponentImageData, model: ComponentModel, containerViewSize: Size) -> Size
    /// Hands a loaded (or local) image to the component, through
    /// ``ComponentWithImageHandling/updateView(forLoadedImage:from:model:animated:)``.
    func updateView(forLoadedImage image: any HubFramework.Image, from data: ComponentImageData,
                    model: ComponentModel, animated: Bool)
}

extension ComponentWrapperHandle {
    public var wantsLoadedImages: Bool { true }
    public var imageScaleFactor: Double { 1 }
}

extension ComponentWrapper: ComponentWrapperHandle {
    /// A wrapper whose widget, or the cell holding it, is hidden has been put back in the pool.
    var wantsLoadedImages: Bool {
        component.view?.isVisibleInParent ?? false
    }

    /// The scale factor of the component's widget (the monitor's once it is realized).
    var imageScaleFactor: Double { Double(component.view?.scaleFactor ?? 1) }
}

extension ComponentImageLoading {
    func loadImages(for wrapper: ComponentWrapper, containerViewSize: Size) {
        loadImages(for: wrapper as ComponentWrapperHandle, containerViewSize: containerViewSize)
    }
}
