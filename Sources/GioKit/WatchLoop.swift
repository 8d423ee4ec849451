internal import CGio

/// The GLib main loop hublive waits in while it watches: the file monitor's events, the settle
/// timer and Ctrl+C (SIGINT, and SIGTERM) are all sources on the default main context, so one
/// thread handles them in turn and a push is never interrupted halfway.
package final class WatchLoop {
    private let loop: OpaquePointer
    private var signalSources: [guint] = []
    private var timerSource: guint = 0
    private var timerAction: (() -> Void)?
    /// True once SIGINT or SIGTERM arrived.
    package private(set) var wasInterrupted = false

    /// Catches SIGINT and SIGTERM from now on; they are handled once `run()` runs (`g_unix_signal_add`
    /// runs its callback on the main context, not in the signal handler).
    package init() {
        loop = g_main_loop_new(nil, 0)
        for signal in [SIGINT, SIGTERM] {
            signalSources.append(g_unix_signal_add(signal, { data in
                guard let data else { return 0 }
                let watchLoop = Unmanaged<WatchLoop>.fromOpaque(data).takeUnretainedValue()
                watchLoop.wasInterrupted = true
                watchLoop.quit()
                return 1  // G_SOURCE_CONTINUE: a second Ctrl+C while stopping changes nothing
            }, Unmanaged.passUnretained(self).toOpaque()))
        }
    }

    deinit {
        cancelTimer()
        // Sources hold a pointer to this object: none may outlive it.
        for source in signalSources { g_source_remove(source) }
        g_main_loop_unref(loop)
    }

    /// Runs until `quit()` (or Ctrl+C).
    package func run() { g_main_loop_run(loop) }

    /// Makes `run()` return.
    package func quit() { g_main_loop_quit(loop) }

    /// Calls `action` once after `seconds`, replacing an action scheduled before that has not run yet.
    package func schedule(after seconds: Double, _ action: @escaping () -> Void) {
        cancelTimer()
        timerAction = action
        timerSource = g_timeout_add(guint(max(0, seconds * 1000).rounded(.up)), { data in
            guard let data else { return 0 }
            let watchLoop = Unmanaged<WatchLoop>.fromOpaque(data).takeUnretainedValue()
            let action = watchLoop.timerAction
            watchLoop.timerAction = nil
            watchLoop.timerSource = 0
            action?()
            return 0  // G_SOURCE_REMOVE
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func cancelTimer() {
        if timerSource != 0 { g_source_remove(timerSource) }
        timerSource = 0
        timerAction = nil
    }
}
