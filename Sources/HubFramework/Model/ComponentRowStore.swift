import Foundation

/// A view's body kept without an object per row: what ``ComponentModelList`` holds for a body built
/// from builders.
///
/// Most rows of a long body are plain: an identifier, a component, a title and a subtitle, no
/// children and nothing out of line (``ComponentModel``'s details). A plain row is a ``Row`` record
/// of 32 bytes, its texts in one UTF-8 arena shared by all rows, and its component an index into a
/// table of the distinct components the body uses: about 80 bytes a row for the scale documents,
/// where a ``ComponentModel`` with its two heap strings is about 350. A row read from a document
/// may also have a main image's URL, a target's URI and custom data, as they were written: its
/// record then points at an ``Extras`` record of 24 bytes, whose texts are in the same arena. Any
/// other row is kept as the model it was built as (``objects``), and its record points at it.
///
/// A record's model is made when it is asked for (``model(at:)``): a small object, cheap to make
/// and to drop, equal (``ComponentModel/==(_:_:)``) to the one the row was built from. Its URLs
/// are parsed and its custom data read from the arena then, as the reader parsed them.
///
/// Immutable once made, so it is shared between threads and between the view models that hold the
/// same body (a state evaluation that leaves the body as it was keeps the store).
package final class ComponentRowStore: Sendable {
    /// A text in ``text``: its first byte and its length; a length of `UInt32.max` is no text (nil).
    struct Span: Sendable, Equatable {
        let start: UInt32
        let length: UInt32

        static let none = Span(start: 0, length: .max)

        /// The same text `offset` bytes further in the arena (none stays none): where it lies once
        /// arenas are put one after the other.
        func moved(by offset: UInt32) -> Span {
            length == Span.none.length ? self : Span(start: start + offset, length: length)
        }
    }

    /// One row: its texts, and its component (an index into ``components``) or, with
    /// ``Row/objectFlag`` set, the index of its model in ``objects``; and the index of its
    /// ``Extras`` in ``extras``, or ``Row/noExtras``.
    struct Row: Sendable {
        let identifier: Span
        let title: Span
        let subtitle: Span
        let kind: UInt32
        var extras: UInt32 = Row.noExtras

        static let objectFlag: UInt32 = 1 << 31
        static let noExtras: UInt32 = .max
    }

    /// What a record read from a document may have beyond its texts, each as it was written there
    /// (``Span/none`` for none): its main image's URL and its target's URI (each checked to parse
    /// as the reader parses URLs, `JSONValueCheck.url(from:)`), and its custom data, the bytes of a
    /// JSON object without expressions. Only a row whose image holds a URL alone and whose target
    /// holds a URI alone has them here; any other is kept as its model.
    struct Extras: Sendable {
        var mainImageURL: Span = .none
        var targetURI: Span = .none
        var customData: Span = .none

        /// The same, with every text moved by `offset` in the arena.
        func moved(by offset: UInt32) -> Extras {
            Extras(mainImageURL: mainImageURL.moved(by: offset), targetURI: targetURI.moved(by: offset),
                   customData: customData.moved(by: offset))
        }
    }

    /// The UTF-8 bytes of every plain row's identifier, title and subtitle (and its extras' URLs and
    /// custom data), one after the other.
    private let text: [UInt8]
    /// The rows in order.
    private let rows: [Row]
    /// The distinct components and categories plain rows use.
    private let components: [(identifier: Identifier, category: ComponentCategory)]
    /// The records' extras, in the order they were added.
    private let extras: [Extras]
    /// The rows that are not plain, as the models they were built as, in order.
    let objects: [ComponentModel]

    /// The number of rows.
    var count: Int { rows.count }

    fileprivate init(text: [UInt8], rows: [Row], components: [(identifier: Identifier, category: ComponentCategory)],
                     extras: [Extras], objects: [ComponentModel])
    {
        self.text = text
        self.rows = rows
        self.components = components
        self.extras = extras
        self.objects = objects
    }

    /// The rows of `parts` one after the other, or nil when their texts together do not fit the
    /// arena's 32-bit offsets. Each part was filled on its own (a slice of a long body, built on
    /// its own core); a part's texts are appended to the arena, its components looked up in the
    /// whole table, and its records' offsets and indexes moved by what came before.
    convenience init?(concatenating parts: [ComponentRowStore]) {
        let textCount = parts.reduce(0) { $0 + $1.text.count }
        guard textCount < Int(UInt32.max) else { return nil }
        var text: [UInt8] = []
        text.reserveCapacity(textCount)
        var rows: [Row] = []
        rows.reserveCapacity(parts.reduce(0) { $0 + $1.rows.count })
        var objects: [ComponentModel] = []
        var extras: [Extras] = []
        var components: [(identifier: Identifier, category: ComponentCategory)] = []
        // A hash a distinct component: a body may name as many components as it has rows.
        var componentIndexes: [ComponentKey: UInt32] = [:]
        for part in parts {
            let textBase = UInt32(text.count)
            let objectBase = UInt32(objects.count)
            text.append(contentsOf: part.text)
            objects.append(contentsOf: part.objects)
            let kinds = part.components.map { component in
                let key = ComponentKey(identifier: component.identifier, category: component.category)
                if let known = componentIndexes[key] { return known }
                components.append(component)
                componentIndexes[key] = UInt32(components.count - 1)
                return UInt32(components.count - 1)
            }
            for row in part.rows {
                if row.kind & Row.objectFlag != 0 {
                    rows.append(Row(identifier: .none, title: .none, subtitle: .none,
                                    kind: ((row.kind & ~Row.objectFlag) + objectBase) | Row.objectFlag))
                } else {
                    var extrasIndex = Row.noExtras
                    if row.extras != Row.noExtras {
                        extrasIndex = UInt32(extras.count)
                        extras.append(part.extras[Int(row.extras)].moved(by: textBase))
                    }
                    rows.append(Row(identifier: row.identifier.moved(by: textBase), title: row.title.moved(by: textBase),
                                    subtitle: row.subtitle.moved(by: textBase), kind: kinds[Int(row.kind)], extras: extrasIndex))
                }
            }
        }
        self.init(text: text, rows: rows, components: components, extras: extras, objects: objects)
    }

    /// The model of row `index`: the kept object, or a model made now for a plain row.
    func model(at index: Int) -> ComponentModel {
        let row = rows[index]
        if row.kind & Row.objectFlag != 0 { return objects[Int(row.kind & ~Row.objectFlag)] }
        return Self.model(ofRecord: row, at: index, text: text, components: components, extras: extras)
    }

    /// The model record `row` stands for at `index`, its texts in `text`, its component in
    /// `components` and its extras in `extras`.
    fileprivate static func model(ofRecord row: Row, at index: Int, text: [UInt8],
                                  components: [(identifier: Identifier, category: ComponentCategory)],
                                  extras: [Extras]) -> ComponentModel
    {
        let component = components[Int(row.kind)]
        guard row.extras != Row.noExtras else {
            return ComponentModel(plainRowWithIdentifier: string(row.identifier, in: text) ?? "", index: index,
                                  componentIdentifier: component.identifier, componentCategory: component.category,
                                  title: string(row.title, in: text), subtitle: string(row.subtitle, in: text))
        }
        // Made as the builder that read them would make them (`ComponentModelBuilder.build`).
        let extra = extras[Int(row.extras)]
        let image = string(extra.mainImageURL, in: text).map { url in
            ComponentImageData(identifier: nil, type: .main, url: JSONValueCheck.url(from: url), placeholderIcon: nil,
                               localImage: nil, customData: nil)
        }
        let target = string(extra.targetURI, in: text).map { uri in
            ComponentTarget(uri: JSONValueCheck.url(from: uri), initialViewModel: nil, actionIdentifiers: nil,
                            customData: nil)
        }
        return ComponentModel(
            identifier: string(row.identifier, in: text) ?? "", type: .body, index: index, groupIdentifier: nil,
            componentIdentifier: component.identifier, componentCategory: component.category,
            title: string(row.title, in: text), subtitle: string(row.subtitle, in: text), accessoryTitle: nil,
            descriptionText: nil, mainImageData: image, backgroundImageData: nil, customImageData: [:], icon: nil,
            target: target, metadata: nil, loggingData: nil, customData: customData(extra.customData, in: text),
            parent: nil, makeChildren: { _ in [] })
    }

    /// The custom data whose JSON lies at `span` in `text`, read as the reader read it (a document's
    /// custom data merged into none is itself); nil for none.
    private static func customData(_ span: Span, in text: [UInt8]) -> JSONObject? {
        guard span.length != Span.none.length else { return nil }
        return text.withUnsafeBufferPointer { bytes in
            // Checked when it was read (valid, within the limits then): read here with none.
            var scanner = JSONScanner(base: bytes.baseAddress! + Int(span.start), count: Int(span.length),
                                      maximumDepth: .max, maximumNumberLength: .max)
            guard case .object(let object)? = try? scanner.parseValue(enclosingDepth: 0) else {
                preconditionFailure("a record's custom data is a JSON object")
            }
            return mergeJSONObject(nil, with: object)
        }
    }

    /// The component of row `index`, without making its model.
    func componentIdentifier(at index: Int) -> Identifier {
        let row = rows[index]
        if row.kind & Row.objectFlag != 0 { return objects[Int(row.kind & ~Row.objectFlag)].componentIdentifier }
        return components[Int(row.kind)].identifier
    }

    /// Calls `body` with the UTF-8 bytes of record `index`'s title and subtitle (nil for none),
    /// where the arena keeps them: what reads the texts of a million rows makes no model for them.
    func withTexts<Result>(ofRecord index: Int,
                           _ body: (UnsafeBufferPointer<UInt8>?, UnsafeBufferPointer<UInt8>?) -> Result) -> Result
    {
        let row = rows[index]
        precondition(row.kind & Row.objectFlag == 0, "row \(index) is a kept model, not a record")
        return text.withUnsafeBufferPointer { bytes in
            func slice(_ span: Span) -> UnsafeBufferPointer<UInt8>? {
                guard span.length != Span.none.length else { return nil }
                return UnsafeBufferPointer(rebasing: bytes[Int(span.start)..<Int(span.start) + Int(span.length)])
            }
            return body(slice(row.title), slice(row.subtitle))
        }
    }

    /// Whether row `index` is a plain row's record (not a kept model).
    func isRecord(at index: Int) -> Bool {
        rows[index].kind & Row.objectFlag == 0
    }

    /// The identifier of row `index`, without making its model.
    func identifier(at index: Int) -> String {
        let row = rows[index]
        if row.kind & Row.objectFlag != 0 { return objects[Int(row.kind & ~Row.objectFlag)].identifier }
        return string(row.identifier) ?? ""
    }

    /// Whether row `index` of this store and row `otherIndex` of `other` hold equal models
    /// (``ComponentModel/==(_:_:)``), comparing records and bytes where both rows are plain.
    func rowEquals(_ index: Int, _ other: ComponentRowStore, _ otherIndex: Int) -> Bool {
        if other === self && index == otherIndex { return true }
        let row = rows[index]
        let otherRow = other.rows[otherIndex]
        let isObject = row.kind & Row.objectFlag != 0
        let otherIsObject = otherRow.kind & Row.objectFlag != 0
        if isObject || otherIsObject {
            // A record with extras may equal a model kept as an object (one built in code, or read
            // through the tree): its model is made to be compared.
            guard isObject == otherIsObject else { return model(at: index) == other.model(at: otherIndex) }
            return objects[Int(row.kind & ~Row.objectFlag)] == other.objects[Int(otherRow.kind & ~Row.objectFlag)]
        }
        let component = components[Int(row.kind)]
        let otherComponent = other.components[Int(otherRow.kind)]
        guard component.identifier == otherComponent.identifier && component.category == otherComponent.category
            && textEquals(row.identifier, other, otherRow.identifier) && textEquals(row.title, other, otherRow.title)
            && textEquals(row.subtitle, other, otherRow.subtitle)
        else { return false }
        switch (row.extras == Row.noExtras, otherRow.extras == Row.noExtras) {
        case (true, true): return true
        case (false, false):
            let mine = extras[Int(row.extras)]
            let theirs = other.extras[Int(otherRow.extras)]
            if bytesEqual(mine.mainImageURL, other, theirs.mainImageURL)
                && bytesEqual(mine.targetURI, other, theirs.targetURI) && bytesEqual(mine.customData, other, theirs.customData)
            {
                return true
            }
            // Written otherwise, they may still be equal (custom data with other spaces or key
            // order, `1.0` for `1`, a key given twice): the models say.
            return model(at: index) == other.model(at: otherIndex)
        default: return false
        }
    }

    private func bytesEqual(_ span: Span, _ other: ComponentRowStore, _ otherSpan: Span) -> Bool {
        guard span.length == otherSpan.length else { return false }
        guard span.length != Span.none.length, span.length > 0 else { return true }
        let length = Int(span.length)
        return text.withUnsafeBufferPointer { mine in
            other.text.withUnsafeBufferPointer { theirs in
                memcmp(mine.baseAddress! + Int(span.start), theirs.baseAddress! + Int(otherSpan.start), length) == 0
            }
        }
    }

    /// Whether the text at `span` and the one at `otherSpan` in `other` are equal as the models'
    /// `String`s are: the same bytes, or, where either has a byte outside ASCII, canonically
    /// equivalent ("café" with a precomposed "é" and with "e" and a combining accent).
    private func textEquals(_ span: Span, _ other: ComponentRowStore, _ otherSpan: Span) -> Bool {
        if bytesEqual(span, other, otherSpan) { return true }
        guard span.length != Span.none.length, otherSpan.length != Span.none.length,
            hasByteOutsideASCII(span) || other.hasByteOutsideASCII(otherSpan)
        else { return false }
        return string(span) == other.string(otherSpan)
    }

    private func hasByteOutsideASCII(_ span: Span) -> Bool {
        text.withUnsafeBufferPointer { bytes in
            bytes[Int(span.start)..<Int(span.start) + Int(span.length)].contains { $0 >= 0x80 }
        }
    }

    private func string(_ span: Span) -> String? {
        Self.string(span, in: text)
    }

    /// The text of `span` in the arena `text`, nil for no text.
    fileprivate static func string(_ span: Span, in text: [UInt8]) -> String? {
        guard span.length != Span.none.length else { return nil }
        let start = Int(span.start)
        return text.withUnsafeBufferPointer { bytes in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<start + Int(span.length)]), as: UTF8.self)
        }
    }

    /// A component and its category, as the table of distinct ones is keyed.
    private struct ComponentKey: Hashable {
        let identifier: Identifier
        let category: ComponentCategory
    }

    /// Fills a store row by row, in order.
    struct Builder {
        private var text: [UInt8] = []
        private var rows: [Row] = []
        private var components: [(identifier: Identifier, category: ComponentCategory)] = []
        private var componentIndexes: [ComponentKey: UInt32] = [:]
        private var extras: [Extras] = []
        private var objects: [ComponentModel] = []
        /// The index of the last plain row's component in `components`.
        private var lastKind: UInt32?

        /// The store whose texts and components this one starts from (see ``init(basedOn:capacity:)``).
        private var base: ComponentRowStore?

        init(capacity: Int) {
            rows.reserveCapacity(capacity)
        }

        /// A builder for a body made from `store`'s rows (a patch's or a state evaluation's result):
        /// it shares the store's texts and components, so that a row copied from it is its record as
        /// it is, and a million rows are not copied byte by byte for a change to a few.
        init(basedOn store: ComponentRowStore, capacity: Int) {
            base = store
            text = store.text
            components = store.components
            extras = store.extras
            for (index, component) in store.components.enumerated() {
                componentIndexes[ComponentKey(identifier: component.identifier, category: component.category)] = UInt32(index)
            }
            rows.reserveCapacity(capacity)
        }

        /// The number of rows added so far: the index of the next.
        var count: Int { rows.count }

        /// Makes room for `count` rows in all.
        mutating func reserveCapacity(_ count: Int) {
            rows.reserveCapacity(count)
        }

        /// Makes room for `count` bytes of text in all, so that a long body read row by row does not
        /// copy its arena each time it doubles.
        mutating func reserveTextCapacity(_ count: Int) {
            text.reserveCapacity(min(count, Int(UInt32.max)))
        }

        /// The bytes of text held so far.
        var textCount: Int { text.count }

        /// The bytes of text there is room for.
        var textCapacity: Int { text.capacity }

        /// Adds `model`, the body's next row (its index is the number of rows added so far): as a
        /// record when it is plain, as itself otherwise.
        mutating func append(_ model: ComponentModel) {
            let isPlain = !model.hasDetails && model.children.isEmpty && model.type == .body
            if isPlain, let row = record(for: model) {
                rows.append(row)
            } else {
                appendObject(model)
            }
        }

        /// Adds `model` as itself, plain or not: a model made for this body (by a patch or a state
        /// evaluation), whose index is already the next row's.
        mutating func appendObject(_ model: ComponentModel) {
            rows.append(Row(identifier: .none, title: .none, subtitle: .none, kind: UInt32(objects.count) | Row.objectFlag))
            objects.append(model)
        }

        /// Adds row `index` of `store` as it is there: a record is copied (its texts and component;
        /// its position is the new one), a kept model is kept, the same object.
        mutating func appendRow(_ index: Int, of store: ComponentRowStore) {
            let row = store.rows[index]
            guard row.kind & Row.objectFlag == 0 else {
                appendObject(store.objects[Int(row.kind & ~Row.objectFlag)])
                return
            }
            if store === base {
                rows.append(row)
                return
            }
            let component = store.components[Int(row.kind)]
            let key = ComponentKey(identifier: component.identifier, category: component.category)
            let kind: UInt32
            if let known = componentIndexes[key] {
                kind = known
            } else {
                kind = UInt32(components.count)
                components.append(component)
                componentIndexes[key] = kind
            }
            var extrasIndex = Row.noExtras
            if row.extras != Row.noExtras {
                let extra = store.extras[Int(row.extras)]
                extrasIndex = UInt32(extras.count)
                extras.append(Extras(mainImageURL: copy(extra.mainImageURL, from: store),
                                     targetURI: copy(extra.targetURI, from: store),
                                     customData: copy(extra.customData, from: store)))
            }
            rows.append(Row(identifier: copy(row.identifier, from: store), title: copy(row.title, from: store),
                            subtitle: copy(row.subtitle, from: store), kind: kind, extras: extrasIndex))
        }

        private mutating func copy(_ span: Span, from store: ComponentRowStore) -> Span {
            guard span.length != Span.none.length else { return .none }
            let start = UInt32(text.count)
            text.append(contentsOf: store.text[Int(span.start)..<Int(span.start) + Int(span.length)])
            return Span(start: start, length: span.length)
        }

        /// The record of a plain `model`, or nil when the arena or the component table is full
        /// (the model is then kept as an object).
        private mutating func record(for model: ComponentModel) -> Row? {
            record(identifier: .string(model.identifier), componentIdentifier: model.componentIdentifier,
                   componentCategory: model.componentCategory, title: model.title.map(Text.string),
                   subtitle: model.subtitle.map(Text.string))
        }

        /// A row's text as it is given: a string, or UTF-8 bytes where the reader found them (valid
        /// UTF-8, and only read while the record is made).
        enum Text {
            case string(String)
            case bytes(UnsafeBufferPointer<UInt8>)

            var count: Int {
                switch self {
                case .string(let string): string.utf8.count
                case .bytes(let bytes): bytes.count
                }
            }

            /// Calls `body` with the text's UTF-8 bytes.
            func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
                switch self {
                case .string(var string): string.withUTF8 { body(UnsafeRawBufferPointer($0)) }
                case .bytes(let bytes): body(UnsafeRawBufferPointer(bytes))
                }
            }
        }

        /// What a record read from a document has beyond its texts (see ``Extras``), as written:
        /// each URL checked to parse, the custom data a JSON object without expressions.
        struct ExtraTexts {
            var mainImageURL: Text?
            var targetURI: Text?
            var customData: Text?

            var isEmpty: Bool { mainImageURL == nil && targetURI == nil && customData == nil }
            var count: Int { (mainImageURL?.count ?? 0) + (targetURI?.count ?? 0) + (customData?.count ?? 0) }
        }

        /// The record of a plain row given by its parts, its texts put in the arena but the row not
        /// added (``appendRecord(_:)`` adds it): the one-pass reader keeps a long body's plain rows
        /// this way while it reads, without a builder or a model for them. Nil when the arena or
        /// the component table is full.
        mutating func record(identifier: Text, componentIdentifier: Identifier, componentCategory: ComponentCategory,
                             title: Text?, subtitle: Text?, extras extraTexts: ExtraTexts? = nil) -> Row?
        {
            let kind: UInt32
            if let lastKind, components[Int(lastKind)].identifier == componentIdentifier,
                components[Int(lastKind)].category == componentCategory
            {
                // Rows in a run usually share their component: no key made and no hashing for them.
                kind = lastKind
            } else {
                let key = ComponentKey(identifier: componentIdentifier, category: componentCategory)
                if let known = componentIndexes[key] {
                    kind = known
                } else {
                    guard components.count < Int(Row.objectFlag) else { return nil }
                    kind = UInt32(components.count)
                    components.append((componentIdentifier, componentCategory))
                    componentIndexes[key] = kind
                }
                lastKind = kind
            }
            let added = identifier.count + (title?.count ?? 0) + (subtitle?.count ?? 0) + (extraTexts?.count ?? 0)
            guard text.count + added < Int(UInt32.max), extras.count < Int(Row.noExtras) else { return nil }
            var row = Row(identifier: append(identifier), title: title.map { append($0) } ?? .none,
                          subtitle: subtitle.map { append($0) } ?? .none, kind: kind)
            if let extraTexts, !extraTexts.isEmpty {
                row.extras = UInt32(extras.count)
                extras.append(Extras(mainImageURL: extraTexts.mainImageURL.map { append($0) } ?? .none,
                                     targetURI: extraTexts.targetURI.map { append($0) } ?? .none,
                                     customData: extraTexts.customData.map { append($0) } ?? .none))
            }
            return row
        }

        /// Adds `row`, a record this builder made (``record(identifier:componentIdentifier:componentCategory:title:subtitle:extras:)``,
        /// or a copy of this builder that made it), as the next row.
        mutating func appendRecord(_ row: Row) {
            precondition(row.kind & Row.objectFlag == 0, "a record, not a kept model")
            rows.append(row)
        }

        /// The model of `row`, a record this builder made, at `index`: what the row stands for.
        func model(of row: Row, at index: Int) -> ComponentModel {
            ComponentRowStore.model(ofRecord: row, at: index, text: text, components: components, extras: extras)
        }

        /// The identifier of `row`, a record this builder made.
        func identifier(of row: Row) -> String {
            ComponentRowStore.string(row.identifier, in: text) ?? ""
        }

        /// Calls `body` with the UTF-8 bytes of the identifier of `row`, a record this builder made,
        /// where the arena keeps them.
        func withIdentifier<Result>(of row: Row, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
            text.withUnsafeBytes { arena in
                body(UnsafeRawBufferPointer(rebasing: arena[Int(row.identifier.start)..<Int(row.identifier.start) + Int(row.identifier.length)]))
            }
        }

        private mutating func append(_ added: Text) -> Span {
            let start = UInt32(text.count)
            // Copied as a buffer: appending a string's `utf8` view goes a byte at a time.
            added.withBytes { text.append(contentsOf: $0) }
            return Span(start: start, length: UInt32(text.count) - start)
        }

        /// The store of the rows added.
        consuming func finish() -> ComponentRowStore {
            // The arena grew by doubling: keep only what it holds.
            if let base, text.count == base.text.count {
                return ComponentRowStore(text: base.text, rows: rows, components: components, extras: extras,
                                         objects: objects)
            }
            let exact = [UInt8](unsafeUninitializedCapacity: text.count) { buffer, count in
                count = buffer.initialize(fromContentsOf: text)
            }
            return ComponentRowStore(text: exact, rows: rows, components: components, extras: extras, objects: objects)
        }
    }
}
