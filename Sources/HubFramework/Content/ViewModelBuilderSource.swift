import Foundation

/// Where a loader's builders come from, the limits and the client the view's documents are read
/// within and for (kept here for the view: the factory gave them to the chain's operations and to
/// the builders' maker already), and what its view shows before the chain loads: an initial view
/// model given to it (a selected component's target can supply one), or else what the operations
/// add as initial content, computed once.
@MainActor
final class ViewModelBuilderSource {
    private let make: @MainActor () -> ViewModelBuilder
    /// The limits the view's documents are read within (see ``ViewModelLoader/contentLimits``).
    var limits = ContentLimits.default
    /// The client the view's documents are read for (see ``ViewModelLoader/clientCapabilities``).
    var clientCapabilities: ClientCapabilities?
    private let injectedInitialViewModel: ViewModel?
    private var cachedInitialViewModel: ViewModel?

    init(make: @escaping @MainActor () -> ViewModelBuilder, initialViewModel: ViewModel?) {
        self.make = make
        injectedInitialViewModel = initialViewModel
    }

    /// A fresh, empty builder configured with the feature's JSON schema.
    func makeBuilder() -> ViewModelBuilder { make() }

    /// The initial view model for `viewURI`, from `operations` when none was given.
    func initialViewModel(forViewURI viewURI: URL, operations: [any ContentOperation]) -> ViewModel {
        if let injectedInitialViewModel { return injectedInitialViewModel }
        if let cachedInitialViewModel { return cachedInitialViewModel }
        let builder = make()
        for case let operation as any ContentOperationWithInitialContent in operations {
            operation.addInitialContent(forViewURI: viewURI, to: builder)
        }
        let viewModel = builder.build()
        cachedInitialViewModel = viewModel
        return viewModel
    }

    /// Forgets the computed initial view model (the memory goes; it is computed again when asked).
    func forgetInitialViewModel() { cachedInitialViewModel = nil }
}
