import Foundation

/// Reads a view document from its bytes into a ``ViewModelBuilder`` in one pass, with the schema
/// compiled into key tables (`CompiledJSONSchema`): the body's components go from bytes to
/// builders without a value tree, and the document's other members are small trees applied at the
/// end as before.
///
/// The results are those of reading the whole tree first (`ViewModelBuilder.addJSONThroughValueTree`):
/// the same builders, the same problems in the same order, the same errors at the same places.
/// What keeps them the same:
/// * A component is read into `ComponentFields` and only handed to its builder once its object has
///   ended, so its identifier may come after the other members.
/// * Whatever would give a problem, or could differ from the tree (a value of the wrong kind, a
///   text over the limit, a repeated member, a key with escapes, nesting at the depth limit, custom
///   images, children, a local image, a target's view), makes the reader go back to the
///   component's first byte and read that one component through the tree, with the code the tree
///   path uses. Components like that are rare in long lists; correct ones cost nothing extra.
/// * Invalid JSON is found by the same scanner at the same place: the same error.
/// * The body's problems are kept aside and replayed where the tree path reports them (after the
///   view's identifier, title and header, before its overlays).
/// * A document the reader cannot read this way (a second body member, a top-level scalar) makes
///   `read()` return nil: the caller removes the body builders it added and reads the tree.
///
/// With a `JSONOffsetRecorder` (hub-validate's), the reader notes where the document's members, the
/// body's elements and every value read through the tree start. A component read from its bytes
/// gives no problem (anything that would sends it to the tree), so nothing inside it is noted.
struct ViewDocumentReader {
    private var scanner: JSONScanner
    private let compiled: CompiledJSONSchema
    /// Whether the schema reports members it does not read (``JSONSchema/reportsUnknownKeys``).
    private let reportsUnknownKeys: Bool
    private let builder: ViewModelBuilder
    private let problems: JSONProblemCollector
    private let maximumDepth: Int
    private let maximumTextLength: Int
    /// The last component identifier read and its parts: a long list names the same few
    /// components over and over, so most rows skip the split.
    private var lastComponentIdentifier: (text: String, parts: FieldValue)?
    /// The top-level object's members other than the body, as far as they have been read.
    private var members: JSONObject = [:]
    /// Handed the first part of a long body (see `ViewModelBuilder.addJSON(data:limits:onFirstPart:)`);
    /// nil once it has been: a component repeating an identifier leaves the count at the part's size.
    private var onFirstPart: ((ViewModelBuilder) -> Void)?
    /// Reading a prefix (`partOfAnySize`): nothing after the first part is wanted.
    private let stopsAtFirstPart: Bool
    /// The first part is handed over only when the rest is expected to take at least this long to
    /// read, in seconds (0: always). See `ViewModelBuilder.partWorthShowing`.
    private let partNeedsRestOf: Double
    /// When the read began (`ProcessInfo.systemUptime`): the rest's time is estimated from the pace so far.
    private let startTime: Double
    /// Whether components may use templates (``JSONSchema/readsTemplates``).
    private let readsTemplates: Bool
    /// The document's templates once its `templates` member has been read (none for a list of
    /// components); nil until then (a component that wants one meanwhile gets a stand-in that notes it).
    private var templates: ComponentTemplates?
    /// A component used a template before the document's templates were read: the document is
    /// read through the tree, which reads them first.
    private var needsTree = false
    /// The component being read: its members the schema does not read, and the template it names.
    private var otherMembers: [(String, JSONValue)] = []
    private var templateName: String?
    /// The last template a component used, compiled.
    private var lastTemplate: (name: String, template: CompiledTemplate)?
    /// Notes where values start, for hub-validate; nil for the viewer.
    private let recorder: JSONOffsetRecorder?
    /// The last component's fields, emptied: the next component reads into their storage instead
    /// of allocating its own.
    private var spareFields = ComponentFields()
    /// The title and subtitle of the component being read, where they lie in the document, when
    /// they are plain ASCII (no escapes, no expression, within the text limit): a plain row's are
    /// copied from there into the body's arena without a `String` made for them; any other
    /// component's are made strings in its fields (`moveTextsIntoFields`).
    private var textsInPlace: (title: Range<Int>?, subtitle: Range<Int>?) = (nil, nil)
    /// Where the component being read has its main image's URL and its target's URI (the bytes
    /// between their quotes, when they are printable ASCII without escapes) and its custom data
    /// (the object's bytes): a plain row keeps them as they are written (`ComponentRowStore.Extras`).
    private var extrasInPlace: (mainImageURL: Range<Int>?, targetURI: Range<Int>?, customData: Range<Int>?)
    /// The depth of the component's custom data, read last (see `PlainRowShape`).
    private var customDataDepth = 0
    /// The texts of the component being read, where they lie (the bytes between their quotes): a
    /// plain row's become the holes of `plainRowShape`. A main image's URL counts as `.mainImage`,
    /// a target's URI as `.target`, and custom data (its object's bytes) as `.customData`.
    private var textRanges: [(field: ComponentField, range: Range<Int>)] = []
    /// The last plain row read member by member, with its texts cut out: tried first on the next
    /// row (see `PlainRowShape`). Nil until a plain row is read, and for hub-validate's reads.
    private var plainRowShape: PlainRowShape?
    /// Where a row matching `plainRowShape` has its texts.
    private var shapeHoles: [Range<Int>] = []

