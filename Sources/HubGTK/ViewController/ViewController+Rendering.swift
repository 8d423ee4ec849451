import CGtk
import HubFramework

/// Rendering a view model: the header and overlays are configured, the body is diffed against the
/// view model rendered before, the layout follows the diff (or is computed afresh), the content
/// offset is corrected so that what the user was looking at stays put, and the recycler places the
/// body components for the new layout.
extension ViewController {
    var addsHeaderMargin: Bool {
        delegate?.viewControllerShouldAutomaticallyManageTopContentInset(self) ?? true
    }

    /// The size components are laid out in.
    public var containerSize: Size { canvas.viewportSize }

    func renderCurrentViewModel() {
        guard let viewModel else { return }
        guard canvas.viewportSize.width > 0 else {
            needsRender = true
            return
        }
        needsRender = false
        for wrapper in liveBody.all { wrapper.saveComponentUIState() }
        configureHeader(viewModel.headerComponentModel)
        configureOverlays(viewModel.overlayComponentModels)

        let container = containerSize
        let measuring = ModelMeasuring(bodyModels: viewModel.bodyComponentModels,
                                       header: viewModel.headerComponentModel, measurer: measurer)
        let previousLayout = layout
        let previousVisibleTop = previousLayout?.firstIndex(intersecting: canvas.visibleRect)
        var diff: ViewModelDiff?
        // After an empty body (the initial content, a loading state) a diff could only say "all
        // inserted": a fresh layout is cheaper than applying it, and there is no offset to keep.
        if let last = lastRenderedViewModel, !last.bodyComponentModels.isEmpty {
            diff = ViewModelDiff(from: last, to: viewModel)
        }

        if var current = layout, let diff, current.containerSize == container,
            current.addsHeaderMargin == addsHeaderMargin
        {
            if diff.body.hasChanges {
                _ = current.update(insertedIndexes: diff.body.inserted, deletedIndexes: diff.body.deleted,
                                   reloadedIndexes: diff.body.reloaded, measuring: measuring)
            }
            if diff.headerChanged { _ = current.invalidateHeader(measuring: measuring) }
            layout = current
        } else {
            layout = ComponentLayout(containerSize: container, measuring: measuring, layoutManager: layoutManager,
                                     addsHeaderMargin: addsHeaderMargin)
        }
        // The live components follow the diff to their new indexes, and learn which were reloaded.
        liveBody.update(to: viewModel, following: diff?.body, from: lastRenderedViewModel)
        lastRenderedViewModel = viewModel
        guard let layout else { return }

        var target = Point(x: 0, y: canvas.contentOffset)
        if let diff {
            target = ContentOffsetPreservation.targetContentOffset(
                proposedOffset: target, previousLayout: previousLayout, newLayout: layout,
                diff: (diff.body.inserted, diff.body.deleted), currentOffset: target,
                topVisibleIndex: previousVisibleTop, contentInset: .zero, viewHeight: canvas.viewportSize.height)
        }
        canvas.setContentHeight(layout.contentSize.height)
        gtk_widget_set_visible(canvas.scrollbar,
                               scrollHandler.shouldShowScrollIndicators(in: self)
                                   && layout.contentSize.height > canvas.viewportSize.height ? 1 : 0)
        if target.y != canvas.contentOffset {
            canvas.setContentOffset(target.y)  // updates the visible cells through the delegate
        }
        updateVisibleCells()
        for wrapper in [headerWrapper].compactMap({ $0 }) + overlayWrappers where isVisible {
            if !wrapper.viewHasAppearedSinceLastModelChange { wrapperWillAppear(wrapper) }
        }
        updateStateView()
        delegate?.viewControllerDidFinishRendering(self)
    }

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
