/// A broad kind of component, used to pick a fallback when a component is unknown.
/// Apps can define their own: `extension ComponentCategory { static let tile: Self = "tile" }`.
public struct ComponentCategory: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates the category named `rawValue`; two categories with the same name are the same.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    /// A component at the top of a view, above the body.
    public static let header: ComponentCategory = "header"
    /// A full-width list row with text; the fallback for anything the app has no better answer for.
    public static let row: ComponentCategory = "row"
    /// A compact tile, usually an image with little text, several to a row.
    public static let card: ComponentCategory = "card"
    /// A component that scrolls its children sideways.
    public static let carousel: ComponentCategory = "carousel"
    /// A wide promotional component, usually an image.
    public static let banner: ComponentCategory = "banner"
}
