import Foundation
import HubFramework

/// Creates view controllers for view URIs, wiring each to its feature's loader, action handler
/// and scroll handler, a fresh reuse pool, and an image loader.
@MainActor
public final class ViewControllerFactory {
    private let manager: HubManager
    private let componentRegistry: ComponentRegistry
    private let imageLoaderFactory: (@MainActor () -> ComponentImageLoading?)?

    /// Becomes the ``ViewController/impressionObserver`` of every view controller the factory makes
    /// from now on (those made before keep theirs): one place to hear the impressions of all of an
    /// app's views. Nil (the default) tracks none. Held weakly.
    public weak var impressionObserver: (any ImpressionObserver)?
    /// Become the ``ViewController/impressionThresholds`` of every view controller the factory makes
    /// from now on; by default half of a component for 800 ms.
    public var impressionThresholds = ImpressionThresholds.default

    /// Creates a factory. ``Hub`` makes the app's one.
    /// - Parameters:
    ///   - manager: supplies the loaders, the layout manager, the action registry and handlers.
    ///   - componentRegistry: creates the components of every view.
    ///   - imageLoaderFactory: called once per view controller for its image loader; nil, or a
    ///     closure returning nil, leaves views without image loading (local images still show).
    public init(manager: HubManager, componentRegistry: ComponentRegistry,
                imageLoaderFactory: (@MainActor () -> ComponentImageLoading?)? = nil)
    {
        self.manager = manager
        self.componentRegistry = componentRegistry
        self.imageLoaderFactory = imageLoaderFactory
    }

    /// Whether a registered feature handles the URI. To open a URI, look its feature up once instead
    /// (`FeatureRegistry.featureRegistration(forViewURI:)`) and pass it to
    /// `createViewController(for:viewURI:)`; or call `createViewController(forViewURI:)`, which
    /// returns nil when no feature handles the URI.
    public func canCreateViewController(forViewURI viewURI: URL) -> Bool {
        manager.viewModelLoaderFactory.canCreateViewModelLoader(forViewURI: viewURI)
    }

    /// A view controller for the URI, or nil when no feature handles it. The feature is looked up once.
    ///
    /// - Throws: `RegistrationError` when the feature's factories created no content operations.
    public func createViewController(forViewURI viewURI: URL) throws -> ViewController? {
        guard let feature = manager.featureRegistry.featureRegistration(forViewURI: viewURI) else { return nil }
        return try createViewController(for: feature, viewURI: viewURI)
    }

    /// A view controller for a URI whose feature the caller already looked up: its loader, action
    /// handler and scroll handler all come from `feature`, with no further lookup, and its
    /// ``ViewController/contentOrigin`` is the least trusted one the feature's content operation
    /// factories declare (``/HubFramework/ContentOriginDeclaring``).
    ///
    /// - Throws: `RegistrationError` when the feature's factories created no content operations.
    public func createViewController(for feature: FeatureRegistration, viewURI: URL) throws -> ViewController {
        let loader = try manager.viewModelLoaderFactory.createViewModelLoader(for: feature, viewURI: viewURI)
        let controller = make(viewURI: viewURI, featureInfo: feature.featureInfo, loader: loader,
                              actionHandler: feature.actionHandler ?? manager.defaultActionHandler,
                              scrollHandler: feature.scrollHandler as? any ViewControllerScrollHandler)
        controller.contentOrigin = ContentOrigin.declared(by: feature.contentOperationFactories, forViewURI: viewURI)
        return controller
    }

    /// A view controller for content operations that belong to no registered feature; its
    /// ``ViewController/contentOrigin`` is the least trusted one the operations declare.
    public func createViewController(forViewURI viewURI: URL, contentOperations: [any ContentOperation],
                                     featureIdentifier: String, featureTitle: String) throws -> ViewController
    {
        let info = FeatureInfo(identifier: featureIdentifier, title: featureTitle)
        let loader = try manager.viewModelLoaderFactory.createViewModelLoader(
            forViewURI: viewURI, contentOperations: contentOperations, featureInfo: info)
        let controller = make(viewURI: viewURI, featureInfo: info, loader: loader,
                              actionHandler: manager.defaultActionHandler, scrollHandler: nil)
        controller.contentOrigin = ContentOrigin.declared(by: contentOperations, forViewURI: viewURI)
        return controller
    }

    private func make(viewURI: URL, featureInfo: FeatureInfo, loader: ViewModelLoader,
                      actionHandler: (any ActionHandler)?, scrollHandler: (any ViewControllerScrollHandler)?)
        -> ViewController
    {
        let controller = ViewController(
            viewURI: viewURI, featureInfo: featureInfo, loader: loader, componentRegistry: componentRegistry,
            layoutManager: manager.layoutManager, actionRegistry: manager.actionRegistry, actionHandler: actionHandler,
            initialViewModelRegistry: manager.initialViewModelRegistry, scrollHandler: scrollHandler)
        controller.state = ViewState(app: manager.appState)
        controller.serverRequestPolicy = manager.serverRequestPolicy
        controller.imageLoader = imageLoaderFactory?()
        controller.impressionThresholds = impressionThresholds
        controller.impressionObserver = impressionObserver
        return controller
    }
}
