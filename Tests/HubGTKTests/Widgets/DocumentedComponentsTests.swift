import CGtk
import Foundation
import HubFramework
import HubGTK
import HubGTKTestSupport
import XCTest
@testable import GtkKit

// MARK: - The examples of docs/components.md, verbatim
//
// `testTheGuideShowsTheseExamplesVerbatim` compares this block with the guide's code blocks, so
// the guide's code always compiles and renders. Edit both together.
// BEGIN docs/components.md
/// `music:track` — one track: `title`, artist in `subtitle`, duration in `accessoryTitle`.
@MainActor
final class TrackRowComponent: Component {
    let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable]
    private(set) var view: Widget?
    private let title = Label()
    private let artist = Label()
    private let duration = Label()

    func loadView() {
        let texts = Box(.vertical, spacing: 2)
        texts.verticalAlignment = .center
        for label in [title, artist] {
            label.xAlignment = 0
            label.ellipsizes = .end
            texts.append(label)
        }
        artist.addCSSClass("dim-label")
        artist.isExcludedFromShowAll = true  // shown per model, in configureView
        let row = Box(.horizontal, spacing: 12)
        row.append(texts, expand: true)
        row.appendAtEnd(duration)
        row.showAll()
        view = row
    }

    func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        Size(width: containerViewSize.width, height: model.subtitle == nil ? 48 : 60)
    }

    func prepareViewForReuse() {
        // Nothing transient: configureView sets every label and every visibility.
    }

    func configureView(with model: ComponentModel, containerViewSize: Size) {
        title.text = model.title ?? ""
        artist.text = model.subtitle ?? ""
        artist.isVisible = model.subtitle != nil
        duration.text = model.accessoryTitle ?? ""
        view?.accessibleName = [model.title, model.subtitle].compactMap { $0 }.joined(separator: ", ")
    }
}

/// `music:cover` — an album cover, two to a row. Reads `mainImageData`.
@MainActor
final class CoverCardComponent: ComponentWithImageHandling, ComponentWithSelectionState {
    let layoutTraits: Set<LayoutTrait> = [.compactWidth]
    var view: Widget? { imageView }
    private var imageView: ImageView?

    func loadView() {
        let imageView = ImageView()
        imageView.cornerRadius = 8
        imageView.show()
        self.imageView = imageView
    }

    func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        let width = ((containerViewSize.width - 3 * 15) / 2).rounded(.down)
        return Size(width: width, height: width)
    }

    func prepareViewForReuse() {
        imageView?.reset()  // never show the previous album's cover on the next one
    }

    func configureView(with model: ComponentModel, containerViewSize: Size) {
        if let local = model.mainImageData?.localImage {
            imageView?.setImage(local, animated: false)
        }
    }

    func preferredImageSize(for imageData: ComponentImageData, model: ComponentModel,
                               containerViewSize: Size) -> Size
    {
        imageData.type == .main ? preferredViewSize(forDisplaying: model, containerViewSize: containerViewSize) : .zero
    }

    func updateView(forLoadedImage image: any HubFramework.Image, from imageData: ComponentImageData,
                    model: ComponentModel, animated: Bool)
    {
        imageView?.setImage(image, animated: animated)
    }

    func updateView(forSelectionState state: SelectionState) {
        switch state {
        case .none: imageView?.opacity = 1
        case .highlighted: imageView?.opacity = 0.7
        case .selected: imageView?.opacity = 0.5
        }
    }
}

/// `music:shelf` — its children side by side. Reads `children`.
@MainActor
final class ShelfComponent: ComponentWithChildren {
    let layoutTraits: Set<LayoutTrait> = [.fullWidth]
    var view: Widget? { shelf }
    weak var childDelegate: (any ComponentChildDelegate)?
    private var shelf: Box?
    private var shown: [(index: Int, view: Widget)] = []

    func loadView() {
        shelf = Box(.horizontal, spacing: 15)
    }

    func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        // Asked on a measuring instance: the delegate answers with measuring components.
        var height = 0.0
        for child in model.children {
            guard let component = childDelegate?.component(self, childComponentFor: child) else { continue }
            height = max(height, component.preferredViewSize(forDisplaying: child,
                                                             containerViewSize: containerViewSize).height)
        }
        return Size(width: containerViewSize.width, height: height)
    }

    func prepareViewForReuse() {
        removeChildren()
    }

    func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let shelf else { return }
        removeChildren()
        for child in model.children {
            guard let component = childDelegate?.component(self, childComponentFor: child),
                let childView = component.view
            else { continue }
            shelf.append(childView, fill: false)
            shown.append((child.index, childView))
            childDelegate?.component(self, willDisplayChildAt: child.index, view: childView)
        }
    }

    private func removeChildren() {
        guard let shelf else { return }
        for (index, childView) in shown {
            childDelegate?.component(self, didStopDisplayingChildAt: index, view: childView)
            shelf.remove(childView)
        }
        shown.removeAll()
    }
}

