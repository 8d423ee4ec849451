import Foundation

/// Component model builders keyed by model identifier, remembering creation order.
/// Used for the body and overlay lists of a view model builder and for children.
///
/// Storage: the entries in creation order, plus each identifier's position. Walking the list
/// (building a million rows) reads the array and hashes nothing; only asking for a builder by
/// identifier looks it up. A value type, so a copy shares both until one side changes.
///
/// An entry is a builder, or a plain row (an identifier, a component, a title and a subtitle; and
/// from a document, a main image's URL, a target's URI and custom data, `ComponentRowStore.Extras`) that
/// the one-pass reader put in as a record (`PlainRows.records`), its texts in `PlainRows.arena`
/// (``appendPlainRow(identifier:componentIdentifier:componentCategory:title:subtitle:extras:)``): a long
/// document's rows are read without a builder object each, and go into the body's
/// ``ComponentRowStore`` as they are. A plain row becomes a builder when it is asked for.
struct ComponentModelBuilderList {
    /// A builder, or a plain row: the index of its record in `PlainRows.records`. Eight bytes, as a builder
    /// alone was: a list of a million builders built in code costs no more for the rows it might hold.
    private enum Entry {
        case builder(ComponentModelBuilder)
        case plain(UInt32)
    }

    private var entries: [Entry] = []
    private var positions = IdentifierPositions()
    /// The plain rows' records and texts; nil until the first. Behind a reference, so that a list
    /// (every builder's children are one) is three words, as it was before lists held plain rows.
    private var plain: PlainRows?

    /// The plain rows of a list, shared by its copies until one of them changes (`uniquePlain()`).
    private final class PlainRows: @unchecked Sendable {
        /// The records, their texts and their count, in one stored property, accessed without the
        /// run-time exclusivity check (as `ViewModelBuilder`'s body list): adding a row is one access
        /// to the object, made only by the list that owns it (`uniquePlain()`).
        struct Storage {
            /// The records, in the order they were added (a row made a builder or removed leaves its
            /// record unused).
            var records: [ComponentRowStore.Row] = []
            /// The texts and components of the records (its own row list stays empty: the entries
            /// hold the records, in their places among the builders).
            var arena = ComponentRowStore.Builder(capacity: 0)
            /// How many entries are plain rows.
            var count = 0

            /// Adds the record of a plain row and returns its index; nil when the records, the
            /// arena or the component table are full.
            mutating func append(identifier: ComponentRowStore.Builder.Text, componentIdentifier: Identifier,
                                 componentCategory: ComponentCategory, title: ComponentRowStore.Builder.Text?,
                                 subtitle: ComponentRowStore.Builder.Text?,
                                 extras: ComponentRowStore.Builder.ExtraTexts?) -> UInt32?
            {
                guard records.count < Int(UInt32.max),
                    let row = arena.record(identifier: identifier, componentIdentifier: componentIdentifier,
                                           componentCategory: componentCategory, title: title, subtitle: subtitle,
                                           extras: extras)
                else { return nil }
                records.append(row)
                count += 1
                return UInt32(records.count - 1)
            }
        }

        @exclusivity(unchecked) var storage = Storage()

        var records: [ComponentRowStore.Row] {
            get { storage.records }
            _modify { yield &storage.records }
        }
        var arena: ComponentRowStore.Builder {
            get { storage.arena }
            _modify { yield &storage.arena }
        }
        var count: Int {
            get { storage.count }
            _modify { yield &storage.count }
        }

        func copy() -> PlainRows {
            let copy = PlainRows()
            copy.storage = storage
            return copy
        }

        func model(_ record: UInt32, at index: Int) -> ComponentModel {
            arena.model(of: records[Int(record)], at: index)
        }
    }

    /// The plain rows, this list's own to change.
    private mutating func uniquePlain() -> PlainRows {
        // (False for nil.) Checked before anything else holds a reference to it.
        if isKnownUniquelyReferenced(&plain) { return plain! }
        let own = plain?.copy() ?? PlainRows()
        plain = own
        return own
    }

