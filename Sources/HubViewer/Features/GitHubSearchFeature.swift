import Foundation
import HubFramework
import HubGTK

/// `hub-demo:githubsearch` — searches GitHub's repositories as the user types. The API's JSON is
/// read with a custom schema (`github`) that turns each of `items` into a row: the repository's
/// name, "Author: <owner>", and its web page as the target. Three content operations cooperate
/// through the builder's custom data: the search bar's stores `searchString`, the results' sets
/// `searchInProgress` while a request runs, and the activity indicator's shows a spinner then.
enum GitHubSearch {
    static let viewURI = URL(string: "hub-demo:githubsearch")!
    static let schemaIdentifier = "github"
    static let searchAction = Identifier(namespace: "github", name: "search")
    static let searchStringKey = "searchString"
    static let searchInProgressKey = "searchInProgress"
    static let offlineText = localized("You're offline.\nGo online to search GitHub.")
    static let noResultsText = localized("No results found")

    /// The schema for GitHub search answers: `items[*]` are body components, each item is also its
    /// target, `name` the title, "Author: " + `owner.login` the subtitle, `html_url` the target URI.
    static func makeSchema(from registry: JSONSchemaRegistry) -> JSONSchema {
        let schema = registry.createNewSchema()
        schema.viewModelSchema.bodyComponentModelDictionariesPath =
            schema.createNewPath().goTo("items").forEach().dictionaryPath()
        schema.componentModelSchema.targetDictionaryPath = schema.createNewPath().dictionaryPath()
        schema.componentModelSchema.titlePath = schema.createNewPath().goTo("name").stringPath()
        schema.componentModelSchema.subtitlePath = schema.createNewPath().goTo("owner").goTo("login")
            // Translators: under a repository's name in the GitHub search results; %s is its owner.
            .runBlock { login in login.stringValue.map { .string(localized("Author: %s", $0)) } }.stringPath()
        schema.componentTargetSchema.uriPath = schema.createNewPath().goTo("html_url").urlPath()
        return schema
    }

    /// `<base>/search/repositories?q=<query>`.
    static func searchURL(base: URL, query: String) -> URL? {
        let url = base.appendingPathComponent("search").appendingPathComponent("repositories")
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        components.queryItems = [URLQueryItem(name: "q", value: query)]
        return components.url
    }
}

/// Adds the search bar, and passes the last search string on to the next operations as the
/// builder's custom data `searchString`. Observes `github:search` (the search bar's action,
/// which has no action object): stores the text and reschedules itself.
@MainActor
final class GitHubSearchBarContentOperation: ContentOperationActionObserver {
    /// Held strongly: the operation reschedules itself after its execution finished.
    var delegate: (any ContentOperationDelegate)?
    private(set) var searchString: String?

    func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                 viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        viewModelBuilder.setCustomDataValue(searchString.map { .string($0) }, forKey: GitHubSearch.searchStringKey)
        let searchBar = viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "searchBar")
        searchBar.componentName = "searchBar"
        searchBar.customData = [
            "placeholder": .string(localized("Search repositories on GitHub")),
            "action": .string(GitHubSearch.searchAction.identifierString),
        ]
        delegate?.contentOperationDidFinish(self)
    }

    func actionPerformed(with context: ActionContext, featureInfo: FeatureInfo, connectivityState: ConnectivityState) {
        guard context.customActionIdentifier == GitHubSearch.searchAction,
            let text = context.customData?["text"]?.stringValue
        else { return }
        searchString = text
        delegate?.contentOperationRequiresRescheduling(self)
    }
}

/// Searches and adds the results. Offline it shows an overlay instead. With a search string and
/// nothing loaded for it yet, it starts the request, marks `searchInProgress` and finishes at
/// once; when the answer arrives it keeps it and reschedules itself, and the next run adds the
/// JSON (or an overlay saying there were no results, or why the search failed).
@MainActor
final class GitHubSearchResultsContentOperation: ContentOperation {
    /// Held strongly: the operation reschedules itself when its request completes.
    var delegate: (any ContentOperationDelegate)?
    private let environment: DemoEnvironment

    private enum Outcome {
        case data(Data)
        case failure(String)
    }
    private var download: BoundedDownload?
    private var generation = 0
    /// The answer for a query, kept until the run that shows it.
    private var outcome: (query: String, outcome: Outcome)?

    init(environment: DemoEnvironment) {
        self.environment = environment
    }

