internal import CGtk

/// A Swift closure kept alive for as long as GLib needs it: retained when its pointer is handed to
/// GLib as a callback's data, released by GLib's destroy or finalize notify.
final class ClosureBox<Callback> {
    let callback: Callback
    init(_ callback: Callback) { self.callback = callback }

    /// `callback` in a box that one reference keeps alive: the data pointer to hand to GLib.
    static func retained(_ callback: Callback) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(ClosureBox(callback)).toOpaque()
    }

    /// The callback of the box at `data`, made by ``retained(_:)``.
    static func callback(at data: UnsafeMutableRawPointer) -> Callback {
        Unmanaged<ClosureBox>.fromOpaque(data).takeUnretainedValue().callback
    }
}

/// Releases the box of a closure when GLib finalizes the closure (its signal handler was
/// disconnected, its instance finalized, or its source removed). Functions rather than stored
/// closures of the C types `GClosureNotify` and `GDestroyNotify`: a module-level constant of a C
/// function type makes `swift-symbolgraph-extract` (`make docs`) crash, since it reads the module
/// without the C modules that GtkKit imports.
private func releaseClosureBox(_ data: UnsafeMutableRawPointer?, _ closure: UnsafeMutablePointer<GClosure>?) {
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// One call of a closure by GLib: a signal's emission or a main-loop source's dispatch. Holds the
/// values of its arguments (for a signal, the instance first) and the place for its return value,
/// and is valid only while the handler runs. Unchecked `Sendable`: it is made on the thread GLib
/// calls from, the main thread (where `invokeClosureHandler` asserts it is), and used there during
/// that call only.
struct ClosureInvocation: @unchecked Sendable {
    fileprivate let arguments: UnsafePointer<GValue>?
    fileprivate let count: Int
    fileprivate let returnValue: UnsafeMutablePointer<GValue>?

    /// Argument `index` (for a signal, 0 is the instance and 1 the first argument) when it holds a
    /// pointer: an object (a widget, a connection), a boxed value (an event, an allocation, a cairo
    /// context), a plain pointer or a string. Nil when it is NULL, or there is no such argument.
    func pointer(_ index: Int) -> UnsafeMutableRawPointer? {
        guard let arguments, index < count, g_value_fits_pointer(arguments + index) != 0 else { return nil }
        return g_value_peek_pointer(arguments + index)
    }

    /// Argument `index` when it holds an `int`; 0 when there is no such argument.
    func int(_ index: Int) -> Int32 {
        guard let arguments, index < count else { return 0 }
        return g_value_get_int(arguments + index)
    }

    /// Answers a signal whose handlers return a `gboolean` (an event signal: true stops the other
    /// handlers), or a source (false removes it).
    func returns(_ value: Bool) {
        if let returnValue { g_value_set_boolean(returnValue, value ? 1 : 0) }
    }

    /// Answers a signal whose handlers return an `int`.
    func returns(_ value: Int32) {
        if let returnValue { g_value_set_int(returnValue, value) }
    }
}

/// What a closure of GtkKit runs: Swift code, on the main thread, where GTK emits its signals and
/// the default main context dispatches its sources.
typealias ClosureHandler = @MainActor (ClosureInvocation) -> Void

/// The one function GLib calls for every closure GtkKit makes (``makeClosure(_:)``), whatever the signal or source and
/// whatever its arguments: it hands the invocation to the Swift handler kept in the closure's data.
/// GLib passes the arguments as `GValue`s, so one function serves every signature.
private func invokeClosureHandler(_ closure: UnsafeMutablePointer<GClosure>?, _ returnValue: UnsafeMutablePointer<GValue>?,
                                  _ count: guint, _ arguments: UnsafePointer<GValue>?,
                                  _ invocationHint: UnsafeMutableRawPointer?, _ marshalData: UnsafeMutableRawPointer?)
{
    guard let data = closure?.pointee.data else { return }
    let handler = ClosureBox<ClosureHandler>.callback(at: data)
    let invocation = ClosureInvocation(arguments: arguments, count: Int(count), returnValue: returnValue)
    MainActor.assumeIsolated { handler(invocation) }
}

/// A floating `GClosure` that runs `handler`; whoever takes it (a signal, a source) sinks it, and
/// the handler is released when the closure is finalized.
func makeClosure(_ handler: @escaping ClosureHandler) -> UnsafeMutablePointer<GClosure> {
    let data = ClosureBox<ClosureHandler>.retained(handler)
    let closure = g_closure_new_simple(guint(MemoryLayout<GClosure>.size), data)!
    g_closure_set_marshal(closure, invokeClosureHandler)
    g_closure_add_finalize_notifier(closure, data, releaseClosureBox)
    return closure
}
