/// Describes how a component wants to be laid out; the layout manager turns traits into margins.
/// Apps can define their own: `extension LayoutTrait { static let hero: Self = "hero" }`.
public struct LayoutTrait: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a trait named `rawValue`; two traits with the same name are the same trait.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    /// Has margins on both sides and may share a row with other compact components.
    public static let compactWidth: LayoutTrait = "compactWidth"
    /// Stretches edge to edge, without horizontal margins.
    public static let fullWidth: LayoutTrait = "fullWidth"
    /// Sits directly against other stackable components, without vertical margins.
    public static let stackable: LayoutTrait = "stackable"
    /// Centered horizontally; only shares rows with other centered components.
    public static let centered: LayoutTrait = "centered"
    /// Never has a margin to the component above it.
    public static let alwaysStackUpwards: LayoutTrait = "alwaysStackUpwards"
    /// Keeps to a width people can read across: alone on its row, and centered when it prefers
    /// less than the container's width (list rows and search fields in a wide window).
    public static let readableWidth: LayoutTrait = "readableWidth"
}
