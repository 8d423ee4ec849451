/// The layout manager the framework uses when an app gives only a margin.
///
/// With margin `M`:
///
/// | question | answer |
/// |---|---|
/// | top / bottom content edge | 0 for `stackable` components, else `M` |
/// | left / right content edge | 0 for `fullWidth` components, else `M` |
/// | margin to the header | the vertical margin, with the header as the preceding component |
/// | horizontal margin | `greatestFiniteMagnitude` (a new row) when either is `readableWidth`; 0 for `fullWidth`; a new row when exactly one of the two is `centered`; else `M` |
/// | vertical margin | 0 when the component is `alwaysStackUpwards` or both are `stackable`; else `M` |
/// | row offset | centers a row whose components are all `centered`, or a `readableWidth` component's row; 0 otherwise |
public struct DefaultComponentLayoutManager: ComponentLayoutManager, Hashable {
    /// The margin used everywhere a margin applies.
    public let margin: Double

    /// Creates the manager.
    /// - Parameter margin: the margin, in points, used wherever the table above says `M`.
    public init(margin: Double) {
        self.margin = margin
    }

    public func margin(forTraits traits: Set<LayoutTrait>, toContentEdge edge: ContentEdge) -> Double {
        switch edge {
        case .top, .bottom:
            return traits.contains(.stackable) ? 0 : margin
        case .left, .right:
            return traits.contains(.fullWidth) ? 0 : margin
        }
    }

    // The margin to the header is the protocol's default: the vertical margin, with the header as
    // the preceding component.

    public func horizontalMargin(forTraits traits: Set<LayoutTrait>, precedingTraits: Set<LayoutTrait>) -> Double {
        // A readable-width component narrower than a wide window is still a row of the list, alone.
        if traits.contains(.readableWidth) || precedingTraits.contains(.readableWidth) {
            return .greatestFiniteMagnitude
        }
        if traits.contains(.fullWidth) {
            return 0
        }
        // Centered components only share rows with other centered components.
        if traits.contains(.centered) != precedingTraits.contains(.centered) {
            return .greatestFiniteMagnitude
        }
        return margin
    }

    public func verticalMargin(forTraits traits: Set<LayoutTrait>, precedingTraits: Set<LayoutTrait>) -> Double {
        if traits.contains(.alwaysStackUpwards) {
            return 0
        }
        if traits.contains(.stackable) && precedingTraits.contains(.stackable) {
            return 0
        }
        return margin
    }

    public func horizontalOffset(
        forRowTraits rowTraits: [Set<LayoutTrait>],
        firstComponentLeadingOffset: Double,
        lastComponentTrailingOffset: Double
    ) -> Double {
        guard !rowTraits.isEmpty,
            rowTraits.allSatisfy({ $0.contains(.centered) }) || rowTraits.allSatisfy({ $0.contains(.readableWidth) })
        else {
            return 0
        }
        let first = firstComponentLeadingOffset
        return ((first + lastComponentTrailingOffset) / 2 - first).rounded(.down)
    }
}
