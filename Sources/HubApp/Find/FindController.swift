import HubFramework
import HubGTK

/// Find in the window's current view: connects the window's ``FindBar`` to the view controller of
/// the page shown. Typing searches the view (off the main thread, the latest query winning) and
/// goes to the first match from where the person is (the match shown before, else the first row on
/// screen); Enter, Shift+Enter, the bar's buttons, Ctrl+G and Shift+Ctrl+G go to the next and
/// previous match, wrapping around; the status says "3 of 1,204" or "No results". While the view
/// still receives its document, the count grows and the match shown stays. Escape closes the bar
/// and gives the keyboard focus to the match, which a screen reader then announces.
///
/// Made by `AppWindow`, which gives it the bar and the way to the current page's view controller;
/// the window tells it when another page is shown (``pageChanged()``).
@MainActor
final class FindController {
    let bar: FindBar
    private let currentViewController: @MainActor () -> ViewController?
    /// The view controller the query stands in.
    private weak var searched: ViewController?
    /// Its last result.
    private(set) var result: ViewModelSearchResult?
    /// The match shown (0 ..< result.count), and its index path.
    private(set) var currentMatch: Int?
    private var currentPath: [Int]?
    /// Where the first match of a new query is looked for from (the match shown, or the first
    /// row on screen), while its result is awaited.
    private var newQueryAnchor: [Int]?

    /// - Parameters:
    ///   - bar: the window's Find bar.
    ///   - currentViewController: the view controller of the page the window shows.
    init(bar: FindBar, currentViewController: @escaping @MainActor () -> ViewController?) {
        self.bar = bar
        self.currentViewController = currentViewController
        // The widgets own these handlers; they hold the controller weakly.
        bar.entry.onChanged = { [weak self] in self?.queryChanged() }
        bar.entry.onActivate = { [weak self] in self?.goToNext() }
        bar.entry.onKeyPress { [weak self] key in
            // Shift+Enter: the field activates on Enter with any modifier; this one goes back.
            guard let self, key.key == .enter, key.modifiers.contains(.shift) else { return false }
            self.goToPrevious()
            return true
        }
        bar.entry.onNextMatch = { [weak self] in self?.goToNext() }
        bar.entry.onPreviousMatch = { [weak self] in self?.goToPrevious() }
        bar.nextButton.onClicked = { [weak self] in self?.goToNext() }
        bar.previousButton.onClicked = { [weak self] in self?.goToPrevious() }
        bar.searchBar.onSearchModeChanged = { [weak self] isOpen in
            if !isOpen { self?.barClosed() }
        }
    }

    /// Ctrl+F: shows the bar with the cursor in its field, the words there selected (to be typed
    /// over), and finds them again in the view shown now.
    func open() {
        if !bar.isOpen { bar.searchBar.isSearchModeEnabled = true }
        bar.entry.grabFocus()
        bar.entry.selectAll()
        if searched == nil || searched !== currentViewController() { queryChanged() }
    }

    /// Hides the bar (as Escape does).
    func close() {
        bar.searchBar.isSearchModeEnabled = false
    }

    /// The window shows another page: an open bar finds its words there.
    func pageChanged() {
        stopSearching()
        currentPath = nil
        if bar.isOpen { queryChanged() }
    }

    /// The next match, after the last the first (Enter).
    func goToNext() { step(by: 1) }

    /// The previous match, before the first the last (Shift+Enter).
    func goToPrevious() { step(by: -1) }

    // MARK: -

    private func queryChanged() {
        guard let controller = currentViewController() else { return }
        if searched !== controller {
            searched?.stopFindingComponents()
            searched = controller
        }
        let query = bar.entry.text
        guard !query.allSatisfy(\.isWhitespace) else {
            // No words (an empty field): nothing is searched, and nothing marked.
            controller.stopFindingComponents()
            result = nil
            currentMatch = nil
            newQueryAnchor = nil
            updateStatus()
            return
        }
        newQueryAnchor = currentPath ?? [controller.indexOfBodyComponent(at: Point(x: 1, y: 1)) ?? 0]
        controller.findComponents(matching: query) { [weak self, weak controller] result in
            guard let self, let controller, controller === self.searched else { return }
            self.resultArrived(result, in: controller)
        }
    }

    private func resultArrived(_ result: ViewModelSearchResult, in controller: ViewController) {
        self.result = result
        defer { updateStatus() }
        guard !result.isEmpty else {
            currentMatch = nil
            currentPath = nil
            controller.unmarkFoundComponent()
            return
        }
        if let anchor = newQueryAnchor {
            // A new query: the first match from where the person is, else from the top.
            newQueryAnchor = nil
            show(result.firstMatch(atOrAfter: anchor) ?? 0, in: controller)
        } else if let path = currentPath, let match = result.match(at: path) {
            // New content (more of the document arrived): the same match, maybe counted anew.
            currentMatch = match
        } else {
            // The match shown is gone (or there was none): the next one after where it was.
            show(currentPath.flatMap { result.firstMatch(atOrAfter: $0) } ?? 0, in: controller)
        }
    }

    private func step(by offset: Int) {
        guard let result, !result.isEmpty, let controller = searched else { return }
        let from = currentMatch ?? (offset > 0 ? -1 : 0)
        show(((from + offset) % result.count + result.count) % result.count, in: controller)
        updateStatus()
    }

    private func show(_ match: Int, in controller: ViewController) {
        guard let result else { return }
        currentMatch = match
        let path = result.indexPath(ofMatch: match)
        currentPath = path
        controller.revealFoundComponent(at: path)
    }

    private func updateStatus() {
        bar.status = FindStatus.text(match: currentMatch, count: result?.count ?? 0, hasQuery: result != nil)
        bar.statusQuery = result?.query
    }

    /// The bar closed (Escape, its close button, `close()`): the search stops, the mark goes, and
    /// the keyboard focus goes to the match shown, or back to the view.
    private func barClosed() {
        let controller = searched
        let path = currentPath
        stopSearching()
        guard let controller else { return }
        if let row = path?.first, controller.focusBodyComponent(at: row) { return }
        controller.focusContent()
    }

    private func stopSearching() {
        searched?.stopFindingComponents()
        searched = nil
        result = nil
        currentMatch = nil
        newQueryAnchor = nil
        updateStatus()
    }
}
