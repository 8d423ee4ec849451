import CGtk
import Foundation
import HubFramework
import HubApp
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK
@testable import HubViewer

/// A component with a fixed preferred size, for snapshots.
@MainActor
private final class FixedSizeComponent: Component {
    let layoutTraits: Set<LayoutTrait> = [.compactWidth]
    private(set) var view: Widget?
    let size: Size
    init(size: Size) { self.size = size }
    func loadView() { view = Widget(owning: gtk_drawing_area_new()) }
    func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size { size }
    func prepareViewForReuse() {}
    func configureView(with model: ComponentModel, containerViewSize: Size) {}
}

/// A factory that is not showcase-aware.
@MainActor
private final class PlainFactory: ComponentFactory {
    func createComponent(forName name: String) -> (any Component)? { RowComponent() }
}

/// Showcase names given explicitly.
@MainActor
private final class NamedFactory: ComponentFactoryShowcaseNameProvider {
    let names: [String: String]
    init(_ names: [String: String]) { self.names = names }
    func createComponent(forName name: String) -> (any Component)? { names[name] == nil ? nil : RowComponent() }
    var showcaseableComponentNames: [String] { names.keys.sorted() }
    func showcaseName(forComponentName name: String) -> String? { names[name] }
}

/// The showcase (docs/live-editing.md, "The component showcase"): showcaseable identifiers and names,
/// snapshots at the preferred size; and the viewer's `showcase:` views.
final class ShowcaseTests: GtkTestCase, @unchecked Sendable {
    private static let defaultNames = ["row", "label", "image", "searchBar", "activityIndicator", "header", "carousel",
                                       "colorContainer", "entry", "textArea", "switch", "checkbox", "dropdown",
                                       "slider", "spinButton", "button"]

    @MainActor
    private func makeRegistry() -> ComponentRegistry {
        ComponentRegistry(fallbackHandler: DefaultComponentFactory.makeFallbackHandler())
    }

    func testShowcaseableIdentifiersCombineNamesWithTheirNamespaces() throws {
        try onMain {
            let registry = makeRegistry()
            let a = BlockComponentFactory(["name1": { RowComponent() }, "name2": { RowComponent() }])
            let b = BlockComponentFactory(["name3": { RowComponent() }, "name4": { RowComponent() }])
            try registry.registerComponentFactory(a, forNamespace: "A")
            try registry.registerComponentFactory(b, forNamespace: "B")
            try registry.registerComponentFactory(PlainFactory(), forNamespace: "C")
            XCTAssertEqual(Set(registry.showcaseableComponentIdentifiers.map(\.identifierString)),
                           ["A:name1", "A:name2", "B:name3", "B:name4"])
            XCTAssertEqual(registry.showcaseableComponentIdentifiers.count, 4)
        }
    }

    func testShowcaseNamesComeFromTheFactory() throws {
        try onMain {
            let registry = makeRegistry()
            try registry.registerComponentFactory(NamedFactory(["a": "Component A", "b": "Component B"]),
                                                  forNamespace: "showcase")
            try registry.registerComponentFactory(PlainFactory(), forNamespace: "plain")
            XCTAssertEqual(registry.showcaseName(for: Identifier(namespace: "showcase", name: "a")), "Component A")
            XCTAssertEqual(registry.showcaseName(for: Identifier(namespace: "showcase", name: "b")), "Component B")
            XCTAssertNil(registry.showcaseName(for: Identifier(namespace: "showcase", name: "c")))
            XCTAssertNil(registry.showcaseName(for: Identifier(namespace: "plain", name: "a")))
        }
    }

    func testASnapshotHasExactlyThePreferredSize() throws {
        try onMain {
            let registry = makeRegistry()
            try registry.registerComponentFactory(
                BlockComponentFactory(["fixed": { FixedSizeComponent(size: Size(width: 200, height: 200)) }]),
                forNamespace: "snap")
            let snapshot = registry.createShowcaseSnapshotComponentModelBuilder(schema: JSONSchema(
                componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                iconImageResolver: nil))
            XCTAssertTrue(snapshot.builder.modelIdentifier.hasPrefix("UnknownComponent:"), "a random identifier")
            XCTAssertEqual(snapshot.builder.modelType, .body)
            snapshot.builder.componentNamespace = "snap"
            snapshot.builder.componentName = "fixed"
            let image = try XCTUnwrap(snapshot.generateShowcaseSnapshot(containerViewSize: .zero))
            XCTAssertEqual(image.size, Size(width: 200, height: 200))
        }
    }

