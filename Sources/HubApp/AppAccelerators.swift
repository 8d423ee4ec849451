import HubGTK

/// The keyboard shortcuts, as application actions (`app.back`, …), so that they work wherever the
/// focus is in the window. Ctrl+L and F6 focus the address bar, when there is one.
@MainActor
enum AppAccelerators {
    /// Adds the actions and their keys to `application`: navigation with `navigator`, the window's
    /// with `window`. The actions hold neither strongly: once they are gone, the actions do nothing.
    static func add(to application: Application, navigator: Navigator, window: AppWindow) {
        application.addAction("back", accelerators: ["<Alt>Left", "Back"]) { [weak navigator] in navigator?.goBack() }
        application.addAction("forward", accelerators: ["<Alt>Right", "Forward"]) { [weak navigator] in
            navigator?.goForward()
        }
        application.addAction("reload", accelerators: ["F5", "<Control>r"]) { [weak navigator] in navigator?.reload() }
        // Without an address bar the action has no keys (and nothing to focus), so that Ctrl+L and F6
        // stay free for the app.
        application.addAction("focus-address", accelerators: window.showsAddressBar ? ["<Control>l", "F6"] : []) {
            [weak window] in window?.focusAddress()
        }
        application.addAction("close", accelerators: ["<Control>w"]) { [weak window] in window?.requestClose() }
        application.addAction("clear-history") { [weak window] in window?.clearAddressHistory() }
        application.addAction("quit", accelerators: ["<Control>q"]) { [weak window, weak application] in
            guard let window else { return }
            // Quitting destroys the window without asking it to close: its state is saved here.
            window.saveState()
            application?.quit()
        }
    }
}
