import Foundation

/// Runs ``ViewModelSearch``es off the main thread, the latest query winning: what a Find bar needs
/// to search a million rows as someone types without the window ever stopping.
///
/// Each ``search(_:in:completion:)`` cancels the search under way, which stops within a few
/// thousand components and whose completion is never called; only the result of the latest query
/// reaches the main thread. A query that grew from the last one's ("row 4" after "row") over the
/// same view model looks only at that one's matches.
///
/// ```swift
/// let searcher = ViewModelSearcher(locale: locale)
/// entry.onChanged = { [weak self] in
///     guard let self, let shown = controller.viewModel else { return }
///     searcher.search(entry.text, in: shown) { result in self.show(result) }
/// }
/// ```
@MainActor
public final class ViewModelSearcher {
    /// The locale whose rules the searches fold case and accents in.
    public var locale: Locale
    /// Where the searches run.
    private let queue: DispatchQueue
    /// The search under way, if any.
    private var running: Run?
    /// The last search that completed, to narrow the next one: its search, the view model it
    /// searched (held weakly: the view's own) and its result.
    private var completed: (search: ViewModelSearch, viewModel: WeakViewModel, result: ViewModelSearchResult)?

    /// A searcher folding case and accents by `locale`'s rules; `queue` runs the searches (a
    /// global queue by default).
    public init(locale: Locale, queue: DispatchQueue = .global(qos: .userInitiated)) {
        self.locale = locale
        self.queue = queue
    }

    /// True while a search runs.
    public var isSearching: Bool { running != nil }

    /// Searches `viewModel` for `query` off the main thread and calls `completion` on the main
    /// thread with the result, unless another search (or ``cancel()``) came first. A query with no
    /// words completes at once, with no match.
    public func search(_ query: String, in viewModel: ViewModel,
                       completion: @escaping @MainActor (ViewModelSearchResult) -> Void)
    {
        cancel()
        let search = ViewModelSearch(query, locale: locale)
        guard !search.isEmpty else {
            completion(ViewModelSearchResult(query: query))
            return
        }
        var previous: ViewModelSearchResult?
        if let completed, completed.viewModel.value === viewModel, search.narrows(completed.search) {
            previous = completed.result
        }
        let run = Run()
        running = run
        let cancellation = run.cancellation
        let work = WorkItem(search: search, viewModel: viewModel, previous: previous)
        queue.async { [weak self] in
            guard let result = work.search.run(in: work.viewModel, narrowing: work.previous,
                                               isCancelled: { cancellation.isCancelled })
            else { return }
            MainThread.perform {
                // A search that came later has cancelled this one, or is cancelling it now.
                guard let self, self.running === run else { return }
                self.running = nil
                self.completed = (search, WeakViewModel(viewModel), result)
                completion(result)
            }
        }
    }

    /// Stops the search under way, if any: its completion is not called.
    public func cancel() {
        running?.cancellation.cancel()
        running = nil
    }

    /// Forgets the last result (which narrows the next search), and stops the search under way.
    public func reset() {
        cancel()
        completed = nil
    }

    /// What a background search is given.
    private struct WorkItem: Sendable {
        let search: ViewModelSearch
        let viewModel: ViewModel
        let previous: ViewModelSearchResult?
    }

    /// One search started (compared by identity) and its cancellation.
    private final class Run: Sendable {
        let cancellation = Cancellation()
    }

    /// Set on the main thread, read by the search's thread.
    private final class Cancellation: @unchecked Sendable {
        private let lock = NSLock()
        private var cancelled = false

        var isCancelled: Bool { lock.withLock { cancelled } }

        func cancel() { lock.withLock { cancelled = true } }
    }

    /// A view model held weakly.
    private struct WeakViewModel {
        weak var value: ViewModel?
        init(_ value: ViewModel) { self.value = value }
    }
}
