internal import CGtk

/// Runs a closure on the main loop after a delay, once or repeatedly. The timer stops when it is
/// cancelled or released, so a component that keeps it as a property never hears from a timer
/// it has dropped.
///
/// ```swift
/// pendingSearch = MainLoopTimer(after: 0.3) { [weak self] in self?.search(text) }
/// ```
@MainActor
public final class MainLoopTimer {
    private var sourceID: UInt32 = 0

    /// Starts a timer that calls `handler` after `interval` seconds, and then every `interval`
    /// seconds when `repeats`.
    public init(after interval: Double, repeats: Bool = false, _ handler: @escaping @MainActor () -> Void) {
        let milliseconds = UInt32(clamping: Int((max(0, interval) * 1000).rounded()))
        sourceID = GSource.timeout(milliseconds: milliseconds) { [weak self] in
            if !repeats { self?.sourceID = 0 }
            handler()
            return repeats
        }
    }

    /// Calls `handler` once, when the main loop has nothing more urgent to do: after the layout and
    /// drawing that are pending now (a scroll position set then applies to laid-out widgets).
    public init(whenIdle handler: @escaping @MainActor () -> Void) {
        sourceID = GSource.idle { [weak self] in
            self?.sourceID = 0
            handler()
            return false
        }
    }

    isolated deinit {
        GSource.cancel(sourceID)
    }

    /// True until the timer has fired (a one-shot timer) or was cancelled.
    public var isScheduled: Bool { sourceID != 0 }

    /// Stops the timer; it does not fire again.
    public func cancel() {
        GSource.cancel(sourceID)
        sourceID = 0
    }
}
