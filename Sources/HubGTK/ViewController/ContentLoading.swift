import HubFramework

/// The content loading chain as the view appears and disappears, and what the view shows while it
/// runs: the delegate hears when loading starts and stops, and a `StateView` floats over the content
/// while there is nothing to show (a spinner while loading, "Nothing to show here" for an empty
/// view) or when loading failed (the error with "Try Again").
///
/// It owns the loader: the other parts of the controller ask it for the next page or tell it about
/// actions, and never drive the loader themselves, so that the loading state is always updated.
@MainActor
final class ContentLoading {
    private unowned let controller: ViewController
    private let loader: ViewModelLoader
    /// Between `viewWillAppear` and `viewDidDisappear`.
    private(set) var isVisible = false
    /// The spinner or the error page, made the first time one is shown.
    private(set) var stateView: StateView?
    private var lastError: (any Error)?
    /// True while the view shows part of its content (`viewModelLoader(_:didLoadPart:)`).
    private var isShowingPart = false
    private var wasLoading = false

    init(controller: ViewController, loader: ViewModelLoader) {
        self.controller = controller
        self.loader = loader
    }

    /// True while the loader runs (the controller's `isLoading` adds a background diff).
    var isLoaderBusy: Bool { loader.isLoading }
    /// True once content was loaded (not just the initial view model).
    var hasLoadedContent: Bool { loader.previouslyLoadedViewModel != nil }
    /// What the view shows before anything loaded.
    var initialViewModel: ViewModel { loader.initialViewModel }

    func setVisible(_ visible: Bool) { isVisible = visible }

    /// The view's origin, which the loader's operations are held to (what they may open).
    var contentOrigin: ContentOrigin {
        get { loader.contentOrigin }
        set { loader.contentOrigin = newValue }
    }

    /// Loads the content (subject to the reload policy when it was loaded before).
    func load() {
        loader.loadViewModel()
        updateLoadingState()
    }

    /// Loads the content again, ignoring the reload policy.
    func reload() {
        loader.reloadViewModel()
        updateLoadingState()
    }

    /// Asks for the next page of the content.
    func loadNextPage() {
        loader.loadNextPage()
        updateLoadingState()
    }

    func cancel() { loader.cancel() }

    /// Lets the loader drop what it kept (`discardContent()`).
    func discardLoadedContent() { loader.discardContent() }

    /// Content operations hear about every action.
    func actionPerformed(with context: ActionContext) { loader.actionPerformed(with: context) }

    /// The loader delivered the content, or part of it while the rest loads.
    func didLoad(_ viewModel: ViewModel, isPart: Bool) {
        isShowingPart = isPart
        controller.renderer.render(viewModel)
    }

    /// Keeps the current content, shows the error (over the content when there is some) and tells
    /// the delegate.
    func didFail(with error: any Error) {
        if isShowingPart {
            // The part was never the view's content (the rest of its document was unusable): the
            // view goes back to what it showed before the part, and shows the error.
            isShowingPart = false
            controller.renderer.cancelBackgroundDiff()
            controller.renderer.show(loader.previouslyLoadedViewModel ?? loader.initialViewModel, diff: nil)
        }
        lastError = error
        updateLoadingState()  // also updates the state view
        controller.delegate?.viewController(controller, didFailToUpdateWith: error)
    }

    /// New content is shown: the last error no longer applies.
    func clearError() { lastError = nil }

    func updateLoadingState() {
        let loading = controller.isLoading
        if loading != wasLoading {
            wasLoading = loading
            controller.delegate?.viewController(controller, loadingStateDidChange: loading)
        }
        updateStateView()
    }

    func updateStateView() {
        let hasContent = controller.viewModel.map {
            !$0.bodyComponentModels.isEmpty || $0.headerComponentModel != nil || !$0.overlayComponentModels.isEmpty
        } ?? false
        let isLoading = controller.isLoading
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
                let created = StateView { [weak controller] in controller?.reload() }
                controller.canvas.addOverlay(created.view)
                stateView = created
            }
            stateView?.show(state)
        } else {
            stateView?.hide()
        }
    }

    func tearDown() {
        stateView?.tearDown()
        stateView = nil
    }
}
