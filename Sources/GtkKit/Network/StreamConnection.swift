internal import CGtk
import Foundation

/// One TCP connection a ``LoopbackServer`` accepted (a `GSocketConnection`), read and written
/// without ever blocking the main loop.
///
/// Reads and writes are GIO's asynchronous calls on the main context: their completions run on the
/// main thread on a later main-loop turn, never from inside ``read(upTo:completion:)`` or
/// ``write(_:completion:)``. One read and one write may be pending at once. Each pending operation
/// keeps the connection, its buffer and its completion alive until it has returned, so dropping
/// the last reference while one is pending is safe.
///
/// ``close()`` cancels what is pending (those completions receive ``StreamError/cancelled``) and
/// closes the socket as soon as nothing is pending any more. A connection released without
/// `close()` closes its socket when it goes.
@MainActor
public final class StreamConnection {
    private let connection: UnsafeMutablePointer<GSocketConnection>
    private let input: UnsafeMutablePointer<GInputStream>
    private let output: UnsafeMutablePointer<GOutputStream>
    private let cancellable: UnsafeMutablePointer<GCancellable>
    /// Where reads land, kept from one read to the next; grown when a read asks for more.
    private var readBuffer: UnsafeMutableRawPointer?
    private var readBufferSize = 0
    /// Reads and writes started and not yet returned.
    private var pendingOperations = 0
    private var isStreamClosed = false

    /// True while a read started by ``read(upTo:completion:)`` has not completed.
    public private(set) var isReading = false
    /// True while a write started by ``write(_:completion:)`` has not completed.
    public private(set) var isWriting = false
    /// True once ``close()`` was called.
    public private(set) var isClosed = false

    /// Wraps `connection`, holding a reference to it until the wrapper goes.
    init(_ connection: UnsafeMutablePointer<GSocketConnection>) {
        g_object_ref(UnsafeMutableRawPointer(connection))
        self.connection = connection
        input = g_io_stream_get_input_stream(hub_io_stream(connection))
        output = g_io_stream_get_output_stream(hub_io_stream(connection))
        cancellable = g_cancellable_new()
    }

