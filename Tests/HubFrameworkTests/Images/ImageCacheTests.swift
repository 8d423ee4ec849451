import Foundation
import HubFramework
import Logging
import XCTest

private final class CountedImage: ImageWithByteCount, @unchecked Sendable {
    let size: Size
    let byteCount: Int
    init(bytes: Int) {
        size = Size(width: 1, height: 1)
        byteCount = bytes
    }
}

private final class PlainImage: HubFramework.Image, @unchecked Sendable {
    let size: Size
    init(_ size: Size) { self.size = size }
}

private func request(_ name: String, _ width: Double = 10, _ height: Double = 10, scale: Double = 1) -> ImageRequest {
    ImageRequest(url: URL(string: "https://example.com/\(name).png")!, targetSize: Size(width: width, height: height),
                 scale: scale)
}

final class ImageRequestTests: XCTestCase {
    func testPixelSizeIsPointsTimesScaleRoundedUp() {
        let r = request("a", 40, 30.2, scale: 2)
        XCTAssertEqual(r.pixelWidth, 80)
        XCTAssertEqual(r.pixelHeight, 61)
        XCTAssertEqual(request("a", 0, -3).pixelWidth, 1, "degenerate sizes still give one pixel")
        XCTAssertEqual(request("a", .infinity, 3).pixelWidth, 1)
        XCTAssertEqual(ImageRequest(url: r.url, targetSize: r.targetSize, scale: 0.5).scale, 1, "scale is at least 1")
    }

    func testRequestsAreEqualByURLPixelSizeAndScale() {
        XCTAssertEqual(request("a", 40, 40), request("a", 39.5, 39.2), "same pixels")
        XCTAssertEqual(Set([request("a", 40, 40), request("a", 39.5, 39.2)]).count, 1)
        XCTAssertNotEqual(request("a", 40, 40), request("a", 41, 40))
        XCTAssertNotEqual(request("a", 40, 40), request("b", 40, 40))
        XCTAssertNotEqual(request("a", 40, 40, scale: 2), request("a", 80, 80, scale: 1), "same pixels, other scale")
    }
}

final class ImageCacheTests: XCTestCase {
    func testEvictsLeastRecentlyUsedBeyondTheByteLimit() {
        let cache = ImageCache(byteLimit: 300)
        cache.insert(CountedImage(bytes: 100), for: request("a"))
        cache.insert(CountedImage(bytes: 100), for: request("b"))
        cache.insert(CountedImage(bytes: 100), for: request("c"))
        XCTAssertEqual(cache.statistics.totalBytes, 300)
        XCTAssertNotNil(cache.image(for: request("a")), "touch a: b is now the oldest")
        cache.insert(CountedImage(bytes: 100), for: request("d"))
        XCTAssertEqual(cache.keysFromOldest, [request("c"), request("a"), request("d")])
        XCTAssertNil(cache.image(for: request("b")))
        XCTAssertEqual(cache.statistics.evictions, 1)
        XCTAssertEqual(cache.statistics.count, 3)
        XCTAssertEqual(cache.statistics.totalBytes, 300)
    }

    func testALargeImageEvictsSeveralAndAnOversizedOneIsNotCached() {
        let cache = ImageCache(byteLimit: 300)
        for name in ["a", "b", "c"] { cache.insert(CountedImage(bytes: 100), for: request(name)) }
        cache.insert(CountedImage(bytes: 250), for: request("big"))
        XCTAssertEqual(cache.keysFromOldest, [request("big")])
        XCTAssertEqual(cache.statistics.evictions, 3)
        cache.insert(CountedImage(bytes: 301), for: request("huge"))
        XCTAssertFalse(cache.contains(request("huge")))
        XCTAssertTrue(cache.contains(request("big")), "refusing an oversized image evicts nothing")
    }

    func testReplacingAnEntryRechargesIt() {
        let cache = ImageCache(byteLimit: 1000)
        cache.insert(CountedImage(bytes: 100), for: request("a"))
        let replacement = CountedImage(bytes: 400)
        cache.insert(replacement, for: request("a"))
        XCTAssertEqual(cache.statistics.totalBytes, 400)
        XCTAssertEqual(cache.statistics.count, 1)
        XCTAssertTrue(cache.image(for: request("a")) === replacement)
    }

    func testLoweringTheLimitEvictsAtOnce() {
        let cache = ImageCache(byteLimit: 1000)
        for name in ["a", "b", "c", "d"] { cache.insert(CountedImage(bytes: 200), for: request(name)) }
        cache.byteLimit = 450
        XCTAssertEqual(cache.keysFromOldest, [request("c"), request("d")])
        XCTAssertEqual(cache.byteLimit, 450)
    }

    func testSameURLAtTwoSizesIsTwoEntries() {
        let cache = ImageCache(byteLimit: 1000)
        let small = CountedImage(bytes: 10)
        let large = CountedImage(bytes: 40)
        cache.insert(small, for: request("a", 10, 10))
        cache.insert(large, for: request("a", 20, 20))
        XCTAssertTrue(cache.image(for: request("a", 10, 10)) === small)
        XCTAssertTrue(cache.image(for: request("a", 20, 20)) === large)
        XCTAssertNil(cache.image(for: request("a", 10, 10, scale: 2)))
    }