    init(bytes: UnsafeBufferPointer<UInt8>, compiled: CompiledJSONSchema, builder: ViewModelBuilder,
         limits: ContentLimits, onFirstPart: ((ViewModelBuilder) -> Void)? = nil, partOfAnySize: Bool = false,
         partNeedsRestOf: Double = 0, recorder: JSONOffsetRecorder? = nil)
    {
        self.onFirstPart = partOfAnySize || bytes.count >= ViewModelBuilder.streamingThreshold ? onFirstPart : nil
        stopsAtFirstPart = partOfAnySize
        self.partNeedsRestOf = partOfAnySize ? 0 : partNeedsRestOf
        startTime = partNeedsRestOf > 0 ? ProcessInfo.processInfo.systemUptime : 0
        precondition(bytes.count > 0, "the caller handles empty data")
        scanner = JSONScanner(base: bytes.baseAddress!, count: bytes.count, maximumDepth: limits.maximumNestingDepth,
                              maximumNumberLength: limits.maximumNumberLength)
        self.compiled = compiled
        reportsUnknownKeys = builder.context.schema.unknownKeyCheck != nil
        self.builder = builder
        problems = JSONProblemCollector(limits: limits)
        maximumDepth = limits.maximumNestingDepth
        maximumTextLength = limits.maximumTextLength
        readsTemplates = builder.context.schema.readsTemplates
        self.recorder = recorder
    }

    /// Reads the document into the builder; nil when it must be read through the tree instead.
    mutating func read() throws(JSONError) -> [JSONProblem]? {
        recorder?.startDocument()
        try scanner.skipByteOrderMark()
        scanner.skipWhitespace()
        guard scanner.index < scanner.count else { return nil }
        recorder?.value(at: scanner.index)
        switch scanner.base[scanner.index] {
        case ASCII.openBracket:
            templates = builder.listTemplates(problems.limits)
            try readBody(elementDepth: 1, location: nil, aside: nil)
            try expectEnd()
            if !needsTree { builder.compileBindings(problems: problems) }
        case ASCII.openBrace:
            guard let body = try readTopLevelObject() else { return nil }
            // The rest of the view is applied only once the whole document is known to be valid.
            try expectEnd()
            if needsTree { return nil }
            builder.apply(members, at: nil, problems: problems, depth: 0, streamedBody: body,
                          templates: templates)
        default:
            return nil
        }
        return needsTree ? nil : problems.problems
    }

    /// Throws when anything but whitespace follows the document's value.
    private mutating func expectEnd() throws(JSONError) {
        scanner.skipWhitespace()
        if scanner.index < scanner.count {
            throw scanner.invalid("unexpected \(scanner.found(at: scanner.index)) after the end of the JSON value",
                                  at: scanner.index)
        }
    }

    // MARK: The document

    /// The problems of a streamed body, kept aside until the rest of the view is applied.
    final class BodyProblems {
        /// Elements that are not objects: the tree path reports them all before any component.
        let shapes: JSONProblemCollector
        /// The components' own problems, and the component limit.
        let components: JSONProblemCollector

        init(limits: ContentLimits) {
            shapes = JSONProblemCollector(limits: limits)
            components = JSONProblemCollector(limits: limits)
        }
    }