    /// How many entries are plain rows.
    var plainRowCount: Int { plain?.count ?? 0 }

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    /// The builders in creation order, without the plain rows, which hold nothing a walk over
    /// builders looks for (bindings, groups).
    var builders: [ComponentModelBuilder] {
        entries.compactMap { entry in
            if case .builder(let builder) = entry { builder } else { nil }
        }
    }

    func contains(_ identifier: String) -> Bool {
        position(of: identifier) != nil
    }

    /// The position of `identifier`'s entry.
    private func position(of identifier: String) -> Int? {
        var identifier = identifier
        return identifier.withUTF8 { bytes in
            positions.position(of: UnsafeRawBufferPointer(bytes)) {
                Self.entry(at: $0, in: entries, plain: plain, is: UnsafeRawBufferPointer(bytes))
            }
        }
    }

    /// Whether the identifier of the entry at `position` in `entries` (with `plain`'s records) is
    /// the identifier whose UTF-8 is `bytes` (``IdentifierPositions/same(_:_:)``). Static, so that a
    /// search reads the entries while it changes `positions`.
    private static func entry(at position: Int, in entries: [Entry], plain: PlainRows?,
                              is bytes: UnsafeRawBufferPointer) -> Bool
    {
        switch entries[position] {
        case .builder(let builder):
            var identifier = builder.modelIdentifier
            return identifier.withUTF8 { IdentifierPositions.same(UnsafeRawBufferPointer($0), bytes) }
        case .plain(let record):
            return plain!.arena.withIdentifier(of: plain!.records[Int(record)]) { IdentifierPositions.same($0, bytes) }
        }
    }

    /// Looks for the entry whose identifier is `identifier` among the first `count` entries, all of
    /// them unless said (see ``IdentifierPositions/search(_:count:isKey:)``).
    private mutating func search(_ identifier: ComponentRowStore.Builder.Text, among count: Int? = nil)
        -> IdentifierPositions.Search
    {
        identifier.withBytes { bytes in
            positions.search(bytes, count: count ?? entries.count) { Self.entry(at: $0, in: entries, plain: plain, is: bytes) }
        }
    }

    /// The builder for `identifier`, created with `make` when missing. A nil identifier always
    /// creates a new builder with a unique `UnknownComponent:<UUID>` identifier.
    ///
    /// With an `owner`, the list may share builders with other lists (a copy of the list shares
    /// them; see `ViewModelBuilder.snapshot()`): a builder that does not belong to `owner` is copied
    /// before it is handed out, so changing it never changes another list's builder.
    mutating func builder(for identifier: String?, owner: BuilderOwner? = nil,
                          make: (String) -> ComponentModelBuilder) -> ComponentModelBuilder {
        let key = identifier ?? Self.unknownIdentifier()
        // One hash for a new identifier (the usual case when a long list is read), not two.
        switch search(.string(key)) {
        case .found(let position):
            return ownBuilder(at: position, owner: owner, make: make)
        case .vacant(let vacancy):
            let builder = make(key)
            builder.owner = owner
            positions.fill(vacancy, with: entries.count)
            entries.append(.builder(builder))
            return builder
        }
    }

    /// Adds a plain row for `identifier` as a record, without a builder, and true; false, with
    /// nothing added, when the identifier has an entry already (its builder takes the fields, as a
    /// repeated identifier does) or the arena is full.
    mutating func appendPlainRow(identifier: ComponentRowStore.Builder.Text?, componentIdentifier: Identifier,
                                 componentCategory: ComponentCategory, title: ComponentRowStore.Builder.Text?,
                                 subtitle: ComponentRowStore.Builder.Text?,
                                 extras: ComponentRowStore.Builder.ExtraTexts? = nil) -> Bool
    {
        let key = identifier ?? .string(Self.unknownIdentifier())
        guard case .vacant(let vacancy) = search(key),
            let record = uniquePlain().storage.append(
                identifier: key, componentIdentifier: componentIdentifier, componentCategory: componentCategory,
                title: title, subtitle: subtitle, extras: extras)
        else { return false }
        positions.fill(vacancy, with: entries.count)
        entries.append(.plain(record))
        return true
    }

