import Foundation

/// Makes a patch's changes to a view model, in order (``ViewModelPatch/applied(to:)``), without
/// making the models it does not touch again.
///
/// The work, for a view of n components and a patch of k changes:
/// * One walk over the view notes where each id the patch names is (the ids its changes target, and
///   those of the components it adds at the top of a list, which must not be there already): a
///   set lookup per component.
/// * Each change then finds its target among those places. A change at the top of the body or the
///   overlays marks the place in a ``PatchedComponentList`` (a top-level model is found by identity
///   where its index says it is); a change below a top-level component works on a tree of that
///   component's nodes (``Node``), loaded only along the way to it.
/// * At the end each list is put together once, copying the runs of models between the places that
///   changed, and the top-level components whose trees changed are made again with their new
///   children (a model's parent is fixed when it is made): those and nothing else.
/// * What the view model knows from visiting its components (``ComponentBindingSummary``) is kept
///   from the source: what removed components held is taken away, what added ones hold added. Only
///   when something removed depended on state (or belonged to a form) is the view looked through
///   again to see whether anything else still does, stopping at the first that does.
struct ViewModelPatchApplication {
    private let source: ViewModel
    /// The source's body as models, made once: the changes find components by the identity of
    /// these objects, and a plain row's model is a new object each time it is asked for.
    private let sourceBody: [ComponentModel]
    private let changes: [ViewModelPatchChange]
    private let limits: ContentLimits
    private let collector: JSONProblemCollector
    private let compiler: BindingCompiler

    private var header: ComponentModel?
    private var body: PatchedComponentList
    private var overlays: PatchedComponentList
    /// The trees of the top-level components whose children change, by the model in the list, with
    /// the list.
    private var edited: [ObjectIdentifier: (list: ViewModelPatchList, node: Node)] = [:]
    /// The ids the patch names: those its changes target, and those of the components it adds at
    /// the top of a list (which must not be among their siblings already).
    private var named: Set<String> = []
    /// Where each id of ``named`` is, as the changes so far left the view.
    private var occurrences: [String: [Address]] = [:]
    private var summary: ComponentBindingSummary
    /// Something removed had bindings, or an input of a form: whether any are left is found at the end.
    private var removedBindings = false
    private var removedForms = false
    /// The scope of the view's variables (the app's and the view's), made when a component needs it.
    private var viewScopeStorage: BindingScope?

    init(source: ViewModel, changes: [ViewModelPatchChange], limits: ContentLimits) {
        self.source = source
        self.changes = changes
        self.limits = limits
        collector = JSONProblemCollector(limits: limits)
        compiler = BindingCompiler(limits: limits)
        header = source.headerComponentModel
        sourceBody = source.bodyComponentModels.array
        body = PatchedComponentList(sourceBody)
        overlays = PatchedComponentList(source.overlayComponentModels)
        summary = source.summary
    }

    /// What made the patch fail, when ``apply()`` gave nil.
    var problems: [JSONProblem] { collector.problems }

    /// The patched view model, or nil when a change cannot be made (``problems`` says why).
    mutating func apply() -> ViewModel? {
        guard !changes.isEmpty else { return source }
        for change in changes {
            named.formUnion(change.targets)
            for component in change.components { named.insert(component.builder.modelIdentifier) }
        }
        findOccurrences()
        for change in changes {
            guard make(change) else { return nil }
        }
        return finish()
    }

    // MARK: Finding components

    /// One place of a component: its list, the top-level model it is in (or is), and the ids from
    /// there down to it.
    private struct Address {
        let list: ViewModelPatchList
        let top: ComponentModel
        let path: [String]

        /// The component this one is a child of; nil for a top-level one.
        var parent: Address? {
            path.isEmpty ? nil : Address(list: list, top: top, path: Array(path.dropLast()))
        }

        /// Whether `other` is this component or one of its descendants.
        func contains(_ other: Address) -> Bool {
            other.list == list && other.top === top && other.path.starts(with: path)
        }

        /// `body › croissant › filling`.
        var description: String {
            ([list.name, top.identifier] + path).joined(separator: " › ")
        }
    }

    /// Notes where each id of ``named`` is in the view: the one walk over all its components.
    private mutating func findOccurrences() {
        let named = named
        func walk(_ model: ComponentModel, list: ViewModelPatchList, top: ComponentModel) {
            if named.contains(model.identifier) {
                var path: [String] = []
                var node = model
                while node !== top, let parent = node.parent {
                    path.append(node.identifier)
                    node = parent
                }
                occurrences[model.identifier, default: []].append(Address(list: list, top: top, path: path.reversed()))
            }
            for child in model.children { walk(child, list: list, top: top) }
        }
        if let header { walk(header, list: .header, top: header) }
        for model in sourceBody { walk(model, list: .body, top: model) }
        for model in source.overlayComponentModels { walk(model, list: .overlays, top: model) }
    }

