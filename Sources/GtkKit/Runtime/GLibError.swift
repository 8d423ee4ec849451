internal import CGtk

/// An error GTK or GLib reported (a `GError`): registering an application, loading a
/// stylesheet, opening a URI with the desktop.
public struct GLibError: Error, Sendable, Equatable, CustomStringConvertible {
    /// GLib's message, meant for people.
    public let message: String

    /// An error with `message`.
    public init(message: String) {
        self.message = message
    }

    /// Takes the message of `error` and frees it (every caller owns the `GError` it received).
    init(taking error: UnsafeMutablePointer<GError>?, fallback: String = "unknown error") {
        if let error {
            message = error.pointee.message.map { String(cString: $0) } ?? fallback
            g_error_free(error)
        } else {
            message = fallback
        }
    }

    /// The message.
    public var description: String { message }
}