    func testHitRateAndReset() {
        let cache = ImageCache(byteLimit: 1000)
        cache.insert(CountedImage(bytes: 10), for: request("a"))
        _ = cache.image(for: request("a"))
        _ = cache.image(for: request("a"))
        _ = cache.image(for: request("b"))
        XCTAssertEqual(cache.statistics.hits, 2)
        XCTAssertEqual(cache.statistics.misses, 1)
        XCTAssertEqual(cache.statistics.hitRate, 2.0 / 3.0, accuracy: 1e-9)
        cache.resetStatistics()
        XCTAssertEqual(cache.statistics.hits, 0)
        XCTAssertEqual(cache.statistics.count, 1, "reset keeps the contents")
        cache.removeAll()
        XCTAssertEqual(cache.statistics.count, 0)
        XCTAssertEqual(cache.statistics.totalBytes, 0)
        XCTAssertNil(cache.image(for: request("a")))
    }

    func testImagesWithoutAByteCountAreChargedFourBytesPerPoint() {
        XCTAssertEqual(ImageCache.cost(of: PlainImage(Size(width: 10, height: 5))), 200)
        XCTAssertEqual(ImageCache.cost(of: PlainImage(Size(width: 0, height: 5))), 1)
    }

    func testRemovingKeepsTheOrderOfTheRest() {
        let cache = ImageCache(byteLimit: 1000)
        for name in ["a", "b", "c", "d"] { cache.insert(CountedImage(bytes: 1), for: request(name)) }
        cache.removeImage(for: request("b"))
        cache.removeImage(for: request("d"))
        cache.removeImage(for: request("a"))
        XCTAssertEqual(cache.keysFromOldest, [request("c")])
        cache.insert(CountedImage(bytes: 1), for: request("e"))
        _ = cache.image(for: request("c"))
        XCTAssertEqual(cache.keysFromOldest, [request("e"), request("c")])
    }

    /// A long random workout against a simple reference model of LRU.
    func testMatchesAReferenceLRUUnderRandomUse() {
        var generator = SystemRandomNumberGenerator()
        let cache = ImageCache(byteLimit: 5_000)
        var reference: [(ImageRequest, Int)] = []  // oldest first
        for _ in 0..<5_000 {
            let key = request("k\(Int.random(in: 0..<60, using: &generator))")
            if Bool.random(using: &generator) {
                let bytes = Int.random(in: 1...900, using: &generator)
                cache.insert(CountedImage(bytes: bytes), for: key)
                reference.removeAll { $0.0 == key }
                reference.append((key, bytes))
                while reference.reduce(0, { $0 + $1.1 }) > 5_000 { reference.removeFirst() }
            } else {
                let hit = cache.image(for: key) != nil
                let index = reference.firstIndex { $0.0 == key }
                XCTAssertEqual(hit, index != nil)
                if let index { reference.append(reference.remove(at: index)) }
            }
        }
        XCTAssertEqual(cache.keysFromOldest, reference.map(\.0))
        XCTAssertEqual(cache.statistics.totalBytes, reference.reduce(0) { $0 + $1.1 })
    }

    func testConcurrentUseIsSafe() {
        let cache = ImageCache(byteLimit: 10_000)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for i in 0..<2_000 {
                let key = request("w\(worker)-\(i % 50)")
                if i % 3 == 0 { cache.insert(CountedImage(bytes: 100), for: key) } else { _ = cache.image(for: key) }
            }
        }
        XCTAssertLessThanOrEqual(cache.statistics.totalBytes, 10_000)
        XCTAssertEqual(cache.keysFromOldest.count, cache.statistics.count)
    }
}

final class ImageFailureLogTests: XCTestCase {
    func testLogsOncePerURLWithTheURL() {
        let lines = LockedLines()
        let log = ImageFailureLog { lines.append($0) }
        let url = URL(string: "http://127.0.0.1:1/missing.png")!
        XCTAssertTrue(log.report(url, error: ImageLoadingError.httpStatus(404)))
        XCTAssertFalse(log.report(url, error: ImageLoadingError.httpStatus(404)))
        XCTAssertTrue(log.report(URL(string: "ftp://x/y.png")!, error: ImageLoadingError.unsupportedScheme("ftp")))
        XCTAssertEqual(lines.all, [
            "HubFramework: image http://127.0.0.1:1/missing.png failed: HTTP status 404",
            "HubFramework: image ftp://x/y.png failed: unsupported URL scheme \"ftp\"",
        ])
        XCTAssertTrue(log.hasReported(url))
        log.reset()
        XCTAssertTrue(log.report(url, error: ImageLoadingError.timedOut))
    }

    func testWithoutASinkEachFailureIsOneWarningOnItsLogger() {
        let messages = LockedLines()
        let logger = Logger(label: "org.hubframework.images") { _ in CollectingLogHandler(messages) }
        let log = ImageFailureLog(logger: logger)
        let url = URL(string: "http://127.0.0.1:1/missing.png")!
        XCTAssertTrue(log.report(url, error: ImageLoadingError.httpStatus(404)))
        XCTAssertFalse(log.report(url, error: ImageLoadingError.httpStatus(404)))
        XCTAssertEqual(messages.all, ["warning image http://127.0.0.1:1/missing.png failed: HTTP status 404"])
        XCTAssertEqual(log.reportedLines, ["HubFramework: image http://127.0.0.1:1/missing.png failed: HTTP status 404"])
    }
}

/// Keeps "<level> <message>" of everything logged through it.
private struct CollectingLogHandler: LogHandler {
    let lines: LockedLines
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    init(_ lines: LockedLines) { self.lines = lines }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) { lines.append("\(event.level) \(event.message)") }
}

private final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
