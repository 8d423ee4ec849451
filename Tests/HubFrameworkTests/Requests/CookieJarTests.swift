import Foundation
import XCTest

@testable import HubFramework
import GtkKit
import HubTestSupport

/// The cookie jar a client keeps in a file: what a server sets comes back on the next request and
/// outlives the client, in a folder of the user's alone, and a server cannot make it grow without end.
final class CookieJarTests: LoopbackServerTestCase, @unchecked Sendable {
    private var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-cookies-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
        try super.tearDownWithError()
    }

    /// GETs `path` with `client` and waits for the whole answer.
    private func get(_ path: String, with client: SoupHTTPClient) throws {
        let done = Flag()
        let download = BoundedDownload(HTTPRequest(url: server.url(path)), client: client,
                                       limits: .init(maximumBytes: 1 << 20, responseSeconds: 5, totalSeconds: 5, maximumRedirects: 0)
        ) { result in
            if case .failure(let failure) = result { XCTFail("\(path): \(failure)") }
            done.set()
        }
        // The main loop turns meanwhile, as it does in the app.
        XCTAssertTrue(MainActor.assumeIsolated { loadingSpin(timeout: 10) { done.isSet } }, path)
        withExtendedLifetime(download) {}
    }

    private func cookieHeader(of path: String) -> String? {
        server.requests.last { $0.path == path }.flatMap { $0.headers["cookie"] ?? $0.headers["Cookie"] }
    }

    func testACookieComesBackOnTheNextRequestAndOutlivesTheClient() throws {
        server.route("/login", LoopbackHTTPServer.Response(headers: [("Set-Cookie", "session=abc123; Path=/; Max-Age=3600")],
                                                           body: Data("{}".utf8)))
        server.route("/me", .json("{}"))
        let file = folder.appendingPathComponent("org.example.App/cookies.sqlite")
        let first = SoupHTTPClient()
        first.keepCookies(inFile: file.path)
        try get("/me", with: first)
        XCTAssertNil(cookieHeader(of: "/me"), "no cookie before the server set one")
        try get("/login", with: first)
        try get("/me", with: first)
        XCTAssertEqual(cookieHeader(of: "/me"), "session=abc123")
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path))
        let mode = try FileManager.default.attributesOfItem(atPath: file.deletingLastPathComponent().path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o700, "the jar's folder is the user's alone")

        // The next run of the app.
        let second = SoupHTTPClient()
        second.keepCookies(inFile: file.path)
        try get("/me", with: second)
        XCTAssertEqual(cookieHeader(of: "/me"), "session=abc123", "the session lasts from run to run")

        // A client without a jar keeps none.
        let plain = SoupHTTPClient()
        try get("/login", with: plain)
        try get("/me", with: plain)
        XCTAssertNil(cookieHeader(of: "/me"))
    }

    func testAServerCannotSetMoreCookiesThanTheJarHolds() throws {
        let setCookies = (1...10).map { ("Set-Cookie", "c\($0)=v; Path=/; Max-Age=3600") }
        server.route("/many", LoopbackHTTPServer.Response(headers: setCookies, body: Data("{}".utf8)))
        server.route("/me", .json("{}"))
        let client = SoupHTTPClient()
        client.keepCookies(inFile: folder.appendingPathComponent("app/cookies.sqlite").path, maximumCookies: 3)
        try get("/many", with: client)
        try get("/me", with: client)
        let header = try XCTUnwrap(cookieHeader(of: "/me"))
        XCTAssertEqual(header.components(separatedBy: "; ").count, 3, header)
    }
}

private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
