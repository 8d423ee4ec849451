import GtkKit
import HubFramework

/// The loading and error states: the delegate hears when loading starts and stops, and a
/// `StateView` floats over the content while there is nothing to show (a spinner while loading,
/// "Nothing to show here" for an empty view) or when loading failed (the error with "Try Again").
extension ViewController {
    func updateLoadingState() {
        let loading = isLoading
        if loading != wasLoading {
            wasLoading = loading
            delegate?.viewController(self, loadingStateDidChange: loading)
        }
        updateStateView()
    }

    func updateStateView() {
        let hasContent = viewModel.map {
            !$0.bodyComponentModels.isEmpty || $0.headerComponentModel != nil || !$0.overlayComponentModels.isEmpty
        } ?? false
        let state: StateView.State?
        if let lastError, !isLoading {
            state = .error(lastError, compact: hasContent)
        } else if isLoading && !hasContent {
            state = .loading
        } else if !hasContent && loader.previouslyLoadedViewModel != nil {
            state = .empty
        } else {
            state = nil
        }
        if let state {
            if stateView == nil {
                let created = StateView { [weak self] in self?.reload() }
                canvas.addOverlay(created.view)
                stateView = created
            }
            stateView?.show(state)
        } else {
            stateView?.hide()
        }
    }
}
