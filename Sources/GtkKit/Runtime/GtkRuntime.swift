internal import CGtk
import Foundation
import HubFramework

/// Process-wide GTK setup: initialisation and the bridge that lets GTK's main loop run
/// `DispatchQueue.main` blocks and `@MainActor` jobs.
@MainActor
public enum GtkRuntime {
    private static var initialized = false
    private static var bridgeSource: guint = 0

    /// Initialises GTK once (without touching the process arguments), installs the main-queue bridge
    /// and, unless the app installed one, ``SoupHTTPClient/shared`` as the framework's HTTP client.
    /// Returns false when no display can be opened.
    ///
    /// GTK is asked not to probe OpenGL as it opens an X11 display (nothing here draws with it,
    /// and the probe loads the GL driver: about 30 ms under Xvfb); ``initialize(probesOpenGL:)``
    /// with `true` lets it.
    @discardableResult
    public static func initialize() -> Bool {
        initialize(probesOpenGL: false)
    }

    /// Initialises GTK once as ``initialize()`` does.
    /// - Parameter probesOpenGL: true for an app that draws with OpenGL (a `GtkGLArea`): GTK then
    ///   probes it when it opens the display, as it does by default.
    /// - Returns: false when no display can be opened.
    @discardableResult
    public static func initialize(probesOpenGL: Bool) -> Bool {
        if initialized { return true }
        OpenGLProbe.prepare(probes: probesOpenGL)
        let opened = gtk_init_check(nil, nil) != 0
        OpenGLProbe.restore()
        guard opened else { return false }
        didInitialize()
        return true
    }

    /// What follows GTK's initialisation, whoever made it: ``initialize(probesOpenGL:)``, or
    /// GtkApplication's `startup` (``Application``).
    static func didInitialize() {
        if initialized { return }
        initialized = true
        // GIO's default proxy resolver (GNOME's reads GSettings) and the default GSettings backend are
        // made once, each under a lock of its own. Made first on a libsoup thread while the main
        // thread makes its first GSettings, each waits for the other's lock for ever: a fresh
        // clone's `make test` hung that way once (SystemStyle's GSettings fallback against a
        // loopback download). Made here, on the main thread before any request, both are ready.
        _ = g_proxy_resolver_get_default()
        installMainQueueBridge()
        UserLanguages.useToolkitLocaleNames(glibLanguageNames())
    }

    /// GLib's list of the user's locale names, most preferred first (`de_DE.UTF-8`, `de_DE`, `de`,
    /// …, `C`), which GTK's own translations follow too.
    static func glibLanguageNames() -> [String] {
        guard let list = g_get_language_names() else { return [] }
        return CStringList.strings(list)
    }

    /// Watches libdispatch's main-queue eventfd from GLib's default main context, so that work
    /// sent to the main queue runs while `gtk_main` or `g_application_run` is in control. Also
    /// installs ``SoupHTTPClient/shared`` as the framework's HTTP client unless the app installed one.
    public static func installMainQueueBridge() {
        SoupHTTPClient.installAsDefaultUnlessSet()
        guard bridgeSource == 0 else { return }
        bridgeSource = hub_install_dispatch_main_queue_bridge()
    }

    /// The version of the GTK library the process runs with, such as `3.24.38`.
    public nonisolated static var gtkVersion: String {
        "\(gtk_get_major_version()).\(gtk_get_minor_version()).\(gtk_get_micro_version())"
    }

    /// True once the bridge is installed.
    public static var isMainQueueBridgeInstalled: Bool { bridgeSource != 0 }

    /// Runs GLib's default main context until `condition` holds or `timeout` seconds pass.
    /// Returns whether the condition held. Used by tests and by `--screenshot`.
    @discardableResult
    public static func iterate(until condition: () -> Bool, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() >= deadline { return false }
            if g_main_context_iteration(nil, 0) == 0 {
                // Nothing was ready: block briefly for the next event instead of spinning.
                usleep(1000)
            }
        }
        return true
    }

    /// Processes every pending event without blocking.
    public static func drainEvents() {
        var guardCount = 0
        while g_main_context_pending(nil) != 0 && guardCount < 10_000 {
            g_main_context_iteration(nil, 0)
            guardCount += 1
        }
    }
}