    func testEveryDefaultComponentRendersASnapshotOfItsPreferredSize() throws {
        try onMain {
            let hub = HubApplication.makeHub()
            let container = Size(width: 800, height: 600)
            for name in Self.defaultNames {
                let identifier = Identifier(namespace: "default", name: name)
                let snapshot = hub.createShowcaseSnapshotComponentModelBuilder()
                XCTAssertEqual(ComponentShowcase.fillSample(for: identifier, registry: hub.componentRegistry,
                                                            builder: snapshot.builder), .factory, name)
                let model = snapshot.builder.build()
                let measuring = hub.componentRegistry.createComponent(for: model)
                if let parent = measuring as? any ComponentWithChildren { parent.childDelegate = snapshot }
                let expected = measuring.preferredViewSize(forDisplaying: model, containerViewSize: container)
                let image = try XCTUnwrap(snapshot.generateShowcaseSnapshot(containerViewSize: container), name)
                XCTAssertEqual(image.size.width, expected.width.rounded(), name)
                XCTAssertEqual(image.size.height, expected.height.rounded(), name)
                XCTAssertTrue(Self.hasVisiblePixels(image), "\(name) drew nothing")
            }
        }
    }

    /// True when the image is not one flat colour.
    @MainActor
    private static func hasVisiblePixels(_ image: PixbufImage) -> Bool {
        let pixbuf = image.pixbuf
        guard let pixels = gdk_pixbuf_get_pixels(pixbuf) else { return false }
        let rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let width = Int(gdk_pixbuf_get_width(pixbuf))
        let height = Int(gdk_pixbuf_get_height(pixbuf))
        let first = (pixels[0], pixels[1], pixels[2])
        for y in stride(from: 0, to: height, by: 2) {
            for x in stride(from: 0, to: width, by: 2) {
                let p = pixels + y * rowstride + x * channels
                if (p[0], p[1], p[2]) != first { return true }
            }
        }
        return false
    }

    // MARK: The viewer's showcase

