import Foundation
import HubFramework
import HubGTK

/// Connects the window to the navigator: the address entry opens URIs, the buttons and keys
/// navigate, and the header bar follows the current page (title, bar buttons, loading state).
@MainActor
public final class ViewerWindowController: NavigatorDelegate {
    /// The window it drives.
    public let window: ViewerWindow
    /// The navigation stack the window follows.
    public let navigator: Navigator
    private let hub: Hub
    /// The address entry's suggestions: URIs opened before, then every feature's examples.
    private let completion = EntryCompletion(minimumKeyLength: 1)

    /// Connects `window` to `navigator` (becoming its delegate); `hub` supplies the features whose
    /// example URIs the address entry suggests.
    public init(window: ViewerWindow, hub: Hub, navigator: Navigator) {
        self.window = window
        self.hub = hub
        self.navigator = navigator
        navigator.delegate = self

        window.addressEntry.completion = completion
        refreshCompletion()

        // The widgets own these handlers; they capture the controller weakly, so the window does
        // not keep it alive.
        window.addressEntry.onActivate = { [weak self] in
            guard let self else { return }
            self.navigator.open(self.window.address)
        }
        window.addressEntry.onKeyPress { [weak self] key in
            guard let self, key.key == .escape else { return false }
            self.restoreAddress()
            return true
        }
        window.backButton.onClicked = { [weak self] in self?.navigator.goBack() }
        window.forwardButton.onClicked = { [weak self] in self?.navigator.goForward() }
        window.reloadButton.onClicked = { [weak self] in self?.navigator.reload() }
        window.window.onDestroy { [weak self] in self?.windowDestroyed() }
    }

    /// Puts the cursor in the address entry with its text selected.
    public func focusAddress() {
        window.addressEntry.grabFocus()
        window.addressEntry.selectAll()
    }

    /// Puts the current page's URI back in the entry (Escape).
    public func restoreAddress() {
        window.address = navigator.currentPage?.uri ?? ""
        navigator.currentPage?.viewController.focusContent()
    }

    private func windowDestroyed() {
        window.barItemsBox.removeAll()
        navigator.tearDown()
    }

    // MARK: NavigatorDelegate

    public func navigator(_ navigator: Navigator, didShow page: Navigator.Page) {
        // Pages keep their view controller, which owns its view, so taking a view out keeps it alive.
        window.contentArea.removeAll()
        let view = page.viewController.view
        window.contentArea.add(view)
        view.showAll()
        window.address = page.uri
        page.viewController.focusContent()
        refreshCompletion()
    }

    public func navigatorCurrentPageDidChange(_ navigator: Navigator) {
        guard let page = navigator.currentPage else { return }
        window.title = page.title
        window.isLoading = page.viewController.isLoading
        window.backButton.isEnabled = navigator.canGoBack
        window.forwardButton.isEnabled = navigator.canGoForward
        updateBarItems(page)
    }

    private func updateBarItems(_ page: Navigator.Page) {
        // The old buttons, and their handlers, go with the box's references to them.
        window.barItemsBox.removeAll()
        let controller = page.viewController
        for item in controller.navigationItem.rightItems {
            let button: Button
            if let icon = item.iconName {
                button = Button(iconName: icon, tooltip: item.title ?? icon)
            } else {
                button = Button(label: item.title ?? "", mnemonic: false)
            }
            if let identifier = item.actionIdentifier {
                let data = item.customData
                button.onClicked = { [weak controller] in
                    controller?.performAction(withIdentifier: identifier, customData: data)
                }
            } else {
                button.isEnabled = false
            }
            window.barItemsBox.add(button)
            button.show()
        }
    }

    private func refreshCompletion() {
        var suggestions: [String] = []
        for uri in navigator.history.reversed() where !suggestions.contains(uri) { suggestions.append(uri) }
        for feature in hub.featureRegistry.allRegistrations {
            for uri in feature.exampleViewURIs.map(\.absoluteString) where !suggestions.contains(uri) {
                suggestions.append(uri)
            }
        }
        completion.suggestions = suggestions
    }
}
