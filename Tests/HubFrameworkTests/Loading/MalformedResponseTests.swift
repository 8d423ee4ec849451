import Foundation
import XCTest

@testable import HubFramework
import HubTestSupport

/// Issue 34, case 12: a server's response that is not what HTTP allows fails with a message that
/// says what the server did, over the product's HTTP client: a chunk size that is not a number, a
/// status line that is not HTTP, an unknown transfer encoding, headers over the client's limit, a
/// redirect to a `file:` URL. None of them may read as a lost connection, empty JSON, or a URL the
/// app does not support.
final class MalformedResponseTests: LoopbackServerTestCase, @unchecked Sendable {
    private static let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"

    private func raw(_ path: String, _ text: String) -> URL {
        server.route(path, .raw(Data(text.utf8)))
        return server.url(path)
    }

    /// A chunked body, `chunks` as they are sent, each with its size line, then the last chunk.
    private static func chunked(_ chunks: [String], trailer: String = "") -> String {
        head + "Transfer-Encoding: chunked\r\n\r\n"
            + chunks.map { String($0.utf8.count, radix: 16) + "\r\n" + $0 + "\r\n" }.joined()
            + "0\r\n" + trailer + "\r\n"
    }

    // MARK: Chunked bodies

    /// libsoup takes `zz` for 0, the last chunk, and would end the body empty without an error:
    /// the document was reported as "The JSON data is empty."
    func testAChunkSizeThatIsNotANumberSaysTheResponseWasMalformed() {
        let url = raw("/bad-chunk.json", Self.head + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")
        let outcome = loadDocument(url)
        XCTAssertEqual(outcome.error?.description, "Could not load \(url.absoluteString): the server's response was "
                       + "malformed (its chunked body does not follow the chunked format: a chunk size is not a "
                       + "hexadecimal number).")
        XCTAssertLessThan(outcome.elapsed, 2)
    }

    /// The check that catches a bad chunk size does not refuse good chunked bodies: several
    /// chunks, and a trailer field after a body.
    func testWellFormedChunkedBodiesLoad() {
        let document = Self.oneRowDocument
        let thirds = [String(document.prefix(10)), String(document.dropFirst(10).prefix(20)),
                      String(document.dropFirst(30))]
        for (path, response) in [("/chunks.json", Self.chunked(thirds)),
                                 ("/one-chunk.json", Self.chunked([document])),
                                 ("/trailer.json", Self.chunked([document], trailer: "X-Checksum: 1234\r\n"))] {
            let outcome = loadDocument(raw(path, response))
            XCTAssertNil(outcome.error, path)
            XCTAssertEqual(outcome.titles, ["One"], path)
        }
    }

    // MARK: Heads

    func testAResponseThatIsNotHTTPSaysItWasMalformed() {
        let url = raw("/garbage.json", "HELLO THERE\r\n\r\n")
        let outcome = loadDocument(url)
        XCTAssertEqual(outcome.error?.description, "Could not load \(url.absoluteString): the server's response was "
                       + "malformed (its status line or headers are not valid HTTP).")
    }

    func testAnUnknownTransferEncodingIsNamed() {
        let url = raw("/encoding.json", Self.head + "Transfer-Encoding: bogus\r\n\r\n{}")
        let outcome = loadDocument(url)
        XCTAssertEqual(outcome.error?.description, "Could not load \(url.absoluteString): the server's response was "
                       + "malformed (it uses a transfer encoding the client does not know: bogus).")
    }

    /// libsoup refuses headers over 100 KiB with the error code of a connection cut short: the
    /// document was reported as "the connection was lost before the whole response arrived".
    func testTooManyHeadersSayTheServerSentTooMany() {
        let filler = (0..<2_000).map { "X-Filler-\($0): \(String(repeating: "v", count: 50))\r\n" }.joined()
        let url = raw("/headers.json", Self.head + filler + "Content-Length: 2\r\n\r\n{}")
        let outcome = loadDocument(url)
        XCTAssertEqual(outcome.error?.description, "Could not load \(url.absoluteString): the server sent too many or "
                       + "too large response headers (more than the 100 KiB the client accepts).")
        XCTAssertLessThan(outcome.elapsed, 2)
    }

    // MARK: Redirects

    /// The redirect is refused before anything is read, and the message says the server sent the
    /// download there: the document was reported as "only file paths, file: URLs and http(s) URLs
    /// are supported", which blamed the app.
    func testARedirectToAFileURLSaysTheDownloadMayNotFollowIt() {
        server.route("/to-file") { _ in
            LoopbackHTTPServer.Response(status: 302, headers: [("Location", "file:///etc/passwd")])
        }
        let url = server.url("/to-file")
        let outcome = loadDocument(url)
        XCTAssertEqual(outcome.error?.description, "Could not load \(url.absoluteString): the server redirected to "
                       + "file:///etc/passwd, which a download may not follow (only http: and https: redirects are "
                       + "followed).")
        XCTAssertEqual(server.requests.map(\.target), ["/to-file"])
    }
}
