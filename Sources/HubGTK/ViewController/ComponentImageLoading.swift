import HubFramework

/// Loads the images of components for a view controller (see `ComponentImageLoader`).
@MainActor
public protocol ComponentImageLoading: AnyObject {
    /// Requests every image of the wrapper's model that its component wants, and delivers them
    /// to the component as they arrive (never to a component that moved on to another model).
    func loadImages(for wrapper: ComponentWrapperHandle, containerViewSize: Size)
}

/// What an image loader may know about a component in use.
@MainActor
public protocol ComponentWrapperHandle: AnyObject {
    var model: ComponentModel? { get }
    var handlesImages: Bool { get }
    func preferredSizeForImage(from data: ComponentImageData, model: ComponentModel, containerViewSize: Size) -> Size
    func updateView(forLoadedImage image: any HubFramework.Image, from data: ComponentImageData,
                    model: ComponentModel, animated: Bool)
}

extension ComponentWrapper: ComponentWrapperHandle {}

extension ComponentImageLoading {
    func loadImages(for wrapper: ComponentWrapper, containerViewSize: Size) {
        loadImages(for: wrapper as ComponentWrapperHandle, containerViewSize: containerViewSize)
    }
}
