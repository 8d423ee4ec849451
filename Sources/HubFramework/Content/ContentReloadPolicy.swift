import Foundation

/// Decides whether a view that already has content loads it again when it reappears.
/// Explicit reloads (`reloadViewModel()`, the viewer's Reload) and connectivity changes ignore it.
@MainActor
public protocol ContentReloadPolicy: AnyObject {
    func shouldReloadContent(forViewURI viewURI: URL, currentViewModel: ViewModel) -> Bool
}

/// A reload policy backed by a closure.
@MainActor
public final class BlockContentReloadPolicy: ContentReloadPolicy {
    private let block: @MainActor (URL, ViewModel) -> Bool
    public init(_ block: @escaping @MainActor (URL, ViewModel) -> Bool) { self.block = block }
    public func shouldReloadContent(forViewURI viewURI: URL, currentViewModel: ViewModel) -> Bool {
        block(viewURI, currentViewModel)
    }
}
