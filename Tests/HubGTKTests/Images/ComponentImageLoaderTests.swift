import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import HubGTK

/// An image loader the test completes by hand. It can ignore cancellation, like a download that
/// finishes anyway, to prove the reuse check on arrival.
@MainActor
final class ManualImageLoader: ImageLoader {
    weak var delegate: (any ImageLoaderDelegate)?
    private(set) var loads: [ImageRequest] = []
    private(set) var cancels: [ImageRequest] = []
    private(set) var inFlight: Set<ImageRequest> = []

    func loadImage(_ request: ImageRequest) {
        loads.append(request)
        inFlight.insert(request)
    }

    func cancelLoading(_ request: ImageRequest) {
        cancels.append(request)
        inFlight.remove(request)
    }

    /// Delivers `image` for `request` (whether or not it is still in flight).
    func complete(_ request: ImageRequest, with image: any HubFramework.Image) {
        inFlight.remove(request)
        delegate?.imageLoader(self, didLoad: image, for: request)
    }

    func fail(_ request: ImageRequest, _ error: ImageLoadingError) {
        inFlight.remove(request)
        delegate?.imageLoader(self, didFailToLoad: request, error: error)
    }

    func loads(of url: URL) -> [ImageRequest] { loads.filter { $0.url == url } }
}

final class StubImage: HubFramework.Image, @unchecked Sendable {
    let size: Size
    let name: String
    init(_ name: String, size: Size = Size(width: 10, height: 10)) {
        self.name = name
        self.size = size
    }
}

/// A component wrapper stand-in that records every image handed to it.
@MainActor
final class MockWrapper: ComponentWrapperHandle {
    var model: ComponentModel?
    var handlesImages = true
    var wantsLoadedImages = true
    var imageScaleFactor = 1.0
    var preferredSize: (ComponentImageData) -> Size = { _ in Size(width: 50, height: 50) }
    private(set) var updates: [(image: any HubFramework.Image, data: ComponentImageData, model: ComponentModel,
                                animated: Bool)] = []

    init(_ model: ComponentModel?) { self.model = model }

    func preferredImageSize(for data: ComponentImageData, model: ComponentModel, containerViewSize: Size) -> Size {
        preferredSize(data)
    }

    func updateView(forLoadedImage image: any HubFramework.Image, from data: ComponentImageData,
                    model: ComponentModel, animated: Bool)
    {
        updates.append((image, data, model, animated))
    }
}

@MainActor
func makeImageModel(_ id: String, main: URL? = nil, background: URL? = nil, custom: [String: URL] = [:],
                    localMain: (any HubFramework.Image)? = nil)
    -> ComponentModel
{
    let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                            iconImageResolver: nil)
    let builder = ComponentModelBuilder(modelIdentifier: id, schema: schema)
    builder.mainImageURL = main
    builder.backgroundImageURL = background
    builder.mainImage = localMain
    for (key, url) in custom { builder.customImageDataBuilder(withIdentifier: key).url = url }
    return builder.build()
}

/// The loading flow of docs/images.md and the original's `HUBComponentWrapperImageLoaderTests`, plus
/// caching, de-duplication and cancellation.
final class ComponentImageLoaderTests: GtkTestCase, @unchecked Sendable {
    private let a = URL(string: "https://images.example/a.jpg")!
    private let b = URL(string: "https://images.example/b.jpg")!
    private let c = URL(string: "https://images.example/c.jpg")!

    @MainActor
    private final class Clock {
        var now = 100.0
    }

    @MainActor
    private func makeLoader(cache: ImageCache? = nil, log: ImageFailureLog? = nil)
        -> (ComponentImageLoader, ManualImageLoader, Clock)
    {
        let manual = ManualImageLoader()
        let loader = ComponentImageLoader(imageLoader: manual, cache: cache, failureLog: log ?? CapturedLog().log)
        let clock = Clock()
        loader.clock = { clock.now }
        return (loader, manual, clock)
    }

    private let container = Size(width: 320, height: 480)

