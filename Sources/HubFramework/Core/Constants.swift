/// Where a component model sits in a view model. Children inherit their parent's type.
public enum ComponentType: Int, Sendable, Hashable, CaseIterable {
    case header = 0
    case body = 1
    case overlay = 2
}

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

/// Describes how a component wants to be laid out; the layout manager turns traits into margins.
/// Apps can define their own: `extension LayoutTrait { static let hero: Self = "hero" }`.
public struct LayoutTrait: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
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
}

/// An edge of the content area.
public enum ContentEdge: Int, Sendable, Hashable, CaseIterable {
    case top = 0, right, bottom, left
}

/// Whether the app can reach the network.
public enum ConnectivityState: Sendable, Hashable {
    case online
    case offline
}

/// What caused an action to be performed.
public enum ActionTrigger: Sendable, Hashable {
    /// The user selected a component.
    case selection
    /// A component performed the action itself.
    case component
    /// A content operation performed the action.
    case contentOperation
    /// An asynchronous action chained to this one. Declared for completeness: chained actions
    /// keep the trigger of the action that started the chain (see docs/actions.md).
    case chained
}

/// The visual selection state of a component.
public enum SelectionState: Sendable, Hashable {
    case none
    case highlighted
    case selected
}

/// Where a component should end up when the view scrolls to it.
public struct ScrollPosition: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let top = ScrollPosition(rawValue: 1)
    public static let centeredVertically = ScrollPosition(rawValue: 2)
    public static let bottom = ScrollPosition(rawValue: 4)
    public static let left = ScrollPosition(rawValue: 8)
    public static let centeredHorizontally = ScrollPosition(rawValue: 16)
    public static let right = ScrollPosition(rawValue: 32)
}

/// Which image slot of a component model an image belongs to.
public enum ComponentImageType: Int, Sendable, Hashable {
    case main = 0
    case background = 1
    case custom = 2
}

/// The namespace the default fallback handler uses.
public let defaultComponentNamespace = "default"
