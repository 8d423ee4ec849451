/// The immutable description of one component in a view: which component renders it, and the
/// text, images, target and data it shows. Component models form trees through `children`.
///
/// Built by `ComponentModelBuilder` (directly, through a `ViewModelBuilder`, or from JSON).
///
/// Equality compares the content, children included (recursively), but not the position:
/// `parent`, `index` and `indexPath` are ignored, so equal content at two places is equal.
///
/// Sendable: every property is immutable once the model is published. The two exceptions,
/// `parent` and `children`, are assigned during the model's own initializer (children are built
/// inside it, with the new model as their parent) and never change afterwards, so sharing a
/// model between threads is safe even though the compiler cannot prove it.
public final class ComponentModel: @unchecked Sendable, Equatable, CustomStringConvertible {
    /// Unique among its siblings (or within its list of the view model).
    public let identifier: String
    /// Header, body or overlay; children have their parent's type.
    public let type: ComponentType
    /// Position among its siblings (or in its list of the view model).
    public let index: Int
    /// Which component renders the model (`namespace:name`).
    public let componentIdentifier: Identifier
    /// The kind of component, used to pick a fallback when `componentIdentifier` is unknown.
    public let componentCategory: ComponentCategory
    /// The most prominent text; nil when the model has none.
    public let title: String?
    /// Secondary text, usually shown below the title; nil when the model has none.
    public let subtitle: String?

    /// The group the model belongs to among its siblings, if any.
    public var groupIdentifier: String? { details?.groupIdentifier }
    /// Short text at the side (a count, a duration); nil when the model has none.
    public var accessoryTitle: String? { details?.accessoryTitle }
    /// Longer descriptive text; nil when the model has none.
    public var descriptionText: String? { details?.descriptionText }
    /// The component's main image (a cover, a thumbnail); nil when the builder's main image held
    /// nothing to show.
    public var mainImageData: ComponentImageData? { details?.mainImageData }
    /// An image to show behind the content; nil when the builder's background image held
    /// nothing to show.
    public var backgroundImageData: ComponentImageData? { details?.backgroundImageData }
    /// Further images, by identifier. Never nil; empty when there are none.
    public var customImageData: [String: ComponentImageData] { details?.customImageData ?? [:] }
    /// Only exists when an icon image resolver was configured.
    public var icon: Icon? { details?.icon }
    /// What selecting the component does.
    public var target: ComponentTarget? { details?.target }
    /// Free-form data about the model for the app; the framework only carries it.
    public var metadata: JSONObject? { details?.metadata }
    /// Free-form data for the app's logging; the framework only carries it.
    public var loggingData: JSONObject? { details?.loggingData }
    /// Data for the component beyond the standard fields. Components document the keys they read.
    public var customData: JSONObject? { details?.customData }

    /// Everything but the identity and the two texts every row has, out of line and only when
    /// the model has any of it: a plain row's model is then about 170 bytes instead of about 600
    /// (the image data, target and icon are large values).
    private let details: ComponentModelDetails?

    /// What the component's document made depend on the view's state (compiled expressions, its
    /// visibility, its input, its actions); nil for a component with none. A model the state was
    /// applied to keeps the bindings it came from.
    var bindings: ComponentBindings? { details?.bindings }

    /// For an input component bound to a variable (its document's `input`): the value, what it
    /// accepts and whether the value is valid, with the view's state applied. Nil for other components.
    public var input: InputState? { details?.input }

    /// False for a component whose action cannot run now: a button that submits a form while one of
    /// the form's inputs is invalid. Components show it insensitive. True otherwise.
    public var isEnabled: Bool { details?.isDisabled != true }

    /// True while a request the component's actions sent is waiting for its answer (a `request`, or
    /// a `submit` that sends its form): the component shows that it is busy (the default button
    /// shows a spinner) and is not enabled, so that it cannot send again. False otherwise.
    public var isBusy: Bool { details?.isBusy == true }

    /// Whether the model holds any of the parts kept out of line.
    var hasDetails: Bool { details != nil }

    /// Whether the model or one of its descendants has ``bindings``: a model without any is shown
    /// as it is, whatever the state.
    package private(set) var hasBindingsInSubtree = false

    /// The model this one is a child of; nil for top-level models. Held weakly: keep the root alive.
    public private(set) weak var parent: ComponentModel?
    /// The child models in order; empty when there are none.
    public private(set) var children: [ComponentModel] = []

    private var childIndexesByIdentifier: [String: Int] = [:]
    private var childIndexesByGroup: [String: [Int]] = [:]

    /// Creates a model; `makeChildren` builds the children with the new model as their parent.
    init(
        identifier: String, type: ComponentType, index: Int, groupIdentifier: String?,
        componentIdentifier: Identifier, componentCategory: ComponentCategory,
        title: String?, subtitle: String?, accessoryTitle: String?, descriptionText: String?,
        mainImageData: ComponentImageData?, backgroundImageData: ComponentImageData?,
        customImageData: [String: ComponentImageData], icon: Icon?, target: ComponentTarget?,
        metadata: JSONObject?, loggingData: JSONObject?, customData: JSONObject?,
        bindings: ComponentBindings? = nil, input: InputState? = nil, isEnabled: Bool = true, isBusy: Bool = false,
        parent: ComponentModel?, makeChildren: (ComponentModel) -> [ComponentModel]
    ) {
        self.identifier = identifier
        self.type = type
        self.index = index
        self.componentIdentifier = componentIdentifier
        self.componentCategory = componentCategory
        self.title = title
        self.subtitle = subtitle
        details = ComponentModelDetails(
            groupIdentifier: groupIdentifier, accessoryTitle: accessoryTitle, descriptionText: descriptionText,
            mainImageData: mainImageData, backgroundImageData: backgroundImageData, customImageData: customImageData,
            icon: icon, target: target, metadata: metadata, loggingData: loggingData, customData: customData,
            bindings: bindings, input: input, isDisabled: !isEnabled, isBusy: isBusy)
        self.parent = parent
        takeChildren(makeChildren(self))
    }

