import Foundation
import XCTest
@testable import HubFramework

final class ContentOriginPolicyTests: XCTestCase, @unchecked Sendable {
    private func url(_ text: String) -> URL { URL(string: text)! }

    func testWhatReachesLocalFiles() {
        for text in ["file:///etc/passwd", "FILE:///etc/passwd", "file:relative.json", "hub-json:file:///home/me/view.json",
                     "a:b:file:///x", "Hub-Json:File:///x"] {
            XCTAssertTrue(ContentOriginPolicy.reachesLocalFiles(url(text)), text)
        }
        for text in ["https://example.org/file:///x", "hub-json:https://example.org/view.json", "hub-demo:root",
                     "live:", "images/cover.png", "mailto:file@example.org", "http://file/x"] {
            XCTAssertFalse(ContentOriginPolicy.reachesLocalFiles(url(text)), text)
        }
        // Absurdly deep nesting is not given the benefit of the doubt.
        XCTAssertTrue(ContentOriginPolicy.reachesLocalFiles(url(String(repeating: "a:", count: 20) + "x")))
    }

    /// Every spelling of a wrapped `file:` URI that a reader might take for one (issue "No way in",
    /// case 1): the policy reads through each, as text and, where Foundation parses it, as a URL.
    func testEverySpellingOfAFileURIReachesLocalFiles() {
        let spellings = [
            "hub-json:%66ile:///etc/secret.json",  // one letter encoded
            "hub-json:file%3A///etc/secret.json",  // the colon encoded
            "hub-json:%66%69%6C%65%3A%2F%2F%2F%65%74%63%2F%73%65%63%72%65%74",  // every byte
            "hub-json:%2566ile:///etc/secret.json",  // encoded twice
            "hub-json:%252566ile:///etc/secret.json",  // three times
            "hub-json:FiLe:///etc/secret.json", "HUB-JSON:FILE:///etc/secret.json",  // mixed and upper case
            "a:b:hub-json:file:///x", "hub-json:hub-json:file:///x",  // nested wrappers
            "hub-json:file:\\\\etc\\secret.json", "hub-json:file:%5C%5Cetc",  // backslashes
            "hub-json:\u{FF46}\u{FF49}\u{FF4C}\u{FF45}\u{FF1A}///etc/secret.json",  // full-width letters and colon
            "hub-json:%EF%BD%86ile:///x",  // a full-width f, encoded
            "hub-json:\u{FB01}le:///x", "hub-json:%EF%AC%81le:///x",  // the ligature fi
            "hub-json:fi%00le:///x", "hub-json:file%00:///x", "hub-json:%00file:///x",  // NULs
            "hub-json:fi%09le:///x", "hub-json:fi\tle:///x", "hub-json: file:///x",  // tab, white space
            "hub-json:fi%E2%80%8Ble:///x", "hub-json:%C2%ADfile:///x",  // zero-width space, soft hyphen
            "hub-json:%EF%BB%BFfile:///x",  // a byte order mark
            "\u{0000}file:///x", " file:///x",
            "hub-json:file:\u{1F}\u{0742}x",  // a combining mark after the colon (found by fuzz-uri-origin)
            "hub-json:file:\u{0301}///x", "hub-json:file%3A%CC%81///x",
            "hub-json:%" + String(repeating: "25", count: 20) + "66ile:///x",  // beyond any real encoding
        ]
        for text in spellings {
            XCTAssertTrue(ContentOriginPolicy.reachesLocalFiles(text: text), text.debugDescription)
            if let uri = URL(string: text) {
                XCTAssertTrue(ContentOriginPolicy.reachesLocalFiles(uri), text.debugDescription)
                for origin in [ContentOrigin.remote(host: "example.org"), .live] {
                    XCTAssertFalse(ContentOriginPolicy.allowsNavigation(to: uri, from: origin), text.debugDescription)
                }
            }
        }
        for text in ["hub-json:https://example.org/view.json", "hub-json:https://example.org/%66ile:///x",
                     "https://example.org/?next=file:///etc/passwd", "hub-json:http%3A//%5B::1%5D:8765/view.json",
                     "hub-demo:reallylonglist%3Amillion", "profile:///x", "%zz", "%", "hub-json:%E2%80"] {
            XCTAssertFalse(ContentOriginPolicy.reachesLocalFiles(text: text), text)
        }
        XCTAssertTrue(ContentOriginPolicy.reachesLocalFiles(text: String(repeating: "x", count: 70_000)),
                      "a URI longer than any real one is not given the benefit of the doubt")
    }

    /// What the viewer's `hub-json:` reader unwraps to a file, the policy refuses: the same spellings
    /// as the fuzz target `fuzz-uri-origin`, checked on the URL the loader would open.
    func testWhatTheWrappedReaderOpensAsAFileThePolicyRefuses() {
        let wrapped = WrappedDocumentURI(scheme: "hub-json")
        let spellings = ["hub-json:file:///x.json", "hub-json:%66ile:///x.json", "hub-json:file%3A///x.json",
                         "hub-json:%66%69%6C%65%3A%2F%2F%2Fx.json", "HUB-JSON:FILE:///x.json", "hub-json:File:///x.json"]
        for text in spellings {
            let uri = URL(string: text)!
            let document = wrapped.documentURL(in: uri)
            XCTAssertEqual(document?.scheme?.lowercased(), "file", text)
            XCTAssertTrue(ContentOriginPolicy.reachesLocalFiles(uri), text)
            XCTAssertFalse(ContentOriginPolicy.allowsDocument(at: document!, from: .remote(host: "example.org")), text)
            XCTAssertTrue(ContentOriginPolicy.allowsDocument(at: document!, from: .local), text)
        }
        XCTAssertEqual(wrapped.documentURL(in: URL(string: "hub-json:https://example.org/v.json")!),
                       URL(string: "https://example.org/v.json"))
        XCTAssertEqual(wrapped.documentURL(in: URL(string: "hub-json:http%3A//%5B::1%5D:8765/v.json")!),
                       URL(string: "http://[::1]:8765/v.json"), "an IPv6 host that Foundation encoded")
        XCTAssertNil(wrapped.documentURL(in: URL(string: "hub-json:https:///no-host.json")!))
        XCTAssertNil(wrapped.documentURL(in: URL(string: "other:https://example.org/v.json")!))
    }

