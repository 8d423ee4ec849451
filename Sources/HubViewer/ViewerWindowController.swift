import CGtk
import Foundation
import HubFramework
import HubGTK

/// Connects the window to the navigator: the address entry opens URIs, the buttons and keys
/// navigate, and the header bar follows the current page (title, bar buttons, loading state).
@MainActor
public final class ViewerWindowController: NavigatorDelegate {
    public let window: ViewerWindow
    public let navigator: Navigator
    private let hub: Hub
    private var connections: [SignalConnection] = []
    private var barItemConnections: [SignalConnection] = []
    private let completionStore: OpaquePointer

    public init(window: ViewerWindow, hub: Hub, navigator: Navigator) {
        self.window = window
        self.hub = hub
        self.navigator = navigator
        completionStore = OpaquePointer(hub_list_store_new_string())
        navigator.delegate = self

        let completion = gtk_entry_completion_new()!
        gtk_entry_completion_set_model(completion, hub_tree_model(UnsafeMutableRawPointer(completionStore)))
        gtk_entry_completion_set_text_column(completion, 0)
        gtk_entry_completion_set_inline_completion(completion, 0)
        gtk_entry_completion_set_popup_completion(completion, 1)
        gtk_entry_completion_set_minimum_key_length(completion, 1)
        gtk_entry_set_completion(hub_entry(window.addressEntry), completion)
        g_object_unref(completion)
        refreshCompletion()

        connections.append(GSignal.connect(window.addressEntry, "activate") { [weak self] in
            guard let self else { return }
            self.navigator.open(self.window.address)
        })
        connections.append(GSignal.connectEvent(window.addressEntry, "key-press-event") { [weak self] event in
            guard let self, hub_event_key(event)!.pointee.keyval == UInt32(GDK_KEY_Escape) else { return false }
            self.restoreAddress()
            return true
        })
        connections.append(GSignal.connect(window.backButton, "clicked") { [weak self] in self?.navigator.goBack() })
        connections.append(GSignal.connect(window.forwardButton, "clicked") { [weak self] in
            self?.navigator.goForward()
        })
        connections.append(GSignal.connect(window.reloadButton, "clicked") { [weak self] in self?.navigator.reload() })
        connections.append(GSignal.connect(window.window, "destroy") { [weak self] in self?.windowDestroyed() })
    }

    /// Puts the cursor in the address entry with its text selected.
    public func focusAddress() {
        gtk_widget_grab_focus(window.addressEntry)
        gtk_editable_select_region(hub_editable(window.addressEntry), 0, -1)
    }

    /// Puts the current page's URI back in the entry (Escape).
    public func restoreAddress() {
        window.address = navigator.currentPage?.uri ?? ""
        if let widget = navigator.currentPage?.viewController.canvas.layout { gtk_widget_grab_focus(widget) }
    }

    private func windowDestroyed() {
        connections.forEach { $0.disconnect() }
        connections.removeAll()
        barItemConnections.forEach { $0.disconnect() }
        navigator.tearDown()
        g_object_unref(UnsafeMutableRawPointer(completionStore))
    }

    // MARK: NavigatorDelegate

    public func navigator(_ navigator: Navigator, didShow page: Navigator.Page) {
        // Pages keep their own reference on their widget, so taking one out keeps it alive.
        for child in Gtk.children(of: window.contentArea) {
            gtk_container_remove(hub_container(window.contentArea), child)
        }
        let widget = page.viewController.view.gtkWidget
        gtk_container_add(hub_container(window.contentArea), widget)
        gtk_widget_show_all(widget)
        window.address = page.uri
        gtk_widget_grab_focus(page.viewController.canvas.layout)
        refreshCompletion()
    }

    public func navigatorCurrentPageDidChange(_ navigator: Navigator) {
        guard let page = navigator.currentPage else { return }
        window.title = page.title
        window.isLoading = page.viewController.isLoading
        gtk_widget_set_sensitive(window.backButton, navigator.canGoBack ? 1 : 0)
        gtk_widget_set_sensitive(window.forwardButton, navigator.canGoForward ? 1 : 0)
        updateBarItems(page)
    }

    private func updateBarItems(_ page: Navigator.Page) {
        barItemConnections.forEach { $0.disconnect() }
        barItemConnections.removeAll()
        for child in Gtk.children(of: window.barItemsBox) { gtk_widget_destroy(child) }
        let controller = page.viewController
        for item in controller.navigationItem.rightItems {
            let button: WidgetPointer
            if let icon = item.iconName {
                button = Gtk.iconButton(icon, tooltip: item.title ?? icon)
            } else {
                button = gtk_button_new_with_label(item.title ?? "")
            }
            if let identifier = item.actionIdentifier {
                let data = item.customData
                barItemConnections.append(GSignal.connect(button, "clicked") { [weak controller] in
                    controller?.performAction(withIdentifier: identifier, customData: data)
                })
            } else {
                gtk_widget_set_sensitive(button, 0)
            }
            gtk_container_add(hub_container(window.barItemsBox), button)
            gtk_widget_show(button)
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
        gtk_list_store_clear(hub_list_store(UnsafeMutableRawPointer(completionStore)))
        for suggestion in suggestions {
            hub_list_store_append_string(hub_list_store(UnsafeMutableRawPointer(completionStore)), suggestion)
        }
    }
}
