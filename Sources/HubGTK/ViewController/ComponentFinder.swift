import Foundation
import HubFramework

/// Find in a view: the query that stands, searched off the main thread in the view model shown
/// (``/HubFramework/ViewModelSearcher``, the latest query winning) and again each time the view
/// shows a new one (the next part of a streamed document, a patch, a change of state), and the
/// component found that the view marks.
///
/// It owns the searcher, the query and its handler, the index path of the component marked and
/// whether a cell may carry the mark; the view controller hands it each view model it shows, and
/// the cells placed after each placement (``markFoundCell(among:cells:)``).
@MainActor
final class ComponentFinder {
    /// The CSS class of the cell of the component found (or of the body component that holds it).
    static let matchCSSClass = "hub-find-match"

    private let searcher = ViewModelSearcher(locale: Locale(identifier: "en_US_POSIX"))
    /// The query that stands, and who hears its results; nil when the view is not searched.
    private var standing: (query: String, onResult: @MainActor (ViewModelSearchResult) -> Void)?
    /// The component found that the view marks (and scrolls to), by index path.
    private(set) var markedIndexPath: [Int]?
    /// Whether a cell may carry the mark (``matchCSSClass``): while none may, nothing is marked, and
    /// no placement looks at the cells.
    private var mayHaveMarkedCells = false

    /// True while a query stands.
    var isFinding: Bool { standing != nil }

    /// True while a search runs.
    var isSearching: Bool { searcher.isSearching }

    /// Searches `viewModel` (and each view model shown after it) for `query` in `locale`'s rules;
    /// `onResult` hears each result. Replaces the query that stood.
    func find(_ query: String, locale: Locale, in viewModel: ViewModel?,
              onResult: @escaping @MainActor (ViewModelSearchResult) -> Void)
    {
        if searcher.locale != locale {
            searcher.reset()
            searcher.locale = locale
        }
        standing = (query, onResult)
        search(viewModel)
    }

    /// The view shows `viewModel` now: the standing query is searched in it.
    func contentChanged(_ viewModel: ViewModel?) {
        guard standing != nil else { return }
        search(viewModel)
    }

    private func search(_ viewModel: ViewModel?) {
        guard let (query, onResult) = standing else { return }
        guard let viewModel else {
            // Nothing shown yet: nothing found until content arrives.
            searcher.cancel()
            onResult(ViewModelSearchResult(query: query))
            return
        }
        searcher.search(query, in: viewModel) { [weak self] result in
            // Delivered only while that query still stands (the searcher drops superseded ones).
            guard self?.standing?.query == result.query else { return }
            onResult(result)
        }
    }

    /// Marks the component at `indexPath` (nil: none).
    func mark(_ indexPath: [Int]?) {
        markedIndexPath = indexPath
    }

    /// Gives the cell of the component found (or of the body component that holds it) among `placed`
    /// the mark of ``matchCSSClass``, and takes it from the others (cells are reused).
    func markFoundCell(among placed: [Int: ComponentWrapper], cells: RootCells) {
        let marked = markedIndexPath?.first
        guard marked != nil || mayHaveMarkedCells else { return }
        mayHaveMarkedCells = marked != nil
        for (index, wrapper) in placed {
            guard let cell = cells.existingCell(for: wrapper) else { continue }
            let isMarked = index == marked
            if cell.widget.hasCSSClass(Self.matchCSSClass) != isMarked {
                cell.widget.setCSSClass(Self.matchCSSClass, isMarked)
            }
        }
    }

    /// No query stands any more: the search under way stops, and nothing is marked.
    func stop() {
        standing = nil
        markedIndexPath = nil
        searcher.reset()
    }
}