    func testTheShowcaseListsEveryComponentWithItsCategoryAndTraits() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            app.navigator.open("showcase:")
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { controller.liveBodyComponentCount > 0 }, "the showcase")
            XCTAssertEqual(app.mainWindow?.title, "Component Showcase")
            let registry = app.hub.componentRegistry
            let identifiers = registry.showcaseableComponentIdentifiers
            for name in Self.defaultNames {
                XCTAssertTrue(identifiers.contains(Identifier(namespace: "default", name: name)), name)
            }
            let body = try XCTUnwrap(controller.viewModel?.bodyComponentModels)
            XCTAssertEqual(body.count, 2 * identifiers.count)
            for (offset, identifier) in identifiers.enumerated() {
                let heading = body[2 * offset]
                let sample = body[2 * offset + 1]
                XCTAssertEqual(heading.identifier, ShowcaseFeature.headingModelIdentifier(for: identifier))
                XCTAssertEqual(heading.componentIdentifier, AppComponentFactory.showcaseHeading)
                XCTAssertEqual(heading.subtitle, identifier.identifierString)
                XCTAssertEqual(heading.title, registry.showcaseName(for: identifier))
                XCTAssertEqual(heading.target?.uri, ShowcaseFeature.uri(for: identifier))
                XCTAssertEqual(sample.componentIdentifier, identifier)
                let traits = registry.createComponent(for: identifier, category: sample.componentCategory).layoutTraits
                    .map(\.rawValue).sorted()
                XCTAssertEqual(heading.customData?["traits"], .array(traits.map { .string($0) }))
                XCTAssertEqual(heading.customData?["category"], .string(sample.componentCategory.rawValue))
                XCTAssertTrue(heading.accessoryTitle?.contains("category \(sample.componentCategory)") == true)
                XCTAssertTrue(heading.accessoryTitle?.contains(traits.joined(separator: ", ")) == true)
            }
            let image = try XCTUnwrap(body.first { $0.componentIdentifier.identifierString == "default:image" })
            XCTAssertEqual(image.componentCategory, .card)
        }
    }

    func testTheShowcaseLinksToTheExampleViewsThatRespondAndEachOpens() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer {
                app.navigator.tearDown()
                app.showcaseDocuments = []
            }
            app.showcaseDocuments = Viewer.showcaseDocuments
            XCTAssertEqual(app.showcaseDocuments.map(\.title), ["Counter", "Filter", "Settings", "Sign up"])
            app.navigator.open("showcase:")
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { controller.liveBodyComponentCount > 0 }, "the showcase")
            let body = try XCTUnwrap(controller.viewModel?.bodyComponentModels)
            let components = 2 * app.hub.componentRegistry.showcaseableComponentIdentifiers.count
            XCTAssertEqual(body.count, components + 1 + 4, "the components, a heading, the four documents")
            XCTAssertEqual(body[components].identifier, ShowcaseFeature.documentsHeadingModelIdentifier)
            XCTAssertEqual(body[components].title, "Documents that respond")
            let rows = Array(body[(components + 1)...])
            XCTAssertEqual(rows.map { $0.title ?? "" }, ["Counter", "Filter", "Settings", "Sign up"])
            // Each opens its document, which is found where the viewer runs from.
            let expected = [("counter", "Count: 0"), ("filter", "Filter"), ("settings", "Show details"), ("signup", "Name")]
            for (row, (file, firstTitle)) in zip(rows, expected) {
                let uri = try XCTUnwrap(row.target?.uri)
                XCTAssertTrue(uri.absoluteString.hasPrefix("hub-json:file://") && uri.absoluteString.hasSuffix("/\(file).json"),
                              uri.absoluteString)
                XCTAssertTrue(app.navigator.open(uri), uri.absoluteString)
                let page = try XCTUnwrap(app.navigator.currentPage?.viewController)
                pump(until: { !page.isLoading && page.viewModel?.bodyComponentModels.first?.title == firstTitle },
                     "\(file).json opened from the showcase")
                app.navigator.goBack()
            }
        }
    }

    func testTheInputSamplesEachShowTheirOwnValue() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            app.navigator.open("showcase:")
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { controller.liveBodyComponentCount > 0 }, "the showcase")
            @MainActor func input(_ name: String) -> InputState? {
                let identifier = ShowcaseFeature.sampleModelIdentifier(for: Identifier(namespace: "default", name: name))
                return controller.viewModel?.bodyComponentModels.first { $0.identifier == identifier }?.input
            }
            pump(until: { input("entry") != nil }, "the samples with their state applied")
            XCTAssertEqual(input("entry")?.placeholder, "name@example.org")
            XCTAssertEqual(input("entry")?.value, .string(""))
            XCTAssertEqual(input("switch")?.value, .boolean(true))
            XCTAssertEqual(input("dropdown")?.value, .string("Medium"))
            XCTAssertEqual(input("dropdown")?.options, ["Small", "Medium", "Large"])
            XCTAssertEqual(input("slider")?.value, .integer(40))
            XCTAssertEqual(input("spinButton")?.value, .integer(2), "each sample its own variable")
        }
    }

    func testTheShowcaseRendersEveryDefaultComponent() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            app.navigator.open("showcase:")
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { controller.liveBodyComponentCount > 0 }, "the showcase")
            let body = try XCTUnwrap(controller.viewModel?.bodyComponentModels)
            let factory = DefaultComponentFactory()
            for name in Self.defaultNames {
                let identifier = Identifier(namespace: "default", name: name)
                let index = try XCTUnwrap(body.firstIndex { $0.identifier == ShowcaseFeature.sampleModelIdentifier(for: identifier) })
                let frame = controller.frame(ofBodyComponentAt: index)
                controller.scroll(to: Point(x: 0, y: max(0, frame.minY - 20)))
                pump(until: {
                    guard let cell = controller.cellWidget(atBodyIndex: index) else { return false }
                    return gtk_widget_get_allocated_height(cell) > 1 && gtk_widget_get_mapped(cell) != 0
                }, "\(name) on screen")
                let component = try XCTUnwrap(controller.liveComponent(atBodyIndex: index), name)
                let expected = try XCTUnwrap(factory.createComponent(forName: name))
                XCTAssertTrue(type(of: component) == type(of: expected), "\(name) is shown by \(type(of: component))")
                let view = try XCTUnwrap(component.view?.gtkWidget)
                XCTAssertGreaterThan(gtk_widget_get_allocated_width(view), 1, name)
                XCTAssertGreaterThan(gtk_widget_get_allocated_height(view), 1, name)
                XCTAssertGreaterThan(frame.height, 1, name)
            }
        }
    }

    func testAComponentWithoutASampleGetsAGeneratedOne() throws {
        try onMain {
            let app = SharedViewer.fresh()
            let registry = app.hub.componentRegistry
            try registry.registerComponentFactory(BlockComponentFactory(["plain": { ImageComponent() }]),
                                                  forNamespace: "generated")
            defer {
                registry.unregisterComponentFactory(forNamespace: "generated")
                app.navigator.tearDown()
            }
            app.navigator.open("showcase:")
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { controller.viewModel?.bodyComponentModels.isEmpty == false }, "the showcase")
            let identifier = Identifier(namespace: "generated", name: "plain")
            let body = try XCTUnwrap(controller.viewModel?.bodyComponentModels)
            let sample = try XCTUnwrap(body.first { $0.identifier == ShowcaseFeature.sampleModelIdentifier(for: identifier) })
            XCTAssertEqual(sample.title, "plain")
            XCTAssertEqual(sample.subtitle, "generated:plain")
            XCTAssertNotNil(sample.mainImageData?.localImage)
            let heading = try XCTUnwrap(body.first { $0.identifier == ShowcaseFeature.headingModelIdentifier(for: identifier) })
            XCTAssertEqual(heading.customData?["sample"], .string("generated"))
            XCTAssertTrue(heading.accessoryTitle?.hasSuffix("generated sample") == true)
        }
    }

    func testOneComponentAlone() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            app.navigator.open("showcase:default:image")
            let image = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { image.liveBodyComponentCount == 1 }, "the image card")
            XCTAssertEqual(image.viewModel?.bodyComponentModels.map(\.componentIdentifier.identifierString), ["default:image"])
            XCTAssertEqual(app.mainWindow?.title, "Image card")

            // A header sample is the view's header.
            app.navigator.open("showcase:default:header")
            let header = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { header.headerComponent != nil }, "the header")
            XCTAssertEqual(header.viewModel?.headerComponentModel?.componentIdentifier.identifierString, "default:header")
            XCTAssertEqual(header.viewModel?.bodyComponentModels.count, 0)

            // An unknown component says so.
            app.navigator.open("showcase:default:nothing")
            let unknown = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { unknown.viewModel?.bodyComponentModels.isEmpty == false }, "the message")
            XCTAssertTrue(unknown.viewModel?.bodyComponentModels.first?.title?.contains("default:nothing") == true)
        }
    }

    func testSelectingAHeadingOpensTheComponentAlone() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            app.navigator.open("showcase:")
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            pump(until: { controller.liveBodyComponentCount > 0 }, "the showcase")
            let cell = try XCTUnwrap(controller.cellWidget(atBodyIndex: 0))
            pump(until: { gtk_widget_get_allocated_height(cell) > 1 }, "the first heading")
            click(cell)
            pump(until: { app.navigator.currentPage?.viewController !== controller }, "the component page")
            XCTAssertEqual(app.navigator.currentPage?.uri, "showcase:default:row")
        }
    }

    func testScreenshotOfOneComponentIsCroppedToIt() throws {
        guard let viewer = ChildProcess.executable("hub-viewer") else {
            throw XCTSkip("hub-viewer is not built next to the tests")
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("showcase-row-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: output) }
        let child = try ChildProcess(viewer, arguments: ["--screenshot", output.path, "--size", "900x600",
                                                         "showcase:default:row"])
        child.waitUntilDone()
        XCTAssertEqual(child.exitStatus, 0, child.standardError.text)
        let png = try Data(contentsOf: output)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: width and height, big-endian, at bytes 16–23.
        let width = png[16..<20].reduce(0) { ($0 << 8) | Int($1) }
        let height = png[20..<24].reduce(0) { ($0 << 8) | Int($1) }
        XCTAssertEqual(height, 64, "a row with a subtitle, nothing around it")
        // In a 900-point window the row keeps to the readable width, centered: the picture is the
        // row alone, not the view around it.
        XCTAssertEqual(width, Int(ReadableWidth.maximum), "the width of the row")
    }
}
