import GtkKit
import HubFramework

/// Rendering a view model: the header and overlays are configured, the body is diffed against the
/// view model rendered before, the layout follows the diff (or is computed afresh), the content
/// offset is corrected so that what the user was looking at stays put, and the recycler places the
/// body components for the new layout.
extension ViewController {
    private var addsHeaderMargin: Bool {
        delegate?.viewControllerShouldAutomaticallyManageTopContentInset(self) ?? true
    }

    /// The size components are laid out in.
    public var containerSize: Size { canvas.viewportSize }

    func renderCurrentViewModel(precomputedDiff: ViewModelDiff? = nil) {
        let wasRendering = isRendering
        isRendering = true
        defer {
            isRendering = wasRendering
            updateImpressions()
        }
        guard let viewModel else { return }
        guard canvas.viewportSize.width > 0 else {
            needsRender = true
            return
        }
        needsRender = false
        for wrapper in liveBody.all { wrapper.saveComponentUIState() }
        configureHeader(viewModel.headerComponentModel)
        configureOverlays(viewModel.overlayComponentModels)

        let previousLayout = layout
        let previousVisibleTop = previousLayout?.firstIndex(intersecting: canvas.visibleRect)
        if !isLayoutComplete || (previousLayout.map { $0.direction != layoutDirection } ?? false) {
            // Or the new view model reads in the other direction: every frame moves.
            // The layout of the last view model is still being completed chunk by chunk: a diff
            // could not be applied to it. Start afresh (the first screenful is laid out at once).
            layout = nil
            lastRenderedViewModel = nil
        }
        let diff = lastRenderedViewModel == nil ? nil : precomputedDiff ?? diffFromLastRender(to: viewModel)
        let layout = updateLayout(for: viewModel, following: diff)
        // The live components follow the diff to their new indexes, and learn which were reloaded.
        liveBody.update(to: viewModel, following: diff?.body, from: lastRenderedViewModel)
        lastRenderedViewModel = viewModel

        var target = Point(x: 0, y: canvas.contentOffset)
        if let diff {
            // What the user was looking at stays put when components are inserted or deleted above it.
            target = ContentOffsetPreservation.targetContentOffset(
                proposedOffset: target, previousLayout: previousLayout, newLayout: layout,
                diff: (diff.body.inserted, diff.body.deleted), currentOffset: target,
                topVisibleIndex: previousVisibleTop, contentInset: .zero, viewHeight: canvas.viewportSize.height)
        }
        canvas.setContentHeight(layout.contentSize.height)
        canvas.showsScrollIndicators = scrollHandler.shouldShowScrollIndicators(in: self)
        let offset = canvas.contentOffset
        if target.y != offset {
            canvas.setContentOffset(target.y)
        }
        // A move of the offset has updated the visible cells already (the canvas tells its
        // delegate, scrollCanvasViewportDidChange); otherwise they follow the new layout here.
        if canvas.contentOffset == offset { updateVisibleCells() }
        for wrapper in [headerWrapper].compactMap({ $0 }) + overlayWrappers where isVisible {
            if !wrapper.viewHasAppearedSinceLastModelChange { wrapperWillAppear(wrapper) }
        }
        updateStateView()
        moveFocusToInitialComponent()
        delegate?.viewControllerDidFinishRendering(self)
    }

    /// The diff from the view model rendered before, or nil when there is nothing to diff against.
    private func diffFromLastRender(to viewModel: ViewModel) -> ViewModelDiff? {
        // After an empty body (the initial content, a loading state) a diff could only say "all
        // inserted": a fresh layout is cheaper than applying it, and there is no offset to keep.
        guard let last = lastRenderedViewModel, !last.bodyComponentModels.isEmpty else { return nil }
        return ViewModelDiff(from: last, to: viewModel)
    }

    /// Updates the layout with the diff's insertions, deletions and reloads when it was computed
    /// for the same container, or lays everything out afresh.
    private func updateLayout(for viewModel: ViewModel, following diff: ViewModelDiff?) -> ComponentLayout {
        let container = containerSize
        let measuring = ModelMeasuring(bodyModels: viewModel.bodyComponentModels,
                                       header: viewModel.headerComponentModel, measurer: measurer)
        var updated: ComponentLayout
        if var current = layout, let diff, current.containerSize == container,
            current.addsHeaderMargin == addsHeaderMargin
        {
            if Self.onlyAppends(diff, to: current.count, making: viewModel.bodyComponentModels.count) {
                // Rows added after the last one (the whole of a document whose first part is shown):
                // the frames laid out so far stay as they are, and the new rows are laid out a few
                // milliseconds per main-loop turn like a large body, instead of all at once.
            } else if diff.body.hasChanges {
                _ = current.update(insertedIndexes: diff.body.inserted, deletedIndexes: diff.body.deleted,
                                   reloadedIndexes: diff.body.reloaded, measuring: measuring)
            }
            if diff.headerChanged { _ = current.invalidateHeader(measuring: measuring) }
            updated = current
        } else {
            // A large body is laid out a screenful first; the rest follows a few milliseconds per
            // main-loop turn.
            let firstChunk = ModelMeasuring(bodyModels: viewModel.bodyComponentModels, header: viewModel.headerComponentModel,
                                            measurer: measurer, limit: Self.layoutStep)
            updated = ComponentLayout(containerSize: container, measuring: firstChunk, layoutManager: layoutManager,
                                      addsHeaderMargin: addsHeaderMargin)
        }
        updated.direction = layoutDirection
        layout = updated
        continueLayoutIfIncomplete(of: viewModel)
        return updated
    }

    /// Whether `diff` only adds rows after the `count` laid out, more than a step of them, to make
    /// `newCount` (nothing deleted, reloaded or moved, the header unchanged).
    private static func onlyAppends(_ diff: ViewModelDiff, to count: Int, making newCount: Int) -> Bool {
        let inserted = diff.body.inserted
        return newCount - count > layoutStep && diff.body.deleted.isEmpty && diff.body.reloaded.isEmpty
            && !diff.headerChanged && inserted.count == newCount - count && inserted.first == count
            && inserted.last == newCount - 1
    }

    /// The width changed (or content waits for one): lays out afresh and renders again.
    func relayoutForNewSize() {
        if let layout, layout.containerSize.width != canvas.viewportSize.width || needsRender {
            // Every width may change: lay out again and reconfigure what is visible.
            self.layout = nil
            lastRenderedViewModel = nil
            for wrapper in liveBody.all { wrapper.reconfigureView(containerViewSize: containerSize) }
        }
        renderCurrentViewModel()
    }
}