    /// Reads the top-level object: its body array into the builder, every other member into a tree
    /// (`members`). The body's problems, or nil when the body member comes twice (the tree keeps the
    /// last one).
    private mutating func readTopLevelObject() throws(JSONError) -> BodyProblems?? {
        scanner.index += 1
        scanner.skipWhitespace()
        var body: BodyProblems?
        var sawBody = false
        if scanner.index < scanner.count && scanner.base[scanner.index] == ASCII.closeBrace {
            scanner.index += 1
            return .some(nil)
        }
        while true {
            let key = try scanner.parseKeyString()
            recorder?.enter(.key(key))
            try scanner.expectColon()
            scanner.skipWhitespace()
            try expectMore(inObject: true)
            if key == compiled.bodyKey {
                if sawBody { return nil }
                sawBody = true
                if scanner.base[scanner.index] == ASCII.openBracket {
                    recorder?.value(at: scanner.index)
                    let aside = BodyProblems(limits: problems.limits)
                    try readBody(elementDepth: 2, location: .key(key, in: nil), aside: aside)
                    body = aside
                } else {
                    members[key] = try scanner.parseValue(enclosingDepth: 1, recording: recorder)
                }
            } else {
                let value = try scanner.parseValue(enclosingDepth: 1, recording: recorder)
                members[key] = value
                if readsTemplates && key == ComponentTemplates.definitionsKey {
                    templates = ComponentTemplates(value, at: .key(key, in: nil), limits: problems.limits,
                                                   schema: builder.context.schema, documentBytes: scanner.count)
                }
            }
            recorder?.leave()
            scanner.skipWhitespace()
            try expectMore(inObject: true)
            let separator = scanner.base[scanner.index]
            scanner.index += 1
            if separator == ASCII.comma { continue }
            if separator == ASCII.closeBrace { return .some(body) }
            scanner.index -= 1
            throw scanner.expectedSeparator(isObject: true)
        }
    }

    /// Reads the body array at the index, each object element into a body builder. `elementDepth`
    /// is the depth of its elements; `aside` holds the problems when the body is a member of the
    /// view object (nil for a top-level array, whose problems come in document order).
    private mutating func readBody(elementDepth: Int, location arrayLocation: JSONLocation?,
                                   aside: BodyProblems?) throws(JSONError)
    {
        if elementDepth - 1 >= maximumDepth {
            throw JSONError.tooDeep(maximumDepth: maximumDepth, location: scanner.location(scanner.index))
        }
        scanner.index += 1
        scanner.skipWhitespace()
        if scanner.index < scanner.count && scanner.base[scanner.index] == ASCII.closeBracket {
            scanner.index += 1
            return
        }
        let componentProblems = aside?.components ?? problems
        let bodyStart = scanner.index
        var offset = 0
        var admitting = true
        while true {
            scanner.skipWhitespace()
            recorder?.enter(.index(offset))
            try expectMore(inObject: false)
            recorder?.value(at: scanner.index)
            let isObject = scanner.base[scanner.index] == ASCII.openBrace
            // The tree path checks the component limit on every element of a top-level array, and
            // only on objects in a body member; there it first reports every element of the wrong kind.
            if admitting && (aside == nil || isObject)
                && !builder.admitsBodyComponent(at: .index(offset, in: arrayLocation), problems: componentProblems)
            {
                admitting = false
            }
            if admitting && isObject {
                try readComponent(depth: elementDepth, offset: offset, arrayLocation: arrayLocation,
                                  problems: componentProblems)
                if let onFirstPart, !needsTree, builder.numberOfBodyComponentModelBuilders == Self.firstPartSize {
                    self.onFirstPart = nil
                    if restTakesLong() { onFirstPart(firstPart()) }
                    // A prefix of a download is read for its first part only: the rest of it is read
                    // again with the whole document, so the read ends here, as it would at the
                    // prefix's end.
                    if stopsAtFirstPart { throw scanner.endInside(isObject: false) }
                }
            } else {
                let value = try scanner.parseValue(enclosingDepth: elementDepth, recording: recorder)
                if !isObject && (admitting || aside != nil) {
                    (aside?.shapes ?? problems).reportTypeMismatch(expected: "an object", found: value,
                                                                   at: .index(offset, in: arrayLocation))
                }
            }
            recorder?.leave()
            offset += 1
            if offset == Self.elementsBeforeEstimate {
                builder.reserveBodyCapacity(estimatedElementCount(after: offset, startingAt: bodyStart),
                                            textBytesLeft: scanner.count - scanner.index)
            }
            scanner.skipWhitespace()
            try expectMore(inObject: false)
            let separator = scanner.base[scanner.index]
            scanner.index += 1
            if separator == ASCII.comma { continue }
            if separator == ASCII.closeBracket { return }
            scanner.index -= 1
            throw scanner.expectedSeparator(isObject: false)
        }
    }

