import Foundation

/// Changes to part of a view that is shown, by the ids of its components: replace a component,
/// remove it, insert components before or after it, into it, or at the end of the body or the
/// overlays. A server sends one to change a view without sending the whole document again.
///
/// ```json
/// {
///   "patch": {"changes": [
///     {"replace": "croissant", "with": [{"id": "croissant", "text": {"title": "Croissant", "subtitle": "Sold out"}}]},
///     {"remove": "baguette"},
///     {"insert": [{"id": "brioche", "text": {"title": "Brioche"}}], "after": "croissant"},
///     {"insert": [{"id": "note", "text": {"title": "Fresh at seven"}}], "into": "body"}
///   ]}
/// }
/// ```
///
/// Components in a patch are read as a document's are, templates (the patch's own `templates`,
/// beside its `patch`), expressions and a component's `state` included, and the expressions of each
/// are checked against the variables in scope where it goes, as if the document had it there. docs/json.md
/// ("Patches") has the format for authors.
///
/// **All or nothing.** Reading checks everything the text alone can tell; applying checks the rest
/// against the view model: every id a change names must be the id of exactly one component of the
/// view (the header, the body, the overlays, and their children at any depth) as the changes before
/// it left it; a component may not be added beside a sibling of the same id; and the components
/// must read without a single problem. Anything wrong throws a ``ViewModelPatchError``, located in
/// the patch's text, and nothing is changed.
///
/// **Order.** Changes apply one after the other: a change sees the view as the changes before it
/// left it, so a patch may insert a component and then insert into it.
///
/// **Cost.** Reading parses the patch and reads its components; it is pure and its result
/// `Sendable`, so run it off the main thread. So is applying, which never rebuilds the rows a patch
/// does not touch: it looks through the view once for the ids the patch names, marks where each
/// change goes, puts each list it changed together once, and makes again only the top-level
/// components whose children change (a model's parent is fixed when it is made). A patch to a view
/// of 100,000 rows costs a walk over the rows and a copy of the body's array, not 100,000 models,
/// whether it makes ten changes or ten thousand.
///
/// **Indexes.** Children are numbered again where a patch changes them. Top-level components keep
/// the ``ComponentModel/index`` they were made with (numbering 100,000 rows again would mean making
/// them all again), and one a patch adds gets its position in the list the patch leaves; as with a
/// view whose state hides rows, a top-level model's index is then not always its position in its
/// list.
public struct ViewModelPatch: Sendable {
    /// The changes, in order.
    let changes: [ViewModelPatchChange]
    /// The patch's text: problems found when it is applied are located in it then.
    let data: Data
    /// The limits it was read with, which applying it keeps to.
    let limits: ContentLimits

    /// Reads a patch: its text is parsed and its changes read, each of its components with `schema`
    /// as a document's are (`schema` is the one the view it is meant for was read with).
    ///
    /// - Parameters:
    ///   - data: the patch's UTF-8 JSON text.
    ///   - schema: how components are read: the schema of the view the patch is for.
    ///   - clientCapabilities: what the client that shows the view can show: a component of the patch
    ///     that needs something it lacks is replaced by its `fallback`, as a document's is
    ///     (``ViewModelBuilder/clientCapabilities``). Nil: every component stays, and fallbacks are
    ///     only checked.
    ///   - limits: the bounds the patch must keep to, ``ContentLimits/maximumPatchBytes``,
    ///     ``ContentLimits/maximumPatchChanges`` and ``ContentLimits/maximumPatchComponents`` among
    ///     them; the view's, for the components it adds.
    /// - Throws: ``ViewModelPatchError`` with every problem the text has, located.
    public init(data: Data, schema: JSONSchema, clientCapabilities: ClientCapabilities? = nil,
                limits: ContentLimits = .default) throws(ViewModelPatchError)
    {
        try self.init(data: data, schema: schema, clientCapabilities: clientCapabilities, limits: limits,
                      recordingFallbacksIn: nil)
    }

    /// Reads a patch for a client that can show `clientCapabilities`, and notes in `notes` what that
    /// changed of its components (hub-validate's `--client` with `--patch`), at their paths in the
    /// patch (``FallbackNotes/located(by:)`` places them in its text).
    package init(data: Data, schema: JSONSchema, clientCapabilities: ClientCapabilities?, limits: ContentLimits,
                 recordingFallbacksIn notes: FallbackNotes?) throws(ViewModelPatchError)
    {
        self.data = data
        self.limits = limits
        guard data.count <= limits.maximumPatchBytes else {
            throw ViewModelPatchError(problems: [ViewModelPatchProblem(
                path: "", message: "the patch is \(ContentLimits.describe(bytes: data.count)), more than the limit of "
                    + "\(ContentLimits.describe(bytes: limits.maximumPatchBytes)) (maximumPatchBytes)",
                location: JSONSourceLocation(offset: 0, line: 1, column: 1))])
        }
        // Parsed without noting where values are: a patch that has problems is parsed again to
        // locate them (noting a hundred thousand values costs more than parsing them).
        let document: JSONValue
        do {
            document = try JSONParser(limits: limits).parse(data)
        } catch {
            throw Self.syntaxError(error, in: data, limits: limits)
        }
        let reader = ViewModelPatchReader(schema: schema, clientCapabilities: clientCapabilities, limits: limits,
                                          recordingFallbacksIn: notes)
        guard let changes = reader.read(document, byteCount: data.count) else {
            throw Self.located(reader.problems.problems, in: data, limits: limits)
        }
        self.changes = changes
    }

