import Foundation

/// Everything a block content operation gets to work with.
///
/// It may cross to a background thread (``BackgroundContentOperation``): the builder belongs to the
/// execution that got it, and the rest is immutable. That is why it is `@unchecked Sendable`.
public struct ContentOperationContext: @unchecked Sendable {
    /// The URI of the view being loaded.
    public let viewURI: URL
    /// The identifier and title of the feature the view belongs to.
    public let featureInfo: FeatureInfo
    /// Whether the app was online when this execution started.
    public let connectivityState: ConnectivityState
    /// The builder to add content to (the same object the loader passed to the operation).
    public let viewModelBuilder: ViewModelBuilder
    /// The error the previous operation failed with, if any. A block operation always finishes
    /// successfully, so it silences that error (see ``ContentOperation``).
    public let previousError: (any Error)?
}
