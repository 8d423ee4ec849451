import CGtk
import GtkKit
import HubGTK

/// The view controller's cells as GTK widgets, for tests that synthesize input on them or read
/// their allocation and accessible directly.
extension ViewController {
    /// The GTK widget of the cell hosting the body component at `index`.
    package func cellWidget(atBodyIndex index: Int) -> WidgetPointer? { cellView(atBodyIndex: index)?.gtkWidget }
    /// The GTK widget of the cell hosting the header.
    package var headerCellWidget: WidgetPointer? { headerCellView?.gtkWidget }
    /// The GTK widgets of the cells hosting the overlays.
    package var overlayCellWidgets: [WidgetPointer] { overlayCellViews.map(\.gtkWidget) }
}
