/// Where a declared variable's value is kept: its position in ``ExpressionVariables``.
///
/// Names are looked up once, when an expression is compiled; evaluation reads slots, with no
/// dictionary lookups. A compiled expression lists the slots it reads
/// (``ExpressionTemplate/dependencies``), so that a caller re-evaluates only what a change affects.
public struct ExpressionSlot: Sendable, Hashable, Comparable {
    /// The position, from 0, in declaration order.
    public let index: Int

    init(_ index: Int) {
        self.index = index
    }

    /// `env.locale`: the person's language and region, a BCP 47 tag such as `en-US`.
    public static let environmentLocale = ExpressionSlot(0)
    /// `env.direction`: `ltr` or `rtl`.
    public static let environmentDirection = ExpressionSlot(1)
    /// `env.colorScheme`: `light` or `dark`.
    public static let environmentColorScheme = ExpressionSlot(2)
    /// `env.widthClass`: `compact`, `medium` or `wide`.
    public static let environmentWidthClass = ExpressionSlot(3)

    /// Slots are ordered by position.
    public static func < (lhs: ExpressionSlot, rhs: ExpressionSlot) -> Bool {
        lhs.index < rhs.index
    }
}
