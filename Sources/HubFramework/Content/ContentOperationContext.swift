import Foundation

/// Everything a block content operation gets to work with.
@MainActor
public struct ContentOperationContext {
    public let viewURI: URL
    public let featureInfo: FeatureInfo
    public let connectivityState: ConnectivityState
    /// The builder to add content to (the same object the loader passed to the operation).
    public let viewModelBuilder: ViewModelBuilder
    public let previousError: (any Error)?
}
