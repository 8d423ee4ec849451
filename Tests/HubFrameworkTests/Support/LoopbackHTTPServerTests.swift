import Foundation
import XCTest
import HubFramework
import GtkKit
import HubTestSupport

/// The loopback server, exercised with the HTTP client the loading tests use (`SoupHTTPClient`),
/// and with a raw socket for what that client never sends (a `POST`, a malformed request).
final class LoopbackHTTPServerTests: XCTestCase, @unchecked Sendable {
    private var server: LoopbackHTTPServer!
    private let client = SoupHTTPClient.shared

    override func setUpWithError() throws {
        server = try LoopbackHTTPServer()
    }

    override func tearDown() {
        server.stop()
        server = nil
        XCTAssertTrue(client.waitUntilIdle(timeout: 10), "an HTTP transfer outlived its test")
    }

    /// One `GET` through the client: the body and response, or the client's error (a `URLError` with
    /// code `.timedOut` after `timeout` seconds).
    private func get(_ url: URL, timeout: TimeInterval = 10) async throws -> (Data, HTTPResponse) {
        final class Exchange: @unchecked Sendable {
            let lock = NSLock()
            var response: HTTPResponse?
            var body = Data()
            var continuation: CheckedContinuation<(Data, HTTPResponse), any Error>?
            func end(_ result: Result<(Data, HTTPResponse), any Error>) {
                lock.withLock { () -> CheckedContinuation<(Data, HTTPResponse), any Error>? in
                    defer { continuation = nil }
                    return continuation
                }?.resume(with: result)
            }
        }
        let exchange = Exchange()
        return try await withCheckedThrowingContinuation { continuation in
            exchange.continuation = continuation
            let transfer = client.startTransfer(HTTPRequest(url: url)) { event in
                switch event {
                case .stage: break
                case .response(let response): exchange.lock.withLock { exchange.response = response }
                case .body(let data): exchange.lock.withLock { exchange.body.append(data) }
                case .finished:
                    let (body, response) = exchange.lock.withLock { (exchange.body, exchange.response) }
                    exchange.end(response.map { .success((body, $0)) } ?? .failure(URLError(.badServerResponse)))
                case .failed(let error): exchange.end(.failure(error))
                }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                transfer.cancel()
                exchange.end(.failure(URLError(.timedOut)))
            }
        }
    }

