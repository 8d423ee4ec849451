import Foundation

/// Delivers work to the main thread, where every framework callback runs.
///
/// In the viewer, GTK's main loop drains the main queue (HubGTK installs the bridge); in tests
/// without a display, `RunLoop.main` does. Work submitted from the main thread runs at once,
/// synchronously, which keeps synchronous content-loading chains synchronous.
public enum MainThread {
    /// True when called on the main thread.
    public static var isCurrent: Bool { Thread.isMainThread }

    /// Runs `body` now when on the main thread, otherwise as soon as the main loop gets to it.
    public static func perform(_ body: @escaping @MainActor @Sendable () -> Void) {
        if Thread.isMainThread {
            MainActor.assumeIsolated { body() }
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
        }
    }

    /// Always defers `body` to a later turn of the main loop, even on the main thread.
    public static func async(_ body: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
    }

    /// Runs `body` on the main thread after `delay` seconds.
    public static func after(_ delay: Double, _ body: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { MainActor.assumeIsolated { body() } }
    }
}