    private static func unknownIdentifier() -> String {
        "UnknownComponent:\(UUID().uuidString)"
    }

    /// Makes room for `count` entries in all, so that reading a long list does not grow the list
    /// (and rehash every identifier) again and again. `textBytesLeft` bounds the texts still to
    /// come (the bytes of the document not read yet): the first rows' texts tell what the others
    /// will take, and one long text among them must not reserve more than the document holds.
    mutating func reserveCapacity(_ count: Int, textBytesLeft: Int) {
        entries.reserveCapacity(count)
        positions.reserveCapacity(count)
        if plainRowCount > 0 {
            let plain = uniquePlain()
            let perRow = plain.arena.textCount / plain.count
            let rowsLeft = max(0, count - entries.count)
            plain.arena.reserveTextCapacity(plain.arena.textCount + min(perRow * rowsLeft, textBytesLeft))
            plain.records.reserveCapacity(count)
        }
    }

    /// The bytes the plain rows' text arena has room for.
    var plainTextCapacity: Int { plain?.arena.textCapacity ?? 0 }

    /// Every entry as a builder in creation order, each one `owner`'s own (shared ones are copied
    /// first, plain rows made builders with `make`).
    mutating func all(ownedBy owner: BuilderOwner, make: (String) -> ComponentModelBuilder) -> [ComponentModelBuilder] {
        entries.indices.map { ownBuilder(at: $0, owner: owner, make: make) }
    }

    /// The builder at `position`, `owner`'s own: a plain row is made a builder (with `make`, then
    /// given the row's fields), a builder of another owner is copied.
    private mutating func ownBuilder(at position: Int, owner: BuilderOwner?,
                                     make: (String) -> ComponentModelBuilder) -> ComponentModelBuilder
    {
        switch entries[position] {
        case .plain(let record):
            let model = plain!.model(record, at: position)
            let builder = make(model.identifier)
            builder.componentNamespace = model.componentIdentifier.namespacePart
            builder.componentName = model.componentIdentifier.namePart
            builder.componentCategory = model.componentCategory
            builder.title = model.title
            builder.subtitle = model.subtitle
            // A record read from a document may have these too (`ComponentRowStore.Extras`).
            if let image = model.mainImageData { builder.mainImageDataBuilder.url = image.url }
            if let target = model.target { builder.targetBuilder.uri = target.uri }
            builder.customData = model.customData
            builder.owner = owner
            entries[position] = .builder(builder)
            uniquePlain().count -= 1
            return builder
        case .builder(let existing):
            guard let owner, existing.owner !== owner else { return existing }
            let copy = existing.copy()
            copy.owner = owner
            entries[position] = .builder(copy)
            return copy
        }
    }

    private func identifier(at position: Int) -> String {
        switch entries[position] {
        case .builder(let builder): builder.modelIdentifier
        case .plain(let record): plain!.arena.identifier(of: plain!.records[Int(record)])
        }
    }

    mutating func remove(_ identifier: String) {
        guard let position = position(of: identifier) else { return }
        if case .plain = entries.remove(at: position) { uniquePlain().count -= 1 }
        // The entries after it moved: every position is noted again.
        positions.removeAll()
        positions.reserveCapacity(entries.count)
        for position in entries.indices {
            guard case .vacant(let vacancy) = search(.string(self.identifier(at: position)), among: position) else {
                preconditionFailure("a list holds each identifier once")
            }
            positions.fill(vacancy, with: position)
        }
    }

    mutating func removeAll() {
        self = ComponentModelBuilderList()
    }

    /// A list holding deep copies of the builders, in the same order (plain rows are values, and
    /// stay as they are). The copies belong to `owner` (a view model builder's lists) or to nobody
    /// (children).
    func deepCopy(owner: BuilderOwner? = nil) -> ComponentModelBuilderList {
        var copy = self
        copy.entries = entries.map { entry in
            guard case .builder(let builder) = entry else { return entry }
            let copy = builder.copy()
            copy.owner = owner
            return .builder(copy)
        }
        return copy
    }

