import Foundation
import GtkKit
import HubFramework

/// The view models of a view and what a render needs of them: the one shown, the one last rendered
/// (the next is diffed against it), the diff between them, and the render's own state.
///
/// The view controller's `render` sequences a render (diff → layout → offset → recycle → appear →
/// state view); this object owns the view models and decides the diff.
///
/// The diff between two large view models (a reload) is computed on a background thread; the view
/// keeps showing the old content, with its loading state, until the diff is in. The view models a
/// render replaces are released on a background thread (`ReplacedViewModels`). See
/// docs/content-loading.md, "Threading", for the measurements behind the numbers.
@MainActor
final class ContentRenderer {
    /// Above this many body components (old and new together), a reload's diff is computed on a
    /// background thread. A diff costs about a microsecond per component.
    nonisolated static let backgroundDiffThreshold = 20_000

    /// The view model shown now (nil before the first content arrives).
    private(set) var viewModel: ViewModel?
    /// The navigation item of the current view model (title, bar buttons).
    private(set) var navigationItem = NavigationItem()
    /// The view model last rendered: the next one is diffed against it.
    private(set) var lastRenderedViewModel: ViewModel?
    /// See ``ViewController/layoutDirection``; nil follows the view model and the view's widget.
    var layoutDirectionOverride: LayoutDirection?
    /// Content arrived while the view had no width: it is rendered as soon as it has one.
    var needsRender = false
    /// True while a render runs: the offsets and layouts it passes through on its way are not
    /// shown, so impressions are updated once, at its end.
    var isRendering = false
    /// The diff being computed on a background thread for a large view model; nil when none is.
    private var pendingDiff: PendingDiff?

    /// True while a large view model's diff is computed on a background thread.
    var isDiffing: Bool { pendingDiff != nil }

    /// The direction the view reads in: the override, else the view model's, else `viewDirection`.
    func layoutDirection(viewDirection: LayoutDirection) -> LayoutDirection {
        layoutDirectionOverride ?? viewModel?.layoutDirection ?? viewDirection
    }

    /// Makes `viewModel` the one shown. The holder returned has the view models it replaced:
    /// release it once the render is done (off the main thread when they are large).
    func show(_ viewModel: ViewModel) -> ReplacedViewModels {
        let replaced = ReplacedViewModels(self.viewModel, lastRenderedViewModel)
        self.viewModel = viewModel
        navigationItem = viewModel.navigationItem ?? NavigationItem()
        return replaced
    }

    /// The diff from the view model rendered before, or nil when there is nothing to diff against.
    func diffFromLastRender(to viewModel: ViewModel) -> ViewModelDiff? {
        // After an empty body (the initial content, a loading state) a diff could only say "all
        // inserted": a fresh layout is cheaper than applying it, and there is no offset to keep.
        guard let last = lastRenderedViewModel, !last.bodyComponentModels.isEmpty else { return nil }
        return ViewModelDiff(from: last, to: viewModel)
    }

    /// `viewModel` is rendered: the next one is diffed against it.
    func markRendered(_ viewModel: ViewModel) { lastRenderedViewModel = viewModel }

    /// The next render lays out afresh: there is nothing to diff against.
    func forgetLastRender() { lastRenderedViewModel = nil }

    /// Drops the view models (`discardContent()`). The holder returned has them, with `layout`:
    /// release it once nothing else refers to them.
    func discardContent(layout: ComponentLayout?) -> ReplacedViewModels {
        pendingDiff = nil
        let replaced = ReplacedViewModels(viewModel, lastRenderedViewModel, layout: layout)
        viewModel = nil
        lastRenderedViewModel = nil
        return replaced
    }

    /// A background diff under way is no longer wanted.
    func cancelBackgroundDiff() { pendingDiff = nil }

    /// Starts the diff from the rendered view model to `viewModel` on a background thread when both
    /// are large (the layout takes a diff whether or not it is complete); `completion` gets the diff
    /// on the main thread (nil when the rendered view model changed meanwhile, so the diff no longer
    /// applies). False when the view model should be shown now.
    func diffInBackgroundIfLarge(_ viewModel: ViewModel, hasWidth: Bool,
                                 completion: @escaping @MainActor (ViewModelDiff?) -> Void) -> Bool
    {
        pendingDiff = nil
        guard let last = lastRenderedViewModel, hasWidth, !last.bodyComponentModels.isEmpty,
            last.bodyComponentModels.count + viewModel.bodyComponentModels.count > Self.backgroundDiffThreshold
        else { return false }
        let work = PendingDiff()
        pendingDiff = work
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let diff = ViewModelDiff(from: last, to: viewModel)
            MainThread.perform {
                guard let self, self.pendingDiff === work else { return }
                self.pendingDiff = nil
                // The diff is only good against the view model it was computed from.
                completion(self.lastRenderedViewModel === last ? diff : nil)
            }
        }
        return true
    }
}

/// Identifies one background diff (compared by identity).
final class PendingDiff: Sendable {}
