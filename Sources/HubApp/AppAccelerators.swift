import HubGTK

/// The app's and its windows' actions and their keyboard shortcuts. What concerns the whole app is
/// an application action (`app.new-window`, `app.open`, `app.about`, `app.quit`,
/// `app.clear-history`); what a window does to itself is an action of each window (`win.back`,
/// `win.forward`, `win.reload`, `win.focus-address`, `win.find`, `win.close`, `win.show-help-overlay`,
/// `win.show-primary-menu`), so that it acts on the window it is used in. The keys work wherever the
/// focus is in a window, and every action can be run through `org.gtk.Actions` on the session bus.
@MainActor
enum AppAccelerators {
    /// The keys of each action, in GTK's syntax. Ctrl+L and F6 focus the address bar only when there
    /// is one, so that they stay free for the app; Ctrl+O opens files only when the app does.
    static func keys(showsAddressBar: Bool, opensFiles: Bool) -> [(action: String, accelerators: [String])] {
        [
            ("app.new-window", ["<Control>n"]),
            ("app.open", opensFiles ? ["<Control>o"] : []),
            ("win.close", ["<Control>w"]),
            ("app.quit", ["<Control>q"]),
            ("win.back", ["<Alt>Left", "Back"]),
            ("win.forward", ["<Alt>Right", "Forward"]),
            ("win.reload", ["F5", "<Control>r"]),
            ("win.focus-address", showsAddressBar ? ["<Control>l", "F6"] : []),
            ("win.find", ["<Control>f"]),
            ("win.show-primary-menu", ["F10"]),
            ("win.show-help-overlay", ["<Control>question"]),
        ]
    }

    /// Gives the actions their keys in `application`.
    static func setKeys(of application: Application, showsAddressBar: Bool, opensFiles: Bool) {
        for (action, accelerators) in keys(showsAddressBar: showsAddressBar, opensFiles: opensFiles) {
            application.setAccelerators(accelerators, forAction: action)
        }
    }

    /// Adds the application actions to `application`, each running what it is given. `open` is
    /// added only when the app opens files.
    static func addApplicationActions(
        to application: Application, opensFiles: Bool, newWindow: @escaping @MainActor () -> Void,
        open: @escaping @MainActor () -> Void, about: @escaping @MainActor () -> Void,
        quit: @escaping @MainActor () -> Void, clearHistory: @escaping @MainActor () -> Void)
    {
        application.addAction("new-window", handler: newWindow)
        if opensFiles { application.addAction("open", handler: open) }
        application.addAction("about", handler: about)
        application.addAction("quit", handler: quit)
        application.addAction("clear-history", handler: clearHistory)
    }

    /// Adds the window actions to `window`'s window. They hold `window` weakly: the window's
    /// actions live as long as the window, which the part owns.
    static func addWindowActions(to window: AppWindow) {
        let actions = window.window.window
        actions.addAction("back") { [weak window] in window?.navigator.goBack() }
        actions.addAction("forward") { [weak window] in window?.navigator.goForward() }
        actions.addAction("reload") { [weak window] in window?.navigator.reload() }
        actions.addAction("focus-address") { [weak window] in window?.focusAddress() }
        actions.addAction("find") { [weak window] in window?.find() }
        actions.addAction("close") { [weak window] in window?.requestClose() }
        actions.addAction("show-primary-menu") { [weak window] in window?.togglePrimaryMenu() }
        // GTK's own name for the action that shows an application window's shortcuts window.
        actions.addAction("show-help-overlay") { [weak window] in window?.showShortcuts() }
    }
}
