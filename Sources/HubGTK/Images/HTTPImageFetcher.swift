import Foundation
import HubFramework

/// Downloads image bytes through the framework's HTTP client (``/HubFramework/DefaultHTTPClient``,
/// libsoup unless an app installed another), as a bounded download: a non-2xx answer or a body
/// over the byte limit (announced or counted after decompression) ends the transfer at once and
/// closes its connection, instead of being read to the end. The bytes go through
/// ``DefaultImageLoader/downloadCache``, which follows the server's caching headers and, with a
/// disk folder, stands in for an unreachable server.
enum HTTPImageFetcher {
    typealias Completion = @Sendable (Result<Data, ImageLoadingError>) -> Void

    /// Redirects an image may take.
    static let maximumRedirects = 5
    /// The longest a whole image download may take, however steadily its bytes arrive.
    static let maximumSeconds: TimeInterval = 120
    /// The body bytes that all image downloads in flight may hold together, whatever each one's
    /// own limit: a view of endless or gzip-bombed images costs at most this much memory at once.
    static let budget = ByteBudget(limit: 96 << 20)

    /// Downloads `url` for `operation` after `delay` seconds: nothing happens when the operation is
    /// cancelled before its turn; otherwise `completion` is called once, unless the operation is
    /// cancelled first.
    /// - Parameter timeout: seconds to wait for the server's answer.
    static func start(_ url: URL, for operation: LoadOperation, delay: TimeInterval, timeout: TimeInterval,
                      maximumBytes: Int, completion: @escaping Completion)
    {
        DispatchQueue.global(qos: .userInitiated).asyncAfter(deadline: .now() + max(0, delay)) {
            guard !operation.isCancelled else { return }
            // Read here, off the main thread: the cache may read its disk.
            let cache = DefaultImageLoader.downloadCache
            let entry = cache.entry(for: url)
            if let entry, entry.isFresh {
                completion(.success(entry.body))
                return
            }
            let limits = BoundedDownload.Limits(maximumBytes: maximumBytes, responseSeconds: timeout,
                                                totalSeconds: max(timeout, maximumSeconds),
                                                maximumRedirects: maximumRedirects, sharedBudget: budget)
            var headers = DocumentCache.validatingHeaders(for: entry)
            headers["Accept"] = "image/*, */*;q=0.5"
            // A picture may hold text (a banner, a map): the server hears the person's languages,
            // as for documents, and the cache keeps a picture per language list.
            headers["Accept-Language"] = UserLanguages.acceptLanguage
            let download = BoundedDownload(
                // Images have connections of their own, apart from documents' (see SoupHTTPClient).
                HTTPRequest(url: url, headerFields: headers, purpose: .image), limits: limits,
                accepts: DocumentCache.acceptedStatus(revalidating: entry)
            ) { result in
                switch result {
                case .success(let body):
                    completion(.success(cache.keep(body, for: url, revalidating: entry)))
                case .failure(let failure):
                    if let entry, failure.isUnreachable {
                        // The picture the view showed last, while its server is away.
                        completion(.success(entry.body))
                    } else {
                        completion(.failure(map(failure, maximumBytes: maximumBytes)))
                    }
                }
            }
            operation.attach(download)
        }
    }

    static func map(_ failure: BoundedDownload.Failure, maximumBytes: Int) -> ImageLoadingError {
        switch failure {
        case .noClient: return .transport("no HTTP client is installed")
        case .httpStatus(let status): return .httpStatus(status)
        case .tooLarge(let announced?):
            return .tooLarge("\(announced) bytes announced, more than the limit of \(maximumBytes)")
        case .tooLarge(nil): return .tooLarge("more than \(maximumBytes) bytes received")
        case .overSharedBudget(let limit):
            return .tooLarge("the image downloads in flight together passed their budget of \(limit >> 20) MiB")
        case .noResponse, .timeout: return .timedOut
        case .noFreeConnection(let seconds):
            return .transport("no connection to the server became free within \(Int(seconds.rounded())) s: other "
                              + "images from it held them all, so the request was never sent")
        case .noConnection(let seconds):
            return .transport("could not connect to the server within \(Int(seconds.rounded())) s")
        case .tooManyRedirects: return .transport("more than \(maximumRedirects) redirects")
        case .redirectToUnsupportedURL(let target):
            return .transport("the server redirected to \(target.absoluteString), which a download may not follow")
        case .transport(let error):
            switch error.code {
            case .timedOut: return .timedOut
            case .unsupportedURL: return .unsupportedScheme("unsupported URL")
            default: return .transport("\(error.localizedDescription) (URLError \(error.code.rawValue))")
            }
        }
    }
}
