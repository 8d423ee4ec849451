import Foundation

/// The immutable content of a view: an optional header component, the body components (the
/// scrolling list), overlay components, the navigation item and custom data.
///
/// Built by `ViewModelBuilder` or from JSON (`JSONSchema.viewModel(from:)`).
/// Equality compares everything except `buildDate`.
public final class ViewModel: Sendable, Equatable, CustomStringConvertible {
    /// Free-form identifier of the view (for logging).
    public let identifier: String?
    /// Nil unless the builder's navigation item was used.
    public let navigationItem: NavigationItem?
    /// Nil when the view uses a plain navigation bar instead of a header component.
    public let headerComponentModel: ComponentModel?
    /// The components of the scrolling list, in order.
    public let bodyComponentModels: ComponentModelList
    /// The components floating above the list, in order.
    public let overlayComponentModels: [ComponentModel]
    /// Free-form data for the app about the whole view (JSON key `custom`); nil when there is
    /// none. ``JSONContentOperation`` can list the problems of its document here.
    public let customData: JSONObject?
    /// The direction the view's rows read in when the view says so (JSON key `direction`), for a
    /// view in a language other than the app's; nil follows the app's (see `ViewController` in
    /// HubGTK).
    public let layoutDirection: LayoutDirection?
    /// When the model was built.
    public let buildDate: Date
    /// The variables the view declares (its document's `state`), with their initial values. A
    /// view's state starts from them (`ViewState`).
    public let stateDeclarations: StateDeclarations
    /// Whether a component depends on the view's state (has bindings).
    package let bindsState: Bool
    /// The variables each component scope declares, by the scope's key.
    package let componentStateDeclarations: [String: StateDeclarations]
    /// Whether an input belongs to a form (whose validity its submit button follows).
    let hasForms: Bool
    /// The event stream the view listens to while it is shown (its document's `"events"`): a URL,
    /// maybe relative to the document's, answering `text/event-stream`, whose events patch the
    /// view or set its variables. Nil for none.
    public let eventStreamURL: String?
    /// What visiting the components found (the three above).
    var summary: ComponentBindingSummary {
        ComponentBindingSummary(bindsState: bindsState, componentStateDeclarations: componentStateDeclarations,
                                hasForms: hasForms)
    }
    /// The variables every view of the app sees (a backend app's manifest), which the components'
    /// expressions were checked against beside ``stateDeclarations``: a patch checks the components
    /// it adds against both.
    let appStateDeclarations: StateDeclarations

    /// A view model; `source`, for one the view's state was applied to, is the view model it was
    /// applied to: what is found by visiting the components is taken from it, unless `summary` says
    /// what it is (a patch works it out from what it removed and added).
    init(identifier: String?, navigationItem: NavigationItem?, headerComponentModel: ComponentModel?,
        bodyComponentModels: ComponentModelList, overlayComponentModels: [ComponentModel],
        customData: JSONObject?, layoutDirection: LayoutDirection? = nil,
        stateDeclarations: StateDeclarations = StateDeclarations(), appStateDeclarations: StateDeclarations = StateDeclarations(),
        eventStreamURL: String? = nil, buildDate: Date = Date(), source: ViewModel? = nil,
        summary given: ComponentBindingSummary? = nil)
    {
        self.stateDeclarations = stateDeclarations
        self.eventStreamURL = eventStreamURL ?? source?.eventStreamURL
        self.appStateDeclarations = source?.appStateDeclarations ?? appStateDeclarations
        let summary: ComponentBindingSummary
        if let given {
            summary = given
        } else if let source {
            summary = source.summary
        } else {
            // Found once, where the view model is made (off the main thread for a large one):
            // whether anything depends on state, the variables components declare, and forms.
            var found = ComponentBindingSummary()
            if let headerComponentModel { found.add(headerComponentModel) }
            // A plain row (one the list keeps as a record) has nothing to find.
            for model in bodyComponentModels.keptModels { found.add(model) }
            for model in overlayComponentModels { found.add(model) }
            summary = found
        }
        bindsState = summary.bindsState
        componentStateDeclarations = summary.componentStateDeclarations
        hasForms = summary.hasForms
        self.identifier = identifier
        self.navigationItem = navigationItem
        self.headerComponentModel = headerComponentModel
        self.bodyComponentModels = bodyComponentModels
        self.overlayComponentModels = overlayComponentModels
        self.customData = customData
        self.layoutDirection = layoutDirection
        self.buildDate = buildDate
    }

    /// `source` with a patch applied (``ViewModelPatch``): its components are these, and `summary` is
    /// what visiting them would find, which the patch worked out from what it removed and added.
    /// Everything else is the source's, its ``buildDate`` too: the document it came from is as old as
    /// it was.
    convenience init(patching source: ViewModel, headerComponentModel: ComponentModel?,
                     bodyComponentModels: ComponentModelList, overlayComponentModels: [ComponentModel],
                     summary: ComponentBindingSummary)
    {
        self.init(identifier: source.identifier, navigationItem: source.navigationItem,
                  headerComponentModel: headerComponentModel, bodyComponentModels: bodyComponentModels,
                  overlayComponentModels: overlayComponentModels, customData: source.customData,
                  layoutDirection: source.layoutDirection, stateDeclarations: source.stateDeclarations,
                  buildDate: source.buildDate, source: source, summary: summary)
    }

    /// The navigation item's title.
    public var navigationTitle: String? { navigationItem?.title }

    /// Whether the two view models have the same content: identifier, navigation item, header,
    /// body, overlays, custom data and direction. ``buildDate`` is not compared, so rebuilding the same content
    /// gives an equal model, which the view controller does not render again.
    public static func == (lhs: ViewModel, rhs: ViewModel) -> Bool {
        if lhs === rhs { return true }
        return lhs.identifier == rhs.identifier && lhs.navigationItem == rhs.navigationItem
            && lhs.headerComponentModel == rhs.headerComponentModel
            && lhs.bodyComponentModels == rhs.bodyComponentModels
            && lhs.overlayComponentModels == rhs.overlayComponentModels
            && lhs.customData == rhs.customData && lhs.layoutDirection == rhs.layoutDirection
            && lhs.eventStreamURL == rhs.eventStreamURL
    }

    public var description: String {
        "ViewModel(\(identifier ?? "no identifier"), header: \(headerComponentModel == nil ? "no" : "yes"), "
            + "\(bodyComponentModels.count) body, \(overlayComponentModels.count) overlays)"
    }
}
