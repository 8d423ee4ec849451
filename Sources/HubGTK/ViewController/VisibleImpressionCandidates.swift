import HubFramework

/// The components with `logging` data that are at least partly visible, with how much of each:
/// what `ImpressionReporter` tells its tracker.
///
/// What is visible is computed from the layout, never from widgets: the body's frames (minus the
/// strip the header covers), the header's frame and the overlays' frames, each intersected with the
/// viewport. Children are not tracked: their frames are their parent component's business.
enum VisibleImpressionCandidates {
    /// - Parameters:
    ///   - viewModel: the view model rendered now, whose layout `layout` is.
    ///   - layout: the body's layout.
    ///   - viewport: the size of the visible area.
    ///   - contentOffset: how far the body is scrolled.
    ///   - showsHeader: whether the header is on screen.
    ///   - overlayFrames: the overlays' frames, in model order, in the view's coordinates.
    ///   - thresholds: the view's impression thresholds.
    @MainActor
    static func compute(viewModel: ViewModel, layout: ComponentLayout, viewport: Size, contentOffset: Double,
                        showsHeader: Bool, overlayFrames: [Rect], thresholds: ImpressionThresholds)
        -> [ImpressionCandidate]
    {
        guard viewport.width > 0, viewport.height > 0 else { return [] }
        let screen = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        var candidates: [ImpressionCandidate] = []
        func consider(_ model: ComponentModel, frame: Rect, in area: Rect) {
            let fraction = ImpressionCandidate.visibleFraction(of: frame, in: area)
            if fraction > 0 {
                candidates.append(ImpressionCandidate(model: model, visibleFraction: fraction, viewThresholds: thresholds))
            }
        }

        // The header floats over the top of the viewport; the body scrolls under it.
        var headerHeight = 0.0
        if showsHeader, let header = viewModel.headerComponentModel, let frame = layout.headerFrame {
            headerHeight = min(viewport.height, max(0, frame.maxY))
            if header.loggingData != nil { consider(header, frame: frame, in: screen) }
        }

        let body = viewModel.bodyComponentModels
        let bodyArea = Rect(x: 0, y: contentOffset + headerHeight, width: viewport.width,
                            height: viewport.height - headerHeight)
        if !bodyArea.isEmpty {
            layout.forEachIndex(intersecting: bodyArea) { index in
                guard index < body.count, index < layout.count, body[index].loggingData != nil else { return }
                consider(body[index], frame: layout.frame(at: index), in: bodyArea)
            }
        }

        for (model, frame) in zip(viewModel.overlayComponentModels, overlayFrames) where model.loggingData != nil {
            consider(model, frame: frame, in: screen)
        }
        return candidates
    }
}
