@testable import GtkKit
import HubGTK

/// The view controller's cells as GTK widgets, for tests that synthesize input on them or read
/// their allocation and accessible directly.
///
/// A widget's GTK pointer is internal to GtkKit, so only a test target (built for testing, with
/// `@testable import`) reaches it: this extension cannot live in HubGTKTestSupport, a library target
/// that `swift build -c release` builds too, where GtkKit is not compiled for testing.
extension ViewController {
    /// The GTK widget of the cell hosting the body component at `index`.
    func cellWidget(atBodyIndex index: Int) -> WidgetPointer? { cellView(atBodyIndex: index)?.gtkWidget }
    /// The GTK widget of the cell hosting the header.
    var headerCellWidget: WidgetPointer? { headerCellView?.gtkWidget }
    /// The GTK widgets of the cells hosting the overlays.
    var overlayCellWidgets: [WidgetPointer] { overlayCellViews.map(\.gtkWidget) }
}
