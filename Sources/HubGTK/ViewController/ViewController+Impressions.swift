import Foundation
import GtkKit
import HubFramework

/// Impressions: after every render, scroll, resize, and change of whether the view is on screen,
/// the controller tells its `ImpressionTracker` which components with `logging` data are visible
/// and how much of each, and arms one timer for the tracker's next deadline.
///
/// What is visible is computed from the layout, never from widgets: the body's frames (minus the
/// strip the header covers), the header's frame and the overlays' frames, each intersected with the
/// viewport. So a widget recycled for another row neither begins nor ends an appearance, and an
/// appearance belongs to the model's identity (type, identifier, `logging`), which a reload whose
/// diff keeps the component keeps too. Children are not tracked: their frames are their parent
/// component's business, known only to its widgets.
///
/// The view counts as shown between `viewWillAppear()` and `viewDidDisappear()` while its widget is
/// mapped and its window is not minimized (`OnScreenMonitor`). A window that is merely unfocused
/// still shows its content and counts as shown.
extension ViewController {
    /// Whether the view can be seen: it appeared, and its widget is on screen.
    var isShownForImpressions: Bool { isVisible && impressions?.isOnScreen == true }

    /// Tells the reporter what is visible now; it reports what became due and arms its timer.
    func updateImpressions() {
        // Not before `init` has made the reporter, and once at the end of a render.
        guard let impressions, !isRendering else { return }
        impressions.update(isShown: isShownForImpressions, candidates: impressionCandidates) { due in
            for impression in due {
                // The observer may stop listening, or tear the view down, while it hears one.
                guard let observer = impressions.observer, impressions.isRunning else { return }
                observer.viewController(self, didRecord: impression)
            }
        }
    }

    /// Stops tracking for good (`tearDown()`).
    func stopImpressions() {
        impressions?.stop()
    }

    /// The components with `logging` data that are at least partly visible now, with how much.
    func impressionCandidates() -> [ImpressionCandidate] {
        // Only what was rendered is on screen: the layout is that view model's.
        guard let viewModel = lastRenderedViewModel, viewModel === self.viewModel, let layout else { return [] }
        let viewport = canvas.viewportSize
        guard viewport.width > 0, viewport.height > 0 else { return [] }
        let thresholds = impressionThresholds
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
        if headerWrapper != nil, let header = viewModel.headerComponentModel, let frame = layout.headerFrame {
            headerHeight = min(viewport.height, max(0, frame.maxY))
            if header.loggingData != nil { consider(header, frame: frame, in: screen) }
        }

        let body = viewModel.bodyComponentModels
        let bodyArea = Rect(x: 0, y: canvas.contentOffset + headerHeight, width: viewport.width,
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
