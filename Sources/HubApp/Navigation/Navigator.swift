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
    ///
    /// A page keeps its view controller (its content, widgets and state) while it is one of the
    /// ``Navigator/maximumLivePages`` nearest to the current page. Farther away, the navigator lets
    /// the controller go and the page keeps what it needs to come back: its URI, its title and where
    /// it was scrolled. Shown again, it makes a new controller that loads afresh and scrolls back.
    @MainActor
    public final class Page {
        /// The URI the user opened (for the error page: what they typed).
        public let uri: String
        /// True for the page that says a URI cannot be shown (what no feature handles, or not a URI).
        public let isErrorPage: Bool
        /// Makes the page's view controller, the first time and after it was let go.
        private let makeViewController: @MainActor () -> ViewController
        /// Hosts the page's view controller: shows it when its view is on screen. Nil while the
        /// page is kept without it.
        private var liveHost: ViewHost?
        /// Follows the page's controller (the navigator), set again on each new controller.
        weak var hostDelegate: (any ViewControllerDelegate)? {
            didSet { liveHost?.delegate = hostDelegate }
        }
        /// The values of the page's variables: its own, so that Back and Forward find them as they
        /// were (even when the controller was let go and made again), and that two pages of the same
        /// URI do not share them.
        public let state: ViewState
        /// The title and scroll offset the page had when its controller was let go.
        private var keptTitle = ""
        private var keptOffset: Point?

        /// A page showing `viewController`; `makeViewController` makes the next one when the page
        /// was kept without it.
        init(uri: String, isErrorPage: Bool, viewController: ViewController,
             makeViewController: @escaping @MainActor () -> ViewController)
        {
            self.uri = uri
            self.isErrorPage = isErrorPage
            self.makeViewController = makeViewController
            state = viewController.state
            liveHost = ViewHost(viewController: viewController)
        }

        /// True while the page holds its view controller; false after the navigator let it go
        /// (``viewController`` then makes a new one).
        public var holdsViewController: Bool { liveHost != nil }

        /// The page's view controller (made again, scrolled back to where it was, when the page was
        /// kept without it).
        public var viewController: ViewController { host.viewController }

        /// The widget to put on screen for this page (its view controller's view).
        public var widget: Widget { host.widget }

        /// The title to show: the view model's navigation title, or the feature's title.
        public var title: String { liveHost?.title ?? keptTitle }

        /// Hosts the page's controller, making one when the page was kept without it.
        var host: ViewHost {
            if let liveHost { return liveHost }
            let controller = makeViewController()
            controller.state = state
            if let keptOffset, keptOffset.y > 0 { controller.scrollWhenLoaded(to: keptOffset) }
            let host = ViewHost(viewController: controller)
            host.delegate = hostDelegate
            liveHost = host
            return host
        }

        /// Lets the view controller go, keeping the URI, the title and the scroll offset.
        func releaseViewController() {
            guard let liveHost else { return }
            // A controller that has no content (made again, and left before it loaded, or whose
            // content was discarded) has neither the page's title nor its offset: the kept ones stay.
            if liveHost.viewController.viewModel != nil {
                keptTitle = liveHost.title
                keptOffset = liveHost.viewController.contentOffset
            } else if keptOffset == nil {
                keptTitle = liveHost.title
            }
            liveHost.tearDown()
            self.liveHost = nil
        }

        /// Tears the page down for good (it leaves the stack).
        func tearDown() {
            liveHost?.tearDown()
            liveHost = nil
        }
    }

    let hub: Hub
    /// Follows the current page (the app's window).
    public weak var delegate: (any NavigatorDelegate)? {
        didSet { notifiedSummary = nil }
    }
    /// What the delegate was last told of the current page; nil tells it at the next change.
    private var notifiedSummary: CurrentPageSummary?
    /// Tells the delegate of a load that started, at the next main-loop turn.
    private var pendingNotification: MainLoopTimer?
    /// The stack, oldest first.
    public private(set) var pages: [Page] = []
    /// The index of the current page in ``pages``; -1 while the stack is empty.
    public private(set) var currentIndex = -1
    /// URIs opened, most recent last, without duplicates (for address completion).
    public private(set) var history: [String] = []
    /// Opens URIs that are not view URIs; defaults to the desktop's handler.
    public var externalOpener: @MainActor (URL) -> Bool = Navigator.openWithDesktop
    /// The longest text ``open(_:)-(String)`` takes as a URI, in bytes of UTF-8: 16,384, far more than any
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
    /// How many pages keep their view controller: the current one and those nearest to it. The
    /// others keep only their URI, title and scroll offset, and load again when shown, the way a
    /// browser keeps a bounded cache of pages. The history itself stays whole. Default 8: Back and
    /// Forward over the last few pages are instant, and 300 pages of history hold the memory of 8.
    public var maximumLivePages = 8

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
        open(text, requestedBy: .local)
    }

    /// Opens what `text` names for content of `origin` (the user and the app are `.local`): the
    /// text is checked and read as a URI once, here.
    private func open(_ text: String, requestedBy origin: ContentOrigin) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count <= Self.maximumURILength else {
            push(errorPage(for: trimmed, reason: .tooLong))
            return false
        }
        guard let uri = URL(string: trimmed), uri.scheme != nil, !trimmed.isEmpty else {
            push(errorPage(for: trimmed, reason: trimmed.isEmpty ? .empty : .malformed))
            return false
        }
        return open(uri, as: trimmed, requestedBy: origin)
    }

    /// Opens `uri` (`text` is how it was written, for the error page) for content of `origin`. A view
    /// opened for remote or live content is held to that origin: it may neither read its document
    /// from a local file nor open or show local files in turn.
    private func open(_ uri: URL, as text: String, requestedBy origin: ContentOrigin) -> Bool {
        if let feature = hub.featureRegistry.featureRegistration(forViewURI: uri) {
            let factory = hub.viewControllerFactory
            let make = { @MainActor () throws -> ViewController in
                let controller = try factory.createViewController(for: feature, viewURI: uri)
                controller.contentOrigin = controller.contentOrigin.combined(with: origin)
                return controller
            }
            do {
                let controller = try make()
                // Made again (for a page kept without its controller) as it was made now: the
                // feature is registered still, so this does not fail.
                push(Page(uri: uri.absoluteString, isErrorPage: false, viewController: controller) { try! make() })
                remember(uri.absoluteString)
                return true
            } catch {
                push(errorPage(for: text, reason: .broken(String(describing: error))))
                return false
            }
        }
        if let scheme = uri.scheme?.lowercased(), ["http", "https", "mailto"].contains(scheme) {
            if externalOpener(uri) { return true }
            // Said where the user looks, not only in the log.
            push(errorPage(for: text, reason: .noApplication))
            return false
        }
        push(errorPage(for: text, reason: .unhandled))
        return false
    }

    /// URIOpener: opens a URI for the app's own code.
    public func open(_ uri: URL) -> Bool {
        open(uri, requestedBy: .local)
    }

    /// URIOpener: the default selection action opens target URIs through the navigator, for the
    /// content of the view they were selected in. What `origin` may not reach is refused (nothing
    /// opens); a view that opens is held to `origin` as well as to its own content's origin.
    public func open(_ uri: URL, requestedBy origin: ContentOrigin) -> Bool {
        guard ContentOriginPolicy.allowsNavigation(to: uri, from: origin) else { return false }
        // A URL longer than the address bar takes is refused as the typed text would be.
        let text = uri.absoluteString
        guard text.utf8.count <= Self.maximumURILength else {
            push(errorPage(for: text, reason: .tooLong))
            return false
        }
        guard uri.scheme != nil, !text.isEmpty else {
            push(errorPage(for: text, reason: text.isEmpty ? .empty : .malformed))
            return false
        }
        return open(uri, as: text, requestedBy: origin)
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
            pages.removeLast().tearDown()
        }
        page.hostDelegate = self
        pages.append(page)
        show(index: pages.count - 1)
    }

    private func show(index: Int) {
        currentIndex = index
        guard let page = currentPage else { return }
        // The delegate swaps the views: the old one disappears as it leaves the screen, the new one
        // appears as it arrives.
        delegate?.navigator(self, didShow: page)
        currentPageMayHaveChanged()
        releaseDistantPages()
        enforceOffScreenBudget()
    }

    /// Lets the view controllers of the pages beyond the ``maximumLivePages`` nearest to the
    /// current one go.
    private func releaseDistantPages() {
        let byDistance = pages.indices.sorted { abs($0 - currentIndex) < abs($1 - currentIndex) }
        for index in byDistance.dropFirst(max(1, maximumLivePages)) {
            pages[index].releaseViewController()
        }
    }

    /// Lets the pages off screen keep their content, nearest to the current page first, until the
    /// budget is spent; the others drop theirs.
    private func enforceOffScreenBudget() {
        var spent = 0
        let others = pages.indices.filter { $0 != currentIndex }
            .sorted { abs($0 - currentIndex) < abs($1 - currentIndex) }
        for index in others where pages[index].holdsViewController {
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
        for page in pages { page.tearDown() }
        pages.removeAll()
        currentIndex = -1
        notifiedSummary = nil
        pendingNotification = nil
    }

    /// Tells the delegate that the current page changed when what the window shows of it did. A
    /// load that starts is told at the next main-loop turn: content made at once (most views) then
    /// starts and finishes loading before it, and the window hears once, not of a spinner that no
    /// frame would show. A load still under way then is told then (`deferringLoadStart` false: it
    /// used to be put off again at every turn, so that the window never heard of a reload that took
    /// a while, and the main loop spun until it ended).
    private func currentPageMayHaveChanged(deferringLoadStart: Bool = true) {
        guard let page = currentPage else { return }
        let summary = CurrentPageSummary(page, in: self)
        guard summary != notifiedSummary else { return }
        if deferringLoadStart, let notified = notifiedSummary, summary.isOnlyStartingToLoad(after: notified) {
            if pendingNotification == nil {
                pendingNotification = MainLoopTimer(whenIdle: { [weak self] in
                    self?.pendingNotification = nil
                    self?.currentPageMayHaveChanged(deferringLoadStart: false)
                })
            }
            return
        }
        pendingNotification = nil
        notifiedSummary = summary
        delegate?.navigatorCurrentPageDidChange(self)
    }

    // MARK: ViewControllerDelegate (through each page's host)

    /// A page's view has new content: the window follows when it is the current page's.
    public func viewControllerDidUpdate(_ viewController: ViewController) {
        if viewController === currentPage?.viewController { currentPageMayHaveChanged() }
    }

    /// A page's view started or stopped loading: the window's spinner follows the current page's.
    public func viewController(_ viewController: ViewController, loadingStateDidChange isLoading: Bool) {
        if viewController === currentPage?.viewController { currentPageMayHaveChanged() }
    }

    /// A page's view failed to load: the window follows when it is the current page's.
    public func viewController(_ viewController: ViewController, didFailToUpdateWith error: any Error) {
        if viewController === currentPage?.viewController { currentPageMayHaveChanged() }
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
