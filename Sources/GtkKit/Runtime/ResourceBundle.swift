internal import CGtk
import Foundation

/// A GResource bundle: files compiled by `glib-compile-resources` into one blob, which GTK reads by
/// path once it is registered (`resource:///org/example/App/style.css`). GNOME apps keep their style
/// sheets, `.ui` definitions and icons in one, where designers and the GTK Inspector see them by
/// path.
///
/// ```swift
/// let bundle = try ResourceBundle(contentsOf: URL(fileURLWithPath: "/usr/share/example/example.gresource"))
/// bundle.register()
/// let style = try StyleSheet(resource: "/org/example/App/style.css")
/// ```
///
/// A registered bundle serves every lookup of the process (GTK's included) until it is
/// unregistered; the paths of all registered bundles form one tree.
@MainActor
public final class ResourceBundle {
    private let resource: OpaquePointer
    /// Whether the bundle's paths are served now.
    public private(set) var isRegistered = false

    /// Reads the compiled bundle at `url` (a `.gresource` file). Throws when it cannot be read or is
    /// not a bundle.
    public init(contentsOf url: URL) throws(GLibError) {
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_load(url.path, &error) else { throw GLibError(taking: error) }
        self.resource = resource
    }

    /// A bundle of the compiled bytes `data` (what `glib-compile-resources` writes), copied. Throws
    /// when they are not a bundle.
    public init(data: Data) throws(GLibError) {
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_new_from_data(bytes, &error) else { throw GLibError(taking: error) }
        self.resource = resource
    }

    /// A bundle of bytes that live as long as the process (linked into it), read in place.
    init(staticBytes: UnsafeRawPointer, count: Int) throws(GLibError) {
        let bytes = g_bytes_new_static(staticBytes, gsize(count))
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_new_from_data(bytes, &error) else { throw GLibError(taking: error) }
        self.resource = resource
    }

    isolated deinit {
        unregister()
        g_resource_unref(resource)
    }

    /// Serves the bundle's paths to the whole process. Does nothing when it already does.
    public func register() {
        guard !isRegistered else { return }
        g_resources_register(resource)
        isRegistered = true
    }

    /// Stops serving the bundle's paths (GTK keeps what it already read from them).
    public func unregister() {
        guard isRegistered else { return }
        g_resources_unregister(resource)
        isRegistered = false
    }

    /// Whether the bundle has a file or folder at `path` (`/org/example/App/style.css`).
    public func contains(_ path: String) -> Bool {
        g_resource_get_info(resource, path, G_RESOURCE_LOOKUP_FLAGS_NONE, nil, nil, nil) != 0
    }

    /// Whether any registered bundle (the framework's, an app's, GTK's own) has a file or folder at
    /// `path`.
    public static func exists(_ path: String) -> Bool {
        g_resources_get_info(path, G_RESOURCE_LOOKUP_FLAGS_NONE, nil, nil, nil) != 0
    }

    /// The bytes of the file at `path` in the registered bundles; nil when there is none.
    public static func data(at path: String) -> Data? {
        guard let bytes = g_resources_lookup_data(path, G_RESOURCE_LOOKUP_FLAGS_NONE, nil) else { return nil }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let pointer = g_bytes_get_data(bytes, &size) else { return Data() }
        return Data(bytes: pointer, count: Int(size))
    }
}