    /// The entries in preferred-index order (plain rows have none).
    private func orderedEntries() -> [Entry] {
        PreferredIndexOrdering.order(entries) { entry in
            if case .builder(let builder) = entry { builder.preferredIndex } else { nil }
        }
    }

    /// Builds the models in preferred-index order, with their final indexes and `parent`.
    func build(parent: ComponentModel?) -> [ComponentModel] {
        build(orderedEntries(), parent: parent)
    }

    private func build(_ ordered: [Entry], parent: ComponentModel?) -> [ComponentModel] {
        Self.makeModels(count: ordered.count, onEveryCore: parent == nil) { [plain] index in
            switch ordered[index] {
            case .builder(let builder): builder.build(index: index, parent: parent)
            // Plain rows are only ever a view's body (the reader adds them there): no parent.
            case .plain(let record): plain!.model(record, at: index)
            }
        }
    }

    /// Builds a view's body in preferred-index order: plain rows go into a ``ComponentRowStore``
    /// as records, the others are kept as their models.
    ///
    /// The rows the reader kept as records are in the store as they are, their texts in the arena
    /// they were read into. The builders are built, a long list of them on every core, a slice a
    /// core: each model goes into its slice's store as soon as it is made (a plain one is then
    /// dropped), so that a million rows built in code never exist as a million objects, and the
    /// slices' stores are put end to end.
    func buildBody() -> ComponentModelList {
        let ordered = orderedEntries()
        guard ordered.count >= Self.storedBodyThreshold else { return ComponentModelList(build(ordered, parent: nil)) }
        if plainRowCount > 0 { return ComponentModelList(storeWithRecords(ordered)) }
        let count = ordered.count
        let slices = count >= Self.concurrentBuildThreshold ? max(1, ProcessInfo.processInfo.activeProcessorCount) * 4 : 1
        let parts = StoreSlots(count: slices)
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            let range = (count * slice / slices)..<(count * (slice + 1) / slices)
            var store = ComponentRowStore.Builder(capacity: range.count)
            for index in range {
                guard case .builder(let builder) = ordered[index] else { preconditionFailure("no plain rows here") }
                store.append(builder.build(index: index, parent: nil))
            }
            parts.set(slice, store.finish())
        }
        guard let store = ComponentRowStore(concatenating: parts.all) else {
            // Texts beyond the arena's 32-bit offsets (4 GiB): the body keeps its models.
            return ComponentModelList(build(ordered, parent: nil))
        }
        return ComponentModelList(store)
    }

    /// The body's store when some of its rows are the reader's records: those are added as they
    /// are, the builders' models (made first, on every core when there are many) in their places.
    private func storeWithRecords(_ ordered: [Entry]) -> ComponentRowStore {
        let builders = ordered.enumerated().compactMap { index, entry in
            if case .builder(let builder) = entry { (index: index, builder: builder) } else { nil }
        }
        let models = Self.makeModels(count: builders.count, onEveryCore: true) { offset in
            builders[offset].builder.build(index: builders[offset].index, parent: nil)
        }
        let plain = plain!
        var store = plain.arena
        store.reserveCapacity(ordered.count)
        var nextModel = models.startIndex
        for entry in ordered {
            switch entry {
            case .plain(let record):
                store.appendRecord(plain.records[Int(record)])
            case .builder:
                store.append(models[nextModel])
                nextModel += 1
            }
        }
        return store.finish()
    }

    /// `count` models, the one at each offset made by `make`: on every core for a long list when
    /// `onEveryCore` (top-level models depend on their own builder only, and builders are only read
    /// while they build; the loader builds large views off the main thread, so this takes the time
    /// from a background thread).
    private static func makeModels(count: Int, onEveryCore: Bool,
                                   _ make: @Sendable (Int) -> ComponentModel) -> [ComponentModel]
    {
        guard onEveryCore, count >= concurrentBuildThreshold else { return (0..<count).map(make) }
        let chunks = max(1, ProcessInfo.processInfo.activeProcessorCount) * 4
        return [ComponentModel](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            let slots = ModelSlots(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                for offset in (count * chunk / chunks)..<(count * (chunk + 1) / chunks) {
                    (slots.base + offset).initialize(to: make(offset))
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