    /// Sends `head` and `body` over a plain socket and reads the answer until the server closes.
    private func rawExchange(_ head: String, body: Data = Data()) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = server.port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        XCTAssertEqual(connected, 0)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = Data(head.utf8) + body
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var reply = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            reply.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: reply, as: UTF8.self)
    }

    func testListensOnAnEphemeralLoopbackPort() {
        XCTAssertGreaterThan(server.port, 0)
        XCTAssertEqual(server.baseURL.host, "127.0.0.1")
        XCTAssertEqual(server.url("/a?b=c").absoluteString, "http://127.0.0.1:\(server.port)/a?b=c")
    }

    func testServesBodyStatusAndHeaders() async throws {
        server.route("/feed.json", .json(#"{"body": [{"id": "a"}]}"#))
        let (data, response) = try await get(server.url("/feed.json"))
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.value(forHTTPHeaderField: "Content-Type"), "application/json")
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"body": [{"id": "a"}]}"#)
    }

    func testARawResponseIsSentByteForByte() async throws {
        server.route("/raw", .raw(Data("HTTP/1.1 203 Fine\r\nX-Shape: raw\r\nContent-Length: 2\r\n\r\nhi".utf8)))
        let (body, response) = try await get(server.url("/raw"))
        XCTAssertEqual(response.statusCode, 203)
        XCTAssertEqual(response.value(forHTTPHeaderField: "X-Shape"), "raw")
        XCTAssertNil(response.value(forHTTPHeaderField: "Connection"), "nothing of the server's own is added")
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "hi")
    }

    func testUnknownPathIs404() async throws {
        let (data, response) = try await get(server.url("/missing"))
        XCTAssertEqual(response.statusCode, 404)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "not found")
    }

    func testRecordsRequests() async throws {
        server.route("/echo") { request in
            .text("\(request.method) \(request.path) \(request.query ?? "-") \(request.body.count)")
        }
        let reply = try rawExchange(
            "POST /echo?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nX-Test: yes\r\n"
                + "Content-Length: 3000\r\nConnection: close\r\n\r\n",
            body: Data(repeating: 65, count: 3000))
        XCTAssertTrue(reply.hasSuffix("\r\n\r\nPOST /echo x=1 3000"), reply)
        _ = try await get(server.url("/echo"))

        let requests = server.requests
        XCTAssertEqual(requests.map(\.method), ["POST", "GET"])
        XCTAssertEqual(requests.map(\.target), ["/echo?x=1", "/echo"])
        XCTAssertEqual(requests[0].headers["x-test"], "yes")
        XCTAssertEqual(requests[0].body, Data(repeating: 65, count: 3000))
        XCTAssertTrue(server.waitForRequests(2, timeout: 0))
    }

    func testDelayedResponseHitsTheRequestTimeout() async throws {
        server.route("/slow", .text("late", delay: 30))
        let started = Date()
        do {
            _ = try await get(server.url("/slow"), timeout: 1)
            XCTFail("expected a timeout")
        } catch {
            XCTAssertEqual((error as? URLError)?.code, .timedOut, "\(error)")
        }
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertGreaterThan(elapsed, 0.9)
        XCTAssertLessThan(elapsed, 10)
        XCTAssertEqual(server.requests.map(\.path), ["/slow"])
        // tearDown's stop() interrupts the 30-second delay at once.
    }

    func testDelayedResponseWithinTheTimeoutArrives() async throws {
        server.route("/slow", .text("late", delay: 0.3))
        let (data, _) = try await get(server.url("/slow"), timeout: 5)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "late")
    }

    func testClosingWithoutRespondingIsAnError() async throws {
        server.route("/hangup", LoopbackHTTPServer.Response(behavior: .closeWithoutResponding))
        do {
            _ = try await get(server.url("/hangup"))
            XCTFail("expected an error")
        } catch {
            XCTAssertNotNil(error as? URLError, "\(error)")
        }
        XCTAssertEqual(server.requests.count, 1)
    }

    func testTruncatedBodyIsAnError() async throws {
        let body = Data(repeating: 7, count: 10_000)
        server.route("/image.png", LoopbackHTTPServer.Response(
            headers: [("Content-Type", "image/png")], body: body, behavior: .truncateBody(afterBytes: 100)))
        do {
            let (data, _) = try await get(server.url("/image.png"))
            XCTFail("expected an error, got \(data.count) bytes")
        } catch {
            XCTAssertNotNil(error as? URLError, "\(error)")
        }
    }

    func testConnectionRefusedAfterStop() async throws {
        server.route("/ok", .text("ok"))
        _ = try await get(server.url("/ok"))
        let url = server.url("/ok")
        server.stop()
        server.stop()  // idempotent
        do {
            _ = try await get(url, timeout: 5)
            XCTFail("expected the connection to be refused")
        } catch {
            XCTAssertEqual((error as? URLError)?.code, .cannotConnectToHost, "\(error)")
        }
    }

    func testStopReturnsPromptlyWithRequestsInFlight() throws {
        server.route("/slow", .text("late", delay: 60))
        let transfer = client.startTransfer(HTTPRequest(url: server.url("/slow"))) { _ in }
        defer { transfer.cancel() }
        XCTAssertTrue(server.waitForRequests(1, timeout: 5))
        let started = Date()
        server.stop()
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
    }

    /// Names of this process's threads (Linux truncates them to 15 characters).
    private func threadNames() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
    }

    func testStopLeavesNoServerThreadBehind() throws {
        server.route("/slow", .text("late", delay: 60))
        let transfer = client.startTransfer(HTTPRequest(url: server.url("/slow"))) { _ in }
        defer { transfer.cancel() }
        XCTAssertTrue(server.waitForRequests(1, timeout: 5))
        XCTAssertGreaterThanOrEqual(threadNames().filter { $0.hasPrefix("LoopbackHTTP") }.count, 2)
        server.stop()
        // stop() returns once every thread has signalled its end; give them a moment to actually exit.
        let deadline = Date(timeIntervalSinceNow: 2)
        while !threadNames().filter({ $0.hasPrefix("LoopbackHTTP") }).isEmpty && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        XCTAssertEqual(threadNames().filter { $0.hasPrefix("LoopbackHTTP") }, [])
    }

    func testManyConcurrentRequests() async throws {
        server.route("/n") { request in .text(request.query ?? "") }
        let urls = (0..<20).map { server.url("/n?\($0)") }
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for url in urls {
                group.addTask {
                    let (data, _) = try await self.get(url)
                    return String(decoding: data, as: UTF8.self)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(Set(bodies), Set((0..<20).map(String.init)))
    }

    func testMalformedRequestGets400() throws {
        let reply = try rawExchange("NONSENSE\r\n\r\n")
        XCTAssertGreaterThan(reply.count, 0)
        XCTAssertTrue(reply.hasPrefix("HTTP/1.1 400 "), reply)
    }

}
