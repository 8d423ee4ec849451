import Foundation
import HubFramework
import HubGTK

/// Connects the window to the navigator: the address entry opens URIs, the buttons navigate, and
/// the header bar follows the current page (title, bar buttons, loading state). The current page's
/// view goes in the content area, where its host makes it appear.
@MainActor
final class HubWindowController: NavigatorDelegate {
    /// The window it drives.
    let window: HubWindow
    /// The navigation stack the window follows.
    let navigator: Navigator
    private let hub: Hub
    /// The address entry's suggestions: URIs opened before, then every feature's examples.
    private let completion = EntryCompletion(minimumKeyLength: 1)
    /// The addresses remembered from earlier runs, most recent first, for the completion.
    var addressHistory: () -> [String] = { [] }
    /// Called with what was typed when the address entry opened it.
    var onAddressOpened: ((String) -> Void)?
    /// Called when the user closes the window (before it is destroyed), to remember its state.
    var onClose: (() -> Void)?
    /// Called when the window shows another page (its view is in the content area).
    var onPageShown: (() -> Void)?
    /// The view controller and navigation item the bar buttons were made for: the window hears of
    /// its page at every change of what it shows of it (a load starting and ending among them), and
    /// making the buttons again each time would take the keyboard focus off one of them.
    private var barItemsMadeFor: (controller: ObjectIdentifier, item: NavigationItem)?

    /// Connects `window` to `navigator` (becoming its delegate); `hub` supplies the features whose
    /// example URIs the address entry suggests.
    init(window: HubWindow, hub: Hub, navigator: Navigator) {
        self.window = window
        self.hub = hub
        self.navigator = navigator
        navigator.delegate = self

        if let entry = window.addressEntry {
            entry.placeholder = navigator.exampleURI.map { localized("Enter a view URI, such as %s", $0.absoluteString) }
                ?? localized("Enter a view URI")
            entry.completion = completion  // filled by the owner once it has set addressHistory
            // The widgets own these handlers; they capture the controller weakly, so the window does
            // not keep it alive.
            entry.onActivate = { [weak self] in
                guard let self else { return }
                let address = self.window.address
                if self.navigator.open(address) { self.onAddressOpened?(address) }
            }
            entry.onKeyPress { [weak self] key in
                guard let self, key.key == .escape else { return false }
                self.restoreAddress()
                return true
            }
        }
        window.backButton.onClicked = { [weak self] in self?.navigator.goBack() }
        window.forwardButton.onClicked = { [weak self] in self?.navigator.goForward() }
        window.reloadButton.onClicked = { [weak self] in self?.navigator.reload() }
        window.window.onDestroy { [weak self] in self?.windowDestroyed() }
        // The size is read while the window still has it: before it is destroyed.
        window.window.onCloseRequest = { [weak self] in
            self?.onClose?()
            return false
        }
    }

    /// Puts the cursor in the address entry with its text selected (nothing without an address bar).
    func focusAddress() {
        window.addressEntry?.grabFocus()
        window.addressEntry?.selectAll()
    }

    /// Puts the current page's URI back in the entry (Escape).
    func restoreAddress() {
        window.address = navigator.currentPage?.uri ?? ""
        navigator.currentPage?.viewController.focusContent()
    }

    private func windowDestroyed() {
        window.barItemsBox.removeAll()
        barItemsMadeFor = nil
        navigator.tearDown()
    }

    // MARK: NavigatorDelegate

    func navigator(_ navigator: Navigator, didShow page: Navigator.Page) {
        // Pages keep their view controller, which owns its view, so taking a view out keeps it alive;
        // taking it off screen makes it disappear, and putting the new one on screen makes it appear.
        window.contentArea.removeAll()
        window.contentArea.add(page.widget)
        page.widget.showAll()
        window.address = page.uri
        page.viewController.focusContent()
        refreshCompletion()
        onPageShown?()
    }

    func navigatorCurrentPageDidChange(_ navigator: Navigator) {
        guard let page = navigator.currentPage else { return }
        window.title = page.title
        window.isLoading = page.viewController.isLoading
        window.backButton.isEnabled = navigator.canGoBack
        window.forwardButton.isEnabled = navigator.canGoForward
        updateBarItems(page)
    }

    private func updateBarItems(_ page: Navigator.Page) {
        let controller = page.viewController
        let madeFor = (controller: ObjectIdentifier(controller), item: controller.navigationItem)
        if let barItemsMadeFor, barItemsMadeFor == madeFor { return }
        barItemsMadeFor = madeFor
        // The old buttons, and their handlers, go with the box's references to them.
        window.barItemsBox.removeAll()
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

    func refreshCompletion() {
        guard window.addressEntry != nil else { return }
        // The remembered addresses of earlier runs first, most recent first.
        var suggestions: [String] = []
        for uri in addressHistory() where !suggestions.contains(uri) { suggestions.append(uri) }
        for uri in navigator.history.reversed() where !suggestions.contains(uri) { suggestions.append(uri) }
        for feature in hub.featureRegistry.allRegistrations {
            for uri in feature.exampleViewURIs.map(\.absoluteString) where !suggestions.contains(uri) {
                suggestions.append(uri)
            }
        }
        completion.suggestions = suggestions
    }
}
