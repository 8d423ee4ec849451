import HubGTK

/// What a window shows of a navigator's current page: its title, its spinner, the back and forward
/// buttons and the bar buttons. The navigator tells its delegate that the current page changed only
/// when this does: an open used to tell it four times (the page, loading, content, loaded), and the
/// window rebuilt its bar buttons each time.
struct CurrentPageSummary: Equatable {
    var page: ObjectIdentifier
    /// The page's controller: a page far back in the history gets a new one when it is shown again,
    /// and the bar buttons act on it.
    var controller: ObjectIdentifier
    var title: String
    var isLoading: Bool
    var canGoBack: Bool
    var canGoForward: Bool
    var navigationItem: NavigationItem

    @MainActor
    init(_ page: Navigator.Page, in navigator: Navigator) {
        self.page = ObjectIdentifier(page)
        controller = ObjectIdentifier(page.viewController)
        title = page.title
        isLoading = page.viewController.isLoading
        canGoBack = navigator.canGoBack
        canGoForward = navigator.canGoForward
        navigationItem = page.viewController.navigationItem
    }

    /// Whether the only change from `earlier` is that the page started loading.
    func isOnlyStartingToLoad(after earlier: CurrentPageSummary) -> Bool {
        var notLoading = self
        notLoading.isLoading = false
        return isLoading && !earlier.isLoading && notLoading == earlier
    }
}
