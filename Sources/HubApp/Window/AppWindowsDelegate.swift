import Foundation
import HubGTK

/// What a window asks of the application: the app's delegate of its windows (``AppWindows/delegate``),
/// which hears it as GTK reports it.
@MainActor
protocol AppWindowsDelegate: AnyObject {
    /// The keyboard shortcuts window's contents, as the keys are now (`win.show-help-overlay`).
    func shortcutsWindowForAppWindows() -> ShortcutsWindow
    /// Files were dropped on `window`: the JSON files among them open in it.
    func appWindow(_ window: AppWindow, didReceiveDroppedFiles urls: [URL])
    /// A window's address entry opened `address`.
    func appWindowsDidOpenAddress(_ address: String)
}
