import Foundation

/// Component model builders keyed by model identifier, remembering creation order.
/// Used for the body and overlay lists of a view model builder and for children.
///
/// Storage: the builders in creation order, plus each identifier's position. Walking the list
/// (building a million rows) reads the array and hashes nothing; only asking for a builder by
/// identifier looks it up. A value type, so a copy shares both until one side changes.
struct ComponentModelBuilderList {
    private var builders: [ComponentModelBuilder] = []
    private var positions: [String: Int] = [:]

    var count: Int { builders.count }
    var isEmpty: Bool { builders.isEmpty }

    /// The builders in creation order.
    var all: [ComponentModelBuilder] { builders }

    func contains(_ identifier: String) -> Bool {
        positions[identifier] != nil
    }

    /// The builder for `identifier`, created with `make` when missing. A nil identifier always
    /// creates a new builder with a unique `UnknownComponent:<UUID>` identifier.
    ///
    /// With an `owner`, the list may share builders with other lists (a copy of the list shares
    /// them; see `ViewModelBuilder.snapshot()`): a builder that does not belong to `owner` is copied
    /// before it is handed out, so changing it never changes another list's builder.
    mutating func builder(for identifier: String?, owner: BuilderOwner? = nil,
                          make: (String) -> ComponentModelBuilder) -> ComponentModelBuilder {
        let key = identifier ?? "UnknownComponent:\(UUID().uuidString)"
        // One hash for a new identifier (the usual case when a long list is read), not two.
        if let position = positions.updateValue(builders.count, forKey: key) {
            positions[key] = position
            return ownBuilder(at: position, owner: owner)
        }
        let builder = make(key)
        builder.owner = owner
        builders.append(builder)
        return builder
    }

    /// Makes room for `count` builders in all, so that reading a long list does not grow the list
    /// (and rehash every identifier) again and again.
    mutating func reserveCapacity(_ count: Int) {
        builders.reserveCapacity(count)
        positions.reserveCapacity(count)
    }

    /// The builders in creation order, each one `owner`'s own (shared ones are copied first).
    mutating func all(ownedBy owner: BuilderOwner) -> [ComponentModelBuilder] {
        for position in builders.indices { _ = ownBuilder(at: position, owner: owner) }
        return builders
    }

    private mutating func ownBuilder(at position: Int, owner: BuilderOwner?) -> ComponentModelBuilder {
        let existing = builders[position]
        guard let owner, existing.owner !== owner else { return existing }
        let copy = existing.copy()
        copy.owner = owner
        builders[position] = copy
        return copy
    }

    mutating func remove(_ identifier: String) {
        guard let position = positions.removeValue(forKey: identifier) else { return }
        builders.remove(at: position)
        for later in position..<builders.count { positions[builders[later].modelIdentifier] = later }
    }

    mutating func removeAll() {
        builders = []
        positions = [:]
    }

    /// A list holding deep copies of the builders, in the same order.
    /// The copies belong to `owner` (a view model builder's lists) or to nobody (children).
    func deepCopy(owner: BuilderOwner? = nil) -> ComponentModelBuilderList {
        var copy = ComponentModelBuilderList()
        copy.positions = positions
        copy.builders = builders.map { builder in
            let copy = builder.copy()
            copy.owner = owner
            return copy
        }
        return copy
    }

    /// Builds the models in preferred-index order, with their final indexes and `parent`.
    func build(parent: ComponentModel?) -> [ComponentModel] {
        let ordered = PreferredIndexOrdering.order(builders)
        return Self.build(ordered[...], parent: parent)
    }

    /// Builds a view's body in preferred-index order: plain rows go into a ``ComponentRowStore``
    /// as records, the others are kept as their models. A long body is built on every core, a slice
    /// a core: each model goes into its slice's store as soon as it is made (a plain one is then
    /// dropped), so that a million rows never exist as a million objects, and the slices' stores are
    /// put end to end.
    func buildBody() -> ComponentModelList {
        let ordered = PreferredIndexOrdering.order(builders)
        guard ordered.count >= Self.storedBodyThreshold else { return ComponentModelList(Self.build(ordered[...], parent: nil)) }
        let count = ordered.count
        let slices = count >= Self.concurrentBuildThreshold ? max(1, ProcessInfo.processInfo.activeProcessorCount) * 4 : 1
        let parts = StoreSlots(count: slices)
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            let range = (count * slice / slices)..<(count * (slice + 1) / slices)
            var store = ComponentRowStore.Builder(capacity: range.count)
            for index in range { store.append(ordered[index].build(index: index, parent: nil)) }
            parts.set(slice, store.finish())
        }
        guard let store = ComponentRowStore(concatenating: parts.all) else {
            // Texts beyond the arena's 32-bit offsets (4 GiB): the body keeps its models.
            return ComponentModelList(Self.build(ordered[...], parent: nil))
        }
        return ComponentModelList(store)
    }

    /// Builds `ordered`'s models, each at its position in the whole list, under `parent`.
    private static func build(_ ordered: ArraySlice<ComponentModelBuilder>, parent: ComponentModel?) -> [ComponentModel] {
        let first = ordered.startIndex
        guard parent == nil, ordered.count >= concurrentBuildThreshold else {
            return ordered.enumerated().map { offset, builder in builder.build(index: first + offset, parent: parent) }
        }
        // A long list (a view's body of a million rows) is built on every core: a top-level model
        // depends on its own builder only, and builders are only read while they build. The loader
        // builds large views off the main thread, so this takes the time from a background thread.
        let count = ordered.count
        let chunks = max(1, ProcessInfo.processInfo.activeProcessorCount) * 4
        return [ComponentModel](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            let slots = ModelSlots(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                for offset in (count * chunk / chunks)..<(count * (chunk + 1) / chunks) {
                    (slots.base + offset).initialize(to: ordered[first + offset].build(index: first + offset, parent: nil))
                }
            }
            initializedCount = count
        }
    }

    /// Bodies from this length on keep their plain rows as records. A shorter one keeps its models:
    /// what a thousand objects cost does not matter, and a model that stays the same object is
    /// found again without being made (a state evaluation or a patch keeps the models it leaves).
    static let storedBodyThreshold = 1_000

    /// Lists from this length on are built on every core.
    static let concurrentBuildThreshold = 20_000
}

/// An identity for "the view model builder that may change these component builders in place".
/// A class so identity is by reference; a builder holds its owner strongly, so an owner's address
/// is never reused while a builder still points at it.
final class BuilderOwner: @unchecked Sendable {}

/// The stores of a body's slices, each filled by its own thread in
/// `ComponentModelBuilderList.buildBody()`: no thread reads or writes another's slot, and they are
/// read once every thread is done.
private final class StoreSlots: @unchecked Sendable {
    /// Written through a pointer, not an array property: threads writing their own elements of one
    /// array property at once would be overlapping accesses to the property.
    private let slots: UnsafeMutableBufferPointer<ComponentRowStore?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func set(_ slot: Int, _ store: ComponentRowStore) {
        slots[slot] = store
    }

    var all: [ComponentRowStore] { slots.map { $0! } }
}

/// The array being built by `ComponentModelBuilderList.build(parent:)`: each thread initialises
/// its own range of slots, and none reads another's.
private struct ModelSlots: @unchecked Sendable {
    let base: UnsafeMutablePointer<ComponentModel>
}