    /// The one component `target` names, or nil (reported) when no component or more than one has its id.
    private func find(_ target: ViewModelPatchChange.Target) -> Address? {
        let found = occurrences[target.identifier] ?? []
        guard found.count == 1 else {
            let quoted = JSONWriter().string(for: .string(target.identifier))
            if found.isEmpty {
                collector.report("no component of the view has the id \(quoted)", at: target.location)
            } else {
                let places = found.prefix(3).map(\.description).joined(separator: "; ")
                collector.report("\(found.count) components of the view have the id \(quoted) (\(places)"
                    + "\(found.count > 3 ? "; …" : "")): a change can name only an id that one component has",
                    at: target.location)
            }
            return nil
        }
        return found[0]
    }

    /// Where new components go: the header's place, a place in the body or the overlays, or a place
    /// among the children of a component.
    private enum Place {
        case header
        case list(ViewModelPatchList, PatchedComponentList.Spot)
        case children(of: Address, at: Int)

        var isHeader: Bool { if case .header = self { true } else { false } }
    }

    /// The place right before the component at `address` (`after`: right after it), among its siblings.
    private mutating func place(of address: Address, after: Bool = false) -> Place {
        guard let parent = address.parent else {
            switch address.list {
            case .header: return .header
            case .body: return .list(.body, after ? body.spot(after: address.top) : body.spot(before: address.top))
            case .overlays: return .list(.overlays, after ? overlays.spot(after: address.top) : overlays.spot(before: address.top))
            }
        }
        let index = chain(to: parent).last!.children.firstIndex { $0.model.identifier == address.path.last! }!
        return .children(of: parent, at: after ? index + 1 : index)
    }

    /// The nodes from the top-level component of `address` down to it, loaded (and kept, to be made
    /// again at the end) on the way.
    private mutating func chain(to address: Address) -> [Node] {
        let key = ObjectIdentifier(address.top)
        let root: Node
        if let known = edited[key] {
            root = known.node
        } else {
            root = Node(address.top)
            edited[key] = (address.list, root)
        }
        var chain = [root]
        for identifier in address.path {
            // Every address noted is kept current as the changes are made: the child is there.
            chain.append(chain.last!.children.first { $0.model.identifier == identifier }!)
        }
        return chain
    }

    // MARK: Changes

    /// Makes one change; false (reported) when it cannot be made.
    private mutating func make(_ change: ViewModelPatchChange) -> Bool {
        switch change {
        case .remove(let target):
            guard let address = find(target) else { return false }
            remove(address)
            return true
        case .replace(let target, let components):
            guard let address = find(target) else { return false }
            if address.list == .header, address.path.isEmpty, components.count > 1 {
                collector.report("the header is one component: it can be replaced by one component or by none, "
                    + "not by \(components.count)", at: target.location)
                return false
            }
            // Where it is, found before it goes: the new components take that place.
            let place = place(of: address)
            remove(address)
            return insert(components, at: place)
        case .insert(let components, let place):
            switch place {
            case .before(let target), .after(let target):
                guard let address = find(target) else { return false }
                if address.list == .header, address.path.isEmpty {
                    collector.report("the header stands alone: nothing can be inserted before or after it (replace it, "
                        + "or insert into it)", at: target.location)
                    return false
                }
                let after = if case .after = place { true } else { false }
                return insert(components, at: self.place(of: address, after: after))
            case .into(let target):
                guard let address = find(target) else { return false }
                return insert(components, at: .children(of: address, at: chain(to: address).last!.children.count))
            case .intoList(let list, _):
                return insert(components, at: .list(list, list == .body ? body.end : overlays.end))
            }
        }
    }

    /// Removes the component at `address`, with what it held.
    private mutating func remove(_ address: Address) {
        let removed: Node
        if let parent = address.parent {
            let siblings = chain(to: parent).last!
            removed = siblings.children.remove(at: siblings.children.firstIndex { $0.model.identifier == address.path.last! }!)
        } else {
            removed = edited.removeValue(forKey: ObjectIdentifier(address.top))?.node ?? Node(address.top)
            switch address.list {
            case .header: header = nil
            case .body: body.remove(address.top)
            case .overlays: overlays.remove(address.top)
            }
        }
        // The places noted in what was removed go with it: only the ids in it are looked at.
        var inside: Set<String> = []
        removed.forEachIdentifier { identifier in
            if occurrences[identifier] != nil { inside.insert(identifier) }
        }
        for identifier in inside {
            occurrences[identifier]?.removeAll { address.contains($0) }
        }
        removed.forEachBindings { bindings in
            removedBindings = true
            if let (key, _) = ComponentBindingSummary.declaredScope(of: bindings) {
                summary.componentStateDeclarations[key] = nil
            }
            if bindings.input?.form != nil { removedForms = true }
        }
    }

