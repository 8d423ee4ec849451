import Foundation
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
    /// Whether anyone listens; without an observer nothing is computed.
    private var tracksImpressions: Bool { impressionObserver != nil }

    /// Whether the view can be seen: it appeared, and its widget is on screen.
    var isShownForImpressions: Bool { isVisible && onScreenMonitor?.isOnScreen == true }

    /// Tells the tracker what is visible now, reports what became due, and arms the timer.
    func updateImpressions() {
        guard !isRendering, onScreenMonitor != nil else { return }
        guard tracksImpressions else {
            if impressionTracker.appearanceCount > 0 { impressionTracker.reset() }
            cancelImpressionTimer()
            return
        }
        let now = ContinuousClock.now
        let shown = isShownForImpressions
        let due = impressionTracker.update(visible: shown ? impressionCandidates() : [], isShown: shown, at: now)
        armImpressionTimer(now: now)
        report(due)
    }

    /// Stops tracking for good (`tearDown()`).
    func stopImpressions() {
        cancelImpressionTimer()
        impressionTracker.reset()
        onScreenMonitor?.stop()
        onScreenMonitor = nil
    }

    private func report(_ impressions: [Impression]) {
        for impression in impressions {
            // The observer may stop listening, or tear the view down, while it hears one.
            guard let observer = impressionObserver, onScreenMonitor != nil else { return }
            observer.viewController(self, didRecord: impression)
        }
    }

    /// One timer, for the earliest deadline; left alone when that did not change, so that scrolling
    /// (an update per frame) does not make a timer per frame.
    private func armImpressionTimer(now: ContinuousClock.Instant) {
        guard let deadline = impressionTracker.nextDeadline else { return cancelImpressionTimer() }
        if deadline == impressionTimerDeadline, impressionTimer?.isScheduled == true { return }
        impressionTimerDeadline = deadline
        // A millisecond late rather than early: GLib rounds the interval to milliseconds, and a timer
        // that fired early would find nothing due and have to be armed again.
        let delay = max(0, now.duration(to: deadline).inSeconds) + 0.001
        impressionTimer = MainLoopTimer(after: delay) { [weak self] in
            guard let self else { return }
            self.impressionTimer = nil
            self.impressionTimerDeadline = nil
            self.updateImpressions()
        }
    }

    private func cancelImpressionTimer() {
        impressionTimer = nil
        impressionTimerDeadline = nil
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
