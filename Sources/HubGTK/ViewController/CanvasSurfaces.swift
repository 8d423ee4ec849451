import GtkKit
import HubFramework

/// The narrow parts of the scroll canvas that the view controller's parts are given, instead of the
/// canvas: none of them can move the content offset or change the content height, which only the
/// view controller's render does.

/// The list that holds the keyboard focus between components.
@MainActor
protocol FocusSurface: AnyObject {
    /// Gives the list the keyboard focus.
    func focusContent()
    /// Whether the list has the keyboard focus.
    var isFocus: Bool { get }
}

/// Where the body's cells are placed, in content coordinates.
@MainActor
protocol CellSurface: FocusSurface {
    /// Adds `child` at `origin`.
    func addChild(_ child: Widget, at origin: Point)
    /// Moves `child`, already added, to `origin`.
    func moveChild(_ child: Widget, to origin: Point)
    /// Where `child` is, or nil when it is not on the surface.
    func origin(of child: Widget) -> Point?
}

/// Where the header and overlays float, above the content.
@MainActor
protocol FloatingSurface: AnyObject {
    /// Floats `child` above the content, aligned as given.
    func float(_ child: Widget, horizontally: Alignment, vertically: Alignment)
    /// Puts `child` over the whole of the view (the loading, empty and error page).
    func addOverlay(_ child: Widget)
}

extension ScrollCanvas: CellSurface, FloatingSurface {}
