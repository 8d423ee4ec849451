internal import CGtk
import Foundation

/// A CSS stylesheet for GTK widgets (GtkCssProvider). Installed for the screen, its rules apply to
/// every widget of the process; style widgets with CSS classes (``Widget/addCSSClass(_:)``).
///
/// ```swift
/// let style = try StyleSheet(contentsOf: resources.appendingPathComponent("app.css"))
/// style.install()
/// ```
///
/// When two stylesheets set the same property of a widget, the one installed at the higher
/// ``Priority`` wins, whatever the selectors; within one stylesheet, CSS's usual rules apply.
@MainActor
public final class StyleSheet {
    /// Where a stylesheet ranks against the theme and the other stylesheets.
    public struct Priority: Comparable, Hashable, Sendable {
        /// GTK's number for the priority: higher wins.
        public let rawValue: UInt32

        /// A priority of GTK's scale (the named ones are usually what you want).
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Below everything: defaults for properties nothing else sets.
        public static let fallback = Priority(rawValue: UInt32(GTK_STYLE_PROVIDER_PRIORITY_FALLBACK))
        /// The GTK theme's.
        public static let theme = Priority(rawValue: UInt32(GTK_STYLE_PROVIDER_PRIORITY_THEME))
        /// What the desktop's settings (fonts, for instance) turn into.
        public static let settings = Priority(rawValue: UInt32(GTK_STYLE_PROVIDER_PRIORITY_SETTINGS))
        /// HubGTK's stylesheet for its own widgets: above the theme and the settings, so that the
        /// default components look the same with any theme, and below ``application``, so that an
        /// application's rules replace the framework's.
        public static let framework = Priority(rawValue: (settings.rawValue + application.rawValue) / 2)
        /// An application's stylesheet (the default of ``StyleSheet/install(priority:)``).
        public static let application = Priority(rawValue: UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        /// The user's own `~/.config/gtk-3.0/gtk.css`, above everything an application sets.
        public static let user = Priority(rawValue: UInt32(GTK_STYLE_PROVIDER_PRIORITY_USER))

        /// True when `lhs` ranks below `rhs` (loses to it).
        public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private let provider: UnsafeMutablePointer<GtkCssProvider>
    /// The priority the stylesheet is installed at, while it is installed.
    public private(set) var installedPriority: Priority?
    /// The path in the registered resource bundles it was read from, for one made with
    /// ``init(resource:)``: what the GTK Inspector names its rules by
    /// (`resource:///org/example/App/style.css:12:3`).
    public let resourcePath: String?

    /// Reads and parses the stylesheet at `url`. Throws when the file cannot be read or has a
    /// syntax error (the message names the line).
    public init(contentsOf url: URL) throws(GLibError) {
        provider = gtk_css_provider_new()
        resourcePath = nil
        var error: UnsafeMutablePointer<GError>?
        gtk_css_provider_load_from_path(provider, url.path, &error)
        // Every stored property is set, so a throw here still runs deinit, which releases the provider.
        if error != nil { throw GLibError(taking: error) }
    }

    /// Parses `css`. Throws on a syntax error.
    public init(css: String) throws(GLibError) {
        provider = gtk_css_provider_new()
        resourcePath = nil
        var error: UnsafeMutablePointer<GError>?
        gtk_css_provider_load_from_data(provider, css, -1, &error)
        // Every stored property is set, so a throw here still runs deinit, which releases the provider.
        if error != nil { throw GLibError(taking: error) }
    }

    /// Reads and parses the stylesheet at `path` in the registered resource bundles
    /// (``ResourceBundle``), such as `/org/example/App/style.css`, so that the GTK Inspector and
    /// GTK's messages name its rules by their resource path. Throws when no bundle has the path or
    /// the stylesheet has a syntax error (the message names the line).
    public init(resource path: String) throws(GLibError) {
        provider = gtk_css_provider_new()
        resourcePath = path
        guard ResourceBundle.exists(path) else {
            // Translators: %s is a path in the app's resources, such as /org/example/App/style.css.
            throw GLibError(message: localized("no resource at %s", path))
        }
        // gtk_css_provider_load_from_resource reports nothing itself: its problems come as the
        // provider's parsing-error signal, (section, error), the first of which is kept.
        var problem: String?
        let connection = GSignal.connect(UnsafeMutableRawPointer(provider), "parsing-error") { invocation in
            guard problem == nil else { return }
            let section = invocation.pointer(1).map { OpaquePointer($0) }
            let message = invocation.pointer(2).flatMap {
                $0.assumingMemoryBound(to: GError.self).pointee.message.map { String(cString: $0) }
            } ?? "parse error"
            let line = section.map { Int(gtk_css_section_get_start_line($0)) + 1 }
            problem = line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)"
        }
        gtk_css_provider_load_from_resource(provider, path)
        connection.disconnect()
        if let problem { throw GLibError(message: problem) }
    }

    /// Releasing the object leaves an installed stylesheet installed: the screen keeps it.
    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(provider))
    }

    /// Counts the stylesheets installed, moved and uninstalled: what was measured under one count
    /// (a component's height kept for its text) may not hold under the next.
    package private(set) static var generation = 0

    /// True while the stylesheet is installed.
    public var isInstalled: Bool { installedPriority != nil }

    /// Applies the stylesheet to every widget of the default screen, at `priority` (moving it when
    /// it is already installed at another). Returns false when there is no screen (no display).
    @discardableResult
    public func install(priority: Priority = .application) -> Bool {
        guard let screen = gdk_screen_get_default() else { return false }
        if installedPriority == priority { return true }
        uninstall()
        gtk_style_context_add_provider_for_screen(screen, hub_style_provider(provider), priority.rawValue)
        installedPriority = priority
        Self.generation += 1
        return true
    }

    /// Stops applying the stylesheet.
    public func uninstall() {
        guard installedPriority != nil, let screen = gdk_screen_get_default() else { return }
        gtk_style_context_remove_provider_for_screen(screen, hub_style_provider(provider))
        installedPriority = nil
        Self.generation += 1
    }
}
