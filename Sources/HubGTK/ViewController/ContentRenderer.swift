import Foundation
import GtkKit
import HubFramework

/// Rendering a view model: the header and overlays are configured, the body is diffed against the
/// view model rendered before, the layout follows the diff (or is computed afresh), the content
/// offset is corrected so that what the user was looking at stays put, and the recycler places the
/// body components for the new layout.
///
/// It owns the view models (the one shown, the one last rendered, which the next is diffed
/// against) and the state of a render. The layout itself is `IncrementalLayout`'s.
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

    private unowned let controller: ViewController
    /// The view model rendered now (nil before the first content arrives).
    private(set) var viewModel: ViewModel?
    /// The navigation item of the current view model (title, bar buttons).
    private(set) var navigationItem = NavigationItem()
    /// The view model last rendered: the next one is diffed against it.
    private(set) var lastRenderedViewModel: ViewModel?
    /// See ``ViewController/layoutDirection``; nil follows the view model and the view's widget.
    private var layoutDirectionOverride: LayoutDirection?
    /// Content arrived while the view had no width: it is rendered as soon as it has one.
    private(set) var needsRender = false
    /// True while a render runs: the offsets and layouts it passes through on its way are not
    /// shown, so impressions are updated once, at its end.
    private(set) var isRendering = false
    /// The diff being computed on a background thread for a large view model; nil when none is.
    private var pendingDiff: PendingDiff?

    init(controller: ViewController) {
        self.controller = controller
    }

    private var layout: IncrementalLayout { controller.bodyLayout }
    private var canvas: ScrollCanvas { controller.canvas }

    /// True while a large view model's diff is computed on a background thread.
    var isDiffing: Bool { pendingDiff != nil }

    /// True when the layout covers every body component of the view model last rendered.
    var isLayoutComplete: Bool { layout.covers(lastRenderedViewModel) }

    var layoutDirection: LayoutDirection {
        get { layoutDirectionOverride ?? viewModel?.layoutDirection ?? controller.view.textDirection }
        set {
            let old = layoutDirection
            layoutDirectionOverride = newValue
            // Every frame moves: the components on screen are placed again.
            guard newValue != old, layout.current != nil else { return }
            renderCurrentViewModel()
        }
    }

    private var addsHeaderMargin: Bool {
        controller.delegate?.viewControllerShouldAutomaticallyManageTopContentInset(controller) ?? true
    }

    /// Shows the loader's initial view model, before anything loaded.
    func showInitial(_ initial: ViewModel) {
        viewModel = initial
        navigationItem = initial.navigationItem ?? NavigationItem()
        renderCurrentViewModel()
    }

    /// Renders what the loader delivered: a large view model is diffed on a background thread
    /// first, and shown when the diff is in.
    func render(_ viewModel: ViewModel) {
        if diffInBackgroundIfLarge(viewModel) { return }
        show(viewModel, diff: nil)
    }

    /// Renders `viewModel` (with `diff` from the last rendered view model, when it was computed
    /// already) and tells the delegate before and after.
    func show(_ viewModel: ViewModel, diff: ViewModelDiff?) {
        controller.content.clearError()
        controller.delegate?.viewController(controller, willUpdateWith: viewModel)
        // Holds the view models this render replaces, so that they are freed off the main thread.
        let replaced = ReplacedViewModels(self.viewModel, lastRenderedViewModel)
        self.viewModel = viewModel
        navigationItem = viewModel.navigationItem ?? NavigationItem()
        renderCurrentViewModel(precomputedDiff: diff)
        controller.content.updateLoadingState()
        controller.delegate?.viewControllerDidUpdate(controller)
        replaced.releaseOffTheMainThread()
    }

    /// Drops the view models and the layout (`discardContent()`). The holder returned has them:
    /// release it once nothing else refers to them.
    func discardContent() -> ReplacedViewModels {
        pendingDiff = nil
        let replaced = ReplacedViewModels(viewModel, lastRenderedViewModel, layout: layout.discard())
        viewModel = nil
        lastRenderedViewModel = nil
        return replaced
    }

    /// A background diff under way is no longer wanted.
    func cancelBackgroundDiff() { pendingDiff = nil }

    func renderCurrentViewModel(precomputedDiff: ViewModelDiff? = nil) {
        let wasRendering = isRendering
        isRendering = true
        defer {
            isRendering = wasRendering
            controller.updateImpressions()
        }
        guard let viewModel else { return }
        guard canvas.viewportSize.width > 0 else {
            needsRender = true
            return
        }
        needsRender = false
        controller.recycler.saveComponentUIStates()
        controller.floating.configureHeader(viewModel.headerComponentModel)
        controller.floating.configureOverlays(viewModel.overlayComponentModels)

        let previousLayout = layout.current
        let previousVisibleTop = previousLayout?.firstIndex(intersecting: canvas.visibleRect)
        if !isLayoutComplete || (previousLayout.map { $0.direction != layoutDirection } ?? false) {
            // Or the new view model reads in the other direction: every frame moves.
            // The layout of the last view model is still being completed chunk by chunk: a diff
            // could not be applied to it. Start afresh (the first screenful is laid out at once).
            layout.reset()
            lastRenderedViewModel = nil
        }
        let diff = lastRenderedViewModel == nil ? nil : precomputedDiff ?? diffFromLastRender(to: viewModel)
        let newLayout = layout.update(for: viewModel, following: diff, containerSize: controller.containerSize,
                                      addsHeaderMargin: addsHeaderMargin, direction: layoutDirection)
        // The live components follow the diff to their new indexes, and learn which were reloaded.
        controller.recycler.follow(diff?.body, to: viewModel, from: lastRenderedViewModel)
        lastRenderedViewModel = viewModel

        var target = Point(x: 0, y: canvas.contentOffset)
        if let diff {
            // What the user was looking at stays put when components are inserted or deleted above it.
            target = ContentOffsetPreservation.targetContentOffset(
                proposedOffset: target, previousLayout: previousLayout, newLayout: newLayout,
                diff: (diff.body.inserted, diff.body.deleted), currentOffset: target,
                topVisibleIndex: previousVisibleTop, contentInset: .zero, viewHeight: canvas.viewportSize.height)
        }
        canvas.setContentHeight(newLayout.contentSize.height)
        canvas.showsScrollIndicators = controller.scrolling.showsScrollIndicators
        let offset = canvas.contentOffset
        if target.y != offset {
            canvas.setContentOffset(target.y)
        }
        // A move of the offset has updated the visible cells already (the canvas tells its
        // delegate, scrollCanvasViewportDidChange); otherwise they follow the new layout here.
        if canvas.contentOffset == offset { controller.recycler.updateVisibleCells() }
        if controller.content.isVisible {
            for wrapper in controller.floating.wrappers where !wrapper.viewHasAppearedSinceLastModelChange {
                controller.wrapperWillAppear(wrapper)
            }
        }
        controller.content.updateStateView()
        controller.input.moveFocusToInitialComponent()
        controller.delegate?.viewControllerDidFinishRendering(controller)
    }

    /// The diff from the view model rendered before, or nil when there is nothing to diff against.
    private func diffFromLastRender(to viewModel: ViewModel) -> ViewModelDiff? {
        // After an empty body (the initial content, a loading state) a diff could only say "all
        // inserted": a fresh layout is cheaper than applying it, and there is no offset to keep.
        guard let last = lastRenderedViewModel, !last.bodyComponentModels.isEmpty else { return nil }
        return ViewModelDiff(from: last, to: viewModel)
    }

    /// Whether the viewport's new size needs a new layout (or content waits for a width).
    func needsRelayout(forViewportWidth width: Double) -> Bool {
        needsRender || (layout.current.map { $0.containerSize.width != width } ?? false)
    }

    /// The width changed (or content waits for one): lays out afresh and renders again.
    func relayoutForNewSize() {
        if let current = layout.current, current.containerSize.width != canvas.viewportSize.width || needsRender {
            // Every width may change: lay out again and reconfigure what is visible.
            layout.reset()
            lastRenderedViewModel = nil
            controller.recycler.reconfigureLiveComponents(containerViewSize: controller.containerSize)
        }
        renderCurrentViewModel()
    }

    /// Starts the diff from the rendered view model to `viewModel` on a background thread when both
    /// are large; `viewModel` is shown when it is in. False when the view model should be shown now.
    private func diffInBackgroundIfLarge(_ viewModel: ViewModel) -> Bool {
        pendingDiff = nil
        guard let last = lastRenderedViewModel, isLayoutComplete, canvas.viewportSize.width > 0,
            !last.bodyComponentModels.isEmpty,
            last.bodyComponentModels.count + viewModel.bodyComponentModels.count > Self.backgroundDiffThreshold
        else { return false }
        let work = PendingDiff()
        pendingDiff = work
        controller.content.updateLoadingState()
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let diff = ViewModelDiff(from: last, to: viewModel)
            MainThread.perform {
                guard let self, self.pendingDiff === work else { return }
                self.pendingDiff = nil
                // The diff is only good against the view model it was computed from.
                self.show(viewModel, diff: self.lastRenderedViewModel === last ? diff : nil)
            }
        }
        return true
    }
}

/// Identifies one background diff (compared by identity).
final class PendingDiff: Sendable {}
