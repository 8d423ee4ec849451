import HubFramework
import HubGTK

/// An app's window: a header bar with Back, Forward and Reload, the view's title, an optional
/// address entry for view URIs, the view's bar buttons, a spinner and the primary menu's button,
/// above the Find bar (hidden until Ctrl+F) and the area that shows the current view.
///
/// ``HubApplication`` creates it and keeps it in step with its ``Navigator``; its parts are public
/// so that an app can add to them (a button of its own in ``headerBar``, for instance).
@MainActor
public final class HubWindow {
    /// The application window.
    public let window: ApplicationWindow
    /// The window's title bar, holding everything below but the content.
    public let headerBar: HeaderBar
    /// Goes back in the navigation stack (disabled at its start).
    public let backButton: Button
    /// Goes forward in the navigation stack (disabled at its end).
    public let forwardButton: Button
    /// Reloads the current view.
    public let reloadButton: Button
    /// The address entry, where the user types view URIs; nil when the window has no address bar.
    public let addressEntry: Entry?
    /// Spins while a view's content loads.
    public let spinner: Spinner
    /// Shows the view's title next to the address entry; nil without an address bar, where the
    /// header bar shows the title itself.
    public let titleLabel: Label?
    /// Holds the buttons of the view's navigation item (its right items).
    public let barItemsBox: Box
    /// Holds the current view.
    public let contentArea: Overlay
    /// Find in the current view (Ctrl+F), between the header bar and the view.
    public let findBar: FindBar
    /// The button of the primary menu, at the end of the header bar (F10 opens it too).
    /// ``HubApplication`` gives it the app's menu.
    public let menuButton: MenuButton

    /// Builds the (hidden) window of `application`; ``present()`` shows it.
    /// - Parameters:
    ///   - application: the application the window belongs to (it quits when its last window closes).
    ///   - title: the title until a view gives one (the app's name).
    ///   - showsAddressBar: whether the header bar has an address entry for view URIs.
    public init(application: Application, title: String, showsAddressBar: Bool) {
        window = ApplicationWindow(application: application)
        window.setDefaultSize(width: 1024, height: 768)
        window.iconName = application.id
        window.addCSSClass("hub-app")

        headerBar = HeaderBar()
        headerBar.showsWindowButtons = true

        // Translators: the tooltip of the header bar's button that goes to the previous view.
        backButton = Button(iconName: "go-previous-symbolic", tooltip: localized("Back"))
        // Translators: the tooltip of the header bar's button that goes to the next view.
        forwardButton = Button(iconName: "go-next-symbolic", tooltip: localized("Forward"))
        // Translators: the tooltip of the header bar's button that loads the current view again.
        reloadButton = Button(iconName: "view-refresh-symbolic", tooltip: localized("Reload"))
        backButton.isEnabled = false
        forwardButton.isEnabled = false

        // Back and Forward drawn as one segmented control.
        let navigation = Box(.horizontal)
        navigation.addCSSClass("linked")
        navigation.add(backButton)
        navigation.add(forwardButton)
        headerBar.packStart(navigation)
        headerBar.packStart(reloadButton)

        if showsAddressBar {
            let entry = Entry()
            entry.purpose = .url
            // Wide enough for most view URIs (it grows with the window), and narrow enough that an
            // 800-pixel window holds it beside the title, the buttons and the primary menu in German.
            entry.widthInCharacters = 40
            entry.expandsHorizontally = true
            // Translators: what a screen reader calls the entry where the user types view URIs.
            entry.accessibleName = localized("Address")
            let label = Label(title)
            label.addCSSClass("title")
            label.ellipsizes = .end
            label.maximumWidthInCharacters = 28
            // The title and the entry share the title area: the header bar's own title would leave
            // the entry no room.
            let titleBox = Box(.horizontal, spacing: 12)
            titleBox.append(label, fill: false)
            titleBox.append(entry, expand: true)
            headerBar.customTitle = titleBox
            addressEntry = entry
            titleLabel = label
        } else {
            addressEntry = nil
            titleLabel = nil
        }

        // Translators: the tooltip and accessible name of the header bar's button that opens the
        // app's menu (New Window, Open…, Keyboard Shortcuts, About), as GNOME apps call it.
        menuButton = MenuButton(iconName: "open-menu-symbolic", tooltip: localized("Main Menu"))
        // The primary menu is the last thing in the header bar, as in every GNOME app.
        headerBar.packEnd(menuButton)

        spinner = Spinner()
        // Translators: the tooltip of the header bar's spinner, shown while a view's content loads.
        spinner.tooltip = localized("Loading")
        headerBar.packEnd(spinner)
        barItemsBox = Box(.horizontal, spacing: 6)
        headerBar.packEnd(barItemsBox)

        window.titleBar = headerBar

        contentArea = Overlay()
        contentArea.expandsHorizontally = true
        contentArea.expandsVertically = true
        findBar = FindBar()
        let column = Box(.vertical)
        column.append(findBar.searchBar)
        column.append(contentArea, expand: true)
        window.add(column)
        self.title = title
    }

    /// Shows the window and everything in it.
    public func present() {
        window.showAll()
        window.present()
    }

    /// The view's title: the window title, and the header bar's (next to the address entry when
    /// there is one).
    public var title: String {
        get { window.title }
        set {
            window.title = newValue
            headerBar.title = newValue
            titleLabel?.text = newValue
        }
    }

    /// The text in the address entry ("" without an address bar, where setting it does nothing).
    public var address: String {
        get { addressEntry?.text ?? "" }
        set { addressEntry?.text = newValue }
    }

    /// Starts or stops the loading indicator.
    public var isLoading: Bool {
        get { spinner.isVisible && spinner.hasCSSClass("hub-loading") }
        set {
            spinner.setCSSClass("hub-loading", newValue)
            spinner.isSpinning = newValue
        }
    }
}