    private func request(_ url: URL, _ side: Double = 50, scale: Double = 1) -> ImageRequest {
        ImageRequest(url: url, targetSize: Size(width: side, height: side), scale: scale)
    }

    func testMainAndBackgroundAreAppliedOnlyOnCompletion() {
        onMain {
            let (loader, manual, _) = makeLoader()
            let wrapper = MockWrapper(makeImageModel("m", main: a, background: b))
            loader.loadImages(for: wrapper, containerViewSize: container)
            XCTAssertEqual(Set(manual.loads.map(\.url)), [a, b])
            XCTAssertTrue(wrapper.updates.isEmpty, "nothing before completion")
            manual.complete(request(a), with: StubImage("a"))
            manual.complete(request(b), with: StubImage("b"))
            XCTAssertEqual(wrapper.updates.map(\.data.type), [.main, .background])
            XCTAssertEqual(wrapper.updates.map { ($0.image as! StubImage).name }, ["a", "b"])
            XCTAssertEqual(loader.statistics.delivered, 2)
        }
    }

    // De-duplication by URL and pixel size
    func testTwoWrappersWithTheSameURLShareOneLoad() {
        onMain {
            let (loader, manual, _) = makeLoader()
            let first = MockWrapper(makeImageModel("1", main: a))
            let second = MockWrapper(makeImageModel("2", main: a))
            loader.loadImages(for: first, containerViewSize: container)
            loader.loadImages(for: second, containerViewSize: container)
            XCTAssertEqual(manual.loads, [request(a)], "one load in flight per URL and size")
            XCTAssertEqual(loader.statistics.joinedInFlight, 1)
            manual.complete(request(a), with: StubImage("a"))
            XCTAssertEqual(first.updates.count, 1)
            XCTAssertEqual(second.updates.count, 1)
            XCTAssertTrue(first.updates[0].image === second.updates[0].image)
        }
    }

    func testTheSameURLAtAnotherSizeOrScaleIsAnotherLoad() {
        onMain {
            let (loader, manual, _) = makeLoader()
            let small = MockWrapper(makeImageModel("1", main: a))
            let large = MockWrapper(makeImageModel("2", main: a))
            large.preferredSize = { _ in Size(width: 100, height: 100) }
            let hiDPI = MockWrapper(makeImageModel("3", main: a))
            hiDPI.imageScaleFactor = 2
            for wrapper in [small, large, hiDPI] { loader.loadImages(for: wrapper, containerViewSize: container) }
            XCTAssertEqual(manual.loads, [request(a), request(a, 100), request(a, 50, scale: 2)])
            XCTAssertEqual(manual.loads[2].pixelWidth, 100, "HiDPI: points × scale factor")
            manual.complete(request(a, 100), with: StubImage("large"))
            XCTAssertEqual(large.updates.count, 1)
            XCTAssertTrue(small.updates.isEmpty)
            XCTAssertTrue(hiDPI.updates.isEmpty)
        }
    }

    func testALateArrivalIsAnimatedAndAnImmediateOneIsNot() {
        onMain {
            let (loader, manual, clock) = makeLoader()
            let quick = MockWrapper(makeImageModel("1", main: a))
            loader.loadImages(for: quick, containerViewSize: container)
            clock.now += 0.01
            manual.complete(request(a), with: StubImage("a"))
            XCTAssertEqual(quick.updates.map(\.animated), [false])

            let late = MockWrapper(makeImageModel("2", main: b))
            loader.loadImages(for: late, containerViewSize: container)
            clock.now += 2
            manual.complete(request(b), with: StubImage("b"))
            XCTAssertEqual(late.updates.map(\.animated), [true])
        }
    }