    /// Whether reading the rest of the document is expected to take `partNeedsRestOf` or more, at
    /// the pace of what has been read so far.
    private func restTakesLong() -> Bool {
        guard partNeedsRestOf > 0 else { return true }
        let elapsed = ProcessInfo.processInfo.systemUptime - startTime
        let left = Double(scanner.count - scanner.index)
        return elapsed * left >= partNeedsRestOf * Double(max(1, scanner.index))
    }

    /// How many body components a long document's first part has: a few screens' worth, so that the
    /// view can show them, and be scrolled a little, long before the rest is read.
    static let firstPartSize = 1_000

    /// The view as far as it has been read: a snapshot of the builder (which shares the component
    /// builders read so far, and copies one before it changes again), with the members read so far.
    private func firstPart() -> ViewModelBuilder {
        let part = builder.snapshot()
        let apply = {
            part.apply(self.members, at: nil, problems: JSONProblemCollector(limits: self.problems.limits), depth: 0,
                       templates: self.templates)
        }
        // The header is applied again with the whole document: its templates are charged then.
        if let budget = templates?.budget { budget.restoring(apply) } else { apply() }
        return part
    }

    /// After this many elements the body's length is estimated from their size and the bytes left.
    private static let elementsBeforeEstimate = 256

    /// How many elements the body has in all, judging by the first `count`, which took the bytes from
    /// `start` to the index; at most one per four bytes left, whatever the first ones were like, and
    /// never more than the component limit.
    private func estimatedElementCount(after count: Int, startingAt start: Int) -> Int {
        let used = max(1, scanner.index - start)
        let left = scanner.count - scanner.index
        return min(problems.limits.maximumComponentCount, count + min(left / 4, left / max(1, used / count)))
    }

    /// Throws the tree parser's error when the data ends inside a container.
    private func expectMore(inObject: Bool) throws(JSONError) {
        guard scanner.index >= scanner.count else { return }
        throw scanner.endInside(isObject: inObject)
    }

    // MARK: Components

