/// Where an HTTP exchange stands before its response begins, as an ``HTTPClient`` reports it
/// (``HTTPTransferEvent/stage(_:)``), so that a deadline that passes can say what it waited for:
/// a free connection, the connection itself, or the server's answer.
public enum HTTPTransferStage: Sendable, Hashable {
    /// Waiting for a connection: every connection the client may open to the host is busy with
    /// other exchanges, and the request has not been sent.
    case waitingForConnection
    /// Opening a connection of its own to the server (name lookup, TCP, TLS); nothing is sent yet.
    case connecting
    /// The request is on the wire; the server's answer has not begun.
    case waitingForResponse
}
