/// Turns layout traits into margins. An app has one layout manager, shared by every view.
///
/// Components never state margins themselves: they declare `LayoutTrait`s, and the layout manager
/// decides, in one central place, how far apart components with those traits sit from each other,
/// from the content edges and from the header. All margins are absolute; the layout engine never
/// halves them.
///
/// **Purity is required.** The layout engine interns every distinct set of traits to a small
/// integer and asks the layout manager each margin question at most once per combination of trait
/// sets, remembering the answer for the lifetime of a `ComponentLayout` (including its
/// incremental updates and resizes). An implementation must therefore answer from its arguments
/// alone: the same traits must always give the same margin, and the answers must not depend on
/// time, on the container width or on mutable state. To change the rules, create a new layout
/// (a new `ComponentLayout` with the new manager).
///
/// `horizontalOffset(forRowTraits:firstComponentLeadingOffset:lastComponentTrailingOffset:)` and
/// `verticalMarginBetween(traits:headerTraits:)` have default implementations (no row offset, and
/// the vertical margin between the component and the header as if the header were the preceding
/// component), so a manager only has to answer the three margin questions.
public protocol ComponentLayoutManager: Sendable {
    /// The margin between a component with `traits` and an edge of the content area.
    ///
    /// The top edge applies to components on the first row when the view has no header; the bottom
    /// edge applies to the last row (the largest answer of its components wins); the left edge is
    /// where each row starts; the right edge is the space a component keeps free on its right.
    func margin(forTraits traits: Set<LayoutTrait>, toContentEdge edge: ContentEdge) -> Double

    /// The vertical gap between a component on the first row and the header component above it.
    func verticalMarginBetween(traits: Set<LayoutTrait>, headerTraits: Set<LayoutTrait>) -> Double

    /// The horizontal gap between a component and the component to its left on the same row.
    /// Return `Double.greatestFiniteMagnitude` to force the component onto a new row.
    func horizontalMargin(forTraits traits: Set<LayoutTrait>, precedingTraits: Set<LayoutTrait>) -> Double

    /// The vertical gap between a component that starts a row and one component of the row above.
    /// The engine uses the largest answer over all components of the row above (never below zero).
    func verticalMargin(forTraits traits: Set<LayoutTrait>, precedingTraits: Set<LayoutTrait>) -> Double

    /// How far to move a completed row horizontally, for example to center it.
    ///
    /// - Parameters:
    ///   - rowTraits: the traits of the row's components, left to right.
    ///   - firstComponentLeadingOffset: the x of the row's first component.
    ///   - lastComponentTrailingOffset: the free space to the right of the row's last component.
    /// - Returns: the distance added to the x of every component of the row (0 leaves it in place).
    func horizontalOffset(
        forRowTraits rowTraits: [Set<LayoutTrait>],
        firstComponentLeadingOffset: Double,
        lastComponentTrailingOffset: Double
    ) -> Double
}

extension ComponentLayoutManager {
    /// Default: the same as `verticalMargin(forTraits:precedingTraits:)` with the header's traits.
    public func verticalMarginBetween(traits: Set<LayoutTrait>, headerTraits: Set<LayoutTrait>) -> Double {
        verticalMargin(forTraits: traits, precedingTraits: headerTraits)
    }

    /// Default: rows stay where they are.
    public func horizontalOffset(
        forRowTraits rowTraits: [Set<LayoutTrait>],
        firstComponentLeadingOffset: Double,
        lastComponentTrailingOffset: Double
    ) -> Double {
        0
    }
}

/// An edge of the content area.
public enum ContentEdge: Int, Sendable, Hashable, CaseIterable {
    /// The top edge: its margin applies to the first row when the view has no header.
    case top = 0
    /// The right edge: its margin is kept free to the right of every component.
    case right
    /// The bottom edge: the largest margin of the last row's components ends the content.
    case bottom
    /// The left edge: its margin is where each row starts.
    case left
}
