import HubFramework
import HubGTK

/// The app's one window: made on the first activation, at the size it was closed with, connected
/// to the navigator; its address bar offers the remembered addresses; its size and state are
/// remembered as it closes.
@MainActor
final class AppWindow {
    /// Whether the window has an address entry for view URIs. Read when the window is made.
    var showsAddressBar = false
    /// The window, once made.
    private(set) var window: HubWindow?
    /// Connects the window to the navigator.
    private var controller: HubWindowController?
    /// The application the window belongs to.
    private let application: Application
    /// The features the address bar suggests examples of.
    private let hub: Hub
    /// The navigation stack the window shows.
    private let navigator: Navigator
    /// Where the window's size and the address history are remembered.
    private let settings: AppSettings

    /// The window of `application`, showing `navigator`'s pages, remembering in `settings`; none yet.
    init(application: Application, hub: Hub, navigator: Navigator, settings: AppSettings) {
        self.application = application
        self.hub = hub
        self.navigator = navigator
        self.settings = settings
    }

    /// Makes the window on first call, titled `title`, and presents it.
    func activate(title: String) -> HubWindow {
        if let window {
            window.present()
            return window
        }
        let window = HubWindow(application: application, title: title, showsAddressBar: showsAddressBar)
        settings.restoreWindowState(window)
        self.window = window
        let controller = HubWindowController(window: window, hub: hub, navigator: navigator)
        controller.addressHistory = { [weak settings] in settings?.addressHistory ?? [] }
        controller.onAddressOpened = { [weak self] uri in self?.rememberAddress(uri) }
        controller.onClose = { [weak settings] in settings?.saveWindowState(window) }
        self.controller = controller
        controller.refreshCompletion()
        window.present()
        return window
    }

    /// Remembers the window's state, destroys it and forgets it.
    func close() {
        saveState()
        window?.window.destroy()
        window = nil
        controller = nil
    }

    /// Asks the window to close, as its close button does (Ctrl+W).
    func requestClose() {
        window?.window.close()
    }

    /// Remembers the window's size and state now (quitting destroys the window without asking it
    /// to close).
    func saveState() {
        if let window { settings.saveWindowState(window) }
    }

    /// Puts the cursor in the address entry (Ctrl+L, F6).
    func focusAddress() {
        controller?.focusAddress()
    }

    /// Notes `uri` as opened from the address bar, and offers it first.
    func rememberAddress(_ uri: String) {
        if settings.rememberAddress(uri) { controller?.refreshCompletion() }
    }

    /// Forgets the address history, and stops offering it.
    func clearAddressHistory() {
        if settings.clearAddressHistory() { controller?.refreshCompletion() }
    }
}
