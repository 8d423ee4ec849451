import HubGTK

/// The shell's own features, `live:` and `showcase:`, each registered on the hub while it is turned
/// on, from the moment the application starts up (``start()``). They are registered after the app's
/// own, so they come last wherever features are listed. Live editing's service, token file and
/// view are ``live``'s.
@MainActor
final class BuiltInFeatures {
    /// Live editing: the service `hublive` pushes to, its token file, and the `live:` view.
    let live: AppLiveEditing
    /// Whether `live:` is offered.
    var isLiveEditingEnabled = false {
        didSet { if hasStarted { update() } }
    }
    /// Whether `showcase:` is offered.
    var isShowcaseEnabled = false {
        didSet { if hasStarted { update() } }
    }
    /// The views `showcase:` lists after the components.
    var showcaseDocuments: [ShowcaseDocument] = [] {
        didSet { if hasStarted { update() } }
    }
    /// True once the application started up: the features follow the switches from then on.
    private(set) var hasStarted = false
    /// The hub the features are registered on.
    private let hub: Hub

    /// The shell's features for `hub`, shown in `windows`; none registered until ``start()``.
    init(hub: Hub, windows: AppWindows) {
        self.hub = hub
        live = AppLiveEditing(hub: hub, windows: windows)
    }

    /// Registers the features turned on, and from now on follows the switches.
    func start() {
        hasStarted = true
        update()
    }

    /// Registers the features that are turned on, and unregisters those turned off.
    private func update() {
        if isShowcaseEnabled || isLiveEditingEnabled { AppComponentFactory.registerIfNeeded(in: hub) }
        ShowcaseFeature.setRegistered(isShowcaseEnabled, in: hub, documents: showcaseDocuments)
        LiveFeature.setRegistered(isLiveEditingEnabled, in: hub)
    }
}
