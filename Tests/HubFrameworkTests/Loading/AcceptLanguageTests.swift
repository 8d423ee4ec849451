import Foundation
import XCTest

@testable import HubFramework
import HubTestSupport

/// Issue 27, goal 3: the backend hears the person's languages. Every document request sends
/// `Accept-Language` from `UserLanguages`, the same view URI under two languages gets two documents
/// (the cache keeps one per language list), and a manifest's endpoint may name `{lang}`.
final class AcceptLanguageTests: LoopbackServerTestCase, @unchecked Sendable {
    private var savedLanguages: [String] = []

    override func setUp() {
        super.setUp()
        savedLanguages = UserLanguages.current
    }

    override func tearDown() {
        UserLanguages.current = savedLanguages
        super.tearDown()
    }

    /// Loads `url` with a fresh operation using `cache`; the titles.
    private func load(_ url: URL, cache: DocumentCache?) -> [String] {
        MainActor.assumeIsolated {
            let operation = JSONContentOperation(url: url)
            operation.cache = cache
            return LoadingFixtures.bodyTitles(performUntilReported(operation))
        }
    }

    /// A server that answers in German, Hebrew or English by the request's first language, and
    /// lets the answer be cached for a minute.
    private func serveByLanguage(_ path: String) {
        server.route(path) { request in
            let first = request.headers["accept-language"]?.split(separator: ",").first
                .map { String($0.prefix { $0 != ";" && $0 != "-" }).trimmingCharacters(in: .whitespaces) } ?? "en"
            let title = ["de": "Brot", "he": "לחם"][first] ?? "Bread"
            return LoopbackHTTPServer.Response(
                headers: [("Content-Type", "application/json"), ("Cache-Control", "max-age=60"), ("Vary", "Accept-Language")],
                body: Data(#"{"body": [{"id": "a", "text": {"title": "\#(title)"}}]}"#.utf8))
        }
    }

    func testTheSameViewUnderTwoLanguagesGetsTwoDocumentsAndTheCacheKeepsEach() {
        serveByLanguage("/bread.json")
        let cache = DocumentCache()
        UserLanguages.current = ["de_DE.UTF-8", "de_DE", "de"]
        XCTAssertEqual(load(server.url("/bread.json"), cache: cache), ["Brot"])
        XCTAssertEqual(server.requests.last?.headers["accept-language"], "de-DE, de;q=0.9")
        UserLanguages.current = ["he_IL.UTF-8", "he_IL", "he", "en"]
        XCTAssertEqual(load(server.url("/bread.json"), cache: cache), ["לחם"], "not the German document kept a moment ago")
        XCTAssertEqual(server.requests.last?.headers["accept-language"], "he-IL, he;q=0.9, en;q=0.8")
        XCTAssertEqual(server.requests.count, 2)
        // Each is kept for its own languages: no request for either now.
        UserLanguages.current = ["de_DE.UTF-8", "de_DE", "de"]
        XCTAssertEqual(load(server.url("/bread.json"), cache: cache), ["Brot"])
        UserLanguages.current = ["he_IL.UTF-8", "he_IL", "he", "en"]
        XCTAssertEqual(load(server.url("/bread.json"), cache: cache), ["לחם"])
        XCTAssertEqual(server.requests.count, 2)
    }

    func testTheDiskCacheKeepsADocumentPerLanguageToo() throws {
        serveByLanguage("/bread.json")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("accept-language-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = DocumentCache()
        first.diskDirectory = folder
        UserLanguages.current = ["de"]
        XCTAssertEqual(load(server.url("/bread.json"), cache: first), ["Brot"])
        UserLanguages.current = ["he"]
        XCTAssertEqual(load(server.url("/bread.json"), cache: first), ["לחם"])
        // A new process: what it finds on disk is per language.
        let restarted = DocumentCache()
        restarted.diskDirectory = folder
        server.stop()
        XCTAssertEqual(load(server.url("/bread.json"), cache: restarted), ["לחם"])
        UserLanguages.current = ["de"]
        XCTAssertEqual(load(server.url("/bread.json"), cache: restarted), ["Brot"])
        UserLanguages.current = ["fr"]
        XCTAssertEqual(load(server.url("/bread.json"), cache: restarted), [], "nothing was ever fetched in French")
    }

    func testAManifestEndpointMayNameTheLanguage() throws {
        let manifest = try BackendManifest(data: Data(#"""
            {"title": "Bakery", "start": "bakery:home", "features": [
              {"uri": "bakery:home", "endpoint": "https://example.org/{lang}/home.json"},
              {"uri": "bakery:bread/{lang}", "endpoint": "https://example.org/{lang}/bread.json"}]}
            """#.utf8), sourceURL: URL(fileURLWithPath: "/tmp/app.json"))
        UserLanguages.current = ["pt_BR.UTF-8", "pt"]
        XCTAssertEqual(manifest.features[0].endpointURL(forViewURI: URL(string: "bakery:home")!)?.absoluteString,
                       "https://example.org/pt/home.json")
        // A view URI's own {lang} wins.
        XCTAssertEqual(manifest.features[1].endpointURL(forViewURI: URL(string: "bakery:bread/fr")!)?.absoluteString,
                       "https://example.org/fr/bread.json")
    }

    func testLocaleNamesBecomeLanguageTags() {
        XCTAssertEqual(UserLanguages.tags(fromLocaleNames: ["de_DE.UTF-8@euro", "de_DE", "de", "C"]), ["de-DE", "de"])
        XCTAssertEqual(UserLanguages.tags(fromLocaleNames: ["C", "POSIX"]), ["en"])
        XCTAssertEqual(UserLanguages.tags(fromLocaleNames: ["sr_RS@latin", "pt_br", "x\u{0}y", "en_US;evil"]),
                       ["sr-RS", "pt-BR"])
        XCTAssertEqual(UserLanguages.header(for: ["he-IL", "he", "en"]), "he-IL, he;q=0.9, en;q=0.8")
        XCTAssertEqual(UserLanguages.header(for: (1...12).map { "l\($0)" }).split(separator: ",").last, " l12;q=0.1")
        XCTAssertEqual(UserLanguages.environmentLocaleNames(["LANG": "de_DE.UTF-8"]), ["de_DE.UTF-8", "de"])
        XCTAssertEqual(UserLanguages.environmentLocaleNames(["LANG": "C", "LANGUAGE": "fr:de"]), ["C"],
                       "LANGUAGE is ignored in the C locale, as GLib and gettext ignore it")
        XCTAssertEqual(UserLanguages.environmentLocaleNames(["LANG": "de_DE.UTF-8", "LANGUAGE": "he_IL:en",
                                                             "LC_ALL": "fr_FR.UTF-8"]), ["he_IL", "he", "en"])
    }
}
