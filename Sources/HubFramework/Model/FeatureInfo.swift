/// Identifies the feature a view belongs to; given to content operations and action contexts.
public struct FeatureInfo: Hashable, Sendable {
    /// The identifier the feature was registered with.
    public let identifier: String
    /// The feature's title (also the fallback navigation title of its views).
    public let title: String

    /// Creates the info; features make theirs from their registration. Live views and tests make
    /// their own for content that belongs to no registered feature.
    public init(identifier: String, title: String) {
        self.identifier = identifier
        self.title = title
    }
}
