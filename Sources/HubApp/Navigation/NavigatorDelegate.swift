import HubGTK

/// Is told what a ``Navigator`` shows, so that a window can follow.
@MainActor
public protocol NavigatorDelegate: AnyObject {
    /// A different page is current (after open, back or forward): put its view on screen, where it
    /// appears and loads (its ``Navigator/Page/widget``).
    func navigator(_ navigator: Navigator, didShow page: Navigator.Page)
    /// The current page's title, bar buttons or loading state changed, or the page itself did (and
    /// with it whether the user can go back or forward): once per change, never for nothing.
    func navigatorCurrentPageDidChange(_ navigator: Navigator)
}
