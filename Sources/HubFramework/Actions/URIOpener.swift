import Foundation

/// Opens URIs for the default selection action: a view URI inside the app, anything else with
/// the desktop's handler. HubGTK supplies one; tests supply their own.
@MainActor
public protocol URIOpener: AnyObject {
    /// Opens the URI; returns whether it could.
    func open(_ uri: URL) -> Bool
}
