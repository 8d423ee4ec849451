import Foundation
import HubGTKTestSupport
import HubTestSupport
import XCTest

/// The viewer's HTTP is a GNOME app's (libsoup): it goes through the system's proxy settings, and a
/// certificate the system does not trust is an error that says which check failed. Runs the real
/// `hub-viewer --screenshot`, so that the proxy resolver starts in a process of its own with the
/// environment under test.
final class NetworkStackProcessTests: XCTestCase, @unchecked Sendable {
    private var viewerPath: String { ChildProcess.executable("hub-viewer")?.path ?? "" }
    private var temporary: URL!

    override func setUpWithError() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil, !viewerPath.isEmpty else {
            throw XCTSkip("needs a display and the built viewer (make test)")
        }
        temporary = FileManager.default.temporaryDirectory.appendingPathComponent("hub-net-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let temporary { try? FileManager.default.removeItem(at: temporary) }
        temporary = nil
    }

    /// Runs `hub-viewer --screenshot` on `uri` with `environment` added to this process's (and the
    /// proxy variables of this process removed); its status and standard error.
    private func screenshot(_ uri: String, environment: [String: String]) throws -> (status: Int32, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: viewerPath)
        process.arguments = ["--screenshot", temporary.appendingPathComponent("shot.png").path, "--size", "640x400",
                             uri]
        var merged = ProcessInfo.processInfo.environment
        for name in ["http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "no_proxy", "NO_PROXY", "all_proxy"] {
            merged[name] = nil
        }
        merged.merge(environment) { $1 }
        process.environment = merged
        let error = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = error
        try process.run()
        let output = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Issue 27, goal 3: the backend hears the language of the person's locale, from GLib's list,
    /// and the same view URI under two locales gets two documents.
    func testTheBackendHearsTheLanguageOfTheLocale() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/view.json") { request in
            let language = request.headers["accept-language"] ?? ""
            let title = language.hasPrefix("de") ? "Brot" : language.hasPrefix("he") ? "לחם" : "Bread"
            // Kept for a minute: the next locale's run must not be shown this one's document.
            return LoopbackHTTPServer.Response(
                headers: [("Content-Type", "application/json"), ("Cache-Control", "max-age=60"), ("Vary", "Accept-Language")],
                body: Data(#"{"body": [{"id": "a", "text": {"title": "\#(title)"}}]}"#.utf8))
        }
        let uri = "hub-json:" + server.url("/view.json").absoluteString
        let clean = ["LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "XDG_CACHE_HOME": temporary.path]
        for (locale, expected) in [("de_DE.UTF-8", "de-DE, de;q=0.9"), ("he_IL.UTF-8", "he-IL, he;q=0.9")] {
            let result = try screenshot(uri, environment: clean.merging(["LANG": locale]) { $1 })
            XCTAssertEqual(result.status, 0, result.error)
            XCTAssertEqual(server.requests.last?.headers["accept-language"], expected, locale)
        }
        XCTAssertEqual(server.requests.count, 2, "the German document, kept on disk, was not shown in Hebrew")
        // The German one is there for German again: no request.
        let again = try screenshot(uri, environment: clean.merging(["LANG": "de_DE.UTF-8"]) { $1 })
        XCTAssertEqual(again.status, 0, again.error)
        XCTAssertEqual(server.requests.count, 2)
        // `LANGUAGE` lists more than one, in order, as GNOME's language settings write it.
        let result = try screenshot(uri, environment: clean.merging(["LANG": "de_DE.UTF-8", "LANGUAGE": "fr_CA:fr:en"]) { $1 })
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(server.requests.last?.headers["accept-language"], "fr-CA, fr;q=0.9, en;q=0.8")
    }

    func testDocumentsGoThroughTheProxyOfTheEnvironment() throws {
        let proxy = try LoopbackHTTPServer()
        defer { proxy.stop() }
        // A proxy receives the whole URL as the request's target.
        proxy.route("http://proxied.example/view.json", .json(#"{"body": [{"id": "a", "text": {"title": "Proxied"}}]}"#))
        let result = try screenshot("hub-json:http://proxied.example/view.json",
                                    environment: ["http_proxy": proxy.baseURL.absoluteString])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(proxy.requests.map(\.target), ["http://proxied.example/view.json"])
    }

    /// GNOME's own proxy settings (`org.gnome.system.proxy`), as a GNOME session has them, through
    /// GSettings' keyfile backend in a folder of the test's.
    func testDocumentsGoThroughTheProxyOfGNOMEsSettings() throws {
        let proxy = try LoopbackHTTPServer()
        defer { proxy.stop() }
        proxy.route("http://gnome-proxied.example/view.json",
                    .json(#"{"body": [{"id": "a", "text": {"title": "Proxied by GNOME's settings"}}]}"#))
        let config = temporary.appendingPathComponent("config")
        let keyfile = config.appendingPathComponent("glib-2.0/settings/keyfile")
        try FileManager.default.createDirectory(at: keyfile.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try Data("""
            [system/proxy]
            mode='manual'

            [system/proxy/http]
            host='127.0.0.1'
            port=\(proxy.port)
            """.utf8).write(to: keyfile)
        let result = try screenshot("hub-json:http://gnome-proxied.example/view.json", environment: [
            "XDG_CURRENT_DESKTOP": "GNOME", "GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config.path,
        ])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(proxy.requests.map(\.target), ["http://gnome-proxied.example/view.json"])
    }

    /// The offline promise end to end: a view opened once opens again in a new viewer process with
    /// its server stopped, from the documents the first process kept under `XDG_CACHE_HOME`.
    func testAViewSeenOnceOpensAfterARestartWithTheServerStopped() throws {
        let server = try LoopbackHTTPServer()
        server.route("/view.json", LoopbackHTTPServer.Response(
            headers: [("Content-Type", "application/json"), ("ETag", "\"v1\""), ("Cache-Control", "no-cache")],
            body: Data(#"{"title": "Kept", "body": [{"id": "a", "text": {"title": "Seen before"}}]}"#.utf8)))
        let uri = "hub-json:" + server.url("/view.json").absoluteString
        let cache = ["XDG_CACHE_HOME": temporary.appendingPathComponent("cache").path]
        let online = try screenshot(uri, environment: cache)
        XCTAssertEqual(online.status, 0, online.error)
        server.stop()
        let offline = try screenshot(uri, environment: cache)
        XCTAssertEqual(offline.status, 0, "the kept view did not open: \(offline.error)")
        let elsewhere = try screenshot(uri, environment: ["XDG_CACHE_HOME": temporary.appendingPathComponent("other").path])
        XCTAssertEqual(elsewhere.status, 1, "without the kept documents the view cannot open")
    }

    func testAnUntrustedCertificateIsAnErrorThatNamesTheCheck() throws {
        let certificate = temporary.appendingPathComponent("cert.pem").path
        let key = temporary.appendingPathComponent("key.pem").path
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
                             "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"]
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        XCTAssertEqual(openssl.terminationStatus, 0, "openssl made no certificate")
        // A self-signed HTTPS server on an ephemeral port, which it prints once it listens.
        let script = """
            import http.server, ssl, sys
            class Handler(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    body = b'{"body": []}'
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                def log_message(self, *args):
                    pass
            server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(sys.argv[1], sys.argv[2])
            server.socket = context.wrap_socket(server.socket, server_side=True)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = ["-c", script, certificate, key]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        var line = Data()
        while !line.contains(0x0A) {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            line.append(byte)
        }
        let port = try XCTUnwrap(Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        let result = try screenshot("hub-json:https://127.0.0.1:\(port)/view.json", environment: [:])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.error.contains("a secure connection could not be established (the server's certificate "
                                            + "was issued by an unknown authority)"), result.error)
    }
}
