import Foundation

/// Decides whether a view that already has content loads it again when it reappears.
/// Explicit reloads (`reloadViewModel()`, the viewer's Reload) and connectivity changes ignore it.
@MainActor
public protocol ContentReloadPolicy: AnyObject {
    /// Whether the view at `viewURI` runs its chain again when it reappears. Called on the main
    /// thread, only when the view has loaded content before.
    ///
    /// - Parameters:
    ///   - viewURI: the view that reappears.
    ///   - currentViewModel: what it shows now; its ``ViewModel/buildDate`` tells its age.
    /// - Returns: true to reload; false keeps the current content.
    func shouldReloadContent(forViewURI viewURI: URL, currentViewModel: ViewModel) -> Bool
}

/// A reload policy backed by a closure.
@MainActor
public final class BlockContentReloadPolicy: ContentReloadPolicy {
    private let block: @MainActor (URL, ViewModel) -> Bool
    /// Creates a policy that asks `block` with the view URI and its current view model.
    /// - Parameter block: returns true to reload.
    public init(_ block: @escaping @MainActor (URL, ViewModel) -> Bool) { self.block = block }
    /// Calls the policy's closure.
    public func shouldReloadContent(forViewURI viewURI: URL, currentViewModel: ViewModel) -> Bool {
        block(viewURI, currentViewModel)
    }
}