    /// Reads the component object at the index into its builder: from its bytes when it can, else
    /// through the tree.
    private mutating func readComponent(depth: Int, offset: Int, arrayLocation: JSONLocation?,
                                        problems: JSONProblemCollector) throws(JSONError)
    {
        let start = scanner.index
        // With templates declared, the members the schema does not read are kept: they are the
        // template's values when the component names one.
        let collects = templates?.isEmpty == false
        // Shaped like the last plain row: the same members, so its texts alone decide what it is.
        if !collects, let shape = plainRowShape, shape.match(&scanner, holes: &shapeHoles) {
            if let row = plainRow(shapedBy: shape), builder.addPlainBodyRow(row) { return }
            scanner.index = start
        }
        var fields = ComponentFields()
        swap(&fields, &spareFields)
        defer {
            fields.removeAll()
            swap(&fields, &spareFields)
        }
        var read: Bool
        otherMembers.removeAll(keepingCapacity: true)
        templateName = nil
        textsInPlace = (nil, nil)
        extrasInPlace = (nil, nil, nil)
        textRanges.removeAll(keepingCapacity: true)
        do {
            read = try walkObject(compiled.component, depth: depth, collectingOthers: collects) {
                reader, slot, valueDepth throws(JSONError) in
                try reader.readComponentMember(slot, depth: valueDepth, into: &fields)
            }
        } catch {
            read = false  // the tree parser below finds the same error and throws it
        }
        if read, collects {
            moveTextsIntoFields(&fields)
            read = expandCompiledTemplate(into: &fields)
            // A template's custom data is merged with the row's own (`CompiledTemplate.fields(own:)`):
            // what the row wrote is not all its fields hold, so it is not kept as written.
            if templateName != nil { extrasInPlace = (nil, nil, nil) }
        }
        if read {
            // A plain row goes into the body as a record: no builder is made for it, and texts that
            // lie in the document as they are go from there into the body's arena.
            let written = ComponentRowStore.Builder.ExtraTexts(
                mainImageURL: extrasInPlace.mainImageURL.map { .bytes(bytes($0)) },
                targetURI: extrasInPlace.targetURI.map { .bytes(bytes($0)) },
                customData: extrasInPlace.customData.map { .bytes(bytes($0)) })
            if var row = fields.plainRow(written: written) {
                if let title = textsInPlace.title { row.title = .bytes(bytes(title)) }
                if let subtitle = textsInPlace.subtitle { row.subtitle = .bytes(bytes(subtitle)) }
                if builder.addPlainBodyRow(row) {
                    if !collects && recorder == nil {
                        plainRowShape = PlainRowShape(row: start..<scanner.index, in: scanner.base, holes: textRanges,
                                                      valueDepth: customDataDepth)
                    }
                    return
                }
            }
            moveTextsIntoFields(&fields)
            let body = builder.bodyBuilder(forOptionalIdentifier: fields.identifier)
            fields.apply(to: body)
            // Where its expressions' problems are reported, once the document's state is known.
            if body.hasBoundFields {
                body.boundLocation = .index(offset, in: arrayLocation)
                // Read for hub-validate (a recorder): its expressions are checked once the whole
                // document (its state) is read, and their problems are at values inside it, so the
                // recorder notes where each of them starts (the value itself was read already).
                if let recorder {
                    let end = scanner.index
                    scanner.index = start
                    _ = try scanner.parseValue(enclosingDepth: depth, recording: recorder)
                    assert(scanner.index == end)
                }
            }
            return
        }
        scanner.index = start
        guard case .object(let object) = try scanner.parseValue(enclosingDepth: depth, recording: recorder) else {
            preconditionFailure("an object starts with '{'")
        }
        // Before the document's templates are read, a stand-in notes whether the component (or one
        // of its children) wanted one.
        let standIn = readsTemplates && templates == nil ? ComponentTemplates(limits: problems.limits,
                                                                              schema: builder.context.schema) : nil
        ComponentModelBuilder.applyComponent(object, at: .index(offset, in: arrayLocation), problems: problems, depth: 1,
                                             context: builder.context, templates: templates ?? standIn,
                                             into: builder.bodyBuilder(forOptionalIdentifier:))
        if standIn?.wasUsed == true { needsTree = true }
    }

    /// The plain row whose texts lie at `shapeHoles`, in a row shaped by `shape`, read as the
    /// member-by-member walk reads each of them; nil when one of them would be read otherwise (a
    /// component other than the last one read, an expression, a text over the limit).
    private func plainRow(shapedBy shape: PlainRowShape) -> ComponentFields.PlainRow? {
        var row = ComponentFields.PlainRow()
        var extras = ComponentRowStore.Builder.ExtraTexts()
        for (field, range) in zip(shape.fields, shapeHoles) {
            let text = bytes(range)
            switch field {
            case .mainImage, .target:
                // A URL that surely parses, as the walk parses it, and is no expression (the walk
                // checked the shape's own row, whose URL was not one).
                guard URLSyntax.isPlainAbsolute(text), !ExpressionTemplate.containsTemplateSyntax(utf8: text) else {
                    return nil
                }
                if field == .mainImage { extras.mainImageURL = .bytes(text) } else { extras.targetURI = .bytes(text) }
            case .customData:
                // Checked by the shape's match (`JSONScanner.skipPlainValue`): an object without `@`.
                extras.customData = .bytes(text)
            case .identifier:
                row.identifier = .bytes(text)
            case .componentIdentifier:
                guard var last = lastComponentIdentifier, case .componentIdentifier(let parts) = last.parts,
                    last.text.withUTF8({ $0.count == text.count
                        && (text.isEmpty || memcmp($0.baseAddress!, text.baseAddress!, text.count) == 0) })
                else { return nil }
                row.component = parts
            case .category:
                // Converted as the walk converts it (an expression is not a plain category).
                guard case .value(let kind) = field.content,
                    case .string(let category)? = kind.convert(.string(String(decoding: text, as: UTF8.self)),
                                                               at: nil, reading: strict)
                else { return nil }
                row.category = ComponentCategory(rawValue: category)
            case .title, .subtitle:
                guard keepsInPlace(range) else { return nil }
                if field == .title { row.title = .bytes(text) } else { row.subtitle = .bytes(text) }
            default:
                return nil
            }
        }
        if !extras.isEmpty { row.extras = extras }
        return row
    }

