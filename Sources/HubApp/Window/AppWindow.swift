import Foundation
import HubFramework
import HubGTK

/// One window of the app: its ``HubWindow``, the ``Navigator`` whose pages it shows (its own
/// history), the controller that connects the two, Find in its view, its `win.*` actions, the files dropped on it,
/// the size it has when it is not maximized, and its keyboard shortcuts window once it was shown.
///
/// Made by `AppWindows`, which gives it what it needs; it holds neither the windows nor the
/// application.
@MainActor
final class AppWindow {
    /// The window.
    let window: HubWindow
    /// The pages the window shows.
    let navigator: Navigator
    /// Connects the window to the navigator.
    private let controller: HubWindowController
    /// Find in the current page's view (the window's Find bar).
    let finder: FindController
    /// The window's size the last time it was not maximized (noted as GTK resizes it).
    private var unmaximizedSize: (width: Int, height: Int)
    /// The keyboard shortcuts window, open or hidden since it was closed, and the keys of the
    /// application's actions when it was made (``showShortcuts()``).
    private var shortcutsWindow: ShortcutsWindow?
    private var shortcutsKeys: [String] = []
    /// Makes the keyboard shortcuts window (``showShortcuts()``).
    private let makeShortcutsWindow: @MainActor () -> ShortcutsWindow
    /// The keys of the application's actions now, each `action=keys`.
    private let currentKeys: @MainActor () -> [String]
    /// Opens files dropped on the window, in this window.
    private let openDroppedFiles: @MainActor (AppWindow, [URL]) -> Void

    /// A window of `application`, made hidden, at the size `settings` remember, titled `title`,
    /// showing `navigator`'s pages (and suggesting `hub`'s features' examples in its address bar
    /// when it has one), with `menu` in its menu button.
    /// - Parameters:
    ///   - makeShortcutsWindow: makes the window `win.show-help-overlay` shows.
    ///   - acceptsDroppedFiles: whether files dropped on the window open (`openDroppedFiles`).
    ///   - openDroppedFiles: opens files dropped on the window in it.
    ///   - onAddressOpened: called with what the address entry opened.
    ///   - onClose: called as the user closes the window, before it is destroyed.
    ///   - onDestroy: called once the window is destroyed.
    init(application: Application, hub: Hub, navigator: Navigator, settings: AppSettings, title: String,
         showsAddressBar: Bool, menu: Menu, acceptsDroppedFiles: Bool,
         makeShortcutsWindow: @escaping @MainActor () -> ShortcutsWindow,
         openDroppedFiles: @escaping @MainActor (AppWindow, [URL]) -> Void,
         onAddressOpened: @escaping @MainActor (String) -> Void,
         onClose: @escaping @MainActor (AppWindow) -> Void,
         onDestroy: @escaping @MainActor (AppWindow) -> Void)
    {
        let window = HubWindow(application: application, title: title, showsAddressBar: showsAddressBar)
        settings.restoreWindowState(window)
        self.window = window
        self.navigator = navigator
        self.makeShortcutsWindow = makeShortcutsWindow
        currentKeys = { [weak application] in
            guard let application else { return [] }
            return application.actionsWithAccelerators.sorted().map {
                "\($0)=\(application.accelerators(forAction: $0).joined(separator: " "))"
            }
        }
        self.openDroppedFiles = openDroppedFiles
        unmaximizedSize = window.window.size
        window.menuButton.menu = menu
        controller = HubWindowController(window: window, hub: hub, navigator: navigator)
        let finder = FindController(bar: window.findBar) { [weak navigator] in navigator?.currentPage?.viewController }
        self.finder = finder
        controller.onPageShown = { [weak finder] in finder?.pageChanged() }
        controller.addressHistory = { [weak settings] in settings?.addressHistory ?? [] }
        controller.onAddressOpened = onAddressOpened
        controller.onClose = { [weak self] in
            guard let self else { return }
            onClose(self)
        }
        controller.refreshCompletion()
        window.window.onResize { [weak self] _ in self?.noteSize() }
        window.window.onDestroy { [weak self] in
            guard let self else { return }
            self.shortcutsWindow = nil
            onDestroy(self)
        }
        if acceptsDroppedFiles {
            window.window.onFilesDropped { [weak self] urls in self?.filesDropped(urls) }
        }
        AppAccelerators.addWindowActions(to: self)
    }

    /// Notes the window's size while it is not maximized (each time GTK gives it a new one).
    private func noteSize() {
        guard !window.window.isMaximized else { return }
        unmaximizedSize = window.window.size
    }

    /// Whether the window is maximized now.
    var isMaximized: Bool { window.window.isMaximized }

    /// The size to remember for the window: its size now, or, while it is maximized, the size it had
    /// before, so that the next window unmaximizes to the user's size.
    var sizeToRemember: (width: Int, height: Int) {
        isMaximized ? unmaximizedSize : window.window.size
    }

    /// Opens the JSON files among `urls` in this window: what dropping files on it does.
    func filesDropped(_ urls: [URL]) {
        openDroppedFiles(self, urls)
    }

    /// Shows the window.
    func present() {
        window.present()
    }

    /// Asks the window to close, as its close button does (Ctrl+W).
    func requestClose() {
        window.window.close()
    }

    /// Puts the cursor in the address entry (Ctrl+L, F6).
    func focusAddress() {
        controller.focusAddress()
    }

    /// Offers the address history again (it changed).
    func refreshCompletion() {
        controller.refreshCompletion()
    }

    /// Shows the Find bar with the cursor in it (Ctrl+F).
    func find() {
        finder.open()
    }

    /// Shows or hides the primary menu (F10).
    func togglePrimaryMenu() {
        window.menuButton.isMenuShown.toggle()
    }

    /// Shows the keyboard shortcuts window (Ctrl+?). It is made the first time; closed, it is hidden
    /// and shown again, unless the application's keys have changed since it was made: then a new one
    /// lists them. GTK 3 never frees a shortcuts window's own parts (``ShortcutsWindow``), so making
    /// one at every Ctrl+? kept about 170 kB each time.
    func showShortcuts() {
        let keys = currentKeys()
        if let shortcutsWindow, keys == shortcutsKeys {
            shortcutsWindow.present()
            return
        }
        shortcutsWindow?.destroy()
        let shortcuts = makeShortcutsWindow()
        shortcuts.transientParent = window.window
        shortcuts.destroysWithParent = true
        shortcuts.onCloseRequest = { [weak shortcuts] in
            shortcuts?.hide()
            return true
        }
        shortcuts.onDestroy { [weak self, weak shortcuts] in
            if let self, self.shortcutsWindow === shortcuts { self.shortcutsWindow = nil }
        }
        shortcutsWindow = shortcuts
        shortcutsKeys = keys
        shortcuts.present()
    }

    /// The keyboard shortcuts window, while it is open (shown).
    var openShortcutsWindow: ShortcutsWindow? {
        guard let shortcutsWindow, shortcutsWindow.isVisible else { return nil }
        return shortcutsWindow
    }
}
