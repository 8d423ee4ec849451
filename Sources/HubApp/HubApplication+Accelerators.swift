import HubGTK

extension HubApplication {
    /// The keyboard shortcuts, as application actions (`app.back`, …), so that they work wherever
    /// the focus is in the window. Ctrl+L and F6 focus the address bar, when there is one.
    func addAccelerators() {
        application.addAction("back", accelerators: ["<Alt>Left", "Back"]) { [weak self] in self?.navigator.goBack() }
        application.addAction("forward", accelerators: ["<Alt>Right", "Forward"]) { [weak self] in
            self?.navigator.goForward()
        }
        application.addAction("reload", accelerators: ["F5", "<Control>r"]) { [weak self] in self?.navigator.reload() }
        // Without an address bar the action has no keys (and nothing to focus), so that Ctrl+L and F6
        // stay free for the app.
        application.addAction("focus-address", accelerators: showsAddressBar ? ["<Control>l", "F6"] : []) {
            [weak self] in self?.windowController?.focusAddress()
        }
        application.addAction("close", accelerators: ["<Control>w"]) { [weak self] in self?.mainWindow?.window.close() }
        application.addAction("clear-history") { [weak self] in self?.clearAddressHistory() }
        application.addAction("quit", accelerators: ["<Control>q"]) { [weak self] in
            // Quitting destroys the window without asking it to close: its state is saved here.
            if let self, let window = self.mainWindow { self.appSettings.saveWindowState(window) }
            self?.application.quit()
        }
    }
}
