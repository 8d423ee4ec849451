import Foundation
import GtkKit
import HubFramework

/// The view controller's impressions: its observer and thresholds, the tracker of appearances, the
/// one timer for the tracker's next deadline, and the monitor that says whether the view can be
/// seen. The controller hands it what is visible (`update(shownCandidates:isVisible:report:)`) after
/// every render, scroll, resize and appearance; the reporter owns everything else.
@MainActor
final class ImpressionReporter {
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
    /// Asks the controller for an update (the monitor saw a change, or the timer fired).
    private let needsUpdate: @MainActor () -> Void

    /// Watches `view`; `needsUpdate` is called whenever what is seen may have changed.
    init(watching view: Widget, needsUpdate: @escaping @MainActor () -> Void) {
        self.needsUpdate = needsUpdate
        monitor = OnScreenMonitor(view) { needsUpdate() }
    }

    /// Whether the reporter still runs (not stopped by the controller's `tearDown()`).
    var isRunning: Bool { monitor != nil }

    /// Whether the view's widget can be seen (mapped, window not minimized).
    var isOnScreen: Bool { monitor?.isOnScreen == true }

    /// Tells the tracker what is visible now: `candidates` is asked only when the view is shown
    /// (`isShown`) and someone listens. Reports what became due and arms the timer.
    func update(isShown: Bool, candidates: () -> [ImpressionCandidate], report: ([Impression]) -> Void) {
        guard isRunning else { return }
        guard observer != nil else {
            if tracker.appearanceCount > 0 { tracker.reset() }
            cancelTimer()
            return
        }
        let now = ContinuousClock.now
        let due = tracker.update(visible: isShown ? candidates() : [], isShown: isShown, at: now)
        armTimer(now: now)
        report(due)
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
            self.needsUpdate()
        }
    }

    private func cancelTimer() {
        timer = nil
        timerDeadline = nil
    }
}
