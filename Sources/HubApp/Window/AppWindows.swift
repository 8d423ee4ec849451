import Foundation
import HubFramework
import HubGTK

/// The app's open windows, each with its own history: the first one shows the app's own
/// navigator (``HubApplication/navigator``), which a new window takes again once the window that
/// showed it has closed; any other window gets a navigator of its own, made like the app's. Knows
/// which window was active last, where URIs that come from outside a window open (a launch, the
/// hub's `URIOpener` calls, live editing), and remembers each window's size as it closes.
@MainActor
final class AppWindows: URIOpener {
    /// Whether windows have an address entry for view URIs. Read when a window is made.
    var showsAddressBar = false
    /// Whether files dropped on a window open in it. Read when a window is made.
    var acceptsDroppedFiles = false
    /// The open windows, oldest first.
    private(set) var windows: [AppWindow] = []
    /// The app's own navigator: the first window's, and then that of the next window made while no
    /// open window shows it.
    let mainNavigator: Navigator
    private let application: Application
    private let hub: Hub
    private let settings: AppSettings
    private let menu: Menu
    /// Hears what the windows ask of the application (held weakly: a window may outlive the
    /// application object, in a test that lets it go).
    weak var delegate: (any AppWindowsDelegate)?

    /// The windows of `application`, showing `hub`'s views, the first with `mainNavigator`,
    /// remembering in `settings`, each with `menu` as its primary menu; none is open yet.
    init(application: Application, hub: Hub, mainNavigator: Navigator, settings: AppSettings, menu: Menu) {
        self.application = application
        self.hub = hub
        self.mainNavigator = mainNavigator
        self.settings = settings
        self.menu = menu
    }

    /// The window that shows the app's own navigator, while one is open.
    var mainWindow: AppWindow? { windows.first { $0.navigator === mainNavigator } }

    /// The window the user was in last: the open window that had the focus last (GTK keeps the
    /// application's windows in that order), else the newest.
    var lastActive: AppWindow? {
        for candidate in application.windows {
            if let window = windows.first(where: { $0.window.window === candidate }) { return window }
        }
        return windows.last
    }

    /// The window of `window`, when it is one of these.
    func appWindow(of window: HubWindow) -> AppWindow? {
        windows.first { $0.window === window }
    }

    /// Makes a window titled `title`, hidden, at the remembered size, with the app's navigator when
    /// no open window shows it, else a navigator of its own.
    func makeWindow(title: String) -> AppWindow {
        let navigator = mainWindow == nil ? mainNavigator : makeNavigator()
        let window = AppWindow(
            application: application, hub: hub, navigator: navigator, settings: settings, title: title,
            showsAddressBar: showsAddressBar, menu: menu, acceptsDroppedFiles: acceptsDroppedFiles,
            makeShortcutsWindow: { [weak self] in
                self?.delegate?.shortcutsWindowForAppWindows() ?? ShortcutsWindow(groups: [])
            },
            openDroppedFiles: { [weak self] window, urls in self?.delegate?.appWindow(window, didReceiveDroppedFiles: urls) },
            onAddressOpened: { [weak self] address in self?.delegate?.appWindowsDidOpenAddress(address) },
            onClose: { [weak self] window in self?.saveState(of: window) },
            onDestroy: { [weak self] window in self?.windows.removeAll { $0 === window } })
        windows.append(window)
        return window
    }

    /// A navigator for a window of its own, made like the app's: the same example URI, external
    /// opener and memory bounds.
    private func makeNavigator() -> Navigator {
        let navigator = Navigator(hub: hub)
        navigator.exampleURI = mainNavigator.exampleURI
        navigator.externalOpener = mainNavigator.externalOpener
        navigator.offScreenComponentBudget = mainNavigator.offScreenComponentBudget
        navigator.maximumLivePages = mainNavigator.maximumLivePages
        return navigator
    }

    /// The navigator of the window the user was in last, or the app's when no window is open.
    var currentNavigator: Navigator { lastActive?.navigator ?? mainNavigator }

    /// Remembers `window`'s size and state: the next window opens like it.
    func saveState(of window: AppWindow) {
        settings.saveWindowState(size: window.sizeToRemember, maximized: window.isMaximized)
    }

    /// Remembers every window's state, the window the user was in last, last: quitting destroys the
    /// windows without asking them to close, and the next run opens like that window.
    func saveStates() {
        let last = lastActive
        for window in windows where window !== last { saveState(of: window) }
        if let last { saveState(of: last) }
    }

    /// Remembers the windows' states, then destroys every window.
    func closeAll() {
        saveStates()
        for window in windows { window.window.window.destroy() }
        windows.removeAll()
    }

    /// Offers every address bar the address history again (it changed).
    func refreshCompletion() {
        for window in windows { window.refreshCompletion() }
    }

    // MARK: URIOpener (the hub's: a component's target, an action's `open`)

    /// Opens `uri` in the window the user was in last.
    func open(_ uri: URL) -> Bool {
        currentNavigator.open(uri)
    }

    /// Opens `uri` for content of `origin` in the window the user was in last (the navigator holds
    /// the view it opens to that origin).
    func open(_ uri: URL, requestedBy origin: ContentOrigin) -> Bool {
        currentNavigator.open(uri, requestedBy: origin)
    }
}
