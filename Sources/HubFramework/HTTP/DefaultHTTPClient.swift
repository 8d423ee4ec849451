import Foundation

/// The ``HTTPClient`` that the framework uses where none is given.
///
/// HubGTK installs its libsoup client here when GTK is set up and when a view controller is created,
/// unless the app has installed a client of its own first. A program that uses the core alone
/// installs a client itself; until one is installed, HTTP loads fail with a message that says so.
public enum DefaultHTTPClient {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var client: (any HTTPClient)?

    /// The client in use; nil until one is installed. Safe to read and set from any thread; loads
    /// already started keep the client they started with.
    public static var current: (any HTTPClient)? {
        get { lock.withLock { client } }
        set { lock.withLock { client = newValue } }
    }

    /// Installs `candidate` unless a client is installed already.
    package static func installIfNone(_ candidate: @autoclosure () -> any HTTPClient) {
        lock.withLock {
            if client == nil { client = candidate() }
        }
    }
}
