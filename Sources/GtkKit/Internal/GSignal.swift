internal import CGtk

/// A Swift closure kept alive for as long as a GLib signal handler or source needs it.
/// Retained with `Unmanaged.passRetained` when connected; released by GLib's destroy notify.
final class ClosureBox<Callback> {
    let callback: Callback
    init(_ callback: Callback) { self.callback = callback }
}

/// The destroy notify that releases a `ClosureBox` when GLib drops the handler. Functions rather
/// than stored closures of the C types `GClosureNotify` and `GDestroyNotify`: a module-level
/// constant of a C function type makes `swift-symbolgraph-extract` (`make docs`) crash, since it
/// reads the module without the C modules that GtkKit imports at package level.
private func releaseBox(_ data: UnsafeMutableRawPointer?, _ closure: UnsafeMutablePointer<GClosure>?) {
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// The destroy notify that releases a source's `ClosureBox` when GLib removes the source.
private func releaseSourceBox(_ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// A connected signal handler; `disconnect()` is idempotent.
package struct SignalConnection: Hashable {
    let instance: UnsafeMutableRawPointer
    let handlerID: gulong

    @MainActor
    package func disconnect() {
        hub_signal_disconnect(instance, handlerID)
    }
}

/// Connects Swift closures to GLib signals. All handlers run on the main thread, where GTK emits them.
@MainActor
enum GSignal {
    /// Connects a handler with no arguments (`clicked`, `activate`, `changed`, `destroy`, …).
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor () -> Void) -> SignalConnection
    {
        let box = ClosureBox<@MainActor () -> Void>(handler)
        let data = Unmanaged.passRetained(box as AnyObject).toOpaque()
        let id = hub_signal_connect_void(instance, signal, { _, data in
            guard let data else { return }
            let box = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<@MainActor () -> Void>
            MainActor.assumeIsolated { box.callback() }
        }, data, releaseBox)
        return SignalConnection(instance: instance, handlerID: id)
    }

    /// Connects an event handler (`button-press-event`, `scroll-event`, `key-press-event`, …).
    /// Return true to stop other handlers.
    @discardableResult
    static func connectEvent(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                    _ handler: @escaping @MainActor (UnsafeMutablePointer<GdkEvent>) -> Bool)
        -> SignalConnection
    {
        typealias Callback = @MainActor (UnsafeMutablePointer<GdkEvent>) -> Bool
        let box = ClosureBox<Callback>(handler)
        let data = Unmanaged.passRetained(box as AnyObject).toOpaque()
        let id = hub_signal_connect_event(instance, signal, { _, event, data in
            guard let data, let event else { return 0 }
            let box = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Callback>
            return MainActor.assumeIsolated { box.callback(event) } ? 1 : 0
        }, data, releaseBox)
        return SignalConnection(instance: instance, handlerID: id)
    }

    /// Connects `size-allocate`.
    @discardableResult
    static func connectAllocate(_ instance: UnsafeMutableRawPointer,
                                       _ handler: @escaping @MainActor (GdkRectangle) -> Void) -> SignalConnection
    {
        typealias Callback = @MainActor (GdkRectangle) -> Void
        let box = ClosureBox<Callback>(handler)
        let data = Unmanaged.passRetained(box as AnyObject).toOpaque()
        let id = hub_signal_connect_allocate(instance, { _, allocation, data in
            guard let data, let allocation else { return }
            let box = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Callback>
            let rect = allocation.pointee
            MainActor.assumeIsolated { box.callback(rect) }
        }, data, releaseBox)
        return SignalConnection(instance: instance, handlerID: id)
    }

    /// Connects `draw`. Return true to stop other handlers.
    @discardableResult
    static func connectDraw(_ instance: UnsafeMutableRawPointer,
                                   _ handler: @escaping @MainActor (OpaquePointer) -> Bool) -> SignalConnection
    {
        typealias Callback = @MainActor (OpaquePointer) -> Bool
        let box = ClosureBox<Callback>(handler)
        let data = Unmanaged.passRetained(box as AnyObject).toOpaque()
        let id = hub_signal_connect_draw(instance, { _, cr, data in
            guard let data, let cr else { return 0 }
            let box = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Callback>
            return MainActor.assumeIsolated { box.callback(cr) } ? 1 : 0
        }, data, releaseBox)
        return SignalConnection(instance: instance, handlerID: id)
    }

    /// Connects `draw` after the default handler (to draw above a widget's children).
    @discardableResult
    static func connectDrawAfter(_ instance: UnsafeMutableRawPointer,
                                        _ handler: @escaping @MainActor (OpaquePointer) -> Void) -> SignalConnection
    {
        typealias Callback = @MainActor (OpaquePointer) -> Void
        let box = ClosureBox<Callback>(handler)
        let data = Unmanaged.passRetained(box as AnyObject).toOpaque()
        let id = hub_signal_connect_draw_after(instance, { _, cr, data in
            guard let data, let cr else { return 0 }
            let box = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Callback>
            MainActor.assumeIsolated { box.callback(cr) }
            return 0
        }, data, releaseBox)
        return SignalConnection(instance: instance, handlerID: id)
    }

    /// Connects a handler that receives one pointer argument (`open`'s files, `response`'s id cast, …).
    @discardableResult
    static func connectPointer(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                      _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void)
        -> SignalConnection
    {
        typealias Callback = @MainActor (UnsafeMutableRawPointer?) -> Void
        let box = ClosureBox<Callback>(handler)
        let data = Unmanaged.passRetained(box as AnyObject).toOpaque()
        let id = hub_signal_connect_pointer(instance, signal, { _, arg, data in
            guard let data else { return }
            let box = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Callback>
            MainActor.assumeIsolated { box.callback(arg) }
        }, data, releaseBox)
        return SignalConnection(instance: instance, handlerID: id)
    }

    /// Connects a handler that receives one integer argument (`response` of dialogs, …).
    @discardableResult
    static func connectInt(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                  _ handler: @escaping @MainActor (Int32) -> Void) -> SignalConnection
    {
        typealias Callback = @MainActor (Int32) -> Void
        let box = ClosureBox<Callback>(handler)
        let data = Unmanaged.passRetained(box as AnyObject).toOpaque()
        let id = hub_signal_connect_int(instance, signal, { _, arg, data in
            guard let data else { return }
            let box = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Callback>
            MainActor.assumeIsolated { box.callback(arg) }
        }, data, releaseBox)
        return SignalConnection(instance: instance, handlerID: id)
    }
}

extension GSignal {
    /// Connects a handler that receives one pointer argument and returns an int (GApplication's
    /// `command-line` and `handle-local-options`).
    @discardableResult
    static func connectPointerReturningInt(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                           _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Int32)
        -> SignalConnection
    {
        typealias Callback = @MainActor (UnsafeMutableRawPointer?) -> Int32
        let box = ClosureBox<Callback>(handler)
        let data = Unmanaged.passRetained(box as AnyObject).toOpaque()
        let id = hub_signal_connect_pointer_int(instance, signal, { _, arg, data in
            guard let data else { return -1 }
            let box = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Callback>
            return MainActor.assumeIsolated { box.callback(arg) }
        }, data, releaseBox)
        return SignalConnection(instance: instance, handlerID: id)
    }
}

extension GSignal {
    /// Connects GApplication's `open` (files and their count).
    @discardableResult
    static func connectOpen(_ instance: UnsafeMutableRawPointer,
                                   _ handler: @escaping @MainActor (UnsafeMutableRawPointer?, Int) -> Void)
        -> SignalConnection
    {
        typealias Callback = @MainActor (UnsafeMutableRawPointer?, Int) -> Void
        let box = ClosureBox<Callback>(handler)
        let data = Unmanaged.passRetained(box as AnyObject).toOpaque()
        let id = hub_signal_connect_open(instance, { _, files, count, _, data in
            guard let data else { return }
            let box = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Callback>
            MainActor.assumeIsolated { box.callback(files, Int(count)) }
        }, data, releaseBox)
        return SignalConnection(instance: instance, handlerID: id)
    }
}

/// GLib main-loop sources (timeouts and idles) driven by Swift closures.
@MainActor
package enum GSource {
    /// Calls `body` every `milliseconds` until it returns false. Returns the source id for `cancel`.
    @discardableResult
    package static func timeout(milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) -> UInt32 {
        typealias Callback = @MainActor () -> Bool
        let box = ClosureBox<Callback>(body)
        let data = Unmanaged.passRetained(box as AnyObject).toOpaque()
        return hub_timeout_add(milliseconds, { data in
            guard let data else { return 0 }
            let box = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Callback>
            return MainActor.assumeIsolated { box.callback() } ? 1 : 0
        }, data, releaseSourceBox)
    }

    /// Calls `body` once the main loop is idle, until it returns false.
    @discardableResult
    package static func idle(_ body: @escaping @MainActor () -> Bool) -> UInt32 {
        typealias Callback = @MainActor () -> Bool
        let box = ClosureBox<Callback>(body)
        let data = Unmanaged.passRetained(box as AnyObject).toOpaque()
        return hub_idle_add({ data in
            guard let data else { return 0 }
            let box = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Callback>
            return MainActor.assumeIsolated { box.callback() } ? 1 : 0
        }, data, releaseSourceBox)
    }

    /// Removes a source returned by `timeout` or `idle`. Ignores 0.
    package static func cancel(_ id: UInt32) {
        if id != 0 { g_source_remove(id) }
    }
}

extension GSource {
    /// Calls `body` with the frame time (seconds) once per frame of the widget's frame clock, until
    /// it returns false. Returns the id for `gtk_widget_remove_tick_callback`.
    static func addTickCallback(_ widget: UnsafeMutablePointer<GtkWidget>,
                                       _ body: @escaping @MainActor (Double) -> Bool) -> guint
    {
        typealias Callback = @MainActor (Double) -> Bool
        let box = ClosureBox<Callback>(body)
        let data = Unmanaged.passRetained(box as AnyObject).toOpaque()
        return gtk_widget_add_tick_callback(widget, { _, clock, data in
            guard let data, let clock else { return 0 }
            let box = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ClosureBox<Callback>
            let time = Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
            return MainActor.assumeIsolated { box.callback(time) } ? 1 : 0
        }, data, releaseSourceBox)
    }
}