    func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                 viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        if connectivityState == .offline {
            cancelRequest()
            outcome = nil
            addLabelOverlay("offlineLabel", GitHubSearch.offlineText, to: viewModelBuilder)
            delegate?.contentOperationDidFinish(self)
            return
        }
        guard let query = viewModelBuilder.customData?[GitHubSearch.searchStringKey]?.stringValue, !query.isEmpty
        else {
            cancelRequest()
            outcome = nil
            delegate?.contentOperationDidFinish(self)
            return
        }
        if let stored = outcome, stored.query == query {
            outcome = nil
            switch stored.outcome {
            case .data(let data):
                do {
                    try viewModelBuilder.addJSON(data: data)
                } catch {
                    delegate?.contentOperation(self, didFailWithError: error)
                    return
                }
                if viewModelBuilder.numberOfBodyComponentModelBuilders <= 1 {
                    addLabelOverlay("noResultsLabel", GitHubSearch.noResultsText, to: viewModelBuilder)
                }
            case .failure(let message):
                // Translators: %s says why (a sentence such as “The server could not be found.”).
                addLabelOverlay("errorLabel", localized("Could not search GitHub.\n%s", message), to: viewModelBuilder)
            }
            delegate?.contentOperationDidFinish(self)
            return
        }
        startRequest(for: query)
        viewModelBuilder.setCustomDataValue(true, forKey: GitHubSearch.searchInProgressKey)
        delegate?.contentOperationDidFinish(self)
    }

    private func addLabelOverlay(_ identifier: String, _ text: String, to builder: ViewModelBuilder) {
        let label = builder.overlayComponentModelBuilder(withIdentifier: identifier)
        label.componentName = "label"
        label.title = text
    }

    private func cancelRequest() {
        generation += 1
        download?.cancel()
        download = nil
    }

    private func startRequest(for query: String) {
        cancelRequest()
        outcome = nil
        let delegate = self.delegate
        guard let url = GitHubSearch.searchURL(base: environment.gitHubAPIBaseURL, query: query) else {
            outcome = (query, .failure(localized("The search address could not be made.")))
            delegate?.contentOperationRequiresRescheduling(self)
            return
        }
        let generation = self.generation
        let request = HTTPRequest(url: url, headerFields: [
            "Accept": "application/vnd.github+json",
            // GitHub's API turns away requests without a User-Agent.
            "User-Agent": "HubFramework-GTK-Viewer",
        ])
        // Every status is read: GitHub explains a refusal in the body's `message`.
        download = BoundedDownload(request, client: environment.httpClient, limits: Self.limits,
                                   accepts: { _ in true }) { [weak self] result in
            let outcome = Self.outcome(result)
            MainThread.perform {
                guard let self, self.generation == generation else { return }
                self.download = nil
                self.outcome = (query, outcome)
                delegate?.contentOperationRequiresRescheduling(self)
            }
        }
    }

    /// A search answer is small; GitHub answers within seconds.
    private static let limits = BoundedDownload.Limits(maximumBytes: 8 << 20, responseSeconds: 20, totalSeconds: 30,
                                                       maximumRedirects: 5)

    /// What a finished request means for the view (runs on the HTTP client's thread).
    private nonisolated static func outcome(_ result: Result<BoundedDownload.Body, BoundedDownload.Failure>) -> Outcome {
        let body: BoundedDownload.Body
        switch result {
        case .success(let received): body = received
        case .failure(.transport(let error)): return .failure(describe(error))
        case .failure(.noResponse), .failure(.timeout): return .failure(describe(URLError(.timedOut)))
        case .failure(.tooLarge), .failure(.overSharedBudget): return .failure(localized("The server's answer was unusable."))
        case .failure(let failure): return .failure(localized("The request failed (%s).", String(describing: failure)))
        }
        let status = body.response.statusCode
        guard (200..<300).contains(status) else {
            // A status code names the answer, written as it is: not grouped as quantities are.
            if let object = try? JSONSerialization.jsonObject(with: body.data) as? [String: Any],
                let reason = object["message"] as? String, !reason.isEmpty
            {
                // Translators: %1$s is an HTTP status code (such as 403), %2$s GitHub's explanation
                // (in English).
                return .failure(localized("GitHub answered with HTTP status %1$s. %2$s", String(status), reason))
            }
            // Translators: %s is an HTTP status code (such as 403).
            return .failure(localized("GitHub answered with HTTP status %s.", String(status)))
        }
        return .data(body.data)
    }

    private nonisolated static func describe(_ error: any Error) -> String {
        guard let urlError = error as? URLError else { return error.localizedDescription }
        switch urlError.code {
        case .notConnectedToInternet: return localized("There is no connection to the internet.")
        case .cannotFindHost, .dnsLookupFailed: return localized("The server could not be found.")
        case .cannotConnectToHost: return localized("Could not connect to the server.")
        case .timedOut: return localized("The server did not answer in time.")
        case .networkConnectionLost: return localized("The connection was lost.")
        case .badServerResponse, .zeroByteResource, .cannotParseResponse:
            return localized("The server's answer was unusable.")
        default:
            // Translators: %s is the error's code (a number such as -1011).
            return localized("The request failed (URL error %s).", String(urlError.code.rawValue))
        }
    }
}

/// Shows a spinner overlay while a search runs. Passes an error of the results on (finishing
/// would silence it), so that the view shows that the answer could not be read.
@MainActor
final class GitHubSearchActivityIndicatorContentOperation: ContentOperation {
    weak var delegate: (any ContentOperationDelegate)?

    func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                 viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        if let previousError {
            delegate?.contentOperation(self, didFailWithError: previousError)
            return
        }
        if viewModelBuilder.customData?[GitHubSearch.searchInProgressKey]?.boolValue == true {
            let indicator = viewModelBuilder.overlayComponentModelBuilder(withIdentifier: "activityIndicator")
            indicator.componentName = "activityIndicator"
        }
        delegate?.contentOperationDidFinish(self)
    }
}

@MainActor
enum GitHubSearchFeature {
    static func register(in hub: Hub, environment: DemoEnvironment) {
        try! hub.jsonSchemaRegistry.registerCustomSchema(GitHubSearch.makeSchema(from: hub.jsonSchemaRegistry),
                                                         forIdentifier: GitHubSearch.schemaIdentifier)
        try! hub.featureRegistry.registerDemoFeature(
            identifier: "gitHubSearch", viewURI: GitHubSearch.viewURI, title: localized("GitHub Search"),
            description: localized("A feature that enables you to search GitHub"),
            // The results (and their targets) come from GitHub's API: remote content.
            contentOperationFactories: [ContentOperationFactoryWithOrigin(BlockContentOperationFactory { _ in
                [GitHubSearchBarContentOperation(), GitHubSearchResultsContentOperation(environment: environment),
                 GitHubSearchActivityIndicatorContentOperation()]
            }, origin: ContentOrigin(documentURL: environment.gitHubAPIBaseURL))],
            customJSONSchemaIdentifier: GitHubSearch.schemaIdentifier)
    }
}