    func testAskingAgainForTheSameModelKeepsTheFirstRequestTime() {
        onMain {
            let (loader, manual, clock) = makeLoader()
            let wrapper = MockWrapper(makeImageModel("1", main: a))
            loader.loadImages(for: wrapper, containerViewSize: container)
            clock.now += 1
            loader.loadImages(for: wrapper, containerViewSize: container)  // e.g. a child will-appear
            XCTAssertEqual(manual.loads.count, 1)
            XCTAssertTrue(manual.cancels.isEmpty)
            clock.now += 0.01
            manual.complete(request(a), with: StubImage("a"))
            XCTAssertEqual(wrapper.updates.map(\.animated), [true], "the placeholder showed for a second")
        }
    }

    func testParentAndChildEachGetTheirOwnImage() {
        onMain {
            let (loader, manual, _) = makeLoader()
            let parent = MockWrapper(makeImageModel("parent", main: a))
            let child = MockWrapper(makeImageModel("child", main: b))
            loader.loadImages(for: parent, containerViewSize: container)
            loader.loadImages(for: child, containerViewSize: container)
            manual.complete(request(b), with: StubImage("b"))
            manual.complete(request(a), with: StubImage("a"))
            XCTAssertEqual(parent.updates.map { ($0.image as! StubImage).name }, ["a"])
            XCTAssertEqual(child.updates.map { ($0.image as! StubImage).name }, ["b"])
        }
    }

    func testAComponentWithoutImageHandlingIsNeverAsked() {
        onMain {
            let (loader, manual, _) = makeLoader()
            let plain = MockWrapper(makeImageModel("plain", main: a))
            plain.handlesImages = false
            let handling = MockWrapper(makeImageModel("handling", main: b))
            loader.loadImages(for: plain, containerViewSize: container)
            loader.loadImages(for: handling, containerViewSize: container)
            XCTAssertEqual(manual.loads.map(\.url), [b])
            manual.complete(request(a), with: StubImage("a"))
            manual.complete(request(b), with: StubImage("b"))
            XCTAssertTrue(plain.updates.isEmpty)
            XCTAssertEqual(handling.updates.count, 1)
        }
    }

    func testAZeroPreferredSizeMeansDoNotLoad() {
        onMain {
            let (loader, manual, _) = makeLoader()
            let wrapper = MockWrapper(makeImageModel("m", main: a, background: b))
            wrapper.preferredSize = { $0.type == .main ? Size(width: 40, height: 40) : .zero }
            loader.loadImages(for: wrapper, containerViewSize: container)
            XCTAssertEqual(manual.loads.map(\.url), [a])
        }
    }

    func testCustomImagesAreLoadedAndDeliveredWithTheirData() {
        onMain {
            let (loader, manual, _) = makeLoader()
            let wrapper = MockWrapper(makeImageModel("m", custom: ["logo": a, "badge": b]))
            loader.loadImages(for: wrapper, containerViewSize: container)
            XCTAssertEqual(manual.loads.map(\.url), [b, a], "custom images in identifier order")
            manual.complete(request(a), with: StubImage("a"))
            XCTAssertEqual(wrapper.updates.first?.data.identifier, "logo")
            XCTAssertEqual(wrapper.updates.first?.data.type, .custom)
        }
    }

    func testALocalImageIsDeliveredAtOnceWithoutAnimation() {
        onMain {
            let (loader, manual, _) = makeLoader()
            let local = StubImage("local")
            let wrapper = MockWrapper(makeImageModel("m", background: b, localMain: local))
            loader.loadImages(for: wrapper, containerViewSize: container)
            XCTAssertEqual(wrapper.updates.count, 1)
            XCTAssertTrue(wrapper.updates[0].image === local)
            XCTAssertFalse(wrapper.updates[0].animated)
            XCTAssertEqual(manual.loads.map(\.url), [b], "the remote background still loads")
        }
    }

    func testACompletionNobodyAskedForDoesNothing() {
        onMain {
            let (loader, manual, _) = makeLoader()
            let wrapper = MockWrapper(makeImageModel("m", main: a))
            loader.loadImages(for: wrapper, containerViewSize: container)
            manual.complete(request(c), with: StubImage("c"))
            manual.fail(request(c), .httpStatus(500))
            XCTAssertTrue(wrapper.updates.isEmpty)
            XCTAssertEqual(loader.pendingRequests, [request(a)])
        }
    }

