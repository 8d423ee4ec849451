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
