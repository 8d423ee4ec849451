/// A content operation that reads documents (files, HTTP bodies, live frames) and so must keep
/// within the app's ``ContentLimits``. The ``ViewModelLoaderFactory`` gives every such operation of
/// a chain the manager's limits (``HubManager/Configuration/contentLimits``) when it assembles the
/// chain; ``JSONContentOperation`` is one.
@MainActor
public protocol ContentOperationReadingDocuments: ContentOperation {
    /// The bounds the documents this operation reads must stay within.
    var limits: ContentLimits { get set }
}
