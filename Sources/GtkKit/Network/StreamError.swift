internal import CGtk

/// Why a read or write on a ``StreamConnection`` did not complete.
///
/// A cancelled operation is not a failure: ``StreamConnection/close()`` cancels what is pending,
/// and its owner usually has nothing to say about it, while a failure (the peer reset the
/// connection, for instance) is worth a log line.
public enum StreamError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The operation was cancelled by ``StreamConnection/close()``, or started after it.
    case cancelled
    /// GIO reported an error (`G_IO_ERROR_CONNECTION_RESET`, `G_IO_ERROR_BROKEN_PIPE`, …).
    case failed(GLibError)

    /// Takes a `GError` a finished operation reported, and frees it: cancellation becomes
    /// ``cancelled``, anything else ``failed(_:)``.
    init(taking error: UnsafeMutablePointer<GError>) {
        if g_error_matches(error, g_io_error_quark(), hub_io_error_cancelled()) != 0 {
            g_error_free(error)
            self = .cancelled
        } else {
            self = .failed(GLibError(taking: error))
        }
    }

    /// `cancelled`, or GIO's message.
    public var description: String {
        switch self {
        case .cancelled: "cancelled"
        case .failed(let error): error.message
        }
    }
}
