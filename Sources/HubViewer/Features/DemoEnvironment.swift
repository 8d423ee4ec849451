import Foundation
import HubFramework
import HubGTK

/// What the demo features take from their surroundings: where GitHub search sends its requests,
/// how the todo list asks for text, and how Pretty Pictures opens web pages. The features read it
/// whenever they need it, so the app (or a test) can change it at any time.
@MainActor
public final class DemoEnvironment {
    /// The environment of the viewer's demo features.
    public static let shared = DemoEnvironment()

    /// The GitHub REST API GitHub search talks to: `HUB_VIEWER_GITHUB_API` when set, else
    /// https://api.github.com. Requests go to `<base>/search/repositories?q=…`.
    public var gitHubAPIBaseURL: URL
    /// The HTTP client GitHub search loads with; nil: the framework's (``HubFramework/DefaultHTTPClient``).
    public var httpClient: (any HTTPClient)?
    /// Asks the user for a line of text (the todo list's "Add an item").
    public var textPrompt: any TextPrompt = GtkTextPrompt()
    /// Opens the web pages behind Pretty Pictures (nil: the app's URI opener, which hands web
    /// links to the desktop's browser).
    public var webPageOpener: (@MainActor (URL) -> Bool)?

    /// Where GitHub search goes without `HUB_VIEWER_GITHUB_API`.
    public static let defaultGitHubAPIBaseURL = URL(string: "https://api.github.com")!

    /// An environment that reads `HUB_VIEWER_GITHUB_API` from `environment` and searches with the
    /// framework's HTTP client.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let override = environment["HUB_VIEWER_GITHUB_API"], let url = URL(string: override), url.scheme != nil {
            gitHubAPIBaseURL = url
        } else {
            gitHubAPIBaseURL = Self.defaultGitHubAPIBaseURL
        }
    }
}
