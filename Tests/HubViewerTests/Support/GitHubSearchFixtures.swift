import Foundation

/// Answers of GitHub's repository search (`GET /search/repositories?q=…`), in the API's shape
/// (trimmed to a few fields per repository), for the loopback server GitHub search tests use.
enum GitHubSearchFixtures {
    /// Three repositories for "hub".
    static let hub = #"""
        {
          "total_count": 3,
          "incomplete_results": false,
          "items": [
            {
              "id": 58220127,
              "node_id": "MDEwOlJlcG9zaXRvcnk1ODIyMDEyNw==",
              "name": "HubFramework",
              "full_name": "spotify/HubFramework",
              "private": false,
              "owner": {
                "login": "spotify",
                "id": 251374,
                "type": "Organization",
                "html_url": "https://github.com/spotify"
              },
              "html_url": "https://github.com/spotify/HubFramework",
              "description": "A framework for building component-driven UIs on iOS",
              "fork": false,
              "language": "Objective-C",
              "stargazers_count": 2050,
              "forks_count": 137,
              "score": 1.0
            },
            {
              "id": 1213941,
              "node_id": "MDEwOlJlcG9zaXRvcnkxMjEzOTQx",
              "name": "hub",
              "full_name": "mislav/hub",
              "private": false,
              "owner": {
                "login": "mislav",
                "id": 887,
                "type": "User",
                "html_url": "https://github.com/mislav"
              },
              "html_url": "https://github.com/mislav/hub",
              "description": "A command-line tool that makes git easier to use with GitHub.",
              "fork": false,
              "language": "Go",
              "stargazers_count": 22800,
              "forks_count": 2200,
              "score": 1.0
            },
            {
              "id": 76954504,
              "node_id": "MDEwOlJlcG9zaXRvcnk3Njk1NDUwNA==",
              "name": "hub-example",
              "full_name": "octo-org/hub-example",
              "private": false,
              "owner": {
                "login": "octo-org",
                "id": 6811672,
                "type": "Organization",
                "html_url": "https://github.com/octo-org"
              },
              "html_url": "https://github.com/octo-org/hub-example",
              "description": null,
              "fork": true,
              "language": null,
              "stargazers_count": 3,
              "forks_count": 0,
              "score": 1.0
            }
          ]
        }
        """#

    /// No repository matched.
    static let empty = #"{"total_count": 0, "incomplete_results": false, "items": []}"#

    /// What the API answers when something went wrong on its side.
    static let serverError = #"{"message": "Server Error"}"#
}
