import Foundation
import HubFramework
import HubGTK
import Logging

/// Is told what the navigator shows, so the window can follow.
@MainActor
public protocol NavigatorDelegate: AnyObject {
    /// A different page is shown (after open, back or forward).
    func navigator(_ navigator: Navigator, didShow page: Navigator.Page)
    /// The shown page's title, bar buttons or loading state changed.
    func navigatorCurrentPageDidChange(_ navigator: Navigator)
}

/// The viewer's navigation stack, like a browser's history: opening a URI pushes a page (and
/// drops the pages ahead); back and forward move along the stack. Each page keeps its view
/// controller, so its content, scroll position and component state are as they were.
///
/// It is also the app's URI opener: the default selection action opens target URIs here, so
/// view URIs open inside the viewer and other schemes (http, https, mailto) go to the desktop.
@MainActor
public final class Navigator: URIOpener, ViewControllerDelegate {
    /// One entry of the stack.
    @MainActor
    public final class Page {
        /// The URI the user opened (for the error page: what they typed).
        public let uri: String
        public let viewController: ViewController
        /// True for the "nothing handles this URI" page.
        public let isErrorPage: Bool

        init(uri: String, viewController: ViewController, isErrorPage: Bool) {
            self.uri = uri
            self.viewController = viewController
            self.isErrorPage = isErrorPage
        }

        /// The title to show: the view model's navigation title, or the feature's title.
        public var title: String {
            viewController.navigationItem.title ?? viewController.featureInfo.title
        }
    }

    private let hub: Hub
    public weak var delegate: (any NavigatorDelegate)?
    public private(set) var pages: [Page] = []
    public private(set) var currentIndex = -1
    /// URIs opened, most recent last, without duplicates (for address completion).
    public private(set) var history: [String] = []
    /// Opens URIs that are not view URIs; defaults to the desktop's handler.
    public var externalOpener: @MainActor (URL) -> Bool = Navigator.openWithDesktop

    public init(hub: Hub) {
        self.hub = hub
    }

    public var currentPage: Page? { pages.indices.contains(currentIndex) ? pages[currentIndex] : nil }
    public var canGoBack: Bool { currentIndex > 0 }
    public var canGoForward: Bool { currentIndex >= 0 && currentIndex < pages.count - 1 }

    /// Opens what the user typed or a component targeted. View URIs open inside the viewer;
    /// http, https and mailto go to the desktop; anything else shows the error page.
    @discardableResult
    public func open(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let uri = URL(string: trimmed), uri.scheme != nil, !trimmed.isEmpty else {
            push(errorPage(for: trimmed, reason: trimmed.isEmpty ? .empty : .malformed))
            return false
        }
        if let feature = hub.featureRegistry.featureRegistration(forViewURI: uri) {
            do {
                let controller = try hub.viewControllerFactory.createViewController(for: feature, viewURI: uri)
                push(Page(uri: uri.absoluteString, viewController: controller, isErrorPage: false))
                remember(uri.absoluteString)
                return true
            } catch {
                push(errorPage(for: trimmed, reason: .broken(String(describing: error))))
                return false
            }
        }
        if let scheme = uri.scheme?.lowercased(), ["http", "https", "mailto"].contains(scheme) {
            return externalOpener(uri)
        }
        push(errorPage(for: trimmed, reason: .unhandled))
        return false
    }

    /// URIOpener: the default selection action opens target URIs through the navigator.
    public func open(_ uri: URL) -> Bool {
        open(uri.absoluteString)
    }

    public func goBack() {
        guard canGoBack else { return }
        show(index: currentIndex - 1)
    }

    public func goForward() {
        guard canGoForward else { return }
        show(index: currentIndex + 1)
    }

    /// Reloads the current page (ignoring its reload policy).
    public func reload() {
        currentPage?.viewController.reload()
    }

    private func push(_ page: Page) {
        // Pages ahead of the current one are dropped, as in a browser.
        while pages.count > currentIndex + 1 {
            let dropped = pages.removeLast()
            dropped.viewController.tearDown()
        }
        page.viewController.delegate = self
        pages.append(page)
        show(index: pages.count - 1)
    }

    private func show(index: Int) {
        currentPage?.viewController.viewDidDisappear()
        currentIndex = index
        guard let page = currentPage else { return }
        delegate?.navigator(self, didShow: page)
        page.viewController.viewWillAppear()
        delegate?.navigatorCurrentPageDidChange(self)
    }

    private func remember(_ uri: String) {
        history.removeAll { $0 == uri }
        history.append(uri)
    }

    /// Tears every page down (the window is closing).
    public func tearDown() {
        for page in pages { page.viewController.tearDown() }
        pages.removeAll()
        currentIndex = -1
    }

    // MARK: The error page

    enum ErrorReason {
        case empty, malformed, unhandled
        case broken(String)
    }

    private func errorPage(for text: String, reason: ErrorReason) -> Page {
        let features = hub.featureRegistry.allRegistrations
        let operation = BlockContentOperation { context in
            let builder = context.viewModelBuilder
            builder.navigationBarTitle = "Nothing to show"
            let message = builder.bodyComponentModelBuilder(withIdentifier: "message")
            message.componentName = "label"
            switch reason {
            case .empty: message.title = "Type a view URI in the address bar, for example hub-demo:root."
            case .malformed: message.title = "“\(text)” is not a valid URI."
            case .unhandled: message.title = "No feature handles “\(text)”."
            case .broken(let why): message.title = "“\(text)” could not be opened: \(why)"
            }
            message.customData = ["fullWidth": true]
            let heading = builder.bodyComponentModelBuilder(withIdentifier: "features-heading")
            heading.componentName = "row"
            heading.title = "Registered features"
            heading.subtitle = "Open one of these instead"
            for feature in features {
                guard let example = feature.exampleViewURIs.first else { continue }
                let row = builder.bodyComponentModelBuilder(withIdentifier: "feature-\(feature.identifier)")
                row.componentName = "row"
                row.title = feature.title
                row.subtitle = example.absoluteString
                row.targetBuilder.uri = example
            }
        }
        let controller = try! hub.viewControllerFactory.createViewController(
            forViewURI: URL(string: "hub-viewer:error")!, contentOperations: [operation],
            featureIdentifier: "error", featureTitle: "Nothing to show")
        return Page(uri: text, viewController: controller, isErrorPage: true)
    }

    // MARK: ViewControllerDelegate

    public func viewControllerDidUpdate(_ viewController: ViewController) {
        if viewController === currentPage?.viewController { delegate?.navigatorCurrentPageDidChange(self) }
    }

    public func viewController(_ viewController: ViewController, loadingStateDidChange isLoading: Bool) {
        if viewController === currentPage?.viewController { delegate?.navigatorCurrentPageDidChange(self) }
    }

    public func viewController(_ viewController: ViewController, didFailToUpdateWith error: any Error) {
        if viewController === currentPage?.viewController { delegate?.navigatorCurrentPageDidChange(self) }
    }

    /// Opens a URI with the desktop's default handler; logs why when it cannot.
    public static func openWithDesktop(_ uri: URL) -> Bool {
        do {
            try Desktop.open(uri)
            return true
        } catch {
            HubLogging.logger("viewer").error("cannot open \(uri): \(error)")
            return false
        }
    }
}