    /// A plain row's model (``ComponentRowStore``): a top-level body model with its identity and two
    /// texts, and nothing else (no details, no children, no parent).
    init(plainRowWithIdentifier identifier: String, index: Int, componentIdentifier: Identifier,
         componentCategory: ComponentCategory, title: String?, subtitle: String?)
    {
        self.identifier = identifier
        type = .body
        self.index = index
        self.componentIdentifier = componentIdentifier
        self.componentCategory = componentCategory
        self.title = title
        self.subtitle = subtitle
        details = nil
        parent = nil
    }

    /// A copy of `model` at `index` under `parent`, as `type`, sharing its content (its details are
    /// immutable); `makeChildren` makes the copy's children. A patch (``ViewModelPatch``) places
    /// components with it: a model's position and parent are fixed when it is made, so a component
    /// whose children change is made again, and the components it moves with it are copied.
    init(copying model: ComponentModel, type: ComponentType, index: Int, parent: ComponentModel?,
         makeChildren: (ComponentModel) -> [ComponentModel])
    {
        identifier = model.identifier
        self.type = type
        self.index = index
        componentIdentifier = model.componentIdentifier
        componentCategory = model.componentCategory
        title = model.title
        subtitle = model.subtitle
        details = model.details
        self.parent = parent
        takeChildren(makeChildren(self))
    }

    /// A copy of the model and of its descendants at `index` under `parent`, as `type` (children
    /// take their parent's type, and keep their indexes).
    func relocated(index: Int, type: ComponentType, parent: ComponentModel?) -> ComponentModel {
        ComponentModel(copying: self, type: type, index: index, parent: parent) { copy in
            children.map { $0.relocated(index: $0.index, type: type, parent: copy) }
        }
    }

    /// Takes `children`, made with this model as their parent, and what is found from them.
    private func takeChildren(_ children: [ComponentModel]) {
        var subtreeHasBindings = bindings != nil
        self.children = children
        for child in children where child.hasBindingsInSubtree { subtreeHasBindings = true }
        hasBindingsInSubtree = subtreeHasBindings
        for (offset, child) in children.enumerated() {
            childIndexesByIdentifier[child.identifier] = offset
            if let group = child.groupIdentifier {
                childIndexesByGroup[group, default: []].append(offset)
            }
        }
    }

    /// Indexes from the top-level model down to this one, e.g. `[0, 1, 0]`.
    public var indexPath: [Int] {
        var path = [index]
        var node = parent
        while let current = node {
            path.append(current.index)
            node = current.parent
        }
        return path.reversed()
    }

    /// The child at `index`, or nil when out of bounds.
    public func child(at index: Int) -> ComponentModel? {
        children.indices.contains(index) ? children[index] : nil
    }

    /// The child with `identifier`, or nil. Constant time.
    public func child(withIdentifier identifier: String) -> ComponentModel? {
        childIndexesByIdentifier[identifier].map { children[$0] }
    }

    /// The children in group `groupIdentifier`, in child order; nil when the group has none.
    public func children(inGroupWithIdentifier groupIdentifier: String) -> [ComponentModel]? {
        childIndexesByGroup[groupIdentifier].map { $0.map { children[$0] } }
    }

    /// Whether the two models have the same content, children included (recursively). Where
    /// they sit is not compared: ``parent``, ``index`` and ``indexPath`` are ignored. Local images
    /// are compared by identity.
    public static func == (lhs: ComponentModel, rhs: ComponentModel) -> Bool {
        if lhs === rhs { return true }
        return lhs.identifier == rhs.identifier && lhs.type == rhs.type
            && lhs.groupIdentifier == rhs.groupIdentifier
            && lhs.componentIdentifier == rhs.componentIdentifier
            && lhs.componentCategory == rhs.componentCategory
            && lhs.title == rhs.title && lhs.subtitle == rhs.subtitle
            && lhs.accessoryTitle == rhs.accessoryTitle && lhs.descriptionText == rhs.descriptionText
            && lhs.mainImageData == rhs.mainImageData && lhs.backgroundImageData == rhs.backgroundImageData
            && lhs.customImageData == rhs.customImageData && lhs.icon == rhs.icon
            && lhs.target == rhs.target && lhs.metadata == rhs.metadata
            && lhs.loggingData == rhs.loggingData && lhs.customData == rhs.customData
            && lhs.bindings?.signature == rhs.bindings?.signature
            && lhs.input == rhs.input && lhs.isEnabled == rhs.isEnabled && lhs.isBusy == rhs.isBusy
            && lhs.children == rhs.children
    }

    public var description: String {
        "ComponentModel(\(identifier), \(componentIdentifier), index path \(indexPath), \(children.count) children)"
    }
}
