/// A broad kind of component, used to pick a fallback when a component is unknown.
/// Apps can define their own: `extension ComponentCategory { static let tile: Self = "tile" }`.
public struct ComponentCategory: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    public static let header: ComponentCategory = "header"
    public static let row: ComponentCategory = "row"
    public static let card: ComponentCategory = "card"
    public static let carousel: ComponentCategory = "carousel"
    public static let banner: ComponentCategory = "banner"
}
