import Foundation

/// Describes one image of a component model: where to download it, what to show meanwhile, or
/// an image that is already at hand.
///
/// Equality compares every property; local images are compared by identity.
public struct ComponentImageData: Equatable, Sendable {
    /// Nil for the main and background images; the key of a custom image otherwise.
    public let identifier: String?
    /// Which slot of the component model the image belongs to.
    public let type: ComponentImageType
    /// Where to download the image from.
    public let url: URL?
    /// An icon to show until the image has loaded (only when an icon image resolver exists).
    public let placeholderIcon: Icon?
    /// An image that needs no download; delivered to the component immediately.
    public let localImage: (any Image)?
    /// Data for the component, free-form.
    public let customData: JSONObject?

    init(identifier: String?, type: ComponentImageType, url: URL?, placeholderIcon: Icon?,
        localImage: (any Image)?, customData: JSONObject?)
    {
        self.identifier = identifier
        self.type = type
        self.url = url
        self.placeholderIcon = placeholderIcon
        self.localImage = localImage
        self.customData = customData
    }

    /// Whether the two describe the same image: every property is compared, the local image by
    /// identity (the same object), since images have no content equality.
    public static func == (lhs: ComponentImageData, rhs: ComponentImageData) -> Bool {
        lhs.identifier == rhs.identifier && lhs.type == rhs.type && lhs.url == rhs.url
            && lhs.placeholderIcon == rhs.placeholderIcon && lhs.localImage === rhs.localImage
            && lhs.customData == rhs.customData
    }
}

/// Which image slot of a component model an image belongs to.
public enum ComponentImageType: Int, Sendable, Hashable {
    /// The model's main image (`mainImageData`, JSON `images.main`).
    case main = 0
    /// The image behind the content (`backgroundImageData`, JSON `images.background`).
    case background = 1
    /// One of the model's further images, keyed by identifier (`customImageData`, JSON `images.custom`).
    case custom = 2
}
