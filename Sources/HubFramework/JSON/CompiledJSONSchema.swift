import Foundation

/// A schema's component paths turned into key dispatch tables, so that a component object can be
/// read straight from its bytes: each member's key is looked up once in the table of the object it
/// sits in, instead of some twenty paths being evaluated against a parsed tree.
///
/// Only schemas whose paths are plain keys compile: every path a chain of `goTo` steps ending in
/// the type check its builder field expects (with `forEach` only where the default schema has it,
/// before the children's and the actions' last step), and no two paths claiming the same key. A
/// schema with a block, a combination or overlapping paths gives nil, and is read through the
/// value tree as before, with the same results.
struct CompiledJSONSchema: Sendable {
    /// Where the members of a component object go: the fields of the tables in ComponentFields.swift.
    let component: KeyTable<ComponentField>
    let image: KeyTable<ImageField>
    let target: KeyTable<TargetField>
    /// The key of the top-level array of body components.
    let bodyKey: String

    /// The default schema's keys, compiled: what templates are written in (`JSONSchema.readsTemplates`).
    static let defaultKeys: CompiledJSONSchema = {
        let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "", name: "", category: .row),
                                iconImageResolver: nil)
        return CompiledJSONSchema(schema)!
    }()

    /// Compiles `schema`, or nil when one of its paths is not a plain key path (see above).
    init?(_ schema: JSONSchema) {
        let views = schema.viewModelSchema
        guard let bodyKey = views.bodyComponentModelDictionariesPath.path.streamableArrayKey else { return nil }
        // The view's other paths are read from the document's remaining members, as a tree: they only
        // must not reach into the body's member, which the tree no longer holds.
        for path in [views.identifierPath.path, views.navigationBarTitlePath.path,
                     views.headerComponentModelDictionaryPath.path, views.overlayComponentModelDictionariesPath.path,
                     views.customDataPath.path, views.layoutDirectionPath.path]
        {
            guard case .goTo(let first)? = path.operations.first, first != bodyKey else { return nil }
        }
        self.bodyKey = bodyKey

        guard
            let component = Self.table(ComponentField.self, keys: { field in
                Self.keys(of: field.path(in: schema.componentModelSchema), ending: field.content.check,
                          eachElement: field.isEachElement)
            }),
            let image = Self.table(ImageField.self, keys: { field in
                Self.keys(of: field.path(in: schema.componentImageDataSchema), ending: field.check)
            }),
            let target = Self.table(TargetField.self, keys: { field in
                Self.keys(of: field.path(in: schema.componentTargetSchema), ending: field.kind.check,
                          eachElement: field.isEachElement)
            })
        else { return nil }
        self.component = component
        self.image = image
        self.target = target
    }

    /// The key table of every field of a table (ComponentFields.swift), each at its `keys`; nil when
    /// a field's path is not plain keys (`keys` gives nil) or collides with another field's.
    private static func table<Field: CaseIterable & Sendable>(_ fields: Field.Type, keys: (Field) -> [String]?)
        -> KeyTable<Field>?
    {
        var table = KeyTableBuilder<Field>()
        for field in Field.allCases {
            guard let fieldKeys = keys(field), table.insert(fieldKeys, field) else { return nil }
        }
        return table.table
    }

    /// The keys of a path made of `goTo` steps, then `forEach` when `eachElement`, then `check`.
    private static func keys(of path: JSONPath, ending check: JSONValueCheck, eachElement: Bool = false) -> [String]? {
        var operations = path.operations[...]
        guard case .check(let last)? = operations.popLast(), last == check else { return nil }
        if eachElement {
            guard case .forEach? = operations.popLast() else { return nil }
        }
        var keys: [String] = []
        for operation in operations {
            guard case .goTo(let key) = operation else { return nil }
            keys.append(key)
        }
        return keys.isEmpty ? nil : keys
    }
}

/// The members one object can have: each key leads to a slot (a value to keep) or to the table of
/// a nested object. Keys are compared as UTF-8 bytes; tables are a handful of entries, so a linear
/// scan that compares lengths first beats hashing.
final class KeyTable<Slot: Sendable>: Sendable {
    enum Entry: Sendable {
        case slot(Slot)
        case object(KeyTable<Slot>)
    }

    let keys: [[UInt8]]
    let entries: [Entry]
    /// `keys` as strings, for the members of a parsed object (`UnknownKeyCheck`).
    let names: [String]

    init(keys: [[UInt8]], entries: [Entry]) {
        self.keys = keys
        self.entries = entries
        names = keys.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The position of `key`, or nil when the object has no such member (for a parsed object).
    func position(ofKey key: String) -> Int? { names.firstIndex(of: key) }

    /// The position of the key `count` bytes long at `start`, or nil when the object has no such member.
    @inline(__always)
    func position(ofKeyAt start: UnsafePointer<UInt8>, count: Int) -> Int? {
        for position in keys.indices {
            let key = keys[position]
            guard key.count == count else { continue }
            let equal = key.withUnsafeBufferPointer { memcmp($0.baseAddress!, start, count) == 0 }
            if equal { return position }
        }
        return nil
    }
}

/// Builds a `KeyTable` from key paths; refuses a path that collides with another.
private struct KeyTableBuilder<Slot: Sendable> {
    private final class Node {
        var keys: [String] = []
        var slots: [Slot?] = []
        var children: [Node?] = []
    }

    private let root = Node()

    /// Adds `keys` → `slot`; false when a prefix of it is already a slot, or it is a prefix of one.
    mutating func insert(_ keys: [String], _ slot: Slot) -> Bool {
        var node = root
        for (position, key) in keys.enumerated() {
            let isLast = position == keys.count - 1
            if let existing = node.keys.firstIndex(of: key) {
                guard !isLast, node.slots[existing] == nil, let child = node.children[existing] else { return false }
                node = child
            } else if isLast {
                node.keys.append(key)
                node.slots.append(slot)
                node.children.append(nil)
            } else {
                let child = Node()
                node.keys.append(key)
                node.slots.append(nil)
                node.children.append(child)
                node = child
            }
        }
        return true
    }

    var table: KeyTable<Slot> { Self.table(of: root) }

    private static func table(of node: Node) -> KeyTable<Slot> {
        var entries: [KeyTable<Slot>.Entry] = []
        for position in node.keys.indices {
            if let slot = node.slots[position] {
                entries.append(.slot(slot))
            } else {
                entries.append(.object(table(of: node.children[position]!)))
            }
        }
        return KeyTable(keys: node.keys.map { Array($0.utf8) }, entries: entries)
    }
}
