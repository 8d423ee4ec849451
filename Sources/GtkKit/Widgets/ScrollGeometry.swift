import HubFramework

/// How tall a `ScrollCanvas`'s content is, how far it is scrolled and how big its viewport is, and
/// what follows from the three: the visible rectangle, the largest offset, and where a content y
/// lands in the viewport. A value the canvas owns and changes; nothing here speaks GTK.
struct ScrollGeometry: Equatable {
    /// The height of the whole content.
    var contentHeight: Double = 0
    /// How far the content is scrolled: the content y shown at the top of the viewport.
    var contentOffset: Double = 0
    /// The size of the visible area.
    var viewportSize: Size = .zero

    /// The visible part of the content, in content coordinates.
    var visibleRect: Rect {
        Rect(x: 0, y: contentOffset, width: viewportSize.width, height: viewportSize.height)
    }

    /// The largest offset the content can be scrolled to.
    var maximumOffset: Double { max(0, contentHeight - viewportSize.height) }

    /// Whether the content is taller than the viewport (by more than rounding), so that there is
    /// something to scroll.
    var contentIsTallerThanViewport: Bool { contentHeight > viewportSize.height + 0.5 }

    /// `offset` within `0...maximumOffset`.
    func clamped(_ offset: Double) -> Double { min(max(0, offset), maximumOffset) }

    /// Where content y `contentY` is in the viewport, in whole pixels.
    func viewY(_ contentY: Double) -> Int32 {
        // Children are only ever near the viewport, so this stays far inside Int32 and X11 limits.
        Int32((contentY - contentOffset).rounded())
    }
}
