import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import HubGTK
import HubTestSupport

/// The original's `HUBDefaultImageLoaderTests` (delivery at the target size, failures) and bad input
/// (refused connections, non-image bytes, 404, slow servers, truncated, corrupt and huge images,
/// unknown schemes), against a loopback HTTP server and temporary files.
final class DefaultImageLoaderTests: GtkTestCase, @unchecked Sendable {
    private var server: LoopbackHTTPServer!
    private var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try LoopbackHTTPServer()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hub-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("img"),
                                                withIntermediateDirectories: true)
    }

    override func tearDown() {
        server?.stop()
        if let directory { try? FileManager.default.removeItem(at: directory) }
        super.tearDown()
    }

    @MainActor
    private func makeLoader(timeout: TimeInterval = 15, maximumBytes: Int = 32 << 20,
                            resources: Bool = true) -> (DefaultImageLoader, ImageLoaderRecorder)
    {
        let loader = DefaultImageLoader(configuration: DefaultImageLoader.Configuration(
            resourcesDirectory: resources ? directory : nil, timeout: timeout, maximumBytes: maximumBytes))
        let recorder = ImageLoaderRecorder()
        loader.delegate = recorder
        return (loader, recorder)
    }

    private func request(_ url: URL, _ width: Double, _ height: Double, scale: Double = 1) -> ImageRequest {
        ImageRequest(url: url, targetSize: Size(width: width, height: height), scale: scale)
    }

    /// Loads one request and returns what came back, checking the main loop never stalled.
    @MainActor
    private func load(_ request: ImageRequest, with loader: DefaultImageLoader, recorder: ImageLoaderRecorder,
                      timeout: Double = 5, file: StaticString = #filePath, line: UInt = #line)
        -> Result<PixbufImage, ImageLoadingError>?
    {
        let loadedBefore = recorder.loaded.count
        let failedBefore = recorder.failed.count
        loader.loadImage(request)
        XCTAssertEqual(recorder.callbackCount, loadedBefore + failedBefore, "never delivered from inside loadImage",
                       file: file, line: line)
        let gap = pumpMeasuringStalls(until: { recorder.callbackCount > loadedBefore + failedBefore }, timeout: timeout,
                                    "image callback", file: file, line: line)
        XCTAssertLessThan(gap, 0.25, "the main loop kept turning", file: file, line: line)
        if recorder.loaded.count > loadedBefore, let image = recorder.loaded.last?.image as? PixbufImage {
            XCTAssertEqual(recorder.loaded.last?.request, request, file: file, line: line)
            return .success(image)
        }
        if recorder.failed.count > failedBefore, let failed = recorder.failed.last {
            XCTAssertEqual(failed.request, request, file: file, line: line)
            return .failure(failed.error)
        }
        return nil
    }

    @MainActor
    private func expectFailure(_ result: Result<PixbufImage, ImageLoadingError>?, file: StaticString = #filePath,
                               line: UInt = #line) -> ImageLoadingError?
    {
        switch result {
        case .failure(let error)?: return error
        case .success?: XCTFail("expected a failure, got an image", file: file, line: line)
        case nil: XCTFail("no callback", file: file, line: line)
        }
        return nil
    }

    // MARK: Delivery at the target size

    func testA200x200PNGForTarget200x200IsDeliveredAt200x200() {
        onMain {
            server.route("/a.png", .data(TestImages.png(width: 200, height: 200, red: 10, green: 200, blue: 30),
                                         contentType: "image/png"))
            let (loader, recorder) = makeLoader()
            let r = request(server.url("/a.png"), 200, 200)
            guard case .success(let image)? = load(r, with: loader, recorder: recorder) else {
                return XCTFail("no image: \(recorder.failed)")
            }
            XCTAssertEqual(image.pixelSize, Size(width: 200, height: 200))
            XCTAssertEqual(image.size, Size(width: 200, height: 200))
            XCTAssertTrue(recorder.failed.isEmpty)
            let p = TestImages.pixel(image, x: 100, y: 100)
            XCTAssertEqual([p.r, p.g, p.b], [10, 200, 30])
            XCTAssertEqual(loader.inFlightCount, 0)
        }
    }

    /// Issue 27, goal 3: image requests tell the server the person's languages, as document
    /// requests do.
    func testAnImageRequestSendsThePersonsLanguages() {
        onMain {
            let saved = UserLanguages.current
            defer { UserLanguages.current = saved }
            UserLanguages.current = ["he_IL.UTF-8", "he_IL", "he", "en"]
            server.route("/banner.png", .data(TestImages.png(width: 20, height: 20, red: 1, green: 2, blue: 3),
                                              contentType: "image/png"))
            let (loader, recorder) = makeLoader()
            guard case .success? = load(request(server.url("/banner.png"), 20, 20), with: loader, recorder: recorder) else {
                return XCTFail("no image: \(recorder.failed)")
            }
            XCTAssertEqual(server.requests.last?.headers["accept-language"], "he-IL, he;q=0.9, en;q=0.8")
        }
    }

    func testAnyDecodedImageIsDeliveredAtExactlyTheTargetSizeCoveringItCentred() {
        onMain {
            // 300×100, red left half and blue right half, into 200×200: scaled ×2 to 600×200 and the
            // middle 200 columns kept (original columns 100–200: red up to 150, blue after).
            server.route("/wide.png", .data(TestImages.halvesPNG(width: 300, height: 100), contentType: "image/png"))
            server.route("/small.jpg", .data(TestImages.jpeg(width: 20, height: 30, red: 250, green: 250, blue: 0),
                                             contentType: "image/jpeg"))
            let (loader, recorder) = makeLoader()
            guard case .success(let wide)? = load(request(server.url("/wide.png"), 200, 200), with: loader,
                                                  recorder: recorder)
            else { return XCTFail("no image") }
            XCTAssertEqual(wide.pixelSize, Size(width: 200, height: 200))
            let left = TestImages.pixel(wide, x: 20, y: 100)
            let right = TestImages.pixel(wide, x: 180, y: 100)
            XCTAssertGreaterThan(left.r, 200)
            XCTAssertLessThan(left.b, 50)
            XCTAssertGreaterThan(right.b, 200)
            XCTAssertLessThan(right.r, 50)
            // Smaller images are scaled up to the target too.
            guard case .success(let small)? = load(request(server.url("/small.jpg"), 64, 48), with: loader,
                                                   recorder: recorder)
            else { return XCTFail("no image") }
            XCTAssertEqual(small.pixelSize, Size(width: 64, height: 48))
        }
    }

    func testHiDPIRequestsDecodeAtPointsTimesScale() {
        onMain {
            server.route("/a.png", .data(TestImages.png(width: 300, height: 300, red: 1, green: 2, blue: 3),
                                         contentType: "image/png"))
            let (loader, recorder) = makeLoader()
            guard case .success(let image)? = load(request(server.url("/a.png"), 40, 30, scale: 2), with: loader,
                                                   recorder: recorder)
            else { return XCTFail("no image") }
            XCTAssertEqual(image.pixelSize, Size(width: 80, height: 60))
            XCTAssertEqual(image.scale, 2)
            XCTAssertEqual(image.size, Size(width: 40, height: 30), "points")
        }
    }

    // MARK: Failures and bad input

    func testConnectionRefusedIsATransportErrorAndNoImage() throws {
        let closed = try LoopbackHTTPServer()
        let url = closed.url("/gone.png")
        closed.stop()
        onMain {
            let (loader, recorder) = makeLoader()
            let error = expectFailure(load(request(url, 50, 50), with: loader, recorder: recorder))
            guard case .transport? = error else { return XCTFail("expected a transport error, got \(String(describing: error))") }
            XCTAssertTrue(recorder.loaded.isEmpty)
        }
    }

    func testNonImageBytesAreInvalidData() {
        onMain {
            server.route("/page.png", .text("<html>not an image</html>"))
            let (loader, recorder) = makeLoader()
            let error = expectFailure(load(request(server.url("/page.png"), 50, 50), with: loader, recorder: recorder))
            guard case .invalidData? = error else { return XCTFail("got \(String(describing: error))") }
        }
    }

    func testNotFoundIsHTTPStatus404() {
        onMain {
            let (loader, recorder) = makeLoader()
            let error = expectFailure(load(request(server.url("/missing.png"), 50, 50), with: loader, recorder: recorder))
            XCTAssertEqual(error, .httpStatus(404))
        }
    }

    func testASlowServerTimesOutWithoutBlockingTheMainThread() {
        onMain {
            server.route("/slow.png", .init(status: 200, headers: [("Content-Type", "image/png")],
                                            body: TestImages.png(width: 4, height: 4, red: 0, green: 0, blue: 0),
                                            delay: 10))
            let (loader, recorder) = makeLoader(timeout: 1)
            let start = Date()
            let error = expectFailure(load(request(server.url("/slow.png"), 50, 50), with: loader, recorder: recorder,
                                           timeout: 8))
            XCTAssertEqual(error, .timedOut)
            XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        }
    }

    func testATruncatedDownloadFails() {
        onMain {
            let body = TestImages.png(width: 64, height: 64, red: 9, green: 9, blue: 9)
            server.route("/cut.png", .init(status: 200, headers: [("Content-Type", "image/png")], body: body,
                                           behavior: .truncateBody(afterBytes: body.count / 2)))
            let (loader, recorder) = makeLoader()
            let error = expectFailure(load(request(server.url("/cut.png"), 50, 50), with: loader, recorder: recorder))
            XCTAssertNotNil(error)
            XCTAssertTrue(recorder.loaded.isEmpty)
        }
    }

    func testTruncatedAndCorruptFilesAreInvalidData() throws {
        let jpeg = TestImages.jpeg(width: 120, height: 80, red: 200, green: 10, blue: 10)
        let png = TestImages.png(width: 120, height: 80, red: 200, green: 10, blue: 10)
        try jpeg.prefix(jpeg.count / 3).write(to: directory.appendingPathComponent("cut.jpg"))
        try png.prefix(png.count / 2).write(to: directory.appendingPathComponent("cut.png"))
        var corrupt = png
        for index in stride(from: 40, to: corrupt.count, by: 3) { corrupt[index] ^= 0x5A }
        try corrupt.write(to: directory.appendingPathComponent("corrupt.png"))
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(
            to: directory.appendingPathComponent("noise.png"))
        onMain {
            let (loader, recorder) = makeLoader()
            for name in ["cut.jpg", "cut.png", "corrupt.png", "noise.png"] {
                let url = directory.appendingPathComponent(name)
                let error = expectFailure(load(request(url, 50, 50), with: loader, recorder: recorder))
                guard case .invalidData? = error else {
                    XCTFail("\(name): expected invalid data, got \(String(describing: error))")
                    continue
                }
            }
        }
    }

    func testA20000x20000JPEGDecodesToTheTargetWithBoundedMemory() {
        let jpeg = TestImages.hugeGreyJPEG()
        onMain {
            server.route("/huge.jpg", .data(jpeg, contentType: "image/jpeg"))
            let (loader, recorder) = makeLoader()
            let canMeasure = PeakMemory.reset()
            let baseline = PeakMemory.currentBytes
            guard case .success(let image)? = load(request(server.url("/huge.jpg"), 120, 90), with: loader,
                                                   recorder: recorder, timeout: 20)
            else { return XCTFail("no image: \(recorder.failed)") }
            XCTAssertEqual(image.pixelSize, Size(width: 120, height: 90))
            let p = TestImages.pixel(image, x: 60, y: 45)
            XCTAssertEqual(Int(p.r), 128, accuracy: 2, "mid-grey")
            if canMeasure {
                let growth = PeakMemory.peakBytes - baseline
                XCTAssertLessThan(growth, 160 << 20, "decoded at 1/8 scale, not 1.2 GB (peak grew \(growth >> 20) MiB)")
            }
        }
    }

    func testA20000x20000PNGIsRefusedAfterItsHeaderWithoutExhaustingMemory() {
        let png = TestImages.hugePNG()
        onMain {
            server.route("/huge.png", .data(png, contentType: "image/png"))
            let (loader, recorder) = makeLoader()
            let canMeasure = PeakMemory.reset()
            let baseline = PeakMemory.currentBytes
            let error = expectFailure(load(request(server.url("/huge.png"), 120, 90), with: loader, recorder: recorder,
                                           timeout: 20))
            guard case .tooLarge(let message)? = error else { return XCTFail("got \(String(describing: error))") }
            XCTAssertTrue(message.contains("20000×20000"), message)
            if canMeasure {
                let growth = PeakMemory.peakBytes - baseline
                XCTAssertLessThan(growth, 100 << 20, "peak grew \(growth >> 20) MiB")
            }
        }
    }

    /// Eight endless image bodies and four gzip bombs at once: together they hold at most the image
    /// downloads' shared budget, not eight or twelve times the 32 MiB each may take, each ends with
    /// `tooLarge` and closes its connection, and a good image still loads at once afterwards.
    func testManyEndlessAndBombedImagesAtOnceStayWithinTheSharedBudget() {
        let endless = Data(repeating: 0x89, count: 64 * 1024)
        server.route("/endless.png", LoopbackHTTPServer.Response(
            headers: [("Content-Type", "image/png")], body: Data(),
            behavior: .stream(chunk: endless, repeats: nil, interval: 0)))
        server.route("/bomb.png", LoopbackHTTPServer.Response(
            headers: [("Content-Type", "image/png"), ("Content-Encoding", "gzip")], body: Gzip.header,
            behavior: .stream(chunk: Gzip.zerosBlock(), repeats: nil, interval: 0)))
        server.route("/good.png", .data(TestImages.png(width: 40, height: 40, red: 9, green: 8, blue: 7),
                                        contentType: "image/png"))
        onMain {
            let (loader, recorder) = makeLoader()
            let canMeasure = PeakMemory.reset()
            let baseline = PeakMemory.currentBytes
            let hostile = (0..<8).map { request(server.url("/endless.png?\($0)"), 50, 50) }
                + (0..<4).map { request(server.url("/bomb.png?\($0)"), 50, 50) }
            for request in hostile { loader.loadImage(request) }
            pump(until: { recorder.failed.count == hostile.count }, timeout: 20, "every hostile image to fail")
            XCTAssertEqual(recorder.loaded.count, 0)
            for failure in recorder.failed {
                guard case .tooLarge = failure.error else { return XCTFail("\(failure.request.url): \(failure.error)") }
            }
            XCTAssertEqual(HTTPImageFetcher.budget.usedBytes, 0, "every failed download gave its bytes back")
            XCTAssertTrue(server.waitForIdle(timeout: 2), "a hostile image's connection stayed open")
            if canMeasure {
                let growth = PeakMemory.peakBytes - baseline
                XCTAssertLessThan(growth, HTTPImageFetcher.budget.limit + (64 << 20),
                                  "peak grew \(growth >> 20) MiB")
            }
            let started = ProcessInfo.processInfo.systemUptime
            guard case .success? = load(request(server.url("/good.png"), 40, 40), with: loader, recorder: recorder)
            else { return XCTFail("the good image did not load: \(recorder.failed.last.map { "\($0.error)" } ?? "")") }
            XCTAssertLessThan(ProcessInfo.processInfo.systemUptime - started, 0.5, "the good image waited")
        }
    }

    /// With a disk folder (as `HubApp` apps have), an image seen before shows while its server is
    /// unreachable, and a fresh one is used without a request; the bytes are kept on disk only.
    func testImagesKeptOnDiskStandInForAnUnreachableServer() throws {
        let cache = DefaultImageLoader.downloadCache
        cache.diskDirectory = directory.appendingPathComponent("image-cache")
        defer {
            cache.removeAll()
            cache.diskDirectory = nil
        }
        let png = TestImages.png(width: 30, height: 30, red: 200, green: 10, blue: 10)
        server.route("/kept.png", LoopbackHTTPServer.Response(
            headers: [("Content-Type", "image/png"), ("ETag", "\"p1\""), ("Cache-Control", "no-cache")], body: png))
        server.route("/fresh.png", LoopbackHTTPServer.Response(
            headers: [("Content-Type", "image/png"), ("Cache-Control", "max-age=600")], body: png))
        let kept = request(server.url("/kept.png"), 30, 30)
        let fresh = request(server.url("/fresh.png"), 30, 30)
        onMain {
            let (loader, recorder) = makeLoader()
            guard case .success? = load(kept, with: loader, recorder: recorder),
                case .success? = load(fresh, with: loader, recorder: recorder)
            else { return XCTFail("the images did not load the first time") }
            XCTAssertEqual(cache.count, 0, "nothing kept in memory: decoded images are cached above the loader")
            XCTAssertEqual(server.requests.count, 2)
            let (second, secondRecorder) = makeLoader()
            guard case .success? = load(fresh, with: second, recorder: secondRecorder) else {
                return XCTFail("the fresh image did not load from the disk")
            }
            XCTAssertEqual(server.requests.count, 2, "a fresh image is used without a request")
            server.stop()
            let (again, againRecorder) = makeLoader()
            guard case .success(let image)? = load(kept, with: again, recorder: againRecorder) else {
                return XCTFail("the kept image did not stand in: \(againRecorder.failed)")
            }
            XCTAssertEqual(Int(TestImages.pixel(image, x: 15, y: 15).r), 200, accuracy: 2)
            cache.removeAll()
            let (last, lastRecorder) = makeLoader()
            let error = expectFailure(load(kept, with: last, recorder: lastRecorder))
            guard case .transport? = error else { return XCTFail("without the kept bytes: \(String(describing: error))") }
        }
    }

    func testAnOversizedDownloadIsCut() {
        onMain {
            server.route("/big.png", .data(Data(repeating: 0, count: 50_000), contentType: "image/png"))
            let (loader, recorder) = makeLoader(maximumBytes: 10_000)
            let error = expectFailure(load(request(server.url("/big.png"), 50, 50), with: loader, recorder: recorder))
            guard case .tooLarge? = error else { return XCTFail("got \(String(describing: error))") }
        }
    }

    func testAnUnknownSchemeFails() {
        onMain {
            let (loader, recorder) = makeLoader()
            let error = expectFailure(load(request(URL(string: "ftp://example.com/a.png")!, 50, 50), with: loader,
                                           recorder: recorder))
            XCTAssertEqual(error, .unsupportedScheme("ftp"))
        }
    }

    // MARK: Files and resources

    func testFileURLsRelativePathsAndSVG() throws {
        try TestImages.png(width: 10, height: 10, red: 0, green: 0, blue: 255)
            .write(to: directory.appendingPathComponent("img/blue.png"))
        try TestImages.svg(width: 16, height: 16).write(to: directory.appendingPathComponent("img/shape.svg"))
        onMain {
            let (loader, recorder) = makeLoader()
            let absolute = directory.appendingPathComponent("img/blue.png")
            guard case .success(let a)? = load(request(absolute, 30, 20), with: loader, recorder: recorder) else {
                return XCTFail("file: URL")
            }
            XCTAssertEqual(a.pixelSize, Size(width: 30, height: 20))
            XCTAssertEqual(TestImages.pixel(a, x: 15, y: 10).b, 255)
            guard case .success(let relative)? = load(request(URL(string: "img/blue.png")!, 8, 8), with: loader,
                                                       recorder: recorder)
            else { return XCTFail("relative path") }
            XCTAssertEqual(relative.pixelSize, Size(width: 8, height: 8))
            guard case .success(let svg)? = load(request(URL(string: "file:img/shape.svg")!, 64, 64), with: loader,
                                                 recorder: recorder)
            else { return XCTFail("svg: \(recorder.failed)") }
            XCTAssertEqual(svg.pixelSize, Size(width: 64, height: 64))
            XCTAssertEqual(TestImages.pixel(svg, x: 32, y: 32).g, 255)

            let escape = expectFailure(load(request(URL(string: "../../etc/passwd")!, 8, 8), with: loader,
                                            recorder: recorder))
            guard case .unreadableFile? = escape else { return XCTFail("got \(String(describing: escape))") }
            let missing = expectFailure(load(request(URL(string: "img/none.png")!, 8, 8), with: loader,
                                             recorder: recorder))
            guard case .unreadableFile? = missing else { return XCTFail("got \(String(describing: missing))") }

            let (bare, bareRecorder) = makeLoader(resources: false)
            XCTAssertEqual(expectFailure(load(request(URL(string: "img/blue.png")!, 8, 8), with: bare,
                                              recorder: bareRecorder)), .noResourcesDirectory)
        }
    }

    // MARK: De-duplication and cancellation

    func testTheSameRequestInFlightIsLoadedOnceAndCancellingDropsIt() {
        onMain {
            server.route("/slow.png", .init(status: 200, headers: [("Content-Type", "image/png")],
                                            body: TestImages.png(width: 8, height: 8, red: 1, green: 1, blue: 1),
                                            delay: 0.3))
            let (loader, recorder) = makeLoader()
            let r = request(server.url("/slow.png"), 8, 8)
            loader.loadImage(r)
            loader.loadImage(r)
            XCTAssertEqual(loader.inFlightCount, 1)
            pump(until: { recorder.callbackCount == 1 }, timeout: 5)
            pump(for: 0.1)
            XCTAssertEqual(recorder.loaded.count, 1, "one callback")
            XCTAssertEqual(server.requests.count, 1, "one download")

            loader.loadImage(r)
            XCTAssertTrue(server.waitForRequests(2))
            loader.cancelLoading(r)
            XCTAssertEqual(loader.inFlightCount, 0)
            pump(for: 0.6)
            XCTAssertEqual(recorder.callbackCount, 1, "a cancelled load reports nothing")
        }
    }
}
