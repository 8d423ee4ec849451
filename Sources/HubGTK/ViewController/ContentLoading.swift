import HubFramework

/// The content loading chain as the view appears and disappears, and what the view should show
/// while it runs: a spinner while loading with nothing to show, "Nothing to show here" for an empty
/// view, or the error with "Try Again" when loading failed (``status(hasContent:isLoading:)``).
///
/// It owns the loader, whether the view is visible, the last error and whether the view shows
/// only part of its content. The view controller is the loader's delegate: it tells this object
/// what arrived, renders, and shows the status it computes. The other parts of the controller never
/// drive the loader themselves.
@MainActor
final class ContentLoading {
    private let loader: ViewModelLoader
    /// Between `viewWillAppear` and `viewDidDisappear`.
    private(set) var isVisible = false
    private var lastError: (any Error)?
    /// True while the view shows part of its content (`viewModelLoader(_:didLoadPart:)`).
    private var isShowingPart = false
    /// The loading state the view's delegate was last told.
    private var wasLoading = false

    init(loader: ViewModelLoader) {
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
    func load() { loader.loadViewModel() }

    /// Loads the content again, ignoring the reload policy.
    func reload() { loader.reloadViewModel() }

    /// Asks for the next page of the content.
    func loadNextPage() { loader.loadNextPage() }

    func cancel() { loader.cancel() }

    /// Lets the loader drop what it kept (`discardContent()`).
    func discardLoadedContent() { loader.discardContent() }

    /// Content operations hear about every action.
    func actionPerformed(with context: ActionContext) { loader.actionPerformed(with: context) }

    /// The loader delivered the content, or part of it while the rest loads.
    func didLoad(isPart: Bool) { isShowingPart = isPart }

    /// Loading failed: the error is kept for the status (set it after any view model shown for it,
    /// since showing content clears it).
    func didFail(with error: any Error) { lastError = error }

    /// When loading failed while the view showed part of its content: the view model to show
    /// instead (the rest of its document was unusable, so the part was never the view's content).
    /// Nil otherwise.
    func viewModelReplacingFailedPart() -> ViewModel? {
        guard isShowingPart else { return nil }
        isShowingPart = false
        return loader.previouslyLoadedViewModel ?? loader.initialViewModel
    }

    /// New content is shown: the last error no longer applies.
    func clearError() { lastError = nil }

    /// Records `isLoading`; true when it differs from what the view's delegate was last told.
    func loadingStateChanged(to isLoading: Bool) -> Bool {
        guard isLoading != wasLoading else { return false }
        wasLoading = isLoading
        return true
    }

    /// What the view shows over its content: the error, a spinner, "empty", or nothing.
    func status(hasContent: Bool, isLoading: Bool) -> StateView.State? {
        if let lastError, !isLoading { return .error(lastError, compact: hasContent) }
        if isLoading && !hasContent { return .loading }
        if !hasContent && loader.previouslyLoadedViewModel != nil { return .empty }
        return nil
    }
}
