/// Where a component should end up when the view scrolls to it.
public struct ScrollPosition: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The component's top edge at the top of the view. The default when no vertical position is given.
    public static let top = ScrollPosition(rawValue: 1)
    /// The component's middle in the middle of the view. Wins over ``top`` and ``bottom``.
    public static let centeredVertically = ScrollPosition(rawValue: 2)
    /// The component's bottom edge at the bottom of the view.
    public static let bottom = ScrollPosition(rawValue: 4)
    /// The child's leading edge at the left, for components that scroll sideways. The body only
    /// scrolls vertically and ignores the horizontal positions.
    public static let left = ScrollPosition(rawValue: 8)
    /// The child in the horizontal middle, for components that scroll sideways.
    public static let centeredHorizontally = ScrollPosition(rawValue: 16)
    /// The child's trailing edge at the right, for components that scroll sideways.
    public static let right = ScrollPosition(rawValue: 32)
}