    /// Adds `components` at `place`: checked against what is there and the variables in scope there,
    /// then built. False (reported) when one of them cannot go there.
    private mutating func insert(_ components: [ViewModelPatchChange.Component], at place: Place) -> Bool {
        // What is there already, and where the components would sit.
        let scope: BindingScope
        let parentKey: String
        let depth: Int
        switch place {
        case .header, .list:
            let list = if case .list(let list, _) = place { list } else { ViewModelPatchList.header }
            for component in components {
                let identifier = component.builder.modelIdentifier
                if occurrences[identifier]?.contains(where: { $0.list == list && $0.path.isEmpty }) == true {
                    collector.report("the \(list.name) has a component with the id "
                        + "\(JSONWriter().string(for: .string(identifier))) already", at: component.location)
                }
            }
            if list == .header, header != nil || components.count > 1 {
                collector.report("the view has one header", at: components.first?.location)
            }
            if list == .body, body.count + components.count > limits.maximumComponentCount {
                collector.report("the body would have more than \(limits.maximumComponentCount) components, the limit "
                    + "(maximumComponentCount)", at: components.first?.location)
            }
            scope = viewScope
            parentKey = ""
            depth = 0
        case .children(let parent, _):
            let chain = chain(to: parent)
            let existing = Set(chain.last!.children.map(\.model.identifier))
            for component in components where existing.contains(component.builder.modelIdentifier) {
                collector.report("\(JSONWriter().string(for: .string(parent.path.last ?? parent.top.identifier))) has a "
                    + "child with the id \(JSONWriter().string(for: .string(component.builder.modelIdentifier))) already",
                    at: component.location)
            }
            // The children of a component see its scope; a component with no bindings passes on the
            // scope around it.
            scope = chain.reversed().lazy.compactMap(\.model.bindings).first?.scope ?? viewScope
            parentKey = "/" + ([parent.top.identifier] + parent.path).joined(separator: "/")
            depth = parent.path.count + 1
        }
        for component in components where depth + Self.height(of: component.builder) > JSONSchema.maximumComponentDepth {
            collector.report("here, components would be nested deeper than \(JSONSchema.maximumComponentDepth) levels",
                             at: component.location)
        }
        guard collector.problems.isEmpty else { return false }
        // Checked against the variables in scope where they go, on copies: the patch itself never changes.
        var built: [ComponentModel] = []
        for component in components {
            let builder = component.builder.copy()
            compiler.compile(builder, under: scope, parentKey: parentKey, location: component.location, problems: collector)
            // Made as a body component under no parent; made again where it goes at the end (a child
            // with its parent, a top-level model at its position), or now for the header.
            let model = builder.build(index: 0, parent: nil)
            built.append(place.isHeader ? model.relocated(index: 0, type: .header, parent: nil) : model)
        }
        guard collector.problems.isEmpty else { return false }
        for model in built { summary.add(model) }
        switch place {
        case .header:
            header = built.first
            for model in built { note(model, at: Address(list: .header, top: model, path: [])) }
        case .list(let list, let spot):
            if list == .body { body.insert(built, at: spot) } else { overlays.insert(built, at: spot) }
            for model in built { note(model, at: Address(list: list, top: model, path: [])) }
        case .children(let parent, let index):
            chain(to: parent).last!.children.insert(contentsOf: built.map(Node.init), at: index)
            for model in built {
                note(model, at: Address(list: parent.list, top: parent.top, path: parent.path + [model.identifier]))
            }
        }
        return true
    }

    /// Notes where the ids the patch names are in the new component `model`, which is at `address`.
    private mutating func note(_ model: ComponentModel, at address: Address) {
        if named.contains(model.identifier) { occurrences[model.identifier, default: []].append(address) }
        for child in model.children {
            note(child, at: Address(list: address.list, top: address.top, path: address.path + [child.identifier]))
        }
    }

    /// The levels of components `builder` makes: 1 without children.
    private static func height(of builder: ComponentModelBuilder) -> Int {
        1 + (builder.childBuilders.map(height(of:)).max() ?? 0)
    }

