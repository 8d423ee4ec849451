internal import CGtk

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