    func testOnlyLocalContentMayOpenOrShowFiles() {
        let file = url("file:///home/me/view.json")
        let app = url("hub-demo:root")
        let relative = url("images/cover.png")
        for origin in [ContentOrigin.remote(host: "example.org"), .live] {
            XCTAssertFalse(ContentOriginPolicy.allowsNavigation(to: file, from: origin), "\(origin)")
            XCTAssertFalse(ContentOriginPolicy.allowsImage(at: file, from: origin), "\(origin)")
            XCTAssertTrue(ContentOriginPolicy.allowsNavigation(to: app, from: origin), "\(origin)")
            XCTAssertTrue(ContentOriginPolicy.allowsImage(at: relative, from: origin), "\(origin)")
            XCTAssertTrue(ContentOriginPolicy.allowsImage(at: url("https://example.org/a.png"), from: origin))
        }
        XCTAssertTrue(ContentOriginPolicy.allowsNavigation(to: file, from: .local))
        XCTAssertTrue(ContentOriginPolicy.allowsImage(at: file, from: .local))
    }

    func testTheOriginOfADocumentURLAndOfSeveralSources() {
        XCTAssertEqual(ContentOrigin(documentURL: url("file:///x.json")), .local)
        XCTAssertEqual(ContentOrigin(documentURL: URL(fileURLWithPath: "/x.json")), .local)
        XCTAssertEqual(ContentOrigin(documentURL: url("https://example.org/x.json")), .remote(host: "example.org"))
        XCTAssertEqual(ContentOrigin(documentURL: url("gopher://example.org/x")), .remote(host: "example.org"))
        XCTAssertEqual(ContentOrigin.local.combined(with: .live), .live)
        XCTAssertEqual(ContentOrigin.live.combined(with: .local), .live)
        XCTAssertEqual(ContentOrigin.remote(host: "a").combined(with: .live), .remote(host: "a"))
    }

    func testTheLeastTrustedDeclaredOriginWins() {
        MainActor.assumeIsolated {
            let viewURI = url("feed:news")
            let local = BlockContentOperationFactory { _ in [] }
            let remote = ContentOperationFactoryWithOrigin(local, origin: .remote(host: "example.org"))
            XCTAssertEqual(ContentOrigin.declared(by: [local], forViewURI: viewURI), .local, "code declares nothing")
            XCTAssertEqual(ContentOrigin.declared(by: [local, remote], forViewURI: viewURI), .remote(host: "example.org"))
            let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                    iconImageResolver: nil)
            let live = LiveContentOperationFactory(document: LiveDocument(schema: schema))
            XCTAssertEqual(ContentOrigin.declared(by: [live], forViewURI: viewURI), .live)
        }
    }
}

/// The loader decides again on the URL it is about to open: a view held to a remote or live origin
/// never reads a local document, whatever its feature's mapping produced.
final class ContentOperationRestrictedByOriginTests: XCTestCase, @unchecked Sendable {
    func testAViewHeldToARemoteOriginDoesNotReadItsLocalDocument() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hub-restricted-\(UUID().uuidString).json")
        try Data(#"{"body": [{"id": "a", "text": {"title": "secret"}}]}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        MainActor.assumeIsolated {
            let operation = JSONContentOperation(url: file)
            let (loader, recorder) = LoadingFixtures.loader([operation])
            XCTAssertEqual(operation.viewContentOrigin, .local)
            loader.contentOrigin = .remote(host: "example.org")
            XCTAssertEqual(operation.viewContentOrigin, .remote(host: "example.org"), "the loader tells its operations")
            loader.loadViewModel()
            let refusal = ContentLoadingError.refused(ContentOriginRefusal(origin: .remote(host: "example.org"), uri: file))
            XCTAssertEqual(recorder.errors.first as? ContentLoadingError, refusal, "refused before anything is read")
            XCTAssertEqual(operation.lastError, refusal)
            XCTAssertFalse(LoadingFixtures.bodyTitles(recorder.lastViewModel).contains("secret"))
            XCTAssertEqual(refusal.description, "Did not open \(file.absoluteString): a view opened by content from a "
                + "remote (example.org) source may not read local files.")
        }
    }

    func testALocalViewReadsItsLocalDocument() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hub-restricted-\(UUID().uuidString).json")
        try Data(#"{"body": [{"id": "a", "text": {"title": "mine"}}]}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try MainActor.assumeIsolated {
            let (loader, recorder) = LoadingFixtures.loader([JSONContentOperation(url: file)])
            loader.loadViewModel()
            let deadline = Date().addingTimeInterval(10)
            while recorder.viewModels.isEmpty, recorder.errors.isEmpty, Date() < deadline {
                RunLoop.main.run(until: Date().addingTimeInterval(0.01))
            }
            XCTAssertTrue(recorder.errors.isEmpty, "\(recorder.errors)")
            XCTAssertEqual(LoadingFixtures.bodyTitles(try XCTUnwrap(recorder.lastViewModel)), ["mine"])
        }
    }
}
