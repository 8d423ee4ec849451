import Foundation
import XCTest

@testable import HubFramework
import HubTestSupport

/// A long document shows its first components while the rest is read (docs/content-loading.md,
/// "Parts"): the reader hands over the view as far as it has read it, and `JSONContentOperation`
/// reports it as a part of its content, from a file and over HTTP.
final class StreamedDocumentTests: LoopbackServerTestCase, @unchecked Sendable {
    private let schema = LoadingFixtures.schema()
    private var temporaryFiles: [URL] = []

    override func tearDown() {
        for file in temporaryFiles { try? FileManager.default.removeItem(at: file) }
        temporaryFiles = []
        super.tearDown()
    }

    /// `{"title": …, "header": …, "body": [rows…], "overlays": […]}` with `rows` rows; the row at
    /// index `repeatAt` comes again at the end with another title (components merge by identifier).
    private func document(rows: Int, repeatAt: Int? = nil, brokenEnd: Bool = false) -> Data {
        var text = #"{"title": "Long", "header": {"id": "head", "text": {"title": "Header"}}, "body": ["#
        for index in 0..<rows {
            if index > 0 { text += "," }
            text += #"{"id": "row-\#(index)", "text": {"title": "Row \#(index)", "subtitle": "The subtitle of row \#(index)"}}"#
        }
        if let repeatAt { text += #",{"id": "row-\#(repeatAt)", "text": {"title": "Changed"}}"# }
        text += #"], "overlays": [{"id": "after-the-body"}]"#
        text += brokenEnd ? "," : "}"
        return Data(text.utf8)
    }

    private func file(_ data: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hub-streamed-\(UUID().uuidString).json")
        try data.write(to: url)
        temporaryFiles.append(url)
        return url
    }

    // MARK: The reader

    func testALongDocumentHandsOverItsFirstComponentsWithWhatCameBeforeThem() throws {
        let data = document(rows: 20_000, repeatAt: 5)
        XCTAssertGreaterThanOrEqual(data.count, ViewModelBuilder.streamingThreshold)
        let builder = schema.makeViewModelBuilder()
        var parts: [ViewModel] = []
        _ = try builder.addJSON(data: data, limits: .default) { part in parts.append(part.build()) }
        XCTAssertEqual(parts.count, 1)
        let part = try XCTUnwrap(parts.first)
        XCTAssertEqual(part.bodyComponentModels.count, ViewDocumentReader.firstPartSize)
        XCTAssertEqual(part.bodyComponentModels.last?.identifier, "row-\(ViewDocumentReader.firstPartSize - 1)")
        XCTAssertEqual(part.navigationTitle, "Long", "members before the body are in the part")
        XCTAssertEqual(part.headerComponentModel?.title, "Header")
        XCTAssertTrue(part.overlayComponentModels.isEmpty, "members after the body are not read yet")
        XCTAssertEqual(part.bodyComponentModels[5].title, "Row 5",
                       "a component the document changes later is not changed in the part")

        let whole = builder.build()
        XCTAssertEqual(whole.bodyComponentModels.count, 20_000)
        XCTAssertEqual(whole.bodyComponentModels[5].title, "Changed")
        XCTAssertEqual(whole.overlayComponentModels.map(\.identifier), ["after-the-body"])
        let tree = schema.makeViewModelBuilder()
        _ = try tree.addJSONThroughValueTree(data: data, limits: .default)
        XCTAssertEqual(whole, tree.build(), "handing over a part changes nothing in the whole")
    }

    /// A component that repeats an earlier identifier right after the first part's last one leaves
    /// the count of components at the first part's size: it must not hand the part over again (it
    /// did, a second part with the repeated component changed).
    func testTheFirstPartIsHandedOverOnceWhenTheNextComponentRepeatsAnIdentifier() throws {
        var text = #"{"body": ["#
        for index in 0..<20_000 {
            if index > 0 { text += "," }
            text += #"{"id": "row-\#(index)", "text": {"title": "Row \#(index)", "subtitle": "The subtitle of row \#(index)"}}"#
            if index == ViewDocumentReader.firstPartSize - 1 { text += #",{"id": "row-5", "text": {"title": "Changed"}}"# }
        }
        text += "]}"
        let data = Data(text.utf8)
        XCTAssertGreaterThanOrEqual(data.count, ViewModelBuilder.streamingThreshold)
        let builder = schema.makeViewModelBuilder()
        var parts: [ViewModel] = []
        _ = try builder.addJSON(data: data, limits: .default) { part in parts.append(part.build()) }
        XCTAssertEqual(parts.count, 1)
        XCTAssertEqual(parts.first?.bodyComponentModels[5].title, "Row 5")
        XCTAssertEqual(builder.build().bodyComponentModels[5].title, "Changed")
    }

    /// A long document whose rest is read within a frame shows no part: the whole comes as soon,
    /// drawn once. The part is judged by the pace of the read so far, so the bounds here are ones
    /// no machine's pace can cross.
    func testAPartIsHandedOverOnlyWhenTheRestTakesLongEnough() throws {
        let data = document(rows: 20_000)
        XCTAssertGreaterThanOrEqual(data.count, ViewModelBuilder.streamingThreshold)
        var parts = 0
        let soon = schema.makeViewModelBuilder()
        _ = try soon.addJSON(data: data, limits: .default, onFirstPart: { _ in parts += 1 }, partNeedsRestOf: 3_600)
        XCTAssertEqual(parts, 0, "the rest is read in far less than an hour")
        XCTAssertEqual(soon.build().bodyComponentModels.count, 20_000)
        let late = schema.makeViewModelBuilder()
        _ = try late.addJSON(data: data, limits: .default, onFirstPart: { _ in parts += 1 }, partNeedsRestOf: 1e-12)
        XCTAssertEqual(parts, 1, "the rest takes longer than a picosecond")
        XCTAssertEqual(late.build(), soon.build())
    }

    func testAShortDocumentHandsOverNothing() throws {
        let data = document(rows: 2_000)
        XCTAssertLessThan(data.count, ViewModelBuilder.streamingThreshold)
        var parts = 0
        _ = try schema.makeViewModelBuilder().addJSON(data: data, limits: .default) { _ in parts += 1 }
        XCTAssertEqual(parts, 0, "a document this short is read in a few milliseconds")
    }

    // MARK: The operation

    /// Loads through `operation` and a later operation. Every long document shows its part here
    /// (`partNeedsRestOf` 0), however fast this machine reads the rest.
    @MainActor
    private func load(_ operation: JSONContentOperation) -> (LoadingRecorder, ViewModelLoader) {
        operation.partNeedsRestOf = 0
        let (loader, recorder) = LoadingFixtures.loader([operation, LoadingTestOperation("later", addsComponent: "later")])
        loader.loadViewModel()
        XCTAssertTrue(loadingSpin(timeout: 20) { !loader.isLoading })
        return (recorder, loader)
    }

    func testALongFileShowsItsFirstComponentsBeforeTheWhole() throws {
        let url = try file(document(rows: 20_000))
        MainActor.assumeIsolated {
            let (recorder, _) = load(JSONContentOperation(url: url))
            XCTAssertEqual(recorder.events, ["part", "load"])
            XCTAssertEqual(recorder.parts.first?.bodyComponentModels.count, ViewDocumentReader.firstPartSize + 1)
            XCTAssertEqual(recorder.parts.first?.bodyComponentModels.last?.identifier, "later",
                           "the operation after the document saw the part")
            XCTAssertEqual(recorder.lastViewModel?.bodyComponentModels.count, 20_001)
        }
    }

    func testALongDocumentOverHTTPShowsItsFirstComponentsBeforeTheWhole() {
        server.route("/long.json", LoopbackHTTPServer.Response(headers: [("Content-Type", "application/json")],
                                                              body: document(rows: 20_000)))
        MainActor.assumeIsolated {
            let (recorder, _) = load(JSONContentOperation(url: server.url("/long.json")))
            XCTAssertEqual(recorder.events, ["part", "load"])
            XCTAssertEqual(recorder.lastViewModel?.bodyComponentModels.count, 20_001)
        }
    }

    // The part may come from a document that turns out to be invalid: the load still fails, as a
    // document that is invalid fails, and the view goes back to what it had (see ViewController).
    /// The bytes flow into the reader as they arrive: a 9 MB view at 10 MB/s shows its first rows
    /// within 0.3 s, while most of it is still on its way.
    func testAViewServedAt10MBPerSecondShowsItsFirstRowsWithin300Milliseconds() {
        let body = document(rows: 100_000)
        XCTAssertGreaterThan(body.count, 9_000_000)
        server.route("/slow.json", LoopbackHTTPServer.Response(
            headers: [("Content-Type", "application/json")], body: body,
            behavior: .throttle(bytesPerSecond: 10_000_000)))
        MainActor.assumeIsolated {
            let (loader, recorder) = LoadingFixtures.loader([JSONContentOperation(url: server.url("/slow.json")),
                                                            LoadingTestOperation("later", addsComponent: "later")])
            let started = ProcessInfo.processInfo.systemUptime
            loader.loadViewModel()
            XCTAssertTrue(loadingSpin(timeout: 5) { !recorder.parts.isEmpty || !loader.isLoading })
            let partShown = ProcessInfo.processInfo.systemUptime - started
            XCTAssertTrue(loadingSpin(timeout: 20) { !loader.isLoading })
            let whole = ProcessInfo.processInfo.systemUptime - started
            XCTAssertEqual(recorder.events, ["part", "load"])
            XCTAssertLessThan(partShown, 0.3, "the first rows waited for the download")
            XCTAssertGreaterThan(whole, 0.9, "the body arrives at 10 MB/s")
            XCTAssertEqual(recorder.parts.first?.bodyComponentModels.count, ViewDocumentReader.firstPartSize + 1)
            XCTAssertEqual(recorder.lastViewModel?.bodyComponentModels.count, 100_001)
        }
    }

    func testALongFileThatEndsBadlyFailsAfterItsPart() throws {
        let url = try file(document(rows: 20_000, brokenEnd: true))
        MainActor.assumeIsolated {
            let operation = JSONContentOperation(url: url)
            operation.partNeedsRestOf = 0
            let (loader, recorder) = LoadingFixtures.loader([operation])
            loader.loadViewModel()
            XCTAssertTrue(loadingSpin(timeout: 20) { !loader.isLoading })
            XCTAssertEqual(recorder.events.first, "part")
            XCTAssertEqual(recorder.events.count, 2)
            XCTAssertEqual(recorder.errors.count, 1)
            guard case .malformedJSON? = recorder.errors.last as? ContentLoadingError else {
                return XCTFail("expected malformed JSON, got \(String(describing: recorder.errors.last))")
            }
        }
    }

    func testALongFileReadWithinAFrameShowsNoPart() throws {
        let url = try file(document(rows: 20_000))
        MainActor.assumeIsolated {
            let operation = JSONContentOperation(url: url)
            XCTAssertEqual(operation.partNeedsRestOf, ViewModelBuilder.partWorthShowing, "judged by a frame")
            XCTAssertEqual(ViewModelBuilder.partWorthShowing, 1.0 / 60, accuracy: 1e-9)
            let (loader, recorder) = LoadingFixtures.loader([operation, LoadingTestOperation("later", addsComponent: "later")])
            operation.partNeedsRestOf = 3_600
            loader.loadViewModel()
            XCTAssertTrue(loadingSpin(timeout: 20) { !loader.isLoading })
            XCTAssertEqual(recorder.events, ["load"], "the whole is shown at once")
            XCTAssertEqual(recorder.lastViewModel?.bodyComponentModels.count, 20_001)
        }
    }

    /// The operation itself, without a loader (which drops a cancelled load's reports on its own):
    /// cancelled, it reports neither a part nor its end; performed again at once, only the new
    /// execution's part and end are reported.
    func testACancelledOperationReportsNoPartAndNoEnd() throws {
        let url = try file(document(rows: 40_000))
        MainActor.assumeIsolated {
            let operation = JSONContentOperation(url: url)
            operation.cache = nil
            operation.partNeedsRestOf = 0
            let delegate = PartRecordingDelegate()
            operation.delegate = delegate
            operation.perform(forViewURI: LoadingFixtures.viewURI, featureInfo: LoadingFixtures.featureInfo,
                              connectivityState: .online, viewModelBuilder: schema.makeViewModelBuilder(),
                              previousError: nil)
            operation.cancel()
            _ = loadingSpin(timeout: 1) { false }
            XCTAssertEqual(delegate.events, [], "a cancelled execution reports nothing")

            let builder = schema.makeViewModelBuilder()
            operation.perform(forViewURI: LoadingFixtures.viewURI, featureInfo: LoadingFixtures.featureInfo,
                              connectivityState: .online, viewModelBuilder: schema.makeViewModelBuilder(),
                              previousError: nil)
            operation.cancel()
            operation.perform(forViewURI: LoadingFixtures.viewURI, featureInfo: LoadingFixtures.featureInfo,
                              connectivityState: .online, viewModelBuilder: builder, previousError: nil)
            XCTAssertTrue(loadingSpin(timeout: 10) { delegate.events.contains("finish") })
            _ = loadingSpin(timeout: 0.5) { false }
            XCTAssertEqual(delegate.events, ["part", "finish"], "the last execution's part and end, once each")
            XCTAssertEqual(builder.build().bodyComponentModels.count, 40_000)
        }
    }

    func testACancelledLoadShowsNoPart() throws {
        let url = try file(document(rows: 40_000))
        MainActor.assumeIsolated {
            let (loader, recorder) = LoadingFixtures.loader([JSONContentOperation(url: url)])
            loader.loadViewModel()
            loader.cancel()
            _ = loadingSpin(timeout: 1) { false }
            XCTAssertEqual(recorder.events, [])
        }
    }
}

/// What a content operation told its delegate, in order: "part", "finish", "fail".
@MainActor
private final class PartRecordingDelegate: ContentOperationDelegate {
    private(set) var events: [String] = []

    nonisolated func contentOperationDidFinish(_ operation: any ContentOperation) {
        MainActor.assumeIsolated { events.append("finish") }
    }
    nonisolated func contentOperation(_ operation: any ContentOperation, didFailWithError error: any Error) {
        MainActor.assumeIsolated { events.append("fail") }
    }
    nonisolated func contentOperationRequiresRescheduling(_ operation: any ContentOperation) {}
    nonisolated func contentOperation(_ operation: any ContentOperation, didAddPartOfContent partialContent: ViewModelBuilder) {
        MainActor.assumeIsolated { events.append("part") }
    }
}