    isolated deinit {
        // Runs once no read or write is in flight (each holds a reference), so the stream can close.
        closeStream()
        readBuffer?.deallocate()
        g_object_unref(UnsafeMutableRawPointer(cancellable))
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// True when the peer's address is a loopback address (127.0.0.0/8 or ::1), so the client runs
    /// on this machine. False when the address cannot be read.
    public var isPeerLoopback: Bool {
        guard let remote = g_socket_connection_get_remote_address(connection, nil) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(remote)) }
        guard hub_is_inet_socket_address(remote) != 0,
            let address = g_inet_socket_address_get_address(hub_inet_socket_address(remote))
        else { return false }
        return g_inet_address_get_is_loopback(address) != 0
    }

    /// Up to `count` of the bytes already received and not read yet, looked at without taking them
    /// from the socket (the next read still returns them) and without waiting: empty when nothing has
    /// arrived, fewer than `count` when only those have.
    /// - Parameter count: the most bytes to look at.
    public func peek(upTo count: Int) -> Data {
        guard count > 0, !isStreamClosed, let socket = g_socket_connection_get_socket(connection) else {
            return Data()
        }
        var received = [UInt8](repeating: 0, count: count)
        let receivedCount = received.withUnsafeMutableBytes {
            recv(g_socket_get_fd(socket), $0.baseAddress, $0.count, Int32(MSG_PEEK | MSG_DONTWAIT))
        }
        guard receivedCount > 0 else { return Data() }
        return Data(received.prefix(receivedCount))
    }

    /// Reads what has arrived, up to `maximumCount` bytes, waiting on the main loop until something
    /// has. `completion` receives the bytes (empty when the peer has stopped sending), or why there
    /// are none. One read at a time.
    /// - Parameters:
    ///   - maximumCount: the most bytes to read (the buffer read into is kept for the next read).
    ///   - completion: called on the main thread on a later main-loop turn.
    public func read(upTo maximumCount: Int,
                     completion: @escaping @MainActor (Result<Data, StreamError>) -> Void)
    {
        precondition(!isReading, "one read at a time")
        guard !isClosed else { return completeLater { completion(.failure(.cancelled)) } }
        if readBufferSize < maximumCount {
            readBuffer?.deallocate()
            readBuffer = UnsafeMutableRawPointer.allocate(byteCount: maximumCount, alignment: 16)
            readBufferSize = maximumCount
        }
        isReading = true
        pendingOperations += 1
        let context = Unmanaged.passRetained(ReadContext(connection: self, completion: completion)).toOpaque()
        g_input_stream_read_async(input, readBuffer, gsize(maximumCount), G_PRIORITY_DEFAULT, cancellable,
                                  { _, result, data in
            guard let data else { return }
            let context = Unmanaged<ReadContext>.fromOpaque(data).takeRetainedValue()
            MainActor.assumeIsolated { context.connection.didRead(result, context.completion) }
        }, context)
    }

    private func didRead(_ result: OpaquePointer?, _ completion: @MainActor (Result<Data, StreamError>) -> Void) {
        isReading = false
        pendingOperations -= 1
        var error: UnsafeMutablePointer<GError>?
        let count = g_input_stream_read_finish(input, result, &error)
        if let error {
            completion(.failure(StreamError(taking: error)))
        } else {
            completion(.success(count > 0 ? Data(bytes: readBuffer!, count: count) : Data()))
        }
        closeStreamIfDone()
    }

    /// Writes all of `bytes`, waiting on the main loop for the peer to take them. The bytes are
    /// copied first. `completion` receives success when all were written, or why not. One write at a
    /// time.
    /// - Parameters:
    ///   - bytes: what to send.
    ///   - completion: called on the main thread on a later main-loop turn.
    public func write(_ bytes: Data, completion: @escaping @MainActor (Result<Void, StreamError>) -> Void) {
        precondition(!isWriting, "one write at a time")
        guard !isClosed else { return completeLater { completion(.failure(.cancelled)) } }
        isWriting = true
        pendingOperations += 1
        let copy = UnsafeMutableRawPointer.allocate(byteCount: max(1, bytes.count), alignment: 1)
        bytes.copyBytes(to: copy.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        let context = Unmanaged.passRetained(WriteContext(connection: self, bytes: copy, completion: completion))
            .toOpaque()
        g_output_stream_write_all_async(output, copy, gsize(bytes.count), G_PRIORITY_DEFAULT, cancellable,
                                        { _, result, data in
            guard let data else { return }
            let context = Unmanaged<WriteContext>.fromOpaque(data).takeRetainedValue()
            MainActor.assumeIsolated { context.connection.didWrite(result, context) }
        }, context)
    }

    private func didWrite(_ result: OpaquePointer?, _ context: WriteContext) {
        context.bytes.deallocate()
        isWriting = false
        pendingOperations -= 1
        var error: UnsafeMutablePointer<GError>?
        _ = g_output_stream_write_all_finish(output, result, nil, &error)
        if let error {
            context.completion(.failure(StreamError(taking: error)))
        } else {
            context.completion(.success(()))
        }
        closeStreamIfDone()
    }

    /// Cancels the pending read and write (their completions receive ``StreamError/cancelled``) and
    /// closes the socket: at once when nothing is pending, otherwise as soon as the cancelled
    /// operations have returned (GIO does not close a stream with an operation pending).
    /// Idempotent.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        g_cancellable_cancel(cancellable)
        closeStreamIfDone()
    }

    private func closeStreamIfDone() {
        if isClosed && pendingOperations == 0 { closeStream() }
    }

    private func closeStream() {
        guard !isStreamClosed else { return }
        isStreamClosed = true
        g_io_stream_close(hub_io_stream(connection), nil, nil)
    }

    /// Runs `body` on a later main-loop turn, as GIO runs the completions of operations it starts.
    private func completeLater(_ body: @escaping @MainActor () -> Void) {
        _ = GSource.idle {
            body()
            return false
        }
    }

    private final class ReadContext {
        let connection: StreamConnection
        let completion: @MainActor (Result<Data, StreamError>) -> Void
        init(connection: StreamConnection, completion: @escaping @MainActor (Result<Data, StreamError>) -> Void) {
            self.connection = connection
            self.completion = completion
        }
    }

    private final class WriteContext {
        let connection: StreamConnection
        let bytes: UnsafeMutableRawPointer
        let completion: @MainActor (Result<Void, StreamError>) -> Void
        init(connection: StreamConnection, bytes: UnsafeMutableRawPointer,
             completion: @escaping @MainActor (Result<Void, StreamError>) -> Void)
        {
            self.connection = connection
            self.bytes = bytes
            self.completion = completion
        }
    }
}
