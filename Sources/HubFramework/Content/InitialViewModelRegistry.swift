import Foundation

/// Holds initial view models that a selected component's target supplies for its destination,
/// while the selection runs; the destination's loader picks its entry up when it is created.
@MainActor
public final class InitialViewModelRegistry {
    private var viewModels: [String: ViewModel] = [:]

    /// Creates an empty registry. ``HubManager`` makes the app's one.
    public init() {}

    /// Makes `viewModel` the initial content of `viewURI`, replacing an earlier entry. The view
    /// controller does this while it performs a selection whose target has an initial view model.
    public func register(_ viewModel: ViewModel, forViewURI viewURI: URL) {
        viewModels[viewURI.absoluteString] = viewModel
    }

    /// The initial view model registered for `viewURI` (compared by its string), or nil.
    public func initialViewModel(forViewURI viewURI: URL) -> ViewModel? {
        viewModels[viewURI.absoluteString]
    }

    /// Forgets the entry of `viewURI`, if any. The view controller does this once the selection
    /// has run: a loader created during it has picked the entry up.
    public func removeInitialViewModel(forViewURI viewURI: URL) {
        viewModels[viewURI.absoluteString] = nil
    }
}