    /// The view model `viewModel` becomes with the patch's changes made, in order; `viewModel` itself
    /// does not change (view models never do).
    ///
    /// Give it the view model the loader delivered, not one the view's state was applied to
    /// (whose hidden components are left out and whose texts are values): the result is shown with
    /// the state applied again. Its derived facts are right for the result: which variables its
    /// components declare (a component the patch removes takes its scope with it, one it adds brings
    /// its own), whether anything depends on state, whether it has forms.
    ///
    /// - Throws: ``ViewModelPatchError``, located in the patch's text, when a change cannot be made
    ///   to this view model (see ``ViewModelPatch``): nothing is changed then.
    public func applied(to viewModel: ViewModel) throws(ViewModelPatchError) -> ViewModel {
        var application = ViewModelPatchApplication(source: viewModel, changes: changes, limits: limits)
        guard let patched = application.apply() else {
            throw Self.located(application.problems, in: data, limits: limits)
        }
        return patched
    }

    // MARK: Locating problems

    /// `problems` located in the patch's text, in its order: the text is parsed again, noting where
    /// values start as deep as the problems are (it parsed before, and a rejected patch is rare),
    /// rather than every patch keeping where all its values are.
    private static func located(_ problems: [JSONProblem], in data: Data, limits: ContentLimits) -> ViewModelPatchError {
        let depth = problems.map { JSONLocation.components(of: $0.pathLocation).count }.max() ?? 0
        let recorder = JSONOffsetRecorder(maximumDepth: depth)
        _ = try? JSONParser(limits: limits).parse(data, recording: recorder)
        let offsets = problems.map { recorder.offset(of: $0.pathLocation) }
        let locations = data.withUnsafeBytes { raw in
            JSONSourceLocation.locations(of: offsets, in: raw.bindMemory(to: UInt8.self))
        }
        let located = zip(problems, offsets).map { problem, offset in
            let location = locations[offset]!
            // An expression's problem is at its character inside the string.
            let inside = problem.offsetInString.flatMap { location.insideString(atScalar: $0, in: data) }
            return ViewModelPatchProblem(path: problem.path, message: problem.message, location: inside ?? location)
        }
        let ordered = located.enumerated().sorted { ($0.element.location.offset, $0.offset) < ($1.element.location.offset, $1.offset) }
        return ViewModelPatchError(problems: ordered.map(\.element))
    }

    /// A patch whose text is not JSON: one problem where it stops being JSON, at the value the parser
    /// was reading (parsed again to find which: the path is noted whatever the recorder's depth).
    private static func syntaxError(_ error: JSONError, in data: Data, limits: ContentLimits) -> ViewModelPatchError {
        let recorder = JSONOffsetRecorder(maximumDepth: 0)
        _ = try? JSONParser(limits: limits).parse(data, recording: recorder)
        let path = JSONLocation.path(of: recorder.pathBeingRead)
        let problem: ViewModelPatchProblem
        switch error {
        case .emptyData:
            problem = ViewModelPatchProblem(path: "", message: "the patch is empty",
                                            location: JSONSourceLocation(offset: 0, line: 1, column: 1))
        case .invalidJSON(let reason, let location):
            problem = ViewModelPatchProblem(path: path, message: "invalid JSON: \(reason)", location: location)
        case .tooDeep(let maximumDepth, let location):
            problem = ViewModelPatchProblem(path: path, message: "arrays and objects are nested deeper than "
                + "\(maximumDepth) levels", location: location)
        case .numberTooLong(let maximumLength, let location):
            problem = ViewModelPatchProblem(path: path, message: "a number is longer than \(maximumLength) characters",
                                            location: location)
        case .unexpectedTopLevelValue(let expected, let found):
            problem = ViewModelPatchProblem(path: "", message: "expected \(expected) at the top level, found \(found)",
                                            location: JSONSourceLocation(offset: 0, line: 1, column: 1))
        }
        return ViewModelPatchError(problems: [problem])
    }
}
