import CGtk
import Foundation
import Glibc
import HubFramework
import HubGTK
import HubGTKTestSupport
import HubTestSupport
import XCTest
@testable import GtkKit
@testable import HubApp
@testable import HubViewer

/// Content from the network or the live socket may not open or show local files on its own; the
/// user (address bar, command line) still can. The same document is opened three ways: from a
/// file (local, the control: everything works), over HTTP and through the live socket.
final class ContentOriginTests: GtkTestCase, @unchecked Sendable {
    private var directory: URL!
    private var server: LoopbackHTTPServer?

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hub-origin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(#"{"title": "Local target", "body": [{"id": "x", "text": {"title": "A local file"}}]}"#.utf8)
            .write(to: targetURL)
        let picture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/images/showcase-default-row.png")
        try FileManager.default.copyItem(at: picture, to: pictureURL)
        try FileManager.default.copyItem(at: picture, to: builtPictureURL)
        try document.write(to: directory.appendingPathComponent("view.json"))
    }

    override func tearDownWithError() throws {
        server?.stop()
        try? FileManager.default.removeItem(at: directory)
        try super.tearDownWithError()
    }

    private var targetURL: URL { directory.appendingPathComponent("target.json") }
    private var pictureURL: URL { directory.appendingPathComponent("picture.png") }
    /// A picture whose URI an expression builds from a variable.
    private var builtPictureURL: URL { directory.appendingPathComponent("built.png") }

    /// The spellings of a wrapped local file that the hostile run opened from a remote document
    /// (issue "No way in", case 1), by row identifier. `JSONFileFeature` reads each as the file.
    private var encodedFileTargets: [(id: String, uri: String)] {
        let file = targetURL.absoluteString
        let afterScheme = String(file.dropFirst("file".count))
        let everyByte = file.utf8.map { String(format: "%%%02X", $0) }.joined()
        return [
            ("percent-f", "hub-json:%66ile" + afterScheme),
            ("percent-colon", "hub-json:file%3A" + String(afterScheme.dropFirst())),
            ("every-byte", "hub-json:" + everyByte),
            ("upper-case", "HUB-JSON:FILE" + afterScheme),
        ]
    }

    /// Rows whose expressions build a wrapped local file's URI from a variable: a target's URI, and
    /// an `open` action (which runs without the target's URI).
    private let builtFileTargets = ["built-uri", "built-open"]

    /// Rows that target a local file (plainly, wrapped in `hub-json:`, wrapped in encoded spellings,
    /// and built by expressions), one that targets a view whose feature reads a local file without
    /// its URI saying so, one that targets an app view, and a `file:` picture.
    private var document: Data {
        let encoded = encodedFileTargets.map {
            #"{"id": "\#($0.id)", "component": {"id": "default:row"}, "text": {"title": "\#($0.id)"}, "target": {"uri": "\#($0.uri)"}},"#
        }.joined(separator: "\n")
        let afterScheme = String(targetURL.absoluteString.dropFirst("file".count))
        let pictureAfterScheme = String(builtPictureURL.absoluteString.dropFirst("file".count))
        return Data("""
            {"title": "Untrusted", "state": {"rest": "\(afterScheme)", "picture": "\(pictureAfterScheme)"}, "body": [
              {"id": "built-picture", "component": {"id": "default:row"}, "text": {"title": "built-picture"},
               "images": {"main": {"uri": "@{'fi' + 'le' + picture}"}}},
              {"id": "built-uri", "component": {"id": "default:row"}, "text": {"title": "built-uri"},
               "target": {"uri": "@{'hub-json:' + 'fi' + 'le' + rest}"}},
              {"id": "built-open", "component": {"id": "default:row"}, "text": {"title": "built-open"},
               "target": {"actions": [{"type": "open", "uri": "@{'hub-json:%66ile' + rest}"}]}},
              {"id": "file", "component": {"id": "default:row"}, "text": {"title": "A file"},
               "target": {"uri": "\(targetURL.absoluteString)"},
               "images": {"main": {"uri": "\(pictureURL.absoluteString)"}}},
              {"id": "wrapped", "component": {"id": "default:row"}, "text": {"title": "A wrapped file"},
               "target": {"uri": "hub-json:\(targetURL.absoluteString)"}},
              \(encoded)
              {"id": "indirect", "component": {"id": "default:row"}, "text": {"title": "A view read from a file"},
               "target": {"uri": "\(Self.indirectFileViewURI)"}},
              {"id": "app", "component": {"id": "default:row"}, "text": {"title": "An app view"},
               "target": {"uri": "hub-demo:root"}}
            ]}
            """.utf8)
    }

