import HubFramework

/// Where a view's components are at one moment, as `CellInput` needs it to move the keyboard focus:
/// read from the view controller each time an event needs it, never kept.
@MainActor
struct InputSnapshot {
    /// The layout of the body rendered now.
    let layout: ComponentLayout
    /// The body components that have widgets, by body index.
    let placed: [Int: ComponentWrapper]
    /// The visible part of the content (content coordinates).
    let visibleRect: Rect
    /// The direction components flow in along a row.
    let direction: LayoutDirection
    /// The components that may take the initial focus, in order: the header, the body components on
    /// screen in body order, the overlays.
    let focusOrder: [ComponentWrapper]
}
