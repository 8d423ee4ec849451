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
