import CGtk
import Foundation
import Glibc
import HubFramework
import HubGTK
import HubGTKTestSupport
import XCTest
import HubViewer
@testable import HubApp

/// The live service in the viewer, driven by the real `hublive` binary (and by a raw client for
/// what hublive never does). The service runs on this process's GTK main loop, so the tests pump
/// it while the child process works.
final class LiveEditingTests: GtkTestCase, @unchecked Sendable {
    private var directory: URL!
    private var children: [ChildProcess] = []

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hublive-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        for child in children { child.kill() }
        children.removeAll()
        try? FileManager.default.removeItem(at: directory)
        try super.tearDownWithError()
    }

    // MARK: Support

    /// The shared viewer with a fresh live document and the service on a free port.
    @MainActor
    private func startViewer() throws -> (HubApplication, UInt16) {
        let app = SharedViewer.fresh()
        let document = try XCTUnwrap(app.liveDocument)
        document.reset()
        let port = try XCTUnwrap(app.startLiveService(onPort: 0))
        XCTAssertNotEqual(port, 0)
        return (app, port)
    }

    @MainActor
    private func stopViewer(_ app: HubApplication) {
        app.stopLiveService()
        app.navigator.tearDown()
    }

    private func hublive(_ arguments: [String], environment: [String: String?] = [:]) throws -> ChildProcess {
        guard let binary = ChildProcess.executable("hublive") else {
            throw XCTSkip("hublive is not built next to the tests (\(ChildProcess.buildDirectory.path)); "
                + "run `swift build --build-tests` first")
        }
        let child = try ChildProcess(binary, arguments: arguments, environment: environment)
        children.append(child)
        return child
    }

    private func write(_ data: Data, to name: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    /// Saves like editors that write a new file and rename it over the old one.
    private func replace(_ url: URL, with data: Data) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).swp")
        try data.write(to: temporary)
        XCTAssertEqual(rename(temporary.path, url.path), 0)
    }

    @MainActor
    private func liveController(_ app: HubApplication) -> ViewController? {
        guard let controller = app.navigator.currentPage?.viewController,
            LiveFeature.isLiveURI(controller.viewURI)
        else { return nil }
        return controller
    }

    @MainActor
    private func waitForExit(_ child: ChildProcess, timeout: Double = 30) {
        pump(until: { !child.isRunning }, timeout: timeout,
             "hublive to exit (output: \(child.standardOutput.text)\(child.standardError.text))")
    }

    // MARK: The service

    func testTheServiceListensOnLoopbackOnly() throws {
        try onMain {
            let (app, port) = try startViewer()
            defer { stopViewer(app) }
            // The kernel's table of listening sockets: 127.0.0.1 only, and no IPv6 socket.
            let hexPort = String(format: "%04X", port)
            XCTAssertEqual(try Self.listeningAddresses(table: "/proc/net/tcp", hexPort: hexPort), ["0100007F:\(hexPort)"])
            XCTAssertEqual((try? Self.listeningAddresses(table: "/proc/net/tcp6", hexPort: hexPort)) ?? [], [],
                           "no IPv6 socket")
            // Any other address of this machine is refused.
            for address in Self.nonLoopbackIPv4Addresses() {
                let socket = RawLiveClient.connect(port: port, host: address)
                XCTAssertEqual(socket, -1, "connected through \(address)")
                if socket >= 0 { close(socket) }
            }
            // Loopback works.
            let socket = RawLiveClient.connect(port: port)
            XCTAssertGreaterThanOrEqual(socket, 0)
            close(socket)
        }
    }

    /// The local addresses of listening sockets on a port, from a /proc/net table.
    private static func listeningAddresses(table: String, hexPort: String) throws -> [String] {
        let rows: [[Substring]] = try String(contentsOfFile: table, encoding: .utf8).split(separator: "\n").dropFirst()
            .map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        var addresses: [String] = []
        for row in rows where row.count > 3 && row[1].hasSuffix(":" + hexPort) && row[3] == "0A" {
            addresses.append(String(row[1]))
        }
        return addresses
    }

    private static func nonLoopbackIPv4Addresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        var node = list
        while let entry = node {
            node = entry.pointee.ifa_next
            guard let address = entry.pointee.ifa_addr, Int32(address.pointee.sa_family) == AF_INET else { continue }
            var buffer = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                var raw = inet.pointee.sin_addr
                _ = inet_ntop(AF_INET, &raw, &buffer, socklen_t(buffer.count))
            }
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !text.hasPrefix("127.") { addresses.append(text) }
        }
        return addresses
    }

    // A new service listens nowhere; started on a port it listens there; stopped, nowhere.
    func testThePortFollowsStartAndStop() throws {
        try onMain {
            let service = LiveService()
            XCTAssertNil(service.port)
            XCTAssertFalse(service.isListening)
            let free = try service.start(onPort: 0)
            service.stop()
            XCTAssertEqual(try service.start(onPort: free), free)
            XCTAssertEqual(service.port, free)
            // Starting again restarts.
            XCTAssertEqual(try service.start(onPort: free), free)
            XCTAssertTrue(service.isListening)
            service.stop()
            XCTAssertNil(service.port)
            XCTAssertEqual(RawLiveClient.connect(port: free), -1, "nothing listens after stop()")
        }
    }

    func testAPortInUseIsReportedInTheLiveView() throws {
        try onMain {
            let (app, port) = try startViewer()
            defer { stopViewer(app) }
            let other = LiveService()
            XCTAssertThrowsError(try other.start(onPort: port)) { error in
                XCTAssertTrue(String(describing: error).contains("cannot listen on 127.0.0.1:\(port)"), "\(error)")
            }
            XCTAssertFalse(other.isListening)

            // The viewer's own service on a taken port: logged, and said in live:.
            let service = try XCTUnwrap(app.liveService)
            let logged = SharedValue<String>()
            service.log = { logged.value = $0 }
            let blocker = LiveService()
            let taken = try blocker.start(onPort: 0)
            defer { blocker.stop() }
            XCTAssertNil(app.startLiveService(onPort: taken))
            XCTAssertFalse(service.isListening)
            XCTAssertTrue(logged.value?.contains("127.0.0.1:\(taken)") == true, logged.value ?? "")
            app.navigator.open("live:")
            let controller = try XCTUnwrap(liveController(app))
            pump(until: { controller.viewModel?.bodyComponentModels.first?.title?.contains("Live editing is off") == true },
                 "the hint that the service is off")
        }
    }

    // MARK: hublive

    func testHubliveShowsTheFileAndReloadsInPlaceOnEverySave() throws {
        try onMain {
            let (app, port) = try startViewer()
            defer { stopViewer(app) }
            let file = try write(LiveFixtures.rows(120, title: "First version", prefix: "First"), to: "view.json")
            let child = try hublive([file.path, "--port", String(port)])

            // The first push opens live: with the document.
            pump(until: { self.liveController(app)?.viewModel?.navigationItem?.title == "First version" }, timeout: 20,
                 "the first version in live:")
            let controller = try XCTUnwrap(liveController(app))
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.count, 120)
            pump(until: { child.standardOutput.lines.contains { $0.hasSuffix("view.json: \(try! Data(contentsOf: file).count) bytes: shown") } },
                 timeout: 10, "hublive's line for the first push")
            pump(until: { controller.liveBodyComponentCount > 0 }, "rows on screen")

            // Scroll down, then save a new version the way many editors do (new file, rename).
            controller.scroll(to: Point(x: 0, y: 1500))
            pump(for: 0.1)
            XCTAssertEqual(controller.contentOffset.y, 1500)
            try replace(file, with: LiveFixtures.rows(120, title: "Second version", prefix: "Second"))
            pump(until: { controller.viewModel?.navigationItem?.title == "Second version" }, timeout: 10,
                 "the second version")
            XCTAssertTrue(liveController(app) === controller, "reloaded in place, not pushed again")
            XCTAssertEqual(controller.contentOffset.y, 1500, "the scroll position is kept")
            XCTAssertEqual(controller.viewModel?.bodyComponentModels[30].title, "Second 30")
            let visible = try XCTUnwrap(controller.liveBodyIndexes.first { controller.frame(ofBodyComponentAt: $0).minY >= 1500 })
            XCTAssertEqual(controller.viewModel?.bodyComponentModels[visible].title, "Second \(visible)")
            XCTAssertEqual(app.mainWindow?.title, "Second version")

            // A malformed save keeps the last good version and shows the problem over it.
            let malformed = Data("{\n  \"title\": \"Broken\",\n  \"body\": [\n    {\"id\": \"row-0\" \"text\": {}}\n  ]\n}\n".utf8)
            try malformed.write(to: file)
            pump(until: { !controller.overlayComponents.isEmpty }, timeout: 10, "the problems overlay")
            XCTAssertEqual(controller.viewModel?.navigationItem?.title, "Second version")
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.count, 120)
            let overlay = try XCTUnwrap(controller.viewModel?.overlayComponentModels.first)
            XCTAssertEqual(overlay.componentIdentifier, AppComponentFactory.liveProblems)
            XCTAssertTrue(overlay.descriptionText?.contains("line 4, column 20") == true, overlay.descriptionText ?? "")
            XCTAssertEqual(controller.overlayCellWidgets.count, 1)
            XCTAssertEqual(controller.contentOffset.y, 1500)
            pump(until: { child.standardOutput.lines.contains { $0.contains("\(malformed.count) bytes: not shown: Invalid JSON at line 4") } },
                 timeout: 10, "hublive's line for the malformed push")

            // A document with values of the wrong type: the paths are listed.
            try Data(#"{"title":"Typed","body":[{"id":"a","text":{"title":1}},{"id":"b","images":{"main":{"uri":7}}}]}"#.utf8)
                .write(to: file)
            pump(until: { controller.viewModel?.overlayComponentModels.first?.descriptionText?.contains("body[1]") == true },
                 timeout: 10, "the problems of the typed document")
            XCTAssertEqual(controller.viewModel?.overlayComponentModels.first?.descriptionText,
                           "body[0].text.title: expected a string, found a number\n"
                               + "body[1].images.main.uri: expected a URL string, found a number")
            XCTAssertEqual(controller.viewModel?.navigationItem?.title, "Second version")

            // A good save removes the overlay.
            try LiveFixtures.rows(3, title: "Fixed").write(to: file)
            pump(until: { controller.viewModel?.navigationItem?.title == "Fixed" }, timeout: 10, "the fixed version")
            XCTAssertTrue(controller.viewModel?.overlayComponentModels.isEmpty == true)
            pump(until: { controller.overlayCellWidgets.isEmpty }, "the overlay to go")

            // Ctrl+C ends hublive cleanly.
            pump(until: { child.standardOutput.lines.count >= 5 }, timeout: 10, "five pushes")
            child.interrupt()
            waitForExit(child)
            XCTAssertEqual(child.exitStatus, 0, child.standardError.text)
            XCTAssertEqual(child.standardOutput.lines.last, "hublive: stopped after 5 pushes", child.standardOutput.text)
            let pushLines = child.standardOutput.lines.filter { $0.contains("view.json: ") }
            XCTAssertEqual(pushLines.count, 5, child.standardOutput.text)
            XCTAssertEqual(pushLines.filter { $0.hasSuffix("bytes: shown") }.count, 3)
            XCTAssertEqual(app.liveDocument?.receivedCount, 5)
        }
    }

    func testHubliveFollowsEverySaveStyleAndStopsWhenTheFolderGoes() throws {
        try onMain {
            let (app, port) = try startViewer()
            defer { stopViewer(app) }
            let folder = directory.appendingPathComponent("watched")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("view.json")
            try LiveFixtures.rows(2, title: "One").write(to: file)
            let child = try hublive([file.path, "--port", String(port)], environment: ["HUB_LOG_LEVEL": "debug"])
            func pushes() -> [String] { child.standardOutput.lines.filter { $0.hasSuffix("bytes: shown") } }
            pump(until: { pushes().count == 1 }, timeout: 20, "the first push")
            pump(until: { child.standardOutput.lines.contains { $0.hasPrefix("hublive: watching") } }, "watching")

            // Renaming the old file away, then writing a new one (as editors that keep a backup do).
            XCTAssertEqual(rename(file.path, file.path + "~"), 0)
            try LiveFixtures.rows(2, title: "Two").write(to: file)
            pump(until: { self.liveController(app)?.viewModel?.navigationItem?.title == "Two" }, timeout: 10, "Two")
            pump(until: { pushes().count == 2 }, timeout: 10, "the second push")

            // A file moved in from another folder.
            let elsewhere = directory.appendingPathComponent("elsewhere.json")
            try LiveFixtures.rows(2, title: "Three").write(to: elsewhere)
            XCTAssertEqual(rename(elsewhere.path, file.path), 0)
            pump(until: { self.liveController(app)?.viewModel?.navigationItem?.title == "Three" }, timeout: 10, "Three")
            pump(until: { pushes().count == 3 }, timeout: 10, "the third push")

            // Deleting it is reported, and pushes nothing.
            try FileManager.default.removeItem(at: file)
            pump(until: { child.standardOutput.lines.last?.hasSuffix("view.json was removed or renamed; waiting for it to be saved again") == true },
                 timeout: 10, "the line about the removal")

            // Removing the folder ends the watch with an error.
            try FileManager.default.removeItem(at: folder)
            waitForExit(child)
            XCTAssertEqual(child.exitStatus, 1, child.standardError.text)
            XCTAssertTrue(child.standardError.text.contains("hublive: error: the folder \(folder.path) was removed or moved; "
                + "stopped watching \(file.path)"), child.standardError.text)
            XCTAssertEqual(pushes().count, 3, child.standardOutput.text)
            XCTAssertEqual(app.liveDocument?.receivedCount, 3)

            // HUB_LOG_LEVEL=debug showed the monitor's events on standard error, never on standard output.
            let log = child.standardError.text
            XCTAssertTrue(log.contains("debug org.hubframework.hublive:"), log)
            XCTAssertTrue(log.contains("RENAMED view.json → view.json~: removed"), log)
            XCTAssertTrue(log.contains("MOVED_IN view.json: saved"), log)
            XCTAssertTrue(log.contains("DELETED the folder: folder gone"), log)
            XCTAssertFalse(child.standardOutput.text.contains("org.hubframework"), child.standardOutput.text)
        }
    }

    func testHubliveTakesItsLogLevelFromTheEnvironmentAndSurvivesAnUnknownOne() throws {
        let missing = directory.appendingPathComponent("missing.json").path

        // Unset: hublive's own message alone, byte for byte.
        let plain = try hublive([missing, "--port", "9"], environment: ["HUB_LOG_LEVEL": nil])
        plain.waitUntilDone()
        XCTAssertEqual(plain.exitStatus, 1)
        XCTAssertEqual(plain.standardError.text, "hublive: error: cannot read \(missing): No such file or directory\n")
        XCTAssertEqual(plain.standardOutput.text, "")

        // Unknown: the default level, one warning about the variable, and the same outcome.
        let unknown = try hublive([missing, "--port", "9"], environment: ["HUB_LOG_LEVEL": "loud"])
        unknown.waitUntilDone()
        XCTAssertEqual(unknown.exitStatus, 1)
        let lines = unknown.standardError.lines
        XCTAssertEqual(lines.count, 2, unknown.standardError.text)
        XCTAssertTrue(lines.first?.contains("warning org.hubframework.logging:") == true, unknown.standardError.text)
        XCTAssertTrue(lines.first?.hasSuffix("HUB_LOG_LEVEL=\"loud\" is not one of trace, debug, info, notice, warning, "
            + "error, critical; logging at warning") == true, unknown.standardError.text)
        XCTAssertEqual(lines.last, "hublive: error: cannot read \(missing): No such file or directory")
        XCTAssertEqual(unknown.standardOutput.text, "")
    }

    func testADocumentOfMoreThanAMegabyteArrivesWhole() throws {
        try onMain {
            let (app, port) = try startViewer()
            defer { stopViewer(app) }
            let data = LiveFixtures.rows(9000, title: "Big", prefix: "Big row",
                                         subtitle: "a subtitle long enough to make the document large")
            XCTAssertGreaterThan(data.count, 1024 * 1024)
            let file = try write(data, to: "big.json")
            let child = try hublive([file.path, "--port", String(port), "--once"])
            waitForExit(child)
            XCTAssertEqual(child.exitStatus, 0, child.standardError.text)
            XCTAssertEqual(child.standardOutput.lines.count, 1, child.standardOutput.text)
            XCTAssertTrue(child.standardOutput.text.hasSuffix("big.json: \(data.count) bytes: shown\n"),
                          child.standardOutput.text)
            let controller = try XCTUnwrap(liveController(app))
            pump(until: { controller.viewModel?.bodyComponentModels.count == 9000 }, "the big document")
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.last?.subtitle,
                           "a subtitle long enough to make the document large 8999")
            XCTAssertEqual(app.liveDocument?.goodDocument, data)
        }
    }

    /// A document whose expression is wrong is listed in the problems row like any other problem: at
    /// the JSON path of the string and the character inside it, with what is wrong, over the last
    /// good document, which stays live.
    func testAWrongExpressionIsListedInTheProblemsRowAtItsPlace() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let document = try XCTUnwrap(app.liveDocument)
            document.reset()
            _ = document.receive(Data(#"{"title": "Counter", "state": {"count": 4}, "body": [{"id": "label", "text": {"title": "Count: @{count}"}}]}"#.utf8))
            XCTAssertTrue(app.navigator.open(LiveFeature.rootURI.absoluteString))
            let controller = try XCTUnwrap(liveController(app))
            pump(until: { controller.viewModel?.bodyComponentModels.first?.title == "Count: 4" }, "the good document")

            let wrong = Data(#"""
                {"title": "Counter", "state": {"count": 4},
                 "body": [{"id": "label", "text": {"title": "Count: @{cout}"}}, {"id": "more", "visible": "@{count}"}]}
                """#.utf8)
            guard case .invalid(let byteCount, let summary) = document.receive(wrong) else { return XCTFail("shown") }
            XCTAssertTrue(summary.hasPrefix("2 problems: body[0].text.title: "), summary)
            pump(until: { controller.overlayComponents.first is LiveProblemsComponent }, "the problems row")
            let expected = "body[0].text.title: in \"Count: @{cout}\", at character 10: Variable 'cout' is not declared. "
                + "Did you mean 'count'?\n"
                + "body[1].visible: in \"@{count}\", at character 1: The value must be a Boolean, but this expression gives "
                + "an Integer."
            XCTAssertEqual(controller.viewModel?.overlayComponentModels.first?.descriptionText, expected)
            // What the row shows: its heading and the list, as its labels hold them.
            let row = try XCTUnwrap(controller.overlayComponents.first as? LiveProblemsComponent)
            let labels = try XCTUnwrap(row.view as? Box).children.compactMap { ($0 as? Label)?.text }
            XCTAssertEqual(labels, ["The last document (\(LiveProtocol.describeSize(byteCount))) was not shown; "
                                    + "the view shows the last good one", expected])
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.map(\.title), ["Count: 4"], "the last good document")

            // Fixed, the row goes and the view shows the new document with its state.
            _ = document.receive(Data(#"{"title": "Counter", "state": {"count": 4}, "body": [{"id": "label", "text": {"title": "Now @{count + 1}"}}]}"#.utf8))
            pump(until: { controller.viewModel?.bodyComponentModels.first?.title == "Now 5" }, "the fixed document")
            XCTAssertTrue(controller.viewModel?.overlayComponentModels.isEmpty == true)
        }
    }

    func testAMalformedFirstDocumentShowsOnlyTheProblems() throws {
        try onMain {
            let (app, port) = try startViewer()
            defer { stopViewer(app) }
            let file = try write(Data("{\"title\": \"unfinished\",".utf8), to: "broken.json")
            let child = try hublive([file.path, "--port", String(port), "--once"])
            waitForExit(child)
            XCTAssertEqual(child.exitStatus, 1, "--once fails when the document is not shown")
            XCTAssertTrue(child.standardOutput.text.contains("broken.json: 23 bytes: not shown: Invalid JSON"),
                          child.standardOutput.text)
            let controller = try XCTUnwrap(liveController(app))
            pump(until: { !controller.overlayComponents.isEmpty }, "the problems overlay")
            let viewModel = try XCTUnwrap(controller.viewModel)
            XCTAssertEqual(viewModel.bodyComponentModels.map(\.identifier), [LiveContentOperation.waitingModelIdentifier])
            XCTAssertTrue(viewModel.overlayComponentModels.first?.subtitle?.contains("was not shown") == true)
        }
    }

    func testAMessageOverSixteenMegabytesIsRefused() throws {
        try onMain {
            let (app, port) = try startViewer()
            defer { stopViewer(app) }
            let good = try write(LiveFixtures.rows(5, title: "Small"), to: "small.json")
            let first = try hublive([good.path, "--port", String(port), "--once"])
            waitForExit(first)
            XCTAssertEqual(first.exitStatus, 0, first.standardError.text)

            var huge = Data("[".utf8)
            let element = Data(#"{"id":"padding","text":{"title":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}},"#.utf8)
            while huge.count <= LiveProtocol.maximumMessageSize { huge.append(element) }
            huge.append(Data("{}]".utf8))
            let file = try write(huge, to: "huge.json")
            let child = try hublive([file.path, "--port", String(port), "--once"])
            waitForExit(child, timeout: 60)
            XCTAssertEqual(child.exitStatus, 1)
            XCTAssertTrue(child.standardOutput.text.contains("huge.json: \(huge.count) bytes: refused: the document is"),
                          child.standardOutput.text + child.standardError.text)
            XCTAssertTrue(child.standardOutput.text.contains("at most 16 MiB"), child.standardOutput.text)
            let controller = try XCTUnwrap(liveController(app))
            pump(until: { !controller.overlayComponents.isEmpty }, "the refusal in the overlay")
            XCTAssertEqual(controller.viewModel?.navigationItem?.title, "Small", "the last good document stays")
            XCTAssertTrue(controller.viewModel?.overlayComponentModels.first?.descriptionText?.contains("16 MiB") == true)
            pump(until: { app.liveService?.connectionCount == 0 }, "the connection to close")
        }
    }

    func testHubliveSaysWhenTheViewerIsNotRunning() throws {
        let port: UInt16 = try onMain {
            // A port that was free a moment ago and has nothing listening now.
            let service = LiveService()
            let port = try service.start(onPort: 0)
            service.stop()
            return port
        }
        let file = try write(Data("{}".utf8), to: "view.json")
        let child = try hublive([file.path, "--port", String(port)])
        child.waitUntilDone()
        XCTAssertEqual(child.exitStatus, 1)
        XCTAssertTrue(child.standardError.text.contains("cannot connect to the live service at 127.0.0.1:\(port)"),
                      child.standardError.text)
        XCTAssertTrue(child.standardError.text.contains("Is hub-viewer running?"), child.standardError.text)
        XCTAssertTrue(child.standardError.text.contains("--live-port \(port)"), child.standardError.text)
    }

    func testHubliveSaysWhenTheFileIsMissingOrNotAFile() throws {
        _ = try write(Data("{}".utf8), to: "view.json")
        let missing = try hublive([directory.appendingPathComponent("missing.json").path, "--port", "9"])
        missing.waitUntilDone()
        XCTAssertEqual(missing.exitStatus, 1)
        XCTAssertTrue(missing.standardError.text.contains("cannot read"), missing.standardError.text)
        XCTAssertTrue(missing.standardError.text.contains("No such file or directory"), missing.standardError.text)

        let folder = try hublive([directory.path, "--port", "9"])
        folder.waitUntilDone()
        XCTAssertEqual(folder.exitStatus, 1)
        XCTAssertTrue(folder.standardError.text.contains("it is a folder, not a file"), folder.standardError.text)

        let throughAFile = try hublive([directory.appendingPathComponent("view.json/inside.json").path, "--port", "9"])
        throughAFile.waitUntilDone()
        XCTAssertEqual(throughAFile.exitStatus, 1)
        XCTAssertTrue(throughAFile.standardError.text.contains("cannot read"), throughAFile.standardError.text)

        let noPath = try hublive(["", "--port", "9"])
        noPath.waitUntilDone()
        XCTAssertNotEqual(noPath.exitStatus, 0)
        XCTAssertTrue(noPath.standardError.text.contains("No file path given"), noPath.standardError.text)
    }

    func testHubliveSaysWhenTheFileIsUnreadable() throws {
        guard getuid() != 0 else { throw XCTSkip("root can read any file") }
        let file = try write(Data("{}".utf8), to: "secret.json")
        chmod(file.path, 0)
        let child = try hublive([file.path, "--port", "9"])
        child.waitUntilDone()
        XCTAssertEqual(child.exitStatus, 1)
        XCTAssertTrue(child.standardError.text.contains("Permission denied"), child.standardError.text)
    }

    // MARK: The session token

    func testTheSessionTokenIsWrittenForTheOwnerOnlyAndRemovedAtStop() throws {
        try onMain {
            let app = SharedViewer.fresh()
            let saved = app.liveTokenFile
            defer {
                app.stopLiveService()
                app.liveTokenFile = saved
                app.navigator.tearDown()
            }
            app.liveTokenFile = LiveTokenFile(directory: directory.appendingPathComponent("runtime/hubframework"))
            let port = try XCTUnwrap(app.startLiveService(onPort: 0))
            let url = app.liveTokenFile.url(forPort: port)
            var info = stat()
            XCTAssertEqual(stat(url.path, &info), 0)
            XCTAssertEqual(info.st_mode & 0o777, 0o600)
            XCTAssertEqual(stat(app.liveTokenFile.directory.path, &info), 0)
            XCTAssertEqual(info.st_mode & 0o777, 0o700)
            let token = try XCTUnwrap(app.liveService).token
            XCTAssertEqual(try app.liveTokenFile.read(port: port).text, token.text)
            // A restart is a new session with a new token.
            XCTAssertEqual(app.startLiveService(onPort: port), port)
            XCTAssertNotEqual(try app.liveTokenFile.read(port: port).text, token.text)
            app.stopLiveService()
            XCTAssertFalse(FileManager.default.fileExists(atPath: url.path), "removed at stop")
        }
    }

    func testHubliveWithTheWrongOrAnOpenTokenFileIsRefused() throws {
        try onMain {
            let (app, port) = try startViewer()
            defer { stopViewer(app) }
            let file = try write(LiveFixtures.rows(2, title: "Intruder"), to: "view.json")
            let received = app.liveDocument?.receivedCount
            let rejected = try XCTUnwrap(app.liveService).rejectedTokenCount

            let wrong = directory.appendingPathComponent("wrong.token")
            try Data(LiveSessionToken.generate().text.utf8).write(to: wrong)
            chmod(wrong.path, 0o600)
            let refused = try hublive([file.path, "--port", String(port), "--once", "--token-file", wrong.path])
            waitForExit(refused)
            XCTAssertEqual(refused.exitStatus, 1)
            XCTAssertTrue(refused.standardOutput.text.contains("refused: the live service refused the connection"),
                          refused.standardOutput.text + refused.standardError.text)

            chmod(wrong.path, 0o644)
            let open = try hublive([file.path, "--port", String(port), "--once", "--token-file", wrong.path])
            waitForExit(open)
            XCTAssertEqual(open.exitStatus, 1)
            XCTAssertTrue(open.standardError.text.contains("other users can read or write it"), open.standardError.text)

            let missing = try hublive([file.path, "--port", String(port), "--once", "--token-file",
                                       directory.appendingPathComponent("missing.token").path])
            waitForExit(missing)
            XCTAssertEqual(missing.exitStatus, 1)
            XCTAssertTrue(missing.standardError.text.contains("no session token at"), missing.standardError.text)

            XCTAssertEqual(app.liveDocument?.receivedCount, received, "none of them reached the document")
            XCTAssertEqual(app.liveService?.rejectedTokenCount, rejected + 1, "only the wrong token reached the service")
        }
    }

    // MARK: Framing over real sockets

    func testAClientThatHangsUpMidMessageChangesNothing() throws {
        try onMain {
            let (app, port) = try startViewer()
            defer { stopViewer(app) }
            let service = try XCTUnwrap(app.liveService)
            let logged = SharedValue<String>()
            service.log = { logged.value = $0 }
            let done = SharedValue<Bool>()
            let token = LiveProtocol.tokenMessage(service.token)
            Thread.detachNewThread {
                let socket = RawLiveClient.connect(port: port)
                RawLiveClient.send(socket, token)
                let framed = LiveProtocol.frame(Data(#"{"title":"never complete"}"#.utf8))
                RawLiveClient.send(socket, framed.prefix(12))
                close(socket)
                done.value = true
            }
            pump(until: { done.value == true && logged.value != nil }, "the hang-up to be noticed")
            XCTAssertTrue(logged.value?.contains("in the middle of a message") == true, logged.value ?? "")
            XCTAssertEqual(app.liveDocument?.receivedCount, 0)
            pump(until: { service.connectionCount == 0 }, "the connection to close")
        }
    }

    func testMessagesSplitAcrossWritesFromSeveralClientsAtOnce() throws {
        try onMain {
            let (app, port) = try startViewer()
            defer { stopViewer(app) }
            let replies = [SharedValue<String>(), SharedValue<String>()]
            let token = try LiveProtocol.tokenMessage(XCTUnwrap(app.liveService).token)
            for (index, reply) in replies.enumerated() {
                Thread.detachNewThread {
                    let socket = RawLiveClient.connect(port: port)
                    let first = token + LiveProtocol.frame(LiveFixtures.rows(50, title: "Client \(index)"))
                    let second = LiveProtocol.frame(Data("{\"title\": ".utf8))
                    // Dribble the first message out in small writes with pauses, then a second,
                    // malformed message in the same connection.
                    var offset = 0
                    while offset < first.count {
                        let end = min(first.count, offset + 700)
                        RawLiveClient.send(socket, first[offset..<end])
                        offset = end
                        usleep(2000)
                    }
                    RawLiveClient.send(socket, second)
                    shutdown(socket, Int32(SHUT_WR))
                    reply.value = RawLiveClient.readAll(socket)
                    close(socket)
                }
            }
            pump(until: { replies.allSatisfy { $0.value != nil } }, timeout: 20, "both clients' answers")
            for reply in replies {
                let lines = reply.value?.split(separator: "\n").map(String.init) ?? []
                XCTAssertEqual(lines.count, 2, reply.value ?? "")
                XCTAssertEqual(lines.first.flatMap(LiveReply.init(line:)),
                               .shown(byteCount: LiveFixtures.rows(50, title: "Client 0").count))
                XCTAssertTrue(lines.last?.hasPrefix("invalid 10 Invalid JSON") == true, lines.last ?? "")
            }
            XCTAssertEqual(app.liveDocument?.receivedCount, 4)
            XCTAssertEqual(app.liveDocument?.shownCount, 2)
        }
    }

    // MARK: Options

    func testOptionsChooseThePortOrTurnTheServiceOff() throws {
        let options = onMain { SharedViewer.fresh().commandLine }
        XCTAssertEqual(try options.parse([]).livePort, 7777)
        XCTAssertEqual(try options.parse(["--live-port", "7800"]).livePort, 7800)
        XCTAssertFalse(try options.parse(["--no-live"]).liveEnabled)
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            app.liveDocument?.reset()
            app.liveSetting = .disabled
            defer { app.liveSetting = nil }
            app.applyLiveSetting()
            XCTAssertNil(app.liveService?.port)
            app.navigator.open("live:")
            let controller = try XCTUnwrap(liveController(app))
            pump(until: { controller.viewModel?.bodyComponentModels.first?.title?.contains("--no-live") == true },
                 "the hint that live editing is off")
        }
    }
}
