import HubFramework
import HubGTK

/// The viewer's main window: a header bar with navigation buttons, an address entry for view URIs
/// and the view's title, above the area that shows the current view.
@MainActor
public final class ViewerWindow {
    /// The application window.
    public let window: ApplicationWindow
    /// The window's title bar, holding everything below.
    public let headerBar: HeaderBar
    /// Goes back in the navigation stack (disabled at its start).
    public let backButton: Button
    /// Goes forward in the navigation stack (disabled at its end).
    public let forwardButton: Button
    /// Reloads the current view.
    public let reloadButton: Button
    /// The address entry, where the user types view URIs.
    public let addressEntry: Entry
    /// Spins while a view's content loads.
    public let spinner: Spinner
    /// Shows the view's navigation title.
    public let titleLabel: Label
    /// Holds the buttons of the view's navigation item (right items).
    public let barItemsBox: Box
    /// Holds the current view.
    public let contentArea: Overlay

    /// Builds the (hidden) window of `application`; `present()` shows it.
    public init(application: Application) {
        window = ApplicationWindow(application: application)
        window.setDefaultSize(width: 1024, height: 768)
        window.title = "Hub Viewer"
        window.iconName = ViewerApplication.applicationID
        window.addCSSClass("hub-viewer")

        headerBar = HeaderBar()
        headerBar.showsWindowButtons = true

        backButton = Button(iconName: "go-previous-symbolic", tooltip: "Back")
        forwardButton = Button(iconName: "go-next-symbolic", tooltip: "Forward")
        reloadButton = Button(iconName: "view-refresh-symbolic", tooltip: "Reload")
        backButton.isEnabled = false
        forwardButton.isEnabled = false

        // Back and Forward drawn as one segmented control.
        let navigation = Box(.horizontal)
        navigation.addCSSClass("linked")
        navigation.add(backButton)
        navigation.add(forwardButton)
        headerBar.packStart(navigation)
        headerBar.packStart(reloadButton)

        addressEntry = Entry()
        addressEntry.placeholder = "Enter a view URI, such as hub-demo:root"
        addressEntry.purpose = .url
        addressEntry.widthInCharacters = 48
        addressEntry.expandsHorizontally = true
        addressEntry.accessibleName = "Address"

        titleLabel = Label("Hub Viewer")
        titleLabel.addCSSClass("title")
        titleLabel.ellipsizes = .end
        titleLabel.maximumWidthInCharacters = 28
        let titleBox = Box(.horizontal, spacing: 12)
        titleBox.append(titleLabel, fill: false)
        titleBox.append(addressEntry, expand: true)
        headerBar.customTitle = titleBox

        spinner = Spinner()
        spinner.tooltip = "Loading"
        headerBar.packEnd(spinner)
        barItemsBox = Box(.horizontal, spacing: 6)
        headerBar.packEnd(barItemsBox)

        window.titleBar = headerBar

        contentArea = Overlay()
        contentArea.expandsHorizontally = true
        contentArea.expandsVertically = true
        window.add(contentArea)
    }

    /// Shows the window and everything in it.
    public func present() {
        window.showAll()
        window.present()
    }

    /// The view's title: shown as the window title (the header bar shows the address entry).
    public var title: String {
        get { window.title }
        set {
            window.title = newValue
            headerBar.title = newValue
            titleLabel.text = newValue
        }
    }

    /// The text in the address entry.
    public var address: String {
        get { addressEntry.text }
        set { addressEntry.text = newValue }
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
