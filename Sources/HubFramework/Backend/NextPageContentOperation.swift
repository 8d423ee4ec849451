import Foundation
import Logging

/// Follows a view document's "next page" link: put it after the `JSONContentOperation` that loads
/// the view's first document, and each time the view asks for another page (its user scrolled near
/// the end) it loads the document at the URL under `custom.next` and appends it.
///
/// ```swift
/// BlockContentOperationFactory { viewURI in
///     let url = documentURL(for: viewURI)
///     return [JSONContentOperation(url: url), NextPageContentOperation(firstDocumentURL: url)]
/// }
/// ```
///
/// * A page is a view model document like the first one (or an array of body components). Its body
///   components are added after those already shown, so each page needs identifiers of its own (or
///   none). Its own `custom.next` says where the page after it is; without one the list has ended.
/// * A relative `next` is resolved against the document that named it.
/// * Pages are loaded with a `JSONContentOperation` of their own (same limits, same timeout), so
///   they fail the same way, with a `ContentLoadingError`.
/// * A remote document cannot send the view to a local file: a `next` that reaches a `file:` URL from
///   an HTTP(S) document is ignored, as its targets would be (see ``ContentOriginPolicy``).
/// * In the main run it changes nothing and forwards the error of the operation before it, so a
///   failed first document still reaches the view.
@MainActor
public final class NextPageContentOperation: ContentOperationWithPaginatedContent, ContentOperationReadingDocuments,
    ContentOperationRestrictedByOrigin
{
    public weak var delegate: (any ContentOperationDelegate)?

    /// The key of the document's custom data that holds the next page's URL.
    public let customDataKey: String
    /// Seconds each page may take to arrive over HTTP.
    public let timeout: TimeInterval
    /// The bounds every page must stay within: the app's limits when the chain is assembled by the
    /// manager's loader factory (``HubManager/Configuration/contentLimits``).
    public var limits: ContentLimits = .default
    /// The origin of the view the pages are added to (set by the loader): each page is loaded under
    /// it, so a view that remote content opened never reads a local page.
    public var viewContentOrigin: ContentOrigin = .local
    /// The URL of the next page to load; nil when there is none (the list has ended, or the first
    /// document has not loaded yet).
    public private(set) var nextPageURL: URL?

    private let firstDocumentURL: @MainActor (URL) -> URL?
    private var pageOperation: JSONContentOperation?
    private var pageRelay: PageRelay?

    /// Follows `custom[customDataKey]` from the first document of each view.
    /// - Parameters:
    ///   - customDataKey: where the documents name their next page; `next` by default.
    ///   - timeout: seconds each page may take to arrive over HTTP.
    ///   - firstDocumentURL: the URL of the view's first document (to resolve a relative `next`
    ///     against, and to know whether the view's content is remote).
    public init(customDataKey: String = BackendManifest.nextPageCustomDataKey, timeout: TimeInterval = 15,
                firstDocumentURL: @escaping @MainActor (URL) -> URL?)
    {
        self.customDataKey = customDataKey
        self.timeout = timeout
        self.firstDocumentURL = firstDocumentURL
    }

    public func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                        viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        cancel()
        if let previousError {
            nextPageURL = nil
            delegate?.contentOperation(self, didFailWithError: previousError)
            return
        }
        nextPageURL = firstDocumentURL(viewURI).flatMap { next(in: viewModelBuilder, relativeTo: $0) }
        delegate?.contentOperationDidFinish(self)
    }

    public func appendContent(forPageIndex pageIndex: Int, to viewModelBuilder: ViewModelBuilder, viewURI: URL,
                              featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                              previousError: (any Error)?)
    {
        let delegate = self.delegate
        cancel()
        guard let url = nextPageURL else {
            // The list has ended: nothing to add.
            delegate?.contentOperationDidFinish(self)
            return
        }
        // The page's own `next` replaces the one that led here; without one the list ends.
        viewModelBuilder.setCustomDataValue(nil, forKey: customDataKey)
        let page = JSONContentOperation(url: url, timeout: timeout)
        page.limits = limits
        page.viewContentOrigin = viewContentOrigin
        let relay = PageRelay { [weak self] error in
            guard let self else { return }
            self.pageOperation = nil
            self.pageRelay = nil
            if let error {
                // Keep the URL: the next request for a page tries it again.
                viewModelBuilder.setCustomDataValue(.string(url.absoluteString), forKey: self.customDataKey)
                delegate?.contentOperation(self, didFailWithError: error)
            } else {
                self.nextPageURL = self.next(in: viewModelBuilder, relativeTo: url)
                delegate?.contentOperationDidFinish(self)
            }
        }
        pageOperation = page
        pageRelay = relay
        page.delegate = relay
        page.perform(forViewURI: viewURI, featureInfo: featureInfo, connectivityState: connectivityState,
                     viewModelBuilder: viewModelBuilder, previousError: nil)
    }

    /// Cancels the page in flight; it then reports nothing.
    public func cancel() {
        pageOperation?.cancel()
        pageOperation = nil
        pageRelay = nil
    }

    /// The next page named in the builder's custom data, resolved against `document`; nil when there
    /// is none, it is not a URL, or it would take remote content to a local file.
    private func next(in builder: ViewModelBuilder, relativeTo document: URL) -> URL? {
        guard let text = builder.customData?[customDataKey]?.stringValue,
            let url = URL(string: text, relativeTo: document)?.absoluteURL
        else { return nil }
        let origin = ContentOrigin(documentURL: document).combined(with: viewContentOrigin)
        guard ContentOriginPolicy.allowsDocument(at: url, from: origin) else {
            HubLogging.logger("content").warning("ignoring the next page \(url.absoluteString) of \(document.absoluteString): a remote document may not reach local files")
            return nil
        }
        return url
    }
}

/// Hears the page's `JSONContentOperation` and hands its outcome to the ``NextPageContentOperation``.
private final class PageRelay: ContentOperationDelegate, @unchecked Sendable {
    // JSONContentOperation reports on the main thread only, so the completion runs there.
    private let completion: @MainActor (Error?) -> Void

    init(completion: @escaping @MainActor (Error?) -> Void) {
        self.completion = completion
    }

    func contentOperationDidFinish(_ operation: any ContentOperation) {
        MainActor.assumeIsolated { completion(nil) }
    }

    func contentOperation(_ operation: any ContentOperation, didFailWithError error: any Error) {
        MainActor.assumeIsolated { completion(error) }
    }

    func contentOperationRequiresRescheduling(_ operation: any ContentOperation) {}
}