    /// A view whose feature (registered by `withIndirectFileFeature`) reads `target.json`, though
    /// nothing in its URI names a file.
    private static let indirectFileViewURI = "origin-test:indirect"

    /// Runs `body` with a feature that serves ``indirectFileViewURI`` from `target.json`.
    @MainActor
    private func withIndirectFileFeature(in app: HubApplication, _ body: () throws -> Void) throws {
        let target = targetURL
        try app.hub.featureRegistry.registerFeature(
            identifier: "origin-test", viewURIPredicate: ViewURIPredicate(viewURI: URL(string: Self.indirectFileViewURI)!),
            title: "Indirect", contentOperationFactories: [BlockContentOperationFactory { _ in [JSONContentOperation(url: target)] }])
        defer { app.hub.featureRegistry.unregisterFeature(identifier: "origin-test") }
        try body()
    }

    /// Remote or live content opened the indirect view: it opens, held to that content's origin,
    /// and its loader refuses to read the file, on the URL it was about to open.
    @MainActor
    private func assertIndirectFileRefused(_ controller: ViewController, in app: HubApplication) throws {
        XCTAssertTrue(controller.selectComponent(with: try model("indirect", in: controller)))
        let opened = try XCTUnwrap(app.navigator.currentPage?.viewController)
        XCTAssertEqual(opened.viewURI.absoluteString, Self.indirectFileViewURI)
        XCTAssertEqual(opened.contentOrigin, controller.contentOrigin, "the opened view is held to its opener's origin")
        let refusal = ContentLoadingError.refused(ContentOriginRefusal(origin: controller.contentOrigin, uri: targetURL))
        pump(until: { opened.visibleStateDescription == refusal.description }, "the error page: \(refusal)")
        XCTAssertNil(opened.viewModel?.bodyComponentModels.first { $0.title == "A local file" }, "the file was not read")
        app.navigator.goBack()
    }

    @MainActor
    private func model(_ identifier: String, in controller: ViewController) throws -> ComponentModel {
        try XCTUnwrap(controller.viewModel?.bodyComponentModels.first { $0.identifier == identifier }, identifier)
    }

    /// Opens the view, waits for its rows and images, and returns its controller and image loader.
    @MainActor
    private func show(_ uri: String, in app: HubApplication) throws -> (ViewController, ComponentImageLoader) {
        ImageFailureLog.shared.reset()
        ImageCache.shared.removeAll()
        app.navigator.open(uri)
        let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
        pump(until: { controller.viewModel?.navigationItem?.title == "Untrusted" && controller.liveBodyComponentCount >= 3 },
             "the document's rows")
        let images = try XCTUnwrap(controller.imageLoader as? ComponentImageLoader)
        XCTAssertEqual(images.contentOrigin, controller.contentOrigin, "the view gives its loader its origin")
        return (controller, images)
    }

    /// Selecting the file rows leaves the view where it is; the app view still opens.
    @MainActor
    private func assertFileTargetsRefused(_ controller: ViewController, in app: HubApplication) throws {
        let pages = app.navigator.pages.count
        for identifier in ["file", "wrapped"] + encodedFileTargets.map(\.id) + builtFileTargets {
            let selected = controller.selectComponent(with: try model(identifier, in: controller))
            // An `open` action ran (the selection was handled) though what it asked for was refused.
            if identifier != "built-open" { XCTAssertFalse(selected, identifier) }
            XCTAssertTrue(app.navigator.currentPage?.viewController === controller, identifier)
            XCTAssertEqual(app.navigator.pages.count, pages, identifier)
        }
        XCTAssertTrue(controller.selectComponent(with: try model("app", in: controller)))
        XCTAssertEqual(app.navigator.currentPage?.viewController.viewURI.absoluteString, "hub-demo:root")
    }

    /// The picture was neither requested nor served from the cache; the refusal was reported once.
    @MainActor
    private func assertPictureRefused(_ images: ComponentImageLoader) {
        pump(until: { images.statistics.refusedByOrigin > 0 }, "the picture to be refused")
        XCTAssertEqual(images.statistics.requested, 0, "\(images.statistics)")
        XCTAssertEqual(images.statistics.loadsStarted, 0)
        XCTAssertTrue(images.pendingRequests.isEmpty)
        XCTAssertTrue(ImageFailureLog.shared.hasReported(pictureURL))
        pump(until: { ImageFailureLog.shared.hasReported(self.builtPictureURL) }, "the built picture to be refused")
        XCTAssertEqual(images.statistics.requested, 0, "\(images.statistics)")
    }

