import Foundation

/// Shows a `LiveDocument`: adds its last good document to the view, lists the problems of a
/// rejected document in an overlay, and reschedules itself whenever the document changes, so the
/// view reloads in place (keeping its scroll position).
///
/// Before any good document arrived, the body holds a hint on how to send one.
@MainActor
public final class LiveContentOperation: ContentOperation, LiveDocumentObserver {
    /// The components the operation uses for its own models.
    public struct Components: Sendable {
        /// Shows the waiting hint (its title, multi-line).
        public var message: Identifier
        /// Shows a rejection in an overlay: its title is a heading and `descriptionText` the
        /// problems, one per line; `customData` has `problems` (`[{path, message}]`), `error` and
        /// `bytes` for components that render them themselves.
        public var problems: Identifier

        /// Names the two components.
        /// - Parameters:
        ///   - message: the component of the waiting hint.
        ///   - problems: the component of the overlay that lists a rejected document's problems.
        public init(message: Identifier, problems: Identifier) {
            self.message = message
            self.problems = problems
        }

        /// `default:label` for both.
        public static let defaults = Components(
            message: Identifier(namespace: defaultComponentNamespace, name: "label"),
            problems: Identifier(namespace: defaultComponentNamespace, name: "label"))
    }

    /// The identifier of the overlay model that lists problems.
    public static let problemsModelIdentifier = "live-problems"
    /// The identifier of the body model of the waiting hint.
    public static let waitingModelIdentifier = "live-waiting"
    /// At most this many problems are listed; a last line counts the others.
    public static let maximumListedProblems = 25

    public weak var delegate: (any ContentOperationDelegate)?
    /// The document the operation shows; it observes it from creation on.
    public let document: LiveDocument
    /// The components of the hint and of the problem overlay.
    public let components: Components
    /// The delegate of the latest execution, kept to reschedule when the document changes.
    private var reschedulingDelegate: (any ContentOperationDelegate)?

    /// Creates an operation for one live view.
    /// - Parameters:
    ///   - document: the session's document; the operation starts observing it at once.
    ///   - components: the components of the hint and of the problem overlay.
    public init(document: LiveDocument, components: Components = .defaults) {
        self.document = document
        self.components = components
        document.addObserver(self)
    }

    public func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                        viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        let delegate = self.delegate
        reschedulingDelegate = delegate
        // Read (and checked) once, when it arrived, with the same schema.
        if !document.addGoodContent(to: viewModelBuilder) {
            addWaitingHint(to: viewModelBuilder)
        }
        if let rejection = document.rejection {
            addProblems(rejection, to: viewModelBuilder)
        }
        delegate?.contentOperationDidFinish(self)
    }

    /// Asks the loader to run the operation again, so the view shows the document's new state.
    /// Does nothing before the operation's first execution.
    public func liveDocumentDidChange(_ document: LiveDocument) {
        reschedulingDelegate?.contentOperationRequiresRescheduling(self)
    }

    private func addWaitingHint(to builder: ViewModelBuilder) {
        let hint = builder.bodyComponentModelBuilder(withIdentifier: Self.waitingModelIdentifier)
        hint.componentNamespace = components.message.namespacePart
        hint.componentName = components.message.namePart
        var lines = ["Waiting for a document.", "Run “hublive FILE.json” to show a JSON file here;",
                     "it is shown again every time you save it."]
        if !document.serviceStatus.isEmpty { lines.append(document.serviceStatus) }
        hint.title = lines.joined(separator: "\n")
    }

    private func addProblems(_ rejection: LiveRejection, to builder: ViewModelBuilder) {
        let overlay = builder.overlayComponentModelBuilder(withIdentifier: Self.problemsModelIdentifier)
        overlay.componentNamespace = components.problems.namespacePart
        overlay.componentName = components.problems.namePart
        let what = rejection.byteCount.map { "The last document (\(LiveProtocol.describeSize($0)))" }
            ?? "The last message"
        let heading = document.goodDocument == nil
            ? "\(what) was not shown"
            : "\(what) was not shown; the view shows the last good one"
        var lines = rejection.lines
        if lines.count > Self.maximumListedProblems {
            let hidden = lines.count - Self.maximumListedProblems
            lines = Array(lines.prefix(Self.maximumListedProblems)) + ["… and \(hidden) more"]
        }
        overlay.title = ([heading] + lines).joined(separator: "\n")
        overlay.subtitle = heading
        overlay.descriptionText = lines.joined(separator: "\n")
        var data: JSONObject = [
            "problems": .array(rejection.problems.prefix(Self.maximumListedProblems).map { problem in
                .object(["path": .string(problem.path), "message": .string(problem.message)])
            }),
            "problemCount": .number(Double(rejection.problems.count)),
        ]
        if let error = rejection.error { data["error"] = .string(error) }
        if let bytes = rejection.byteCount { data["bytes"] = .number(Double(bytes)) }
        overlay.customData = data
    }
}

/// Creates one `LiveContentOperation` per live view, all showing the same document.
///
/// Its views have the ``ContentOrigin/live`` origin: what the socket delivered may not open or
/// read local files (``ContentOriginPolicy``).
@MainActor
public final class LiveContentOperationFactory: ContentOperationFactory, ContentOriginDeclaring {
    /// The document every operation shows.
    public let document: LiveDocument
    /// The components every operation uses for its hint and problem overlay.
    public let components: LiveContentOperation.Components

    /// Creates a factory for the live views of one session.
    /// - Parameters:
    ///   - document: the session's document.
    ///   - components: the components of the hint and of the problem overlay.
    public init(document: LiveDocument, components: LiveContentOperation.Components = .defaults) {
        self.document = document
        self.components = components
    }

    /// One new ``LiveContentOperation`` for the view.
    public func createContentOperations(forViewURI viewURI: URL) -> [any ContentOperation] {
        [LiveContentOperation(document: document, components: components)]
    }

    /// Live: the content was pushed through the live-editing socket.
    public func contentOrigin(forViewURI viewURI: URL) -> ContentOrigin { .live }
}
