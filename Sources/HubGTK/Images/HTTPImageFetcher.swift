import Foundation
import HubFramework

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads image bytes with one process-wide `URLSession`, enforcing a byte limit while the body
/// arrives (an oversized or non-2xx response is cancelled at once instead of being read to the end).
///
/// The session has no URL cache (the decoded-image cache lives in memory above it) and at most six
/// connections per host. Completions run on the session's serial delegate queue.
final class HTTPImageFetcher: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    static let shared = HTTPImageFetcher()

    typealias Completion = @Sendable (Result<Data, ImageLoadingError>) -> Void

    private final class Transfer {
        var data = Data()
        let maximumBytes: Int
        let completion: Completion
        var failure: ImageLoadingError?
        init(maximumBytes: Int, completion: @escaping Completion) {
            self.maximumBytes = maximumBytes
            self.completion = completion
        }
    }

    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]  // guarded by `lock`, keyed by task identifier
    private var session: URLSession!
    /// Creating, resuming and cancelling URLSession tasks costs tens of microseconds to milliseconds on
    /// Linux; it happens on this queue, never on the main thread, and a load cancelled before its
    /// turn never creates a task at all.
    let controlQueue = DispatchQueue(label: "HubGTK.HTTPImageFetcher.control", qos: .userInitiated)

    override init() {
        super.init()
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 6
        configuration.timeoutIntervalForResource = 120
        let queue = OperationQueue()
        queue.name = "HubGTK.HTTPImageFetcher"
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    }

    /// Downloads `url` for `operation`, from the control queue after `delay` seconds: nothing happens
    /// when the operation is cancelled before its turn; otherwise `completion` is called once (also
    /// after a cancellation).
    func start(_ url: URL, for operation: LoadOperation, delay: TimeInterval, timeout: TimeInterval,
               maximumBytes: Int, completion: @escaping Completion)
    {
        controlQueue.asyncAfter(deadline: .now() + max(0, delay)) { [self] in
            guard !operation.isCancelled else { return }
            let task = fetch(url, timeout: timeout, maximumBytes: maximumBytes, completion: completion)
            operation.attach(task, cancelOn: controlQueue)
        }
    }

    /// Starts downloading `url`. `completion` is called once, also after `cancel()` on the task.
    /// - Parameter timeout: seconds without progress before the request fails (Linux rounds it to whole seconds).
    private func fetch(_ url: URL, timeout: TimeInterval, maximumBytes: Int,
                       completion: @escaping Completion) -> URLSessionDataTask
    {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
        // Set through the property: swift-corelibs-foundation ignores the initializer's timeout.
        request.timeoutInterval = max(1, timeout)
        request.setValue("image/*, */*;q=0.5", forHTTPHeaderField: "Accept")
        let task = session.dataTask(with: request)
        lock.withLock {
            transfers[task.taskIdentifier] = Transfer(maximumBytes: maximumBytes, completion: completion)
        }
        task.resume()
        return task
    }

    private func transfer(for task: URLSessionTask) -> Transfer? {
        lock.withLock { transfers[task.taskIdentifier] }
    }

    // MARK: URLSessionDataDelegate

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void)
    {
        guard let transfer = transfer(for: dataTask) else { return completionHandler(.cancel) }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            lock.withLock { transfer.failure = .httpStatus(http.statusCode) }
            return completionHandler(.cancel)
        }
        if response.expectedContentLength > Int64(transfer.maximumBytes) {
            lock.withLock {
                transfer.failure = .tooLarge("\(response.expectedContentLength) bytes announced, "
                    + "more than the limit of \(transfer.maximumBytes)")
            }
            return completionHandler(.cancel)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(for: dataTask) else { return }
        let exceeded = lock.withLock { () -> Bool in
            guard transfer.failure == nil else { return false }
            transfer.data.append(data)
            guard transfer.data.count > transfer.maximumBytes else { return false }
            transfer.failure = .tooLarge("more than \(transfer.maximumBytes) bytes received")
            transfer.data = Data()
            return true
        }
        if exceeded { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let transfer = lock.withLock { transfers.removeValue(forKey: task.taskIdentifier) }
        guard let transfer else { return }
        if let failure = transfer.failure {
            transfer.completion(.failure(failure))
        } else if let error {
            transfer.completion(.failure(Self.map(error)))
        } else {
            transfer.completion(.success(transfer.data))
        }
    }

    static func map(_ error: any Error) -> ImageLoadingError {
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain {
            switch nsError.code {
            case NSURLErrorTimedOut: return .timedOut
            case NSURLErrorUnsupportedURL: return .unsupportedScheme("unsupported URL")
            default: break
            }
        }
        return .transport("\(nsError.localizedDescription) (\(nsError.domain) \(nsError.code))")
    }
}