@MainActor
func registerMusicComponents(in hub: Hub) throws {
    let factory = BlockComponentFactory([
        "track": { TrackRowComponent() },
        "cover": { CoverCardComponent() },
        "shelf": { ShelfComponent() },
    ])
    try hub.componentRegistry.registerComponentFactory(factory, forNamespace: "music")
}

@MainActor
func addTrack(to builder: ViewModelBuilder) {
    let row = builder.bodyComponentModelBuilder(withIdentifier: "track-1")
    row.componentNamespace = "music"
    row.componentName = "track"
    row.title = "So What"
    row.subtitle = "Miles Davis"
    row.accessoryTitle = "9:22"
}
// END docs/components.md

final class DocumentedComponentsTests: GtkTestCase, @unchecked Sendable {
    func testTheGuideShowsTheseExamplesVerbatim() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("docs/components.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let begin = try XCTUnwrap(source.range(of: "// BEGIN docs/components.md\n"))
        let end = try XCTUnwrap(source.range(of: "// END docs/components.md"))
        let copied = String(source[begin.upperBound..<end.lowerBound])
        var blocks: [String] = []
        var rest = guide[...]
        while let open = rest.range(of: "```swift\n"), let close = rest[open.upperBound...].range(of: "```") {
            blocks.append(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        XCTAssertFalse(blocks.isEmpty)
        let guideCode = blocks.joined(separator: "\n").replacingOccurrences(of: "import HubFramework\nimport HubGTK\n\n", with: "")
        XCTAssertEqual(copied, guideCode, "docs/components.md and this file disagree: copy the guide's code blocks here")
        XCTAssertFalse(guide.contains("import CGtk\n"), "the guide's components need no C")
    }

    func testTheGuidesComponentsRender() throws {
        try onMain {
            let hub = Hub(componentMargin: 15) { _ in RowComponent() }
            try registerMusicComponents(in: hub)
            let url = URL(string: "music:test")!
            let operation = BlockContentOperation { context in
                let builder = context.viewModelBuilder
                addTrack(to: builder)
                let cover = builder.bodyComponentModelBuilder(withIdentifier: "cover-1")
                cover.componentNamespace = "music"
                cover.componentName = "cover"
                let shelf = builder.bodyComponentModelBuilder(withIdentifier: "shelf")
                shelf.componentNamespace = "music"
                shelf.componentName = "shelf"
                for index in 0..<3 {
                    let child = shelf.childBuilder(withIdentifier: "shelf-\(index)")
                    child.componentNamespace = "music"
                    child.componentName = "cover"
                }
            }
            try hub.featureRegistry.registerFeature(
                identifier: "music", viewURIPredicate: ViewURIPredicate(viewURI: url), title: "Music",
                contentOperationFactories: [BlockContentOperationFactory { _ in [operation] }])
            let controller = try XCTUnwrap(try hub.viewControllerFactory.createViewController(forViewURI: url))
            let window = Window()
            window.setDefaultSize(width: 600, height: 800)
            window.add(controller.view)
            window.showAll()
            controller.viewWillAppear()
            defer {
                controller.tearDown()
                window.destroy()
            }
            pump(until: { controller.liveBodyComponentCount == 3 }, "the three components")
            let track = try XCTUnwrap(controller.liveComponent(atBodyIndex: 0) as? TrackRowComponent)
            let row = try XCTUnwrap(track.view)
            pump(until: { row.allocatedSize.height == 60 }, "the track row laid out")
            XCTAssertEqual(row.accessibleName, "So What, Miles Davis")
            let labels = Gtk.children(of: Gtk.children(of: row.gtkWidget)[0]).map(Gtk.labelText)
            XCTAssertEqual(labels, ["So What", "Miles Davis"])
            let shelf = try XCTUnwrap(controller.liveComponent(atBodyIndex: 2) as? ShelfComponent)
            XCTAssertEqual(Gtk.children(of: try XCTUnwrap(shelf.view).gtkWidget).count, 3, "the shelf shows its children")
            XCTAssertEqual(controller.visibleComponentViews(forComponentType: .body).count, 6)
        }
    }
}