    // Without a cache: a new completion for the same URL updates the reused component again
    func testAReusedComponentIsUpdatedAgainByANewCompletion() {
        onMain {
            let (loader, manual, _) = makeLoader()
            let model = makeImageModel("m", main: a)
            let wrapper = MockWrapper(model)
            loader.loadImages(for: wrapper, containerViewSize: container)
            manual.complete(request(a), with: StubImage("first"))
            // Reused for another model, then for this one again (the cell was re-created).
            wrapper.model = makeImageModel("other", main: b)
            loader.loadImages(for: wrapper, containerViewSize: container)
            wrapper.model = model
            loader.loadImages(for: wrapper, containerViewSize: container)
            XCTAssertEqual(manual.loads(of: a).count, 2, "no cache: a new load")
            manual.complete(request(a), with: StubImage("second"))
            XCTAssertEqual(wrapper.updates.map { ($0.image as! StubImage).name }, ["first", "second"])
        }
    }

    // With the cache: the image comes back at once
    func testACachedImageIsDeliveredAtOnceWithoutALoad() {
        onMain {
            let cache = ImageCache(byteLimit: 1 << 20)
            let (loader, manual, _) = makeLoader(cache: cache)
            let model = makeImageModel("m", main: a)
            let first = MockWrapper(model)
            loader.loadImages(for: first, containerViewSize: container)
            let image = StubImage("a")
            manual.complete(request(a), with: image)
            let second = MockWrapper(model)
            loader.loadImages(for: second, containerViewSize: container)
            XCTAssertEqual(manual.loads.count, 1)
            XCTAssertEqual(second.updates.count, 1)
            XCTAssertTrue(second.updates[0].image === image)
            XCTAssertFalse(second.updates[0].animated)
            XCTAssertEqual(loader.statistics.cacheHits, 1)
            XCTAssertEqual(cache.statistics.hits, 1)
        }
    }

    // MARK: Reuse and cancellation

    func testAReusedWrapperNeverShowsTheOldModelsImageEvenWhenItArrivesLate() {
        onMain {
            let (loader, manual, _) = makeLoader()
            let wrapper = MockWrapper(makeImageModel("row-1", main: a))
            loader.loadImages(for: wrapper, containerViewSize: container)
            wrapper.model = makeImageModel("row-2", main: b)
            loader.loadImages(for: wrapper, containerViewSize: container)
            XCTAssertEqual(manual.cancels, [request(a)], "nobody else waited for a: cancelled")
            // The old download finishes anyway (it ignored the cancel), after the new one.
            manual.complete(request(b), with: StubImage("b"))
            manual.complete(request(a), with: StubImage("a"))
            XCTAssertEqual(wrapper.updates.map { ($0.image as! StubImage).name }, ["b"])
        }
    }

    func testTheReuseCheckOnArrivalComparesTheURL() {
        onMain {
            // Two wrappers wait for a; one moves to a model with another URL without asking for its
            // images (as a wrapper sitting in the pool): the arrival skips it.
            let (loader, manual, _) = makeLoader()
            let staying = MockWrapper(makeImageModel("1", main: a))
            let moving = MockWrapper(makeImageModel("2", main: a))
            loader.loadImages(for: staying, containerViewSize: container)
            loader.loadImages(for: moving, containerViewSize: container)
            moving.model = makeImageModel("3", main: c)
            manual.complete(request(a), with: StubImage("a"))
            XCTAssertEqual(staying.updates.count, 1)
            XCTAssertTrue(moving.updates.isEmpty)
            XCTAssertEqual(loader.statistics.discardedAfterReuse, 1)
        }
    }

    func testALoadStaysWhileAnotherWrapperStillWaits() {
        onMain {
            let (loader, manual, _) = makeLoader()
            let first = MockWrapper(makeImageModel("1", main: a))
            let second = MockWrapper(makeImageModel("2", main: a))
            loader.loadImages(for: first, containerViewSize: container)
            loader.loadImages(for: second, containerViewSize: container)
            first.model = makeImageModel("3", main: b)
            loader.loadImages(for: first, containerViewSize: container)
            XCTAssertTrue(manual.cancels.isEmpty)
            manual.complete(request(a), with: StubImage("a"))
            XCTAssertEqual(second.updates.count, 1)
            XCTAssertTrue(first.updates.isEmpty)
        }
    }

