/// Draws icons on demand. Supplied by the app; without a resolver no icons exist at all
/// (component models get no `icon`, image data no `placeholderIcon`).
public protocol IconImageResolver: Sendable {
    /// The image of the component icon `identifier` at `size`, tinted with `color`.
    func componentIconImage(withIdentifier identifier: String, size: Size, color: Color) -> (any Image)?
    /// The image of the placeholder icon `identifier` at `size`, tinted with `color`.
    func placeholderIconImage(withIdentifier identifier: String, size: Size, color: Color) -> (any Image)?
}

/// An icon that can be drawn at any size and color through the app's icon image resolver.
///
/// Two icons are equal when they have the same identifier and kind; the resolver is not compared.
public struct Icon: Hashable, Sendable, CustomStringConvertible {
    /// What the icon is used for, which decides how the resolver is asked for its image.
    public enum Kind: Hashable, Sendable {
        /// The icon of a component model (`images.icon` in JSON).
        case component
        /// A placeholder shown while an image loads (`placeholder` of image data JSON).
        case placeholder
    }

    /// The name the resolver draws the icon by (JSON `images.icon` or `placeholder`).
    public let identifier: String
    /// Whether it is a component icon or a placeholder.
    public let kind: Kind
    private let resolver: any IconImageResolver

    /// Creates an icon. Builders create them for you, and only when an icon image resolver is
    /// configured.
    /// - Parameters:
    ///   - identifier: the name the resolver knows the icon by.
    ///   - kind: which of the resolver's two methods draws it.
    ///   - resolver: draws the icon; held for the icon's lifetime.
    public init(identifier: String, kind: Kind, resolver: any IconImageResolver) {
        self.identifier = identifier
        self.kind = kind
        self.resolver = resolver
    }

    /// True for placeholder icons.
    public var isPlaceholder: Bool { kind == .placeholder }

    /// Asks the resolver for the icon's image.
    public func image(size: Size, color: Color) -> (any Image)? {
        switch kind {
        case .component: return resolver.componentIconImage(withIdentifier: identifier, size: size, color: color)
        case .placeholder: return resolver.placeholderIconImage(withIdentifier: identifier, size: size, color: color)
        }
    }

    /// Whether the two icons have the same identifier and kind; their resolvers are not compared.
    public static func == (lhs: Icon, rhs: Icon) -> Bool {
        lhs.identifier == rhs.identifier && lhs.kind == rhs.kind
    }

    /// Hashes the identifier and the kind, the two parts ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(kind)
    }

    public var description: String { "Icon(\(kind == .component ? "component" : "placeholder"): \(identifier))" }
}
