import Foundation
import XCTest
@testable import HubFramework

@MainActor
private final class ChangeCounter: LiveDocumentObserver {
    var changes = 0
    func liveDocumentDidChange(_ document: LiveDocument) { changes += 1 }
}

/// XCTest on Linux cannot call `@MainActor` test methods; the bodies state that they run on the main thread.
final class LiveDocumentTests: XCTestCase, @unchecked Sendable {
    @MainActor
    private func makeDocument() -> LiveDocument {
        let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                iconImageResolver: nil)
        return LiveDocument(schema: schema, serviceStatus: "listening on 127.0.0.1:7777")
    }

    func testAGoodDocumentIsKept() {
        MainActor.assumeIsolated {
            let document = makeDocument()
            let data = Data(#"{"title":"Live!","body":[{"id":"a","text":{"title":"A"}}]}"#.utf8)
            XCTAssertEqual(document.receive(data), .shown(byteCount: data.count))
            XCTAssertEqual(document.goodDocument, data)
            XCTAssertNil(document.rejection)
            XCTAssertEqual(document.shownCount, 1)
            XCTAssertEqual(document.receivedCount, 1)
        }
    }

    func testInvalidJSONKeepsTheLastGoodDocumentAndSaysWhere() {
        MainActor.assumeIsolated {
            let document = makeDocument()
            let good = Data(#"{"title":"Good"}"#.utf8)
            document.receive(good)
            let bad = Data("{\n  \"title\": \"Bad\",\n  \"body\": [\n}".utf8)
            guard case .invalid(let count, let summary) = document.receive(bad) else {
                return XCTFail("expected a rejection")
            }
            XCTAssertEqual(count, bad.count)
            XCTAssertTrue(summary.contains("line 4"), summary)
            XCTAssertEqual(document.goodDocument, good)
            XCTAssertEqual(document.rejection?.byteCount, bad.count)
            XCTAssertNotNil(document.rejection?.error)
            XCTAssertEqual(document.receivedCount, 2)
            XCTAssertEqual(document.shownCount, 1)
        }
    }

    func testADocumentWithProblemsIsRejectedWithTheirJSONPaths() {
        MainActor.assumeIsolated {
            let document = makeDocument()
            document.receive(Data(#"{"title":"Good"}"#.utf8))
            let data = Data(#"{"title":"New","body":[{"id":"a"},{"id":"b","text":{"title":15}}]}"#.utf8)
            guard case .invalid(_, let summary) = document.receive(data) else { return XCTFail("expected a rejection") }
            XCTAssertEqual(document.rejection?.problems.map(\.path), ["body[1].text.title"])
            XCTAssertEqual(document.rejection?.lines, ["body[1].text.title: expected a string, found a number"])
            XCTAssertEqual(summary, "1 problem: body[1].text.title: expected a string, found a number")
            XCTAssertEqual(document.goodDocument, Data(#"{"title":"Good"}"#.utf8))
        }
    }

    func testOtherTopLevelValuesAreRejected() {
        MainActor.assumeIsolated {
            let document = makeDocument()
            for text in ["", "42", "\"text\"", "null"] {
                guard case .invalid = document.receive(Data(text.utf8)) else { return XCTFail("accepted \(text)") }
            }
            XCTAssertNil(document.goodDocument)
            XCTAssertEqual(document.receive(Data(#"[{"id":"a"}]"#.utf8)), .shown(byteCount: 12),
                           "an array of body components is a view model too")
        }
    }

    func testAGoodDocumentClearsTheRejection() {
        MainActor.assumeIsolated {
            let document = makeDocument()
            document.receive(Data("{".utf8))
            XCTAssertNotNil(document.rejection)
            document.receive(Data("{}".utf8))
            XCTAssertNil(document.rejection)
        }
    }

    func testSummariesListTheFirstThreeProblems() {
        let problems = (0..<5).map { JSONProblem(path: "body[\($0)]", message: "expected an object, found a number") }
        let rejection = LiveRejection(byteCount: 10, error: nil, problems: problems)
        XCTAssertEqual(rejection.summary, "5 problems: body[0]: expected an object, found a number; "
            + "body[1]: expected an object, found a number; body[2]: expected an object, found a number; and 2 more")
        XCTAssertEqual(LiveRejection(byteCount: nil, error: "too large", problems: []).summary, "too large")
    }

    func testObserversHearOfEveryChangeAndAreHeldWeakly() {
        MainActor.assumeIsolated {
            let document = makeDocument()
            var counter: ChangeCounter? = ChangeCounter()
            document.addObserver(counter!)
            document.receive(Data("{}".utf8))
            document.receive(Data("{".utf8))
            document.refuse("too large")
            document.serviceStatus = "stopped"
            document.serviceStatus = "stopped"
            XCTAssertEqual(counter?.changes, 4)
            XCTAssertEqual(document.observerCount, 1)
            counter = nil
            XCTAssertEqual(document.observerCount, 0)
            document.receive(Data("{}".utf8))
        }
    }

    // MARK: The content operation

    @MainActor
    private func makeLoader(document: LiveDocument, components: LiveContentOperation.Components = .defaults)
        throws -> (ViewModelLoader, LiveContentOperation, LoadingRecorder)
    {
        let operation = LiveContentOperation(document: document, components: components)
        let loader = try ViewModelLoader(
            viewURI: URL(string: "live:")!, featureInfo: FeatureInfo(identifier: "live", title: "Live"),
            operations: [operation], makeBuilder: { document.schema.makeViewModelBuilder() },
            connectivityStateResolver: ManualConnectivityStateResolver())
        let recorder = LoadingRecorder()
        loader.delegate = recorder
        return (loader, operation, recorder)
    }

    func testTheSameOperationShowsEveryNewDocument() throws {
        try MainActor.assumeIsolated {
            let document = makeDocument()
            let (loader, operation, recorder) = try makeLoader(document: document)
            loader.loadViewModel()
            document.receive(Data(#"{"title":"Live!"}"#.utf8))
            XCTAssertEqual(recorder.viewModels.last?.navigationItem?.title, "Live!")
            document.receive(Data(#"{"title":"A new title!"}"#.utf8))
            XCTAssertEqual(recorder.viewModels.last?.navigationItem?.title, "A new title!")
            XCTAssertEqual(document.observerCount, 1, "one operation, reused")
            withExtendedLifetime(operation) {}
        }
    }

    func testBeforeAnyDocumentTheViewExplainsHowToSendOne() throws {
        try MainActor.assumeIsolated {
            let document = makeDocument()
            let (loader, _, recorder) = try makeLoader(document: document)
            loader.loadViewModel()
            let body = try XCTUnwrap(recorder.viewModels.last?.bodyComponentModels)
            XCTAssertEqual(body.map(\.identifier), [LiveContentOperation.waitingModelIdentifier])
            XCTAssertEqual(body.first?.componentIdentifier.identifierString, "default:label")
            XCTAssertTrue(body.first?.title?.contains("hublive") == true)
            XCTAssertTrue(body.first?.title?.contains("listening on 127.0.0.1:7777") == true)
            XCTAssertEqual(recorder.viewModels.last?.navigationItem?.title, "Live", "the feature's title")
        }
    }

    func testABadDocumentKeepsTheContentAndAddsAnOverlayWithTheProblems() throws {
        try MainActor.assumeIsolated {
            let document = makeDocument()
            let components = LiveContentOperation.Components(
                message: Identifier(namespace: "default", name: "label"),
                problems: Identifier(namespace: "viewer", name: "liveProblems"))
            let (loader, _, recorder) = try makeLoader(document: document, components: components)
            loader.loadViewModel()
            document.receive(Data(#"{"title":"Good","body":[{"id":"a","text":{"title":"A"}}]}"#.utf8))
            document.receive(Data(#"{"title":"Bad","body":[{"id":"a","text":{"title":["A"]}}]}"#.utf8))
            let viewModel = try XCTUnwrap(recorder.viewModels.last)
            XCTAssertEqual(viewModel.navigationItem?.title, "Good")
            XCTAssertEqual(viewModel.bodyComponentModels.map(\.title), ["A"])
            let overlay = try XCTUnwrap(viewModel.overlayComponentModels.first)
            XCTAssertEqual(overlay.identifier, LiveContentOperation.problemsModelIdentifier)
            XCTAssertEqual(overlay.componentIdentifier.identifierString, "viewer:liveProblems")
            XCTAssertEqual(overlay.descriptionText, "body[0].text.title: expected a string, found an array")
            XCTAssertTrue(overlay.title?.contains("body[0].text.title") == true)
            XCTAssertEqual(overlay.customData?["problems"],
                           .array([.object(["path": .string("body[0].text.title"),
                                            "message": .string("expected a string, found an array")])]))
            // A good document removes the overlay.
            document.receive(Data(#"{"title":"Fixed"}"#.utf8))
            XCTAssertEqual(recorder.viewModels.last?.overlayComponentModels.count, 0)
            XCTAssertEqual(recorder.viewModels.last?.navigationItem?.title, "Fixed")
        }
    }

    func testAtMostTwentyFiveProblemsAreListed() throws {
        try MainActor.assumeIsolated {
            let document = makeDocument()
            let (loader, _, recorder) = try makeLoader(document: document)
            loader.loadViewModel()
            let body = (0..<40).map { #"{"id":"r\#($0)","text":{"title":\#($0)}}"# }.joined(separator: ",")
            document.receive(Data("{\"body\":[\(body)]}".utf8))
            let overlay = try XCTUnwrap(recorder.viewModels.last?.overlayComponentModels.first)
            let lines = overlay.descriptionText?.split(separator: "\n") ?? []
            XCTAssertEqual(lines.count, 26)
            XCTAssertEqual(lines.last, "… and 15 more")
            XCTAssertEqual(overlay.customData?["problemCount"], .number(40))
        }
    }
}

/// A document pushed live is read once, off the main thread, and its answers keep their order.
final class LiveDocumentReadingTests: XCTestCase, @unchecked Sendable {
    /// Counts the documents read: each reading resolves the document's local image once.
    private final class CountingResolver: LocalImageResolver, @unchecked Sendable {
        private final class Picture: HubFramework.Image, @unchecked Sendable {
            var size: Size { Size(width: 1, height: 1) }
        }
        private let lock = NSLock()
        private var storedCount = 0
        var count: Int { lock.withLock { storedCount } }
        func image(named name: String) -> (any HubFramework.Image)? {
            lock.withLock { storedCount += 1 }
            return Picture()
        }
    }

    @MainActor
    private func makeDocument(_ resolver: CountingResolver) -> LiveDocument {
        let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                iconImageResolver: nil, localImageResolver: resolver)
        return LiveDocument(schema: schema)
    }

    /// Waits on the main run loop until `condition` holds.
    @MainActor
    private func wait(_ what: String, until condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(10)
        while !condition() && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.005)) }
        XCTAssertTrue(condition(), what)
    }

    func testAGoodDocumentIsReadOnceWhateverTheViewsShowingIt() {
        MainActor.assumeIsolated {
            let resolver = CountingResolver()
            let document = makeDocument(resolver)
            let data = Data(#"{"title": "Once", "body": [{"id": "a", "text": {"title": "A"}, "images": {"main": {"local": "x"}}}]}"#.utf8)
            XCTAssertEqual(document.receive(data), .shown(byteCount: data.count))
            XCTAssertEqual(resolver.count, 1, "read when it arrived")
            // Three live views show it.
            for _ in 0..<3 {
                let operation = LiveContentOperation(document: document)
                let builder = document.schema.makeViewModelBuilder()
                operation.perform(forViewURI: URL(string: "live:")!, featureInfo: FeatureInfo(identifier: "l", title: "L"),
                                  connectivityState: .online, viewModelBuilder: builder, previousError: nil)
                let viewModel = builder.build()
                XCTAssertEqual(viewModel.navigationItem?.title, "Once")
                XCTAssertEqual(viewModel.bodyComponentModels.map(\.title), ["A"])
                XCTAssertNotNil(viewModel.bodyComponentModels.first?.mainImageData?.localImage)
            }
            XCTAssertEqual(resolver.count, 1, "not read again for each view")
        }
    }

    func testDocumentsAreReadOffTheMainThreadAndAnsweredInOrder() {
        MainActor.assumeIsolated {
            let document = makeDocument(CountingResolver())
            let rows = (0..<200_000).map { #"{"id": "r\#($0)", "text": {"title": "Row \#($0)"}}"# }.joined(separator: ",")
            let large = Data(#"{"title": "Large", "body": [\#(rows)]}"#.utf8)
            let small = Data(#"{"title": "Small"}"#.utf8)
            var answers: [LiveReply] = []
            let start = Date()
            document.receive(large) { answers.append($0) }
            document.receive(small) { answers.append($0) }
            XCTAssertLessThan(Date().timeIntervalSince(start), 0.05, "receiving returns before the document is read")
            XCTAssertTrue(answers.isEmpty, "the answers come later, on the main thread")
            XCTAssertEqual(document.receivedCount, 2)
            wait("both answers") { answers.count == 2 }
            XCTAssertEqual(answers, [.shown(byteCount: large.count), .shown(byteCount: small.count)], "in order")
            XCTAssertEqual(document.goodDocument, small, "the last one arrived last")
            XCTAssertEqual(document.shownCount, 2)
        }
    }
}
