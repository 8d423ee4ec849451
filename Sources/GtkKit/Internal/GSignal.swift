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

/// Releases the box of a tick callback when GTK removes it.
private func releaseTickBox(_ data: UnsafeMutableRawPointer?) {
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

/// The one function GLib calls for every closure GtkKit makes, whatever the signal or source and
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
private func makeClosure(_ handler: @escaping ClosureHandler) -> UnsafeMutablePointer<GClosure> {
    let data = ClosureBox<ClosureHandler>.retained(handler)
    let closure = g_closure_new_simple(guint(MemoryLayout<GClosure>.size), data)!
    g_closure_set_marshal(closure, invokeClosureHandler)
    g_closure_add_finalize_notifier(closure, data, releaseClosureBox)
    return closure
}

/// A connected signal handler; `disconnect()` is idempotent.
package struct SignalConnection: Hashable {
    let instance: UnsafeMutableRawPointer
    let handlerID: gulong

    /// Disconnects the handler (nothing when it is no longer connected); GLib then releases it.
    @MainActor
    package func disconnect() {
        hub_signal_disconnect(instance, handlerID)
    }
}

/// Connects Swift closures to GLib signals. All handlers run on the main thread, where GTK emits them.
///
/// ``connect(_:_:after:invoking:)`` is the one way in; the others read a signal's arguments for
/// their handler.
@MainActor
enum GSignal {
    /// Connects `handler` to `signal` of `instance`, before the signal's default handler or, with
    /// `after`, after it.
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
                        invoking handler: @escaping ClosureHandler) -> SignalConnection
    {
        let id = g_signal_connect_closure(instance, signal, makeClosure(handler), after ? 1 : 0)
        return SignalConnection(instance: instance, handlerID: id)
    }

    /// Connects a handler that takes none of the signal's arguments (`clicked`, `activate`,
    /// `changed`, `destroy`, …).
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                        _ handler: @escaping @MainActor () -> Void) -> SignalConnection
    {
        connect(instance, signal) { _ in handler() }
    }

    /// Connects an event handler (`button-press-event`, `scroll-event`, `key-press-event`, …).
    /// Return true to stop other handlers.
    @discardableResult
    static func connectEvent(_ instance: UnsafeMutableRawPointer, _ signal: String,
                             _ handler: @escaping @MainActor (UnsafeMutablePointer<GdkEvent>) -> Bool)
        -> SignalConnection
    {
        connect(instance, signal) { invocation in
            guard let event = invocation.pointer(1) else { return }
            invocation.returns(handler(event.assumingMemoryBound(to: GdkEvent.self)))
        }
    }

    /// Connects `size-allocate`.
    @discardableResult
    static func connectAllocate(_ instance: UnsafeMutableRawPointer,
                                _ handler: @escaping @MainActor (GdkRectangle) -> Void) -> SignalConnection
    {
        connect(instance, "size-allocate") { invocation in
            guard let allocation = invocation.pointer(1) else { return }
            handler(allocation.assumingMemoryBound(to: GdkRectangle.self).pointee)
        }
    }

    /// Connects `draw`, with the cairo context; with `after`, after the default handler (to draw
    /// above a widget's children). Return true to stop other handlers.
    @discardableResult
    static func connectDraw(_ instance: UnsafeMutableRawPointer, after: Bool = false,
                            _ handler: @escaping @MainActor (OpaquePointer) -> Bool) -> SignalConnection
    {
        connect(instance, "draw", after: after) { invocation in
            guard let cr = invocation.pointer(1) else { return }
            invocation.returns(handler(OpaquePointer(cr)))
        }
    }

    /// Connects a handler that receives the signal's one pointer argument (`remove`'s child,
    /// `hierarchy-changed`'s previous toplevel, `changed`'s key, an action's parameter, …).
    @discardableResult
    static func connectPointer(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void)
        -> SignalConnection
    {
        connect(instance, signal) { invocation in handler(invocation.pointer(1)) }
    }

    /// Connects a handler that receives the signal's one integer argument (`response` of dialogs, …).
    @discardableResult
    static func connectInt(_ instance: UnsafeMutableRawPointer, _ signal: String,
                           _ handler: @escaping @MainActor (Int32) -> Void) -> SignalConnection
    {
        connect(instance, signal) { invocation in handler(invocation.int(1)) }
    }

    /// Connects a handler that receives one pointer argument and returns an int (GApplication's
    /// `command-line` and `handle-local-options`).
    @discardableResult
    static func connectPointerReturningInt(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                           _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Int32)
        -> SignalConnection
    {
        connect(instance, signal) { invocation in invocation.returns(handler(invocation.pointer(1))) }
    }

    /// Connects GApplication's `open` (files and their count).
    @discardableResult
    static func connectOpen(_ instance: UnsafeMutableRawPointer,
                            _ handler: @escaping @MainActor (UnsafeMutableRawPointer?, Int) -> Void)
        -> SignalConnection
    {
        connect(instance, "open") { invocation in handler(invocation.pointer(1), Int(invocation.int(2))) }
    }
}

/// GLib main-loop sources (timeouts and idles) driven by Swift closures, on the default main
/// context: the main thread's.
@MainActor
package enum GSource {
    /// Calls `body` every `milliseconds` until it returns false. Returns the source id for `cancel`.
    @discardableResult
    package static func timeout(milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) -> UInt32 {
        attach(g_timeout_source_new(milliseconds), body)
    }

    /// Calls `body` once the main loop is idle, until it returns false.
    @discardableResult
    package static func idle(_ body: @escaping @MainActor () -> Bool) -> UInt32 {
        attach(g_idle_source_new(), body)
    }

    /// Removes a source returned by `timeout` or `idle`. Ignores 0.
    package static func cancel(_ id: UInt32) {
        if id != 0 { g_source_remove(id) }
    }

    /// Runs `body` from `source` (at the priority GLib gives it: the default for a timeout, the
    /// default idle one for an idle) on the default main context; the context keeps the source.
    private static func attach(_ source: UnsafeMutablePointer<CGtk.GSource>, _ body: @escaping @MainActor () -> Bool)
        -> UInt32
    {
        g_source_set_closure(source, makeClosure { invocation in invocation.returns(body()) })
        let id = g_source_attach(source, nil)
        g_source_unref(source)
        return id
    }
}

extension GSource {
    /// Calls `body` with the frame time (seconds) once per frame of the widget's frame clock, until
    /// it returns false. Returns the id for `gtk_widget_remove_tick_callback`. (GTK takes a tick
    /// callback as a C function only, not as a closure.)
    static func addTickCallback(_ widget: UnsafeMutablePointer<GtkWidget>,
                                _ body: @escaping @MainActor (Double) -> Bool) -> guint
    {
        typealias Callback = @MainActor (Double) -> Bool
        return gtk_widget_add_tick_callback(widget, { _, clock, data in
            guard let data, let clock else { return 0 }
            let body = ClosureBox<Callback>.callback(at: data)
            let time = Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
            return MainActor.assumeIsolated { body(time) } ? 1 : 0
        }, ClosureBox<Callback>.retained(body), releaseTickBox)
    }
}
