import Foundation
import GtkKit
import HubFramework

/// The view controller's impressions: its observer and thresholds, the tracker of appearances, the
/// one timer for the tracker's next deadline, and the monitor that says whether the view can be
/// seen. After every render, scroll, resize and change of whether the view is on screen, the
/// controller asks it to ``update()``: it tells the tracker which components with `logging` data
/// are visible and how much of each, reports what became due and arms its timer.
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
@MainActor
final class ImpressionReporter {
    private unowned let controller: ViewController
    /// Hears impressions; nil tracks nothing (see ``ViewController/impressionObserver``).
    weak var observer: (any ImpressionObserver)?
    var thresholds = ImpressionThresholds.default

    let tracker = ImpressionTracker()
    /// Fires at the tracker's next deadline; nil when nothing waits.
    private(set) var timer: MainLoopTimer?
    /// The deadline `timer` was armed for.
    private var timerDeadline: ContinuousClock.Instant?
    /// Whether the view is mapped and its window not minimized; nil once stopped.
    private var monitor: OnScreenMonitor?

    /// Watches the controller's view.
    init(controller: ViewController) {
        self.controller = controller
        monitor = OnScreenMonitor(controller.view) { [weak self] in self?.update() }
    }

    /// Whether the reporter still runs (not stopped by the controller's `tearDown()`).
    var isRunning: Bool { monitor != nil }

    /// Whether the view's widget can be seen (mapped, window not minimized).
    var isOnScreen: Bool { monitor?.isOnScreen == true }

    /// Whether the view can be seen: it appeared, and its widget is on screen.
    var isShown: Bool { controller.content.isVisible && isOnScreen }

    /// Tells the tracker what is visible now (asked only when the view is shown and someone
    /// listens); reports what became due and arms the timer.
    func update() {
        // Once at the end of a render: the offsets and layouts it passes through are not shown.
        guard isRunning, !controller.renderer.isRendering else { return }
        guard observer != nil else {
            if tracker.appearanceCount > 0 { tracker.reset() }
            cancelTimer()
            return
        }
        let shown = isShown
        let now = ContinuousClock.now
        let due = tracker.update(visible: shown ? candidates() : [], isShown: shown, at: now)
        armTimer(now: now)
        for impression in due {
            // The observer may stop listening, or tear the view down, while it hears one.
            guard let observer = self.observer, isRunning else { return }
            observer.viewController(controller, didRecord: impression)
        }
    }

    /// Stops for good.
    func stop() {
        cancelTimer()
        tracker.reset()
        monitor?.stop()
        monitor = nil
    }

    /// The components with `logging` data that are at least partly visible now, with how much.
    private func candidates() -> [ImpressionCandidate] {
        // Only what was rendered is on screen: the layout is that view model's.
        guard let viewModel = controller.renderer.lastRenderedViewModel, viewModel === controller.viewModel,
            let layout = controller.layout
        else { return [] }
        let canvas = controller.canvas
        let viewport = canvas.viewportSize
        guard viewport.width > 0, viewport.height > 0 else { return [] }
        let thresholds = thresholds
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
        if controller.floating.header != nil, let header = viewModel.headerComponentModel, let frame = layout.headerFrame {
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

        for (model, frame) in zip(viewModel.overlayComponentModels, controller.floating.overlayFrames)
        where model.loggingData != nil {
            consider(model, frame: frame, in: screen)
        }
        return candidates
    }

    /// One timer, for the earliest deadline; left alone when that did not change, so that scrolling
    /// (an update per frame) does not make a timer per frame.
    private func armTimer(now: ContinuousClock.Instant) {
        guard let deadline = tracker.nextDeadline else { return cancelTimer() }
        if deadline == timerDeadline, timer?.isScheduled == true { return }
        timerDeadline = deadline
        // A millisecond late rather than early: GLib rounds the interval to milliseconds, and a timer
        // that fired early would find nothing due and have to be armed again.
        let delay = max(0, now.duration(to: deadline).inSeconds) + 0.001
        timer = MainLoopTimer(after: delay) { [weak self] in
            guard let self else { return }
            self.timer = nil
            self.timerDeadline = nil
            self.update()
        }
    }

    private func cancelTimer() {
        timer = nil
        timerDeadline = nil
    }
}