    func testLoadsForReleasedOrPooledWrappersAreCancelledBySweeping() {
        onMain {
            let (loader, manual, _) = makeLoader()
            var released: MockWrapper? = MockWrapper(makeImageModel("1", main: a))
            let pooled = MockWrapper(makeImageModel("2", main: b))
            let visible = MockWrapper(makeImageModel("3", main: c))
            for wrapper in [released!, pooled, visible] { loader.loadImages(for: wrapper, containerViewSize: container) }
            released = nil
            pooled.wantsLoadedImages = false
            loader.sweep()
            XCTAssertEqual(Set(manual.cancels), [request(a), request(b)])
            XCTAssertEqual(loader.pendingRequests, [request(c)])
            // A pooled wrapper shown again for its model asks again.
            pooled.wantsLoadedImages = true
            loader.loadImages(for: pooled, containerViewSize: container)
            XCTAssertEqual(manual.loads(of: b).count, 2)
        }
    }

    func testASweepIsScheduledAfterLoadingImages() {
        onMain {
            let (loader, manual, _) = makeLoader()
            let wrapper = MockWrapper(makeImageModel("1", main: a))
            loader.loadImages(for: wrapper, containerViewSize: container)
            wrapper.wantsLoadedImages = false
            pump(until: { !manual.cancels.isEmpty }, timeout: 2, "the scheduled sweep")
        }
    }

    func testAWrapperThatStopsHandlingImagesDropsItsLoads() {
        onMain {
            let (loader, manual, _) = makeLoader()
            let wrapper = MockWrapper(makeImageModel("1", main: a))
            loader.loadImages(for: wrapper, containerViewSize: container)
            wrapper.model = makeImageModel("2")
            loader.loadImages(for: wrapper, containerViewSize: container)
            XCTAssertEqual(manual.cancels, [request(a)])
            XCTAssertTrue(loader.pendingRequests.isEmpty)
        }
    }

    // MARK: Failures

    func testAFailureKeepsThePlaceholderIsLoggedOnceAndNotRetriedAtOnce() {
        onMain {
            let captured = CapturedLog()
            let (loader, manual, clock) = makeLoader(log: captured.log)
            let first = MockWrapper(makeImageModel("1", main: a))
            loader.loadImages(for: first, containerViewSize: container)
            manual.fail(request(a), .httpStatus(404))
            XCTAssertTrue(first.updates.isEmpty)
            XCTAssertEqual(captured.lines, ["HubFramework: image \(a.absoluteString) failed: HTTP status 404"])

            let second = MockWrapper(makeImageModel("2", main: a))
            loader.loadImages(for: second, containerViewSize: container)
            XCTAssertEqual(manual.loads.count, 1, "a recent failure is not asked for again")
            XCTAssertEqual(loader.statistics.skippedAfterFailure, 1)

            clock.now += loader.failureRetryInterval + 1
            loader.loadImages(for: second, containerViewSize: container)
            XCTAssertEqual(manual.loads.count, 2, "retried after the interval")
            manual.fail(request(a), .httpStatus(404))
            XCTAssertEqual(captured.lines.count, 1, "logged once per URL")
        }
    }

    func testCancelAllDropsEverything() {
        onMain {
            let (loader, manual, _) = makeLoader()
            let wrapper = MockWrapper(makeImageModel("1", main: a, background: b))
            loader.loadImages(for: wrapper, containerViewSize: container)
            loader.cancelAll()
            XCTAssertEqual(Set(manual.cancels), [request(a), request(b)])
            manual.complete(request(a), with: StubImage("a"))
            XCTAssertTrue(wrapper.updates.isEmpty)
        }
    }
}
