import CGtk
import Foundation
import XCTest
import HubGTK

/// Base class for tests that need a display. They run serially on the main thread, under Xvfb
/// (see `make test`). When no display can be opened the test is skipped with a clear reason.
///
/// XCTest on Linux cannot call `@MainActor` test methods directly, so tests are plain methods that
/// wrap their body in `onMain { … }` (they already run on the main thread; this only tells the compiler).
open class GtkTestCase: XCTestCase, @unchecked Sendable {
    override open func setUpWithError() throws {
        try super.setUpWithError()
        let hasDisplay = MainActor.assumeIsolated { GtkRuntime.initialize() }
        guard hasDisplay else {
            throw XCTSkip("No display: GTK tests run under Xvfb via `make test`")
        }
        MainActor.assumeIsolated { Self.loadFontConfiguration() }
    }

    /// Lays out one line of text once per process, so that no test measures Pango's one-time start.
    ///
    /// Pango reads the fontconfig configuration on a thread of its own, and the first layout in a
    /// process waits for it on the main thread. Under `make sanitize`, where every allocation unwinds
    /// its stack, that wait took 0.18–0.34 s, and it fell inside whichever test was the first to lay
    /// out text: in CI, a test that bounds the main loop's longest turn while images fail
    /// (`ViewControllerImageTests.testBadInputKeepsPlaceholdersLogsEachURLOnceAndNeverBlocks`).
    @MainActor
    private static func loadFontConfiguration() {
        guard !hasLoadedFontConfiguration else { return }
        hasLoadedFontConfiguration = true
        let label = gtk_label_new("Hub")
        g_object_ref_sink(label)
        gtk_widget_show(label)  // GTK measures a hidden widget as 0 × 0 without laying it out
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_get_preferred_width(label, &minimum, &natural)
        g_object_unref(label)
    }

    @MainActor private static var hasLoadedFontConfiguration = false

