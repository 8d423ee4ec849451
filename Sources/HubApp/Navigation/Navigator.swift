import Foundation
import HubFramework
import HubGTK
import Logging

/// An app's navigation stack, like a browser's history: opening a URI pushes a page (and drops the
/// pages ahead); back and forward move along the stack. Each page keeps its view controller, so its
/// content, scroll position and component state are as they were when it is shown again.
///
/// A page's view appears, and loads, while it is on screen: the navigator's delegate (the app's
/// window) puts the current page's ``Page/widget`` in its content area, and a `ViewHost` drives the
/// view's appearance from there.
///
/// It is also the app's URI opener: the default selection action opens target URIs here, so view
/// URIs open inside the app and other schemes (http, https, mailto) go to the desktop.
@MainActor
public final class Navigator: URIOpener, ViewControllerDelegate {
    /// One entry of the stack.
    @MainActor
    public final class Page {
        /// The URI the user opened (for the error page: what they typed).
        public let uri: String
        /// True for the page that says a URI cannot be shown (what no feature handles, or not a URI).
        public let isErrorPage: Bool
        /// Hosts the page's view controller: shows it when its view is on screen.
        let host: ViewHost

        init(uri: String, viewController: ViewController, isErrorPage: Bool) {
            self.uri = uri
            self.isErrorPage = isErrorPage
            host = ViewHost(viewController: viewController)
        }

        /// The page's view controller.
        public var viewController: ViewController { host.viewController }

        /// The widget to put on screen for this page (its view controller's view).
        public var widget: Widget { host.widget }

        /// The title to show: the view model's navigation title, or the feature's title.
        public var title: String { host.title }
    }

    let hub: Hub
    /// Follows the current page (the app's window).
    public weak var delegate: (any NavigatorDelegate)?
    /// The stack, oldest first.
    public private(set) var pages: [Page] = []
    /// The index of the current page in ``pages``; -1 while the stack is empty.
    public private(set) var currentIndex = -1
    /// URIs opened, most recent last, without duplicates (for address completion).
    public private(set) var history: [String] = []
    /// Opens URIs that are not view URIs; defaults to the desktop's handler.
    public var externalOpener: @MainActor (URL) -> Bool = Navigator.openWithDesktop
    /// The longest text ``open(_:)`` takes as a URI, in bytes of UTF-8: 16,384, far more than any
    /// view URI needs. A longer one shows the error page saying so.
    public static let maximumURILength = 16_384
    /// A URI the error page suggests (the app's start URI).
    public var exampleURI: URL?
    /// How many body components the pages that are not on screen may keep in memory together.
    /// Pages nearest to the current one keep theirs first; a page past the budget drops its content
    /// (`ViewController.discardContent()`) and loads it again, scrolled back to where it was, when
    /// it is shown. The default, 200,000, keeps a long trail of ordinary pages and at most a fifth
    /// of a million-row page: browsing back and forth between huge views stays within about the
    /// memory of one. Set 0 to keep only the current page's content, `.max` to keep everything.
    public var offScreenComponentBudget = 200_000

    /// An empty stack that opens the view URIs of `hub`'s features.
    public init(hub: Hub) {
        self.hub = hub
    }

    /// The page shown now.
    public var currentPage: Page? { pages.indices.contains(currentIndex) ? pages[currentIndex] : nil }
    /// True when there is a page before the current one.
    public var canGoBack: Bool { currentIndex > 0 }
    /// True when there is a page after the current one.
    public var canGoForward: Bool { currentIndex >= 0 && currentIndex < pages.count - 1 }

    /// Opens what the user typed or a component targeted. View URIs open inside the app; http,
    /// https and mailto go to the desktop; anything else (no feature handles it, it is not a URI,
    /// it is empty) shows the error page. Returns true when a view opened.
    @discardableResult
    public func open(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count <= Self.maximumURILength else {
            push(errorPage(for: trimmed, reason: .tooLong))
            return false
        }
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
            if externalOpener(uri) { return true }
            // Said where the user looks, not only in the log.
            push(errorPage(for: trimmed, reason: .noApplication))
            return false
        }
        push(errorPage(for: trimmed, reason: .unhandled))
        return false
    }

    /// URIOpener: the default selection action opens target URIs through the navigator.
    public func open(_ uri: URL) -> Bool {
        open(uri.absoluteString)
    }

    /// Shows the previous page.
    public func goBack() {
        guard canGoBack else { return }
        show(index: currentIndex - 1)
    }

    /// Shows the next page.
    public func goForward() {
        guard canGoForward else { return }
        show(index: currentIndex + 1)
    }

    /// Reloads the current page (ignoring its reload policy).
    public func reload() {
        currentPage?.viewController.reload()
    }

    func push(_ page: Page) {
        // Pages ahead of the current one are dropped, as in a browser.
        while pages.count > currentIndex + 1 {
            pages.removeLast().host.tearDown()
        }
        page.host.delegate = self
        pages.append(page)
        show(index: pages.count - 1)
    }

    private func show(index: Int) {
        currentIndex = index
        guard let page = currentPage else { return }
        // The delegate swaps the views: the old one disappears as it leaves the screen, the new one
        // appears as it arrives.
        delegate?.navigator(self, didShow: page)
        delegate?.navigatorCurrentPageDidChange(self)
        enforceOffScreenBudget()
    }

    /// Lets the pages off screen keep their content, nearest to the current page first, until the
    /// budget is spent; the others drop theirs.
    private func enforceOffScreenBudget() {
        var spent = 0
        let others = pages.indices.filter { $0 != currentIndex }
            .sorted { abs($0 - currentIndex) < abs($1 - currentIndex) }
        for index in others {
            let controller = pages[index].viewController
            let count = controller.bodyComponentCount
            if count == 0 { continue }
            if spent + count <= offScreenComponentBudget {
                spent += count
            } else {
                controller.discardContent()
            }
        }
    }

    private func remember(_ uri: String) {
        history.removeAll { $0 == uri }
        history.append(uri)
    }

    /// Tears every page down (the window is closing).
    public func tearDown() {
        for page in pages { page.host.tearDown() }
        pages.removeAll()
        currentIndex = -1
    }

    // MARK: ViewControllerDelegate (through each page's host)

    /// A page's view has new content: the window follows when it is the current page's.
    public func viewControllerDidUpdate(_ viewController: ViewController) {
        if viewController === currentPage?.viewController { delegate?.navigatorCurrentPageDidChange(self) }
    }

    /// A page's view started or stopped loading: the window's spinner follows the current page's.
    public func viewController(_ viewController: ViewController, loadingStateDidChange isLoading: Bool) {
        if viewController === currentPage?.viewController { delegate?.navigatorCurrentPageDidChange(self) }
    }

    /// A page's view failed to load: the window follows when it is the current page's.
    public func viewController(_ viewController: ViewController, didFailToUpdateWith error: any Error) {
        if viewController === currentPage?.viewController { delegate?.navigatorCurrentPageDidChange(self) }
    }

    /// Opens a URI with the desktop's default handler; logs why when it cannot.
    public static func openWithDesktop(_ uri: URL) -> Bool {
        do {
            try Desktop.open(uri)
            return true
        } catch {
            HubLogging.logger("app").error("cannot open \(uri): \(error)")
            return false
        }
    }
}