    private var viewScope: BindingScope {
        mutating get {
            if let viewScopeStorage { return viewScopeStorage }
            let scope = BindingScope(app: source.appStateDeclarations, view: source.stateDeclarations)
            viewScopeStorage = scope
            return scope
        }
    }

    // MARK: The result

    /// The view model the changes made: the top-level components whose trees changed made again, and
    /// what is known about its bindings brought up to date.
    private mutating func finish() -> ViewModel {
        if let model = header, let entry = edited[ObjectIdentifier(model)] {
            header = entry.node.materialize(index: model.index, type: .header, parent: nil)
        }
        let body = assembled(self.body, .body)
        let overlays = assembled(self.overlays, .overlays)
        if removedBindings {
            summary.bindsState = header?.hasBindingsInSubtree == true || overlays.contains(where: \.hasBindingsInSubtree)
                || body.contains(where: \.hasBindingsInSubtree)
        }
        if removedForms {
            var forms = false
            let visit = { (bindings: ComponentBindings) in if bindings.input?.form != nil { forms = true } }
            if let header { ComponentBindingSummary.visit(header, visit) }
            for model in overlays where !forms { ComponentBindingSummary.visit(model, visit) }
            for model in body where !forms { ComponentBindingSummary.visit(model, visit) }
            summary.hasForms = forms
        }
        return ViewModel(patching: source, headerComponentModel: header, bodyComponentModels: bodyList(body),
                         overlayComponentModels: overlays, summary: summary)
    }

    /// The body as a list. A source body kept as records stays so: a row the patch left is its
    /// record, copied; what the patch made is kept as the model it made.
    private func bodyList(_ body: [ComponentModel]) -> ComponentModelList {
        guard let store = source.bodyComponentModels.store else { return ComponentModelList(body) }
        var rows = ComponentRowStore.Builder(basedOn: store, capacity: body.count)
        for model in body {
            // `sourceBody` holds each source row at its index, and a row the patch left is that object.
            let position = model.index
            if sourceBody.indices.contains(position), sourceBody[position] === model {
                rows.appendRow(position, of: store)
            } else {
                rows.appendObject(model)
            }
        }
        return ComponentModelList(rows.finish())
    }

    /// `models` as the patch leaves them: a model whose tree changed made again with its children (at
    /// its index), one inserted made where it ended up (its position is its index).
    private func assembled(_ models: PatchedComponentList, _ list: ViewModelPatchList) -> [ComponentModel] {
        var changed = Set<Int>()
        for (_, entry) in edited where entry.list == list {
            if let position = models.originalPosition(of: entry.node.model) { changed.insert(position) }
        }
        return models.assembled(changing: changed) { model, position, isInserted in
            let index = isInserted ? position : model.index
            if let entry = edited[ObjectIdentifier(model)] {
                return entry.node.materialize(index: index, type: list.componentType, parent: nil)
            }
            return model.relocated(index: index, type: list.componentType, parent: nil)
        }
    }

    // MARK: Nodes

    /// A component whose subtree a patch works on: its model for its own content, and its children,
    /// taken from the model when first asked for and changed from then on.
    private final class Node {
        let model: ComponentModel
        private var loaded: [Node]?

        init(_ model: ComponentModel) {
            self.model = model
        }

        var children: [Node] {
            get {
                if let loaded { return loaded }
                let made = model.children.map(Node.init)
                loaded = made
                return made
            }
            set { loaded = newValue }
        }

        /// The component as a model at `index` under `parent`: its children as they are now.
        func materialize(index: Int, type: ComponentType, parent: ComponentModel?) -> ComponentModel {
            guard let loaded else { return model.relocated(index: index, type: type, parent: parent) }
            return ComponentModel(copying: model, type: type, index: index, parent: parent) { copy in
                loaded.enumerated().map { offset, child in child.materialize(index: offset, type: type, parent: copy) }
            }
        }

        /// Calls `body` with the ids of the component and its descendants as they are now.
        func forEachIdentifier(_ body: (String) -> Void) {
            body(model.identifier)
            guard let loaded else { return Self.forEachIdentifier(in: model.children, body) }
            for child in loaded { child.forEachIdentifier(body) }
        }

        private static func forEachIdentifier(in models: [ComponentModel], _ body: (String) -> Void) {
            for model in models {
                body(model.identifier)
                forEachIdentifier(in: model.children, body)
            }
        }

        /// Calls `body` with the bindings of the component and its descendants as they are now.
        func forEachBindings(_ body: (ComponentBindings) -> Void) {
            guard let loaded else { return ComponentBindingSummary.visit(model, body) }
            if let bindings = model.bindings { body(bindings) }
            for child in loaded { child.forEachBindings(body) }
        }
    }
}
