/// The default selection action: opens the selected component's target URI.
@MainActor
public final class SelectionAction: Action {
    /// Opens the URIs; held weakly.
    public weak var opener: (any URIOpener)?

    /// Creates the action.
    /// - Parameter opener: opens the target URIs; held weakly, and without one the action handles nothing.
    public init(opener: (any URIOpener)?) { self.opener = opener }

    /// Opens `componentModel.target.uri` for content of the context's origin
    /// (``URIOpener/open(_:requestedBy:)``); false when there is no URI or nothing could open it.
    public func perform(with context: ActionContext) -> Bool {
        guard let uri = context.componentModel?.target?.uri, let opener else { return false }
        return opener.open(uri, requestedBy: context.contentOrigin)
    }
}
