import Foundation
import GtkKit
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import HubGTK
import HubTestSupport

/// Issue 34, case 11: images a server accepts and never answers hold nothing but themselves. An
/// image of the same host behind them arrives within about a second (an image left unanswered for
/// `SoupHTTPClient.imageAnswerSeconds` stops counting against its host), a document of the same
/// host loads at once (documents have connections of their own), and leaving the view closes
/// every one of their connections at once.
final class HungImageServerTests: GtkTestCase, @unchecked Sendable {
    private var server: LoopbackHTTPServer!
    private var now: TimeInterval { ProcessInfo.processInfo.systemUptime }

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try LoopbackHTTPServer()
    }

    override func tearDown() {
        server?.stop()
        XCTAssertTrue(SoupHTTPClient.shared.waitUntilIdle(timeout: 10), "an HTTP transfer outlived its test")
        super.tearDown()
    }

    /// Routes `count` images that the server accepts and never answers: `/hung/0.png`, …
    private func hungImages(_ count: Int) -> [URL] {
        (0..<count).map { index in
            server.route("/hung/\(index).png", .text("never", delay: 120))
            return server.url("/hung/\(index).png")
        }
    }

    @MainActor
    private func makeLoader() -> (DefaultImageLoader, ImageLoaderRecorder) {
        let loader = DefaultImageLoader(configuration: DefaultImageLoader.Configuration(timeout: 15, startDelay: 0))
        let recorder = ImageLoaderRecorder()
        loader.delegate = recorder
        return (loader, recorder)
    }

    private func request(_ url: URL) -> ImageRequest {
        ImageRequest(url: url, targetSize: Size(width: 20, height: 20), scale: 1)
    }

    /// Cancels the loads of `urls` and waits until the server has seen every connection closed.
    @MainActor
    private func cancel(_ urls: [URL], on loader: DefaultImageLoader, file: StaticString = #filePath,
                        line: UInt = #line)
    {
        for url in urls { loader.cancelLoading(request(url)) }
        XCTAssertTrue(server.waitForIdle(timeout: 5), "a cancelled image kept its connection", file: file, line: line)
    }

    /// Eight images of a host left unanswered used to take all eight connections the client would
    /// open to it: a ninth image of that host waited for their 15-second deadline.
    func testAnImageBehindEightUnansweredOnesOfItsHostArrivesPromptly() {
        onMain {
            let hung = hungImages(8)
            server.route("/good.png", .data(TestImages.png(width: 20, height: 20, red: 1, green: 2, blue: 3),
                                            contentType: "image/png"))
            let (loader, recorder) = makeLoader()
            for url in hung { loader.loadImage(request(url)) }
            pump(until: { self.server.requests.count >= 6 }, timeout: 5, "the unanswered images reach the server")
            let asked = now
            loader.loadImage(request(server.url("/good.png")))
            pump(until: { !recorder.loaded.isEmpty || !recorder.failed.isEmpty }, timeout: 8, "the ninth image")
            let arrived = now - asked
            XCTAssertEqual(recorder.loaded.map(\.request.url), [server.url("/good.png")], "\(recorder.failed)")
            // The unanswered images stop counting after a second; the ninth needs no more than that
            // and its own download (the bound leaves room for a loaded machine).
            XCTAssertLessThan(arrived, 3, "the ninth image waited for the unanswered ones")
            XCTAssertTrue(recorder.failed.isEmpty, "an unanswered image was given up early: \(recorder.failed)")
            cancel(hung, on: loader)
        }
    }

    /// Images have connections of their own: however many images of a host hang (here more than
    /// the image connections libsoup may open to it), a document of that host is sent and loads
    /// at once.
    func testADocumentOfTheHostLoadsWhileItsImagesHang() {
        onMain {
            let hung = hungImages(20)
            server.route("/home.json", .json(#"{"body": [{"id": "one", "text": {"title": "One"}}]}"#))
            let (loader, _) = makeLoader()
            for url in hung { loader.loadImage(request(url)) }
            pump(until: { self.server.requests.count >= 8 }, timeout: 5, "the unanswered images reach the server")
            // Long enough for the images past the first few to take their connections too.
            pump(for: 2.5)
            let operation = JSONContentOperation(url: server.url("/home.json"))
            operation.limits = ContentLimits(maximumConnectSeconds: 5)
            operation.cache = nil
            let delegate = ReportRecorder()
            operation.delegate = delegate
            let builder = JSONSchema(componentDefaults: ComponentDefaults(namespace: "n", name: "n", category: "c"),
                                     iconImageResolver: nil, localImageResolver: nil).makeViewModelBuilder()
            let asked = now
            operation.perform(forViewURI: URL(string: "test:home")!, featureInfo: FeatureInfo(identifier: "f", title: "F"),
                              connectivityState: .online, viewModelBuilder: builder, previousError: nil)
            pump(until: { delegate.reports > 0 }, timeout: 8, "the document")
            XCTAssertNil(operation.lastError.map { "\($0)" })
            XCTAssertEqual(builder.build().bodyComponentModels.map(\.title), ["One"])
            // Some milliseconds here; the bound leaves room for a loaded machine, and is well below
            // the 5 s the document would wait for a connection.
            XCTAssertLessThan(now - asked, 2, "the document waited for the images")
            cancel(hung, on: loader)
        }
    }

    /// Leaving the view cancels its image downloads: the server sees every one of their
    /// connections closed at once, and the view asks for the images again when it comes back.
    func testLeavingAViewClosesTheConnectionsOfItsUnansweredImages() throws {
        try onMain {
            let hung = hungImages(8)
            let loader = ComponentImageLoader(configuration: DefaultImageLoader.Configuration(startDelay: 0),
                                              cache: nil, failureLog: CapturedLog().log)
            let harness = try ImageViewHarness(imageLoader: loader) { builder in
                for (row, url) in hung.enumerated() { addProbeRow(builder, row: row, url: url) }
            }
            var closed = false
            defer { if !closed { harness.close() } }
            harness.waitForRender(self)
            pump(until: { Set(self.server.requests.map(\.path)).count == hung.count }, timeout: 8,
                 "every image reaches the server")
            let left = now
            harness.controller.viewDidDisappear()
            var departures: [TimeInterval] = []
            for url in hung {
                guard let departed = server.waitForDeparture(from: url.path, timeout: 5) else {
                    return XCTFail("the connection of \(url.path) stayed open after the view went away")
                }
                departures.append(departed)
            }
            XCTAssertLessThan((departures.max() ?? .infinity) - left, 1, "the connections closed late")
            XCTAssertTrue(server.waitForIdle(timeout: 5))
            XCTAssertTrue(loader.pendingRequests.isEmpty)

            // Nothing is asked for while the view is away; everything on screen is when it returns.
            let asked = server.requests.count
            pump(for: 0.2)
            XCTAssertEqual(server.requests.count, asked, "images were requested for a view that is away")
            harness.controller.viewWillAppear()
            pump(until: { self.server.requests.count >= asked + 6 }, timeout: 5, "the images asked for again")
            XCTAssertEqual(loader.pendingRequests.count, hung.count)

            // Tearing the view down closes them as well.
            harness.close()
            closed = true
            XCTAssertTrue(server.waitForIdle(timeout: 2), "the view's teardown left image connections open")
        }
    }
}

/// Counts what a content operation reports.
private final class ReportRecorder: ContentOperationDelegate, @unchecked Sendable {
    private(set) var reports = 0
    func contentOperationDidFinish(_ operation: any ContentOperation) { reports += 1 }
    func contentOperation(_ operation: any ContentOperation, didFailWithError error: any Error) { reports += 1 }
    func contentOperationRequiresRescheduling(_ operation: any ContentOperation) {}
}