    /// Runs a test body on the main actor.
    package func onMain<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
        try MainActor.assumeIsolated { try body() }
    }

    /// Runs the test `name` (`Module.Class/testMethod`) again in a test process of its own with
    /// `variable` set to `value`, and checks that it passed there; returns false, running nothing, in
    /// that child (where `variable` is set), which then goes on with the test. For what a process reads
    /// once, at its start: GTK reads `GTK_CSS_DEBUG` before its first style sheet, GLib `G_DEBUG`
    /// (`fatal-criticals` makes a GTK critical end the child).
    package func runsAgainInAChildProcess(_ name: String, with variable: String, value: String = "1",
                                          file: StaticString = #filePath, line: UInt = #line) throws -> Bool {
        guard ProcessInfo.processInfo.environment[variable] == nil else { return false }
        let child = try ChildProcess(URL(fileURLWithPath: CommandLine.arguments[0]), arguments: [name],
                                     environment: [variable: value])
        child.waitUntilDone(timeout: 120)
        XCTAssertEqual(child.exitStatus, 0, "\(child.standardOutput.text)\(child.standardError.text)", file: file, line: line)
        XCTAssertTrue(child.standardOutput.text.contains("Executed 1 test, with 0 failures"), child.standardOutput.text,
                      file: file, line: line)
        return true
    }

    /// Pumps GLib's main context until `condition` holds; fails the test after `timeout` seconds.
    @MainActor
    package func pump(until condition: () -> Bool, timeout: Double = 5, _ message: String = "condition",
              file: StaticString = #filePath, line: UInt = #line)
    {
        if !GtkRuntime.iterate(until: condition, timeout: timeout) {
            XCTFail("Timed out after \(timeout)s waiting for \(message)", file: file, line: line)
        }
    }

    /// The longest main-loop stall a test accepts: 50 ms (three frames) in an optimized build, twice
    /// that in the debug build that `make test` runs (the framework's own code, unoptimized, takes
    /// several times longer around GTK's unchanged work), five times under a sanitizer
    /// (`make sanitize`), whose checks slow every call that GTK makes into the program.
    package static var mainLoopStallBound: Double {
        if dlsym(nil, "__sanitizer_get_current_allocated_bytes") != nil { return 0.25 }
        #if DEBUG
        return 0.1
        #else
        return 0.05
        #endif
    }

    /// Pumps until `condition` holds and returns the longest time between two turns of the main loop.
    @MainActor
    package func pumpMeasuringStalls(until condition: () -> Bool, timeout: Double = 5, _ message: String = "condition",
                                     file: StaticString = #filePath, line: UInt = #line) -> Double
    {
        var last = ProcessInfo.processInfo.systemUptime
        var longest = 0.0
        pump(until: {
            let now = ProcessInfo.processInfo.systemUptime
            longest = max(longest, now - last)
            last = now
            return condition()
        }, timeout: timeout, message, file: file, line: line)
        return longest
    }

    /// Pumps the main context for a fixed time (lets GTK lay out and draw).
    @MainActor
    package func pump(for seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        _ = GtkRuntime.iterate(until: { Date() >= deadline }, timeout: seconds + 1)
    }

    /// The root (screen) coordinates of a point in a widget.
    @MainActor
    package func rootPoint(in widget: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double) -> (Double, Double) {
        guard let window = gtk_widget_get_window(widget) else { return (0, 0) }
        var originX: Int32 = 0
        var originY: Int32 = 0
        gdk_window_get_origin(window, &originX, &originY)
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(widget, &allocation)
        var localX = x
        var localY = y
        if gtk_widget_get_has_window(widget) == 0 {
            localX += Double(allocation.x)
            localY += Double(allocation.y)
        }
        return (Double(originX) + localX, Double(originY) + localY)
    }

    /// Sends a primary-button press and release to the middle of a widget (optionally moving in between).
    @MainActor
    package func click(_ widget: UnsafeMutablePointer<GtkWidget>, dragBy drag: Double = 0) {
        let width = Double(gtk_widget_get_allocated_width(widget))
        let height = Double(gtk_widget_get_allocated_height(widget))
        let (rootX, rootY) = rootPoint(in: widget, x: width / 2, y: height / 2)
        let window = gtk_widget_get_window(widget)
        let press = hub_event_new_button(window, GDK_BUTTON_PRESS, 1, width / 2, height / 2, 0)!
        press.pointee.button.x_root = rootX
        press.pointee.button.y_root = rootY
        gtk_widget_event(widget, press)
        gdk_event_free(press)
        if drag != 0 {
            let motion = hub_event_new_motion(window, width / 2, height / 2 + drag, GDK_BUTTON1_MASK.rawValue, 0)!
            motion.pointee.motion.x_root = rootX
            motion.pointee.motion.y_root = rootY + drag
            gtk_widget_event(widget, motion)
            gdk_event_free(motion)
        }
        let release = hub_event_new_button(window, GDK_BUTTON_RELEASE, 1, width / 2, height / 2 + drag, 0)!
        release.pointee.button.x_root = rootX
        release.pointee.button.y_root = rootY + drag
        gtk_widget_event(widget, release)
        gdk_event_free(release)
    }

    /// Sends a key press to the toplevel window of `widget`, as the X server delivers one: GTK routes
    /// it to the window's focus widget after its accelerators, so the test sees where the focus
    /// really is. The hardware keycode is filled in from the keymap because accelerators (such as
    /// the app's Ctrl+L) are matched by keycode.
    @MainActor
    package func pressInWindow(key: Int32, state: UInt32 = 0, of widget: UnsafeMutablePointer<GtkWidget>) {
        pressWithKeycode(key: key, state: state, to: gtk_widget_get_toplevel(widget)!)
    }

    /// Sends a key press to `widget` itself (not routed through its window), as the X server delivers
    /// one: with the hardware keycode and group from the keymap, by which GTK matches key bindings
    /// (an entry's Enter and Escape) and accelerators.
    @MainActor
    package func pressWithKeycode(key: Int32, state: UInt32 = 0, to widget: UnsafeMutablePointer<GtkWidget>) {
        let event = hub_event_new_key(gtk_widget_get_window(widget), UInt32(key), state)!
        var keys: UnsafeMutablePointer<GdkKeymapKey>?
        var count: Int32 = 0
        if gdk_keymap_get_entries_for_keyval(gdk_keymap_get_for_display(gdk_display_get_default()), UInt32(key),
                                             &keys, &count) != 0, let keys, count > 0
        {
            event.pointee.key.hardware_keycode = UInt16(keys[0].keycode)
            event.pointee.key.group = UInt8(keys[0].group)
            g_free(keys)
        }
        gtk_widget_event(widget, event)
        gdk_event_free(event)
    }

    /// Sends a key press to a widget.
    @MainActor
    package func press(key: Int32, state: UInt32 = 0, to widget: UnsafeMutablePointer<GtkWidget>) {
        let event = hub_event_new_key(gtk_widget_get_window(widget), UInt32(key), state)!
        gtk_widget_event(widget, event)
        gdk_event_free(event)
    }

    /// GTK's theme now: its `gtk-theme-name` setting, "" when it has none.
    @MainActor
    package static var themeName: String {
        guard let name = hub_settings_get_string("gtk-theme-name") else { return "" }
        defer { g_free(name) }
        return String(cString: name)
    }

    /// The left padding, in pixels, that GTK's style gives `widget` in its state now.
    @MainActor
    package func leftPadding(of widget: UnsafeMutablePointer<GtkWidget>) -> Int16 {
        let context = gtk_widget_get_style_context(widget)
        var padding = GtkBorder()
        gtk_style_context_get_padding(context, gtk_style_context_get_state(context), &padding)
        return padding.left
    }
}
