import Foundation

/// Holds initial view models that a selected component's target supplies for its destination,
/// while the selection runs; the destination's loader picks its entry up when it is created.
@MainActor
public final class InitialViewModelRegistry {
    private var viewModels: [String: ViewModel] = [:]

    public init() {}

    public func register(_ viewModel: ViewModel, forViewURI viewURI: URL) {
        viewModels[viewURI.absoluteString] = viewModel
    }

    public func initialViewModel(forViewURI viewURI: URL) -> ViewModel? {
        viewModels[viewURI.absoluteString]
    }

    public func removeInitialViewModel(forViewURI viewURI: URL) {
        viewModels[viewURI.absoluteString] = nil
    }
}
