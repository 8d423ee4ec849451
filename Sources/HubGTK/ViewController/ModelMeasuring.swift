import GtkKit
import HubFramework

/// Adapts a view model to the layout engine: traits and preferred sizes come from one measuring
/// component per component identifier (never from the instances that render).
///
/// The conformance is main-actor isolated: the layout engine calls these methods once or twice per
/// component, synchronously on the main actor, and an isolated conformance lets them reach the
/// main-actor measurer directly. (A `MainActor.assumeIsolated` per call costs more than 100 ns on
/// Linux, which was most of the time of laying out 1,000,000 rows.)
@MainActor
struct ModelMeasuring {
    let bodyModels: ComponentModelList
    let header: ComponentModel?
    let measurer: ComponentMeasurer
    /// How many of the body models the layout sees (the first ones): a large view is laid out in
    /// chunks, each seeing a few more.
    var limit: Int = .max

    /// The same models, of which the layout sees the first `limit`.
    func limited(to limit: Int) -> ModelMeasuring {
        var limited = self
        limited.limit = limit
        return limited
    }
}

extension ModelMeasuring: @MainActor LayoutMeasuring {
    var bodyComponentCount: Int { min(limit, bodyModels.count) }

    func layoutTraits(forBodyComponentAt index: Int) -> Set<LayoutTrait> {
        // A long body's plain row has no model until one is made: the traits of a kind already
        // measured come from its component alone.
        measurer.knownTraits(for: bodyModels.componentIdentifier(at: index)) ?? measurer.traits(for: bodyModels[index])
    }

    func preferredSize(forBodyComponentAt index: Int, containerSize: Size) -> Size {
        measurer.preferredSize(for: bodyModels[index], containerSize: containerSize)
    }

    var headerLayoutTraits: Set<LayoutTrait>? {
        guard let header else { return nil }
        return measurer.traits(for: header)
    }

    func preferredHeaderSize(containerSize: Size) -> Size {
        guard let header else { return .zero }
        return measurer.preferredSize(for: header, containerSize: containerSize)
    }
}

/// Keeps one component per component identifier for measuring, with its traits stored once so the
/// layout engine sees the same `Set` instance for every component of a kind.
///
/// Measuring components with children get the measurer as their child delegate: asked for a child,
/// it answers with the (unconfigured) measuring component of the child's kind, so a parent can size
/// itself from its children's preferred sizes without creating real children.
@MainActor
final class ComponentMeasurer: ComponentChildDelegate {
    private struct Entry {
        let component: any Component
        let traits: Set<LayoutTrait>
    }

    private let registry: ComponentRegistry
    private var entries: [Identifier: Entry] = [:]
    private var lastIdentifier: Identifier?
    private var lastEntry: Entry?
    /// The kinds whose measuring component was handed over to the reuse pool.
    private var handedOver: Set<Identifier> = []
    /// How many components the measurer created (one per kind).
    private(set) var createdCount = 0
    /// How many of them it handed over to the reuse pool.
    var handedOverCount: Int { handedOver.count }

    init(registry: ComponentRegistry) {
        self.registry = registry
    }

    private func entry(for model: ComponentModel) -> Entry {
        let identifier = model.componentIdentifier
        if let lastEntry, lastIdentifier == identifier { return lastEntry }
        let entry: Entry
        if let existing = entries[identifier] {
            entry = existing
        } else {
            let component = registry.createComponent(for: model)
            createdCount += 1
            if let parent = component as? any ComponentWithChildren { parent.childDelegate = self }
            entry = Entry(component: component, traits: component.layoutTraits)
            entries[identifier] = entry
        }
        lastIdentifier = identifier
        lastEntry = entry
        return entry
    }

    func traits(for model: ComponentModel) -> Set<LayoutTrait> { entry(for: model).traits }

    /// The traits of the components `identifier` names, when one of them was measured already.
    func knownTraits(for identifier: Identifier) -> Set<LayoutTrait>? {
        if let lastEntry, lastIdentifier == identifier { return lastEntry.traits }
        return entries[identifier]?.traits
    }

    func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        entry(for: model).component.preferredViewSize(forDisplaying: model, containerViewSize: containerSize)
    }

    /// The measuring component for a model (children are measured through it too).
    func component(for model: ComponentModel) -> any Component { entry(for: model).component }

    /// The measuring component of the model's kind, for the reuse pool's first wrapper of that kind,
    /// so that a kind is created once, not once to measure and once to show. Each kind is handed
    /// over once; nil after that, and for components with children, whose measuring instance asks
    /// the measurer for its children while a shown one asks its wrapper.
    ///
    /// The measurer goes on measuring with the component it handed over: `preferredViewSize` is
    /// computed from the model and the container (docs/components.md), whatever the component shows.
    func handOverComponent(for model: ComponentModel) -> (any Component)? {
        let identifier = model.componentIdentifier
        guard !handedOver.contains(identifier) else { return nil }
        let component = entry(for: model).component
        guard !(component is any ComponentWithChildren) else { return nil }
        handedOver.insert(identifier)
        return component
    }
}

extension ComponentMeasurer {
    func component(_ component: any ComponentWithChildren, childComponentFor childModel: ComponentModel)
        -> (any Component)?
    {
        self.component(for: childModel)
    }

    func component(_ component: any ComponentWithChildren, willDisplayChildAt childIndex: Int, view: Widget) {}
    func component(_ component: any ComponentWithChildren, didStopDisplayingChildAt childIndex: Int, view: Widget) {}
    func component(_ component: any ComponentWithChildren, childWithCustomViewSelectedAt childIndex: Int,
                   customData: JSONObject?) {}
}
