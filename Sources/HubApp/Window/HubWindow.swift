import HubFramework
import HubGTK

/// An app's window: a header bar with Back, Forward and Reload, the view's title, an optional
/// address entry for view URIs, the view's bar buttons, a spinner and the primary menu's button,
/// above the Find bar (hidden until Ctrl+F) and the area that shows the current view.
///
/// ``HubApplication`` creates it and keeps it in step with its ``Navigator``; its parts are public
/// so that an app can add to them (a button of its own in ``headerBar``, for instance). The header
/// bar's fixed layout is the framework's `.ui` definition `/org/hubframework/HubApp/header-bar.ui`.
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
    /// Spins while a view's content loads, once it has loaded for a moment (``isLoading``).
    public let spinner: Spinner
    /// Turns the spinner once a load has lasted ``/HubGTK/ViewController/loadingIndicatorDelay``.
    private let loadingSpinner: LoadingSpinner
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

    /// Where the header bar's definition is in the framework's resources.
    static let headerBarResourcePath = "/org/hubframework/HubApp/header-bar.ui"

    /// Builds the (hidden) window of `application`; ``present()`` shows it.
    ///
    /// The header bar's fixed layout is a GtkBuilder definition in the framework's resources
    /// (`data/resources/HubApp/header-bar.ui`), read for each window; the address bar, the titles,
    /// the menu and the view's buttons are what the app and its views decide, set here and later.
    /// - Parameters:
    ///   - application: the application the window belongs to (it quits when its last window closes).
    ///   - title: the title until a view gives one (the app's name).
    ///   - showsAddressBar: whether the header bar has an address entry for view URIs.
    public init(application: Application, title: String, showsAddressBar: Bool) {
        window = ApplicationWindow(application: application)
        window.setDefaultSize(width: 1024, height: 768)
        window.iconName = application.id
        window.addCSSClass("hub-app")

        let definition = FrameworkDefinition(Self.headerBarResourcePath)
        headerBar = definition.part("header-bar") { $0.headerBar($1) }
        backButton = definition.part("back-button") { $0.button($1) }
        forwardButton = definition.part("forward-button") { $0.button($1) }
        reloadButton = definition.part("reload-button") { $0.button($1) }
        menuButton = definition.part("menu-button") { $0.menuButton($1) }
        spinner = definition.part("spinner") { $0.spinner($1) }
        loadingSpinner = LoadingSpinner(spinner, hidesWhenStill: false)
        barItemsBox = definition.part("bar-items-box") { $0.box($1) }

        if showsAddressBar {
            headerBar.customTitle = definition.part("title-box") { $0.box($1) }
            addressEntry = definition.part("address-entry") { $0.entry($1) }
            titleLabel = definition.part("title-label") { $0.label($1) }
        } else {
            addressEntry = nil
            titleLabel = nil
        }

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

    /// Whether the window says that its view is loading. The spinner turns once a load has lasted
    /// ``/HubGTK/ViewController/loadingIndicatorDelay``, as the view's own does: a load that ends
    /// sooner (a file, a fast server) shows none flashing for a frame. It stops at once.
    public var isLoading: Bool {
        get { spinner.isVisible && spinner.hasCSSClass("hub-loading") }
        set {
            spinner.setCSSClass("hub-loading", newValue)
            loadingSpinner.isLoading = newValue
        }
    }
}
