internal import CGtk

/// Releases the box of a tick callback when GTK removes it.
private func releaseTickBox(_ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
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
