import Foundation

/// Opens URIs for the default selection action: a view URI inside the app, anything else with
/// the desktop's handler. HubGTK supplies one; tests supply their own.
@MainActor
public protocol URIOpener: AnyObject {
    /// Opens the URI; returns whether it could.
    func open(_ uri: URL) -> Bool

    /// Opens the URI for content of `origin` (a selected component's target): refuses what that
    /// origin may not reach, and a view it opens is held to that origin too (its document may not
    /// be a local file). Returns whether it opened. The default implementation refuses what
    /// ``ContentOriginPolicy/allowsNavigation(to:from:)`` refuses and otherwise calls ``open(_:)``;
    /// HubApp's navigator also gives the view it opens the requesting origin.
    func open(_ uri: URL, requestedBy origin: ContentOrigin) -> Bool
}

extension URIOpener {
    /// Refuses what `origin` may not reach, and otherwise opens `uri` with ``open(_:)``.
    public func open(_ uri: URL, requestedBy origin: ContentOrigin) -> Bool {
        guard ContentOriginPolicy.allowsNavigation(to: uri, from: origin) else { return false }
        return open(uri)
    }
}