    /// The document's bytes in `range`.
    private func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: scanner.base + range.lowerBound, count: range.count)
    }

    /// Puts the title and subtitle read in place into `fields`, as strings.
    private mutating func moveTextsIntoFields(_ fields: inout ComponentFields) {
        if let title = textsInPlace.title { fields.values[.title] = .string(String(decoding: bytes(title), as: UTF8.self)) }
        if let subtitle = textsInPlace.subtitle {
            fields.values[.subtitle] = .string(String(decoding: bytes(subtitle), as: UTF8.self))
        }
        textsInPlace = (nil, nil)
    }

    /// The plain ASCII text at the index (see `textsInPlace`) and the index past it; nil, with the
    /// index unmoved, for any other value.
    private mutating func readTextInPlace() -> Range<Int>? {
        let quote = scanner.index
        guard scanner.base[quote] == ASCII.quote else { return nil }
        scanner.index += 1
        guard let range = scanner.scanPlainASCIIString(), keepsInPlace(range) else {
            scanner.index = quote
            return nil
        }
        return range
    }

    /// Whether the plain ASCII text at `range` is kept where it lies: within the text limit, and no
    /// expression (the walk's rule for a title or subtitle, and the shape's).
    private func keepsInPlace(_ range: Range<Int>) -> Bool {
        range.count <= maximumTextLength && !ExpressionTemplate.containsTemplateSyntax(utf8: bytes(range))
    }

    /// A component read from bytes that names a template: its fields from the compiled template
    /// and its values (`otherMembers`), or false when it must be read through the tree. One that
    /// names none keeps its fields, unless it has members the schema does not read and reports.
    private mutating func expandCompiledTemplate(into fields: inout ComponentFields) -> Bool {
        guard let name = templateName, let templates else {
            return otherMembers.isEmpty || !reportsUnknownKeys
        }
        // Over the budget: the tree path reports it, without this template being compiled.
        guard !templates.isExhausted else { return false }
        // Long lists use the same template row after row.
        let template: CompiledTemplate
        if let last = lastTemplate, last.name == name {
            template = last.template
        } else {
            guard let compiled = templates.compiled(name, maximumTextLength: maximumTextLength) else { return false }
            lastTemplate = (name, compiled)
            template = compiled
        }
        var values = TemplateValues()
        for (key, value) in otherMembers {
            // A member that is neither read nor a value of the template: the tree reports it.
            guard template.parameters.contains(key) else { return false }
            values.append(key, value)
        }
        guard let expanded = template.fields(own: fields, values: values, maximumTextLength: maximumTextLength,
                                             textAllowance: max(0, templates.budget.remaining - TemplateBudget.useCost(values: template.size, textBytes: 0))),
            templates.spend(template, textBytes: expanded.textBytes)
        else { return false }
        fields = expanded.fields
        return true
    }

    /// Walks the object at the index, whose members `table` describes: `member` reads each known
    /// member's value (the index on it), unknown members are checked and dropped, or with
    /// `collectingOthers` kept in `otherMembers` (and a template's name in `templateName`). False,
    /// with the index anywhere inside, when the object has to be read through the tree.
    private mutating func walkObject<Slot>(
        _ table: KeyTable<Slot>, depth: Int, collectingOthers: Bool = false,
        _ member: (inout ViewDocumentReader, Slot, Int) throws(JSONError) -> Bool
    ) throws(JSONError) -> Bool {
        guard depth < maximumDepth else { return false }  // the tree throws the depth error
        scanner.index += 1
        scanner.skipWhitespace()
        if scanner.index < scanner.count && scanner.base[scanner.index] == ASCII.closeBrace {
            scanner.index += 1
            return true
        }
        var seen: UInt64 = 0
        while true {
            scanner.skipWhitespace()
            guard let key = scanPlainKey() else { return false }
            if let position = table.position(ofKeyAt: scanner.base + key.start, count: key.count) {
                // A repeated member: the tree keeps only the last one.
                guard position < 64 else { return false }
                let bit: UInt64 = 1 << UInt64(position)
                guard seen & bit == 0 else { return false }
                seen |= bit
                switch table.entries[position] {
                case .slot(let slot):
                    guard try member(&self, slot, depth + 1) else { return false }
                case .object(let nested):
                    guard scanner.base[scanner.index] == ASCII.openBrace,
                        try walkObject(nested, depth: depth + 1, member)
                    else { return false }
                }
            } else if collectingOthers {
                let value = try scanner.parseValue(enclosingDepth: depth + 1)
                if isTemplateKey(key) {
                    guard case .string(let name) = value, templateName == nil else { return false }
                    templateName = name
                } else {
                    let name = String(decoding: UnsafeBufferPointer(start: scanner.base + key.start, count: key.count),
                                      as: UTF8.self)
                    otherMembers.append((name, value))
                }
            } else {
                // A member the schema does not read: reported by the tree, with its location. A
                // template's name: the tree expands it.
                if reportsUnknownKeys || (readsTemplates && isTemplateKey(key)) { return false }
                _ = try scanner.parseValue(enclosingDepth: depth + 1)
            }
            scanner.skipWhitespace()
            guard scanner.index < scanner.count else { return false }
            let separator = scanner.base[scanner.index]
            scanner.index += 1
            if separator == ASCII.comma { continue }
            if separator == ASCII.closeBrace { return true }
            return false
        }
    }

    private func isTemplateKey(_ key: (start: Int, count: Int)) -> Bool {
        let name = ComponentTemplates.instanceKeyBytes
        return key.count == name.count
            && name.withUnsafeBufferPointer { memcmp($0.baseAddress!, scanner.base + key.start, key.count) == 0 }
    }

    /// A key of printable ASCII without escapes, and its colon; leaves the index on the value.
    /// Nil for anything else (the tree reads it, and reports it when it is invalid).
    private mutating func scanPlainKey() -> (start: Int, count: Int)? {
        let base = scanner.base
        let count = scanner.count
        guard scanner.index < count, base[scanner.index] == ASCII.quote else { return nil }
        let start = scanner.index + 1
        var cursor = start
        while cursor < count {
            let byte = base[cursor]
            if byte == ASCII.quote || byte == ASCII.backslash || byte < 0x20 || byte >= 0x80 { break }
            cursor += 1
        }
        guard cursor < count, base[cursor] == ASCII.quote else { return nil }
        scanner.index = cursor + 1
        scanner.skipWhitespace()
        guard scanner.index < count, base[scanner.index] == ASCII.colon else { return nil }
        scanner.index += 1
        scanner.skipWhitespace()
        guard scanner.index < count else { return nil }
        return (start, cursor - start)
    }

    /// Reads a member of a component object by its field's kind (ComponentFields.swift), strictly:
    /// false when the tree has to read (and report) it.
    private mutating func readComponentMember(_ field: ComponentField, depth: Int,
                                              into fields: inout ComponentFields) throws(JSONError) -> Bool
    {
        switch field.content {
        case .value(.componentIdentifier):
            // A long list names the same few components over and over: most rows skip the split.
            guard scanner.base[scanner.index] == ASCII.quote else { return false }
            scanner.index += 1
            let textStart = scanner.index
            let text = try scanner.parseString()
            textRanges.append((field, textStart..<scanner.index - 1))
            if let last = lastComponentIdentifier, last.text == text {
                fields.values[field] = last.parts
                return true
            }
            guard let parts = FieldKind.componentIdentifier.convert(.string(text), at: nil, reading: strict) else {
                return false
            }
            lastComponentIdentifier = (text, parts)
            fields.values[field] = parts
            return true
        case .value(.text) where field == .title || field == .subtitle:
            if let range = readTextInPlace() {
                if field == .title { textsInPlace.title = range } else { textsInPlace.subtitle = range }
                textRanges.append((field, range))
                return true
            }
            return try readFieldValue(field, .text, depth: depth, into: &fields)
        case .value(let kind):
            return try readFieldValue(field, kind, depth: depth, into: &fields)
        case .image:
            guard scanner.base[scanner.index] == ASCII.openBrace else { return false }
            var image = ComponentFields.Image()
            guard try walkObject(compiled.image, depth: depth, { reader, imageField, valueDepth throws(JSONError) in
                let valueStart = reader.scanner.index
                guard let value = try reader.readValue(imageField.kind, depth: valueDepth) else { return false }
                image.values[imageField] = value
                if field == .mainImage, imageField == .url { reader.notePlainURL(from: valueStart, as: .mainImage) }
                return true
            }) else { return false }
            fields[image: field] = image
            return true
        case .target:
            guard scanner.base[scanner.index] == ASCII.openBrace else { return false }
            var target = ComponentFields.Target()
            guard try walkObject(compiled.target, depth: depth, { reader, targetField, valueDepth throws(JSONError) in
                let valueStart = reader.scanner.index
                guard let value = try reader.readValue(targetField.kind, depth: valueDepth,
                                                       eachElement: targetField.isEachElement)
                else { return false }
                target.values[targetField] = value
                if targetField == .uri { reader.notePlainURL(from: valueStart, as: .target) }
                return true
            }) else { return false }
            fields.target = target
            return true
        }
    }

    /// Reads the value of `field` as `kind` into `fields` (false when the tree has to read it),
    /// noting where a text lies in `textRanges`.
    private mutating func readFieldValue(_ field: ComponentField, _ kind: FieldKind, depth: Int,
                                         into fields: inout ComponentFields) throws(JSONError) -> Bool
    {
        let valueStart = scanner.index
        guard let value = try readValue(kind, depth: depth) else { return false }
        if scanner.base[valueStart] == ASCII.quote {
            textRanges.append((field, valueStart + 1..<scanner.index - 1))
        } else if field == .customData, case .object = value {
            extrasInPlace.customData = valueStart..<scanner.index
            customDataDepth = depth
            textRanges.append((field, valueStart..<scanner.index))
        }
        fields.values[field] = value
        return true
    }

    /// Notes where the URL string just read from `valueStart` lies, as the main image's (`.mainImage`)
    /// or the target's (`.target`), when its bytes are printable ASCII without escapes: they are
    /// then the URL's text as it is, which a plain row keeps.
    private mutating func notePlainURL(from valueStart: Int, as field: ComponentField) {
        guard scanner.base[valueStart] == ASCII.quote else { return }
        var probe = scanner
        probe.index = valueStart + 1
        guard let range = probe.scanPlainASCIIString() else { return }
        if field == .mainImage { extrasInPlace.mainImageURL = range } else { extrasInPlace.targetURI = range }
        textRanges.append((field, range))
    }

    /// How the reader converts values: strictly, so that anything the tree would report (a text
    /// over the limit, a malformed identifier) sends the component to the tree.
    private var strict: FieldReading { .strict(maximumTextLength: maximumTextLength) }

    /// The value at the index as a field of `kind` (each element of an array with `eachElement`,
    /// gathered), or nil when the tree has to read it. Strings are read without a value tree.
    private mutating func readValue(_ kind: FieldKind, depth: Int, eachElement: Bool = false) throws(JSONError)
        -> FieldValue?
    {
        switch kind {
        case .treeOnly:
            return nil
        case _ where eachElement:
            guard scanner.base[scanner.index] == ASCII.openBracket,
                case .array(let elements) = try scanner.parseValue(enclosingDepth: depth)
            else { return nil }
            var actions: [TargetActionSource] = []
            for (offset, element) in elements.enumerated() {
                // The element's index (allocated only for an action object, which keeps it).
                guard case .actions(let one)? = kind.convert(element, at: JSONLocation.index(offset, in: nil), reading: strict)
                else { return nil }
                actions += one
            }
            return .actions(actions)
        case .condition, .action:
            return kind.convert(try scanner.parseValue(enclosingDepth: depth), at: nil, reading: strict)
        case .string, .identifier, .text, .url, .componentIdentifier:
            guard scanner.base[scanner.index] == ASCII.quote else { return nil }
            scanner.index += 1
            return kind.convert(.string(try scanner.parseString()), at: nil, reading: strict)
        case .object:
            guard scanner.base[scanner.index] == ASCII.openBrace else { return nil }
            return kind.convert(try scanner.parseValue(enclosingDepth: depth), at: nil, reading: strict)
        }
    }
}
