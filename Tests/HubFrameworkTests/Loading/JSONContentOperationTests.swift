import Foundation
import XCTest

@testable import HubFramework
import HubTestSupport


/// The JSON content operation against the loopback HTTP server and the file system.
final class JSONContentOperationTests: LoopbackServerTestCase, @unchecked Sendable {
    private var temporaryFiles: [URL] = []

    private static let goodDocument = #"""
        {
            "title": "From the backend",
            "body": [
                {"id": "first", "component": {"id": "backend:row"}, "text": {"title": "First"}},
                {"id": "second", "text": {"title": "Second", "subtitle": "Sub"}}
            ]
        }
        """#

    override func tearDown() {
        for file in temporaryFiles { try? FileManager.default.removeItem(at: file) }
        temporaryFiles = []
        super.tearDown()
    }

    // MARK: Helpers

    /// What happened to the error of a failing JSON operation in two chains run side by side:
    /// `[json, next]` (what `next` got as its previous error) and `[json]` (what the view got).
    private struct ErrorRouting {
        var seenByNext: (any Error)?
        var seenByView: (any Error)?
        var elapsed: TimeInterval
    }

    private func routeError(from url: URL, timeout: TimeInterval = 15, file: StaticString = #filePath,
                            line: UInt = #line) -> ErrorRouting
    {
        let bothDone = expectation(description: "both chains done")
        bothDone.expectedFulfillmentCount = 2
        let started = Date()
        let (loaders, recorders, next) = MainActor.assumeIsolated {
            () -> ([ViewModelLoader], [LoadingRecorder], LoadingTestOperation) in
            let next = LoadingTestOperation("next", addsComponent: "fallback")
            let (withNext, nextRecorder) = LoadingFixtures.loader([JSONContentOperation(url: url, timeout: timeout), next])
            let (alone, aloneRecorder) = LoadingFixtures.loader([JSONContentOperation(url: url, timeout: timeout)])
            for recorder in [nextRecorder, aloneRecorder] {
                recorder.onLoad = { _ in bothDone.fulfill() }
                recorder.onFail = { _ in bothDone.fulfill() }
            }
            withNext.loadViewModel()
            alone.loadViewModel()
            return ([withNext, alone], [nextRecorder, aloneRecorder], next)
        }
        wait(for: [bothDone], timeout: timeout + 10)
        let elapsed = Date().timeIntervalSince(started)
        return MainActor.assumeIsolated {
            XCTAssertEqual(recorders[0].events, ["load"], "the next operation silenced the error", file: file, line: line)
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorders[0].lastViewModel), ["fallback"], file: file,
                           line: line)
            XCTAssertEqual(recorders[1].viewModels.count, 0, "the failing last operation delivers no view model",
                           file: file, line: line)
            XCTAssertEqual(recorders[1].errors.count, 1, file: file, line: line)
            XCTAssertFalse(loaders.contains { $0.isLoading }, file: file, line: line)
            return ErrorRouting(seenByNext: next.lastPreviousError, seenByView: recorders[1].errors.first,
                                elapsed: elapsed)
        }
    }

    /// Loads `url` with a single JSON operation and waits for the result.
    private func load(_ operation: @escaping @MainActor () -> JSONContentOperation, timeout: TimeInterval = 10)
        -> (LoadingRecorder, JSONContentOperation)
    {
        let done = expectation(description: "loaded or failed")
        let (loader, recorder, operation) = MainActor.assumeIsolated {
            () -> (ViewModelLoader, LoadingRecorder, JSONContentOperation) in
            let operation = operation()
            let (loader, recorder) = LoadingFixtures.loader([operation])
            recorder.onLoad = { _ in done.fulfill() }
            recorder.onFail = { _ in done.fulfill() }
            loader.loadViewModel()
            return (loader, recorder, operation)
        }
        wait(for: [done], timeout: timeout)
        _ = loader
        return (recorder, operation)
    }

    private func temporaryFile(_ contents: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("hub-json-operation-\(UUID().uuidString).json")
        try Data(contents.utf8).write(to: url)
        temporaryFiles.append(url)
        return url
    }

    // MARK: HTTP

    func testGoodDocumentOverHTTP() throws {
        server.route("/feed.json", .json(Self.goodDocument))
        let (recorder, operation) = load { JSONContentOperation(url: self.server.url("/feed.json")) }
        try MainActor.assumeIsolated {
            XCTAssertEqual(recorder.events, ["load"])
            let viewModel = try XCTUnwrap(recorder.lastViewModel)
            XCTAssertEqual(viewModel.navigationTitle, "From the backend")
            XCTAssertEqual(LoadingFixtures.bodyTitles(viewModel), ["First", "Second"])
            XCTAssertEqual(viewModel.bodyComponentModels[0].componentIdentifier.description, "backend:row")
            XCTAssertEqual(viewModel.bodyComponentModels[1].componentIdentifier.description, "namespace:name",
                           "read with the loader's schema and its component defaults")
            XCTAssertEqual(operation.problems, [])
            XCTAssertNil(operation.lastError)
            XCTAssertEqual(operation.lastURL, server.url("/feed.json"))
        }
        XCTAssertEqual(server.requests.map(\.method), ["GET"])
        XCTAssertEqual(server.requests.first?.headers["accept"], "application/json")
    }

    func testArrayDocumentBecomesBodyComponents() {
        server.route("/list", .json(#"[{"id": "a", "text": {"title": "A"}}, {"id": "b", "text": {"title": "B"}}]"#))
        let (recorder, _) = load { JSONContentOperation(url: self.server.url("/list")) }
        MainActor.assumeIsolated {
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["a", "b"])
        }
    }

    func testIgnoredPartsAreKeptAndCanBeRecordedInCustomData() {
        server.route("/odd.json", .json(#"{"title": 7, "body": [{"id": "a", "text": {"title": ["not", "a", "string"]}}]}"#))
        let (recorder, operation) = load {
            let operation = JSONContentOperation(url: self.server.url("/odd.json"))
            operation.recordsProblemsInCustomData = true
            return operation
        }
        MainActor.assumeIsolated {
            XCTAssertEqual(recorder.events, ["load"], "ignored parts do not fail the load")
            XCTAssertEqual(operation.problems.map(\.path).sorted(), ["body[0].text.title", "title"])
            let recorded = recorder.lastViewModel?.customData?[JSONContentOperation.problemsCustomDataKey]?.arrayValue
            XCTAssertEqual(recorded?.compactMap(\.stringValue).sorted(), operation.problems.map(\.description).sorted())
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["a"])
        }
    }

    func testProblemsStayOutOfCustomDataUnlessAskedFor() {
        server.route("/odd.json", .json(#"{"title": 7}"#))
        let (recorder, operation) = load { JSONContentOperation(url: self.server.url("/odd.json")) }
        MainActor.assumeIsolated {
            XCTAssertEqual(operation.problems.count, 1)
            XCTAssertNil(recorder.lastViewModel?.customData?[JSONContentOperation.problemsCustomDataKey])
        }
    }

    func testNotFoundIsAnHTTPStatusError() {
        let url = server.url("/missing.json")
        let routing = routeError(from: url)
        let expected = ContentLoadingError.httpStatus(code: 404, url: url)
        XCTAssertEqual(routing.seenByNext as? ContentLoadingError, expected)
        XCTAssertEqual(routing.seenByView as? ContentLoadingError, expected)
        XCTAssertEqual("\(expected)", "Loading \(url.absoluteString) failed: the server answered 404 (not found).")
    }

    func testServerErrorIsAnHTTPStatusError() {
        server.route("/broken", .text("oops", status: 500))
        let routing = routeError(from: server.url("/broken"))
        XCTAssertEqual(routing.seenByView as? ContentLoadingError, .httpStatus(code: 500, url: server.url("/broken")))
    }

    func testSlowServerIsATimeout() {
        server.route("/slow.json", .json(Self.goodDocument, delay: 10))
        let url = server.url("/slow.json")
        let routing = routeError(from: url, timeout: 1)
        XCTAssertEqual(routing.seenByNext as? ContentLoadingError, .timeout(url: url, seconds: 1))
        XCTAssertEqual(routing.seenByView as? ContentLoadingError, .timeout(url: url, seconds: 1))
        XCTAssertGreaterThan(routing.elapsed, 0.9)
        XCTAssertLessThan(routing.elapsed, 5, "the timeout, not the server's delay")
        XCTAssertEqual("\(ContentLoadingError.timeout(url: url, seconds: 1))",
                       "Loading \(url.absoluteString) timed out after 1 second.")
    }

    func testMalformedBodyIsAJSONError() {
        server.route("/bad.json", .json(#"{"title": "unterminated}"#))
        let url = server.url("/bad.json")
        let routing = routeError(from: url)
        for error in [routing.seenByNext, routing.seenByView] {
            guard case .malformedJSON(let jsonError, let errorURL)? = error as? ContentLoadingError else {
                return XCTFail("expected malformedJSON, got \(String(describing: error))")
            }
            XCTAssertEqual(errorURL, url)
            guard case .invalidJSON = jsonError else { return XCTFail("expected invalidJSON, got \(jsonError)") }
            XCTAssertTrue("\(error!)".contains("line 1"), "\(error!)")
        }
    }

    func testNonObjectDocumentIsAJSONError() {
        server.route("/number.json", .json("42"))
        let routing = routeError(from: server.url("/number.json"))
        guard case .malformedJSON(.unexpectedTopLevelValue, _)? = routing.seenByView as? ContentLoadingError else {
            return XCTFail("got \(String(describing: routing.seenByView))")
        }
    }

    func testEmptyBodyIsAJSONError() {
        server.route("/empty.json", .json(""))
        let routing = routeError(from: server.url("/empty.json"))
        XCTAssertEqual(routing.seenByView as? ContentLoadingError, .malformedJSON(.emptyData, url: server.url("/empty.json")))
    }

    func testTruncatedBodyIsATransportError() {
        let body = Data(Self.goodDocument.utf8)
        server.route("/cut.json", LoopbackHTTPServer.Response(
            headers: [("Content-Type", "application/json")], body: body, behavior: .truncateBody(afterBytes: 40)))
        let routing = routeError(from: server.url("/cut.json"))
        for error in [routing.seenByNext, routing.seenByView] {
            guard case .transport(_, let url)? = error as? ContentLoadingError else {
                return XCTFail("expected a transport error, got \(String(describing: error))")
            }
            XCTAssertEqual(url, server.url("/cut.json"))
        }
    }

    func testHangUpIsATransportError() {
        server.route("/hangup", LoopbackHTTPServer.Response(behavior: .closeWithoutResponding))
        let routing = routeError(from: server.url("/hangup"))
        guard case .transport? = routing.seenByView as? ContentLoadingError else {
            return XCTFail("got \(String(describing: routing.seenByView))")
        }
    }

    func testConnectionRefusedIsATransportError() throws {
        let closed = try LoopbackHTTPServer()
        let url = closed.url("/feed.json")
        closed.stop()  // the port now refuses connections
        let routing = routeError(from: url)
        guard case .transport(let urlError, let errorURL)? = routing.seenByView as? ContentLoadingError else {
            return XCTFail("got \(String(describing: routing.seenByView))")
        }
        XCTAssertEqual(errorURL, url)
        XCTAssertEqual(urlError.code, .cannotConnectToHost)
        XCTAssertEqual("\(routing.seenByView!)",
                       "Could not load \(url.absoluteString): the server refused the connection or is not running.")
        XCTAssertNotNil(routing.seenByNext as? ContentLoadingError)
    }

    // MARK: Cancellation and reporting once

    func testCancelStopsTheRequestAndReportsNothing() {
        server.route("/slow.json", .json(Self.goodDocument, delay: 0.5))
        let delegate = CountingOperationDelegate()
        let operation = MainActor.assumeIsolated { () -> JSONContentOperation in
            let operation = JSONContentOperation(url: server.url("/slow.json"))
            operation.delegate = delegate
            operation.perform(forViewURI: LoadingFixtures.viewURI, featureInfo: LoadingFixtures.featureInfo,
                              connectivityState: .online, viewModelBuilder: LoadingFixtures.schema().makeViewModelBuilder(),
                              previousError: nil)
            return operation
        }
        XCTAssertTrue(server.waitForRequests(1))
        MainActor.assumeIsolated { operation.cancel() }
        _ = loadingSpin(timeout: 1.5) { false }  // let the delayed response time pass
        XCTAssertEqual(delegate.finished + delegate.failed, 0)
    }

    func testReloadWhileLoadingCancelsTheOldRequestAndDeliversOnce() {
        server.route("/feed.json", .json(Self.goodDocument, delay: 0.4))
        let loaded = expectation(description: "loaded")
        let (loader, recorder) = MainActor.assumeIsolated { () -> (ViewModelLoader, LoadingRecorder) in
            let (loader, recorder) = LoadingFixtures.loader([JSONContentOperation(url: server.url("/feed.json"))])
            recorder.onLoad = { _ in loaded.fulfill() }
            loader.loadViewModel()
            loader.reloadViewModel()
            return (loader, recorder)
        }
        wait(for: [loaded], timeout: 10)
        _ = loadingSpin(timeout: 1) { false }  // the first request's response would have arrived by now
        MainActor.assumeIsolated {
            XCTAssertEqual(recorder.events, ["load"])
            XCTAssertEqual(LoadingFixtures.bodyTitles(recorder.lastViewModel), ["First", "Second"])
            XCTAssertFalse(loader.isLoading)
        }
    }

    func testTimeoutReportsOnceEvenWhenTheResponseArrivesLater() {
        server.route("/slow.json", .json(Self.goodDocument, delay: 1.5))
        let delegate = CountingOperationDelegate()
        MainActor.assumeIsolated {
            let operation = JSONContentOperation(url: server.url("/slow.json"), timeout: 1)
            operation.delegate = delegate
            operation.perform(forViewURI: LoadingFixtures.viewURI, featureInfo: LoadingFixtures.featureInfo,
                              connectivityState: .online, viewModelBuilder: LoadingFixtures.schema().makeViewModelBuilder(),
                              previousError: nil)
            XCTAssertTrue(loadingSpin(timeout: 5) { delegate.failed == 1 })
            _ = loadingSpin(timeout: 1.5) { false }
            XCTAssertEqual(delegate.failed, 1)
            XCTAssertEqual(delegate.finished, 0)
            XCTAssertEqual(operation.lastError, .timeout(url: server.url("/slow.json"), seconds: 1))
        }
    }

    // The operation reports through the delegate it had when it started.
    func testReportsGoToTheDelegateCapturedAtPerformTime() {
        server.route("/feed.json", .json(Self.goodDocument, delay: 0.2))
        let first = CountingOperationDelegate()
        let second = CountingOperationDelegate()
        MainActor.assumeIsolated {
            let operation = JSONContentOperation(url: server.url("/feed.json"))
            operation.delegate = first
            operation.perform(forViewURI: LoadingFixtures.viewURI, featureInfo: LoadingFixtures.featureInfo,
                              connectivityState: .online, viewModelBuilder: LoadingFixtures.schema().makeViewModelBuilder(),
                              previousError: nil)
            operation.delegate = second
            XCTAssertTrue(loadingSpin(timeout: 5) { first.finished == 1 })
            XCTAssertEqual(second.finished + second.failed, 0)
        }
    }

    // MARK: Files and other sources

    // Files used to be read synchronously on the main thread; a large one froze the window. Now the
    // main thread only starts the load: nothing is delivered before loadViewModel() returns, and the
    // view model arrives through the main loop.
    func testFilePathLoadsOffTheMainThread() throws {
        let file = try temporaryFile(Self.goodDocument)
        try MainActor.assumeIsolated {
            let operation = JSONContentOperation(filePath: file.path)
            let (loader, recorder) = LoadingFixtures.loader([operation])
            loader.loadViewModel()
            XCTAssertEqual(recorder.events, [], "the file is read off the main thread, not before loadViewModel() returns")
            XCTAssertTrue(loader.isLoading)
            XCTAssertTrue(loadingSpin { !loader.isLoading })
            XCTAssertEqual(recorder.events, ["load"])
            XCTAssertEqual(LoadingFixtures.bodyTitles(recorder.lastViewModel), ["First", "Second"])
            XCTAssertEqual(try XCTUnwrap(operation.lastURL).path, file.path)
        }
    }

    func testFileURLLoads() throws {
        let file = try temporaryFile(#"{"body": [{"id": "from-file"}]}"#)
        MainActor.assumeIsolated {
            let (loader, recorder) = LoadingFixtures.loader([JSONContentOperation(url: file)])
            loader.loadViewModel()
            XCTAssertTrue(loadingSpin { !loader.isLoading })
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["from-file"])
        }
    }

    func testMissingFileIsAnUnreadableFileError() {
        MainActor.assumeIsolated {
            let path = "/nonexistent/hub-\(UUID().uuidString).json"
            let next = LoadingTestOperation("next")
            let (loader, recorder) = LoadingFixtures.loader([JSONContentOperation(filePath: path), next])
            loader.loadViewModel()
            XCTAssertTrue(loadingSpin { !loader.isLoading })
            let expected = ContentLoadingError.unreadableFile(path: path, reason: "there is no such file")
            XCTAssertEqual(next.lastPreviousError as? ContentLoadingError, expected)
            XCTAssertEqual(recorder.events, ["load"])

            let (alone, aloneRecorder) = LoadingFixtures.loader([JSONContentOperation(filePath: path)])
            alone.loadViewModel()
            XCTAssertTrue(loadingSpin { !alone.isLoading })
            XCTAssertEqual(aloneRecorder.errors.first as? ContentLoadingError, expected)
            XCTAssertEqual("\(expected)", "Could not read the file \(path): there is no such file.")
        }
    }

    func testDirectoryIsAnUnreadableFileError() {
        MainActor.assumeIsolated {
            let directory = FileManager.default.temporaryDirectory.path
            let (loader, recorder) = LoadingFixtures.loader([JSONContentOperation(filePath: directory)])
            loader.loadViewModel()
            XCTAssertTrue(loadingSpin { !loader.isLoading })
            guard case .unreadableFile(_, let reason)? = recorder.errors.first as? ContentLoadingError else {
                return XCTFail("got \(recorder.events)")
            }
            XCTAssertEqual(reason, "it is a directory")
        }
    }

    func testMalformedFileIsAJSONError() throws {
        let file = try temporaryFile("{not json")
        MainActor.assumeIsolated {
            let operation = JSONContentOperation(url: file)
            let (loader, recorder) = LoadingFixtures.loader([operation])
            loader.loadViewModel()
            XCTAssertTrue(loadingSpin { !loader.isLoading })
            guard case .malformedJSON(.invalidJSON, _)? = recorder.errors.first as? ContentLoadingError else {
                return XCTFail("got \(recorder.events)")
            }
            XCTAssertNotNil(operation.lastError)
        }
    }

    func testUnsupportedSchemeAndMissingDocumentAreErrors() {
        MainActor.assumeIsolated {
            let ftp = URL(string: "ftp://example.com/feed.json")!
            let (loader, recorder) = LoadingFixtures.loader([JSONContentOperation(url: ftp)])
            loader.loadViewModel()
            XCTAssertEqual(recorder.errors.first as? ContentLoadingError, .unsupportedURL(ftp))

            let (mapped, mappedRecorder) = LoadingFixtures.loader([JSONContentOperation { _ in nil }])
            mapped.loadViewModel()
            XCTAssertEqual(mappedRecorder.errors.first as? ContentLoadingError, .noDocument(viewURI: LoadingFixtures.viewURI))
        }
    }

    func testDocumentURLIsChosenPerView() throws {
        let first = try temporaryFile(#"{"body": [{"id": "one"}]}"#)
        MainActor.assumeIsolated {
            var asked: [URL] = []
            let operation = JSONContentOperation { viewURI in
                asked.append(viewURI)
                return first
            }
            let (loader, recorder) = LoadingFixtures.loader([operation])
            loader.loadViewModel()
            XCTAssertTrue(loadingSpin { !loader.isLoading })
            XCTAssertEqual(asked, [LoadingFixtures.viewURI])
            XCTAssertEqual(LoadingFixtures.bodyIdentifiers(recorder.lastViewModel), ["one"])
        }
    }

    // The document is read with the feature's schema: a custom schema's defaults apply.
    func testFeatureSchemaIsUsed() throws {
        let file = try temporaryFile(#"{"body": [{"id": "plain"}]}"#)
        try MainActor.assumeIsolated {
            let manager = HubManager(componentMargin: 0)
            let custom = JSONSchema(componentDefaults: ComponentDefaults(namespace: "backend", name: "card", category: .card),
                                    iconImageResolver: nil, localImageResolver: nil)
            try manager.jsonSchemaRegistry.registerCustomSchema(custom, forIdentifier: "backend")
            try manager.featureRegistry.registerFeature(
                identifier: "backend", viewURIPredicate: ViewURIPredicate { _ in true }, title: "Backend",
                contentOperationFactories: [BlockContentOperationFactory { _ in [JSONContentOperation(url: file)] }],
                customJSONSchemaIdentifier: "backend")
            let loader = try XCTUnwrap(manager.viewModelLoaderFactory.createViewModelLoader(forViewURI: URL(string: "hub:b")!))
            let recorder = LoadingRecorder()
            loader.delegate = recorder
            loader.loadViewModel()
            XCTAssertTrue(loadingSpin { !loader.isLoading })
            XCTAssertEqual(recorder.lastViewModel?.bodyComponentModels.first?.componentIdentifier.description, "backend:card")
            XCTAssertEqual(recorder.lastViewModel?.navigationTitle, "Backend")
        }
    }

    func testRescheduledJSONOperationLoadsAgainFromItsSnapshot() throws {
        let file = try temporaryFile(#"{"body": [{"id": "doc"}]}"#)
        try MainActor.assumeIsolated {
            let before = LoadingTestOperation("before", addsComponent: "before")
            let json = JSONContentOperation(url: file)
            let (loader, recorder) = LoadingFixtures.loader([before, json])
            loader.loadViewModel()
            XCTAssertTrue(loadingSpin { !loader.isLoading })
            try Data(#"{"body": [{"id": "changed"}]}"#.utf8).write(to: file)
            json.delegate?.contentOperationRequiresRescheduling(json)
            XCTAssertTrue(loadingSpin { !loader.isLoading && recorder.viewModels.count == 2 })
            XCTAssertEqual(recorder.viewModels.map(LoadingFixtures.bodyIdentifiers), [["before", "doc"], ["before", "changed"]])
        }
    }

    func testErrorDescriptionsAreReadable() {
        let url = URL(string: "https://example.com/feed.json")!
        XCTAssertEqual("\(ContentLoadingError.unsupportedURL(URL(string: "ftp://x/y")!))",
                       "Cannot load ftp://x/y: only file paths, file: URLs and http(s) URLs are supported.")
        XCTAssertEqual("\(ContentLoadingError.timeout(url: url, seconds: 2.5))",
                       "Loading https://example.com/feed.json timed out after 2.50 seconds.")
        XCTAssertEqual("\(ContentLoadingError.transport(URLError(.networkConnectionLost), url: url))",
                       "Could not load https://example.com/feed.json: the connection was lost before the whole response arrived.")
        XCTAssertTrue("\(ContentLoadingError.malformedJSON(.emptyData, url: url))".hasSuffix("The JSON data is empty."))
        XCTAssertEqual(ContentLoadingError.noDocument(viewURI: URL(string: "hub:x")!).description,
                       "There is no document to load for the view hub:x.")
        XCTAssertEqual(ContentLoadingError.httpStatus(code: 404, url: url).url, url)
        XCTAssertNil(ContentLoadingError.noDocument(viewURI: url).url)
    }
}
