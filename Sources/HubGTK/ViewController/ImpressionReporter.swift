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
///
/// It is given what it needs when it is made: the view's widget, and closures over the other parts
/// that say whether the view appeared, whether a render is under way and what is visible now. How
/// an impression reaches its observer comes with the observer (``listen(_:report:)``).
@MainActor
final class ImpressionReporter {
    /// Hears impressions; nil tracks nothing (see ``ViewController/impressionObserver``).
    private(set) weak var observer: (any ImpressionObserver)?
    /// Tells ``observer`` of an impression.
    private var report: (@MainActor (any ImpressionObserver, Impression) -> Void)?
    var thresholds = ImpressionThresholds.default

    let tracker = ImpressionTracker()
    /// Fires at the tracker's next deadline; nil when nothing waits.
    private(set) var timer: MainLoopTimer?
    /// The deadline `timer` was armed for.
    private var timerDeadline: ContinuousClock.Instant?
    /// Whether the view is mapped and its window not minimized; nil once stopped.
    private var monitor: OnScreenMonitor?
    private let hasAppeared: @MainActor () -> Bool
    private let isRendering: @MainActor () -> Bool
    private let candidates: @MainActor (ImpressionThresholds) -> [ImpressionCandidate]

    /// Watches `view`.
    /// - Parameters:
    ///   - view: the view controller's root widget.
    ///   - hasAppeared: whether the view is between `viewWillAppear()` and `viewDidDisappear()`.
    ///   - isRendering: whether a render is under way (its intermediate states are not shown).
    ///   - candidates: the components with `logging` data visible now, with how much of each
    ///     (`VisibleImpressionCandidates`).
    init(view: Widget, hasAppeared: @escaping @MainActor () -> Bool, isRendering: @escaping @MainActor () -> Bool,
         candidates: @escaping @MainActor (ImpressionThresholds) -> [ImpressionCandidate])
    {
        self.hasAppeared = hasAppeared
        self.isRendering = isRendering
        self.candidates = candidates
        monitor = OnScreenMonitor(view) { [weak self] in self?.update() }
    }

    /// Reports impressions to `observer` (held weakly) through `report`, which tells it of one; nil
    /// tracks nothing.
    func listen(_ observer: (any ImpressionObserver)?,
                report: @escaping @MainActor (any ImpressionObserver, Impression) -> Void)
    {
        self.observer = observer
        self.report = observer == nil ? nil : report
    }

    /// Whether the reporter still runs (not stopped by the controller's `tearDown()`).
    var isRunning: Bool { monitor != nil }

    /// Whether the view's widget can be seen (mapped, window not minimized).
    var isOnScreen: Bool { monitor?.isOnScreen == true }

    /// Whether the view can be seen: it appeared, and its widget is on screen.
    var isShown: Bool { hasAppeared() && isOnScreen }

    /// Tells the tracker what is visible now (asked only when the view is shown and someone
    /// listens); reports what became due and arms the timer.
    func update() {
        // Once at the end of a render: the offsets and layouts it passes through are not shown.
        guard isRunning, !isRendering() else { return }
        guard observer != nil, let report else {
            if tracker.appearanceCount > 0 { tracker.reset() }
            cancelTimer()
            return
        }
        let shown = isShown
        let now = ContinuousClock.now
        let due = tracker.update(visible: shown ? candidates(thresholds) : [], isShown: shown, at: now)
        armTimer(now: now)
        for impression in due {
            // The observer may stop listening, or tear the view down, while it hears one.
            guard let observer = self.observer, isRunning else { return }
            report(observer, impression)
        }
    }

    /// Stops for good.
    func stop() {
        cancelTimer()
        tracker.reset()
        monitor?.stop()
        monitor = nil
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