    func testALocalDocumentOpensFilesAndShowsFilePictures() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let (controller, images) = try show(directory.appendingPathComponent("view.json").absoluteString, in: app)
            XCTAssertEqual(controller.contentOrigin, .local)
            try withIndirectFileFeature(in: app) {
                XCTAssertTrue(controller.selectComponent(with: try model("indirect", in: controller)))
                let opened = try XCTUnwrap(app.navigator.currentPage?.viewController)
                XCTAssertEqual(opened.contentOrigin, .local)
                pump(until: { opened.viewModel?.navigationItem?.title == "Local target" }, "the indirect file's view")
                app.navigator.goBack()
            }
            for identifier in encodedFileTargets.map(\.id) + builtFileTargets {
                XCTAssertTrue(controller.selectComponent(with: try model(identifier, in: controller)), identifier)
                let opened = try XCTUnwrap(app.navigator.currentPage?.viewController)
                pump(until: { opened.viewModel?.navigationItem?.title == "Local target" }, "\(identifier): the file's view")
                app.navigator.goBack()
            }
            pump(until: { images.statistics.delivered > 1 }, "the pictures, the built one too")
            XCTAssertEqual(images.statistics.refusedByOrigin, 0)
            XCTAssertTrue(controller.selectComponent(with: try model("file", in: controller)))
            let target = try XCTUnwrap(app.navigator.currentPage?.viewController)
            XCTAssertEqual(target.viewURI, targetURL)
            pump(until: { target.viewModel?.navigationItem?.title == "Local target" }, "the local target")
        }
    }

    func testADocumentServedOverHTTPCannotReachLocalFiles() throws {
        let server = try LoopbackHTTPServer()
        self.server = server
        server.route("/view.json", .data(document, contentType: "application/json"))
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let (controller, images) = try show("hub-json:" + server.url("/view.json").absoluteString, in: app)
            XCTAssertEqual(controller.contentOrigin, .remote(host: "127.0.0.1"))
            assertPictureRefused(images)
            try withIndirectFileFeature(in: app) { try assertIndirectFileRefused(controller, in: app) }
            try assertFileTargetsRefused(controller, in: app)
        }
    }

    func testADocumentPushedLiveCannotReachLocalFiles() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer {
                app.stopLiveService()
                app.navigator.tearDown()
            }
            app.liveDocument?.reset()
            let port = try XCTUnwrap(app.startLiveService(onPort: 0))
            let token = LiveProtocol.tokenMessage(try XCTUnwrap(app.liveService).token)
            let document = self.document
            let reply = SharedValue<String>()
            Thread.detachNewThread { reply.value = RawLiveClient.push(port: port, token: token, document: document) ?? "" }
            pump(until: { reply.value != nil }, "the viewer's answer")
            XCTAssertEqual(reply.value, "ok \(document.count)")
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            XCTAssertEqual(controller.viewURI, LiveFeature.rootURI)
            XCTAssertEqual(controller.contentOrigin, .live)
            pump(until: { controller.liveBodyComponentCount >= 3 }, "the document's rows")
            assertPictureRefused(try XCTUnwrap(controller.imageLoader as? ComponentImageLoader))
            try withIndirectFileFeature(in: app) { try assertIndirectFileRefused(controller, in: app) }
            try assertFileTargetsRefused(controller, in: app)
        }
    }

    func testTheAddressBarStillOpensFiles() throws {
        let server = try LoopbackHTTPServer()
        self.server = server
        server.route("/view.json", .data(document, contentType: "application/json"))
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let window = try XCTUnwrap(app.mainWindow)
            _ = try show("hub-json:" + server.url("/view.json").absoluteString, in: app)
            // Typed by the user while the untrusted view is on screen.
            window.address = targetURL.absoluteString
            gtk_widget_activate(try XCTUnwrap(window.addressEntry).gtkWidget)
            let target = try XCTUnwrap(app.navigator.currentPage?.viewController)
            XCTAssertEqual(target.viewURI, targetURL)
            XCTAssertEqual(target.contentOrigin, .local)
            pump(until: { target.viewModel?.navigationItem?.title == "Local target" }, "the local file's view")
            // And from the command line (the shell's `open`).
            app.open(["hub-json:" + targetURL.absoluteString])
            let wrapped = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { wrapped.viewModel?.navigationItem?.title == "Local target" }, "the wrapped file's view")
        }
    }
}
