import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK

/// Images for rows of the fast-scroll tests encode their row: red = row / 256, green = row % 256,
/// blue = 0x5A. Reading the centre pixel of what a component shows tells which row it came from.
enum RowImages {
    static let marker: UInt8 = 0x5A

    static func png(row: Int, side: Int = 40) -> Data {
        TestImages.png(width: side, height: side, red: UInt8(row >> 8), green: UInt8(row & 0xFF), blue: marker)
    }

    static func image(row: Int, width: Int, height: Int) -> PixbufImage {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height))!
        gdk_pixbuf_fill(pixbuf, UInt32(row >> 8) << 24 | UInt32(row & 0xFF) << 16 | UInt32(marker) << 8 | 0xFF)
        return PixbufImage(takingOwnershipOf: pixbuf)
    }

    /// The row an image was made for, or nil when it is not a row image.
    static func row(of image: any HubFramework.Image) -> Int? {
        guard let pixbuf = image as? PixbufImage, pixbuf.pixelSize.width >= 1 else { return nil }
        let p = TestImages.pixel(pixbuf, x: Int(pixbuf.pixelSize.width) / 2, y: Int(pixbuf.pixelSize.height) / 2)
        guard p.b == marker else { return nil }
        return Int(p.r) << 8 | Int(p.g)
    }

    /// The row of a `row-N` model.
    static func row(of model: ComponentModel?) -> Int? {
        guard let id = model?.identifier, id.hasPrefix("row-") else { return nil }
        return Int(id.dropFirst(4))
    }
}

/// A component that shows its main image in an `ImageView` and reports what it shows, checking
/// on every arrival that the image belongs to the model it shows now.
@MainActor
final class ProbeImageComponent: ComponentWithImageHandling {
    /// Every mismatch any probe saw (image for another row, or data of another model).
    static var violations: [String] = []

    let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable]
    private(set) var view: Widget?
    private(set) var imageView: ImageView?
    private(set) var model: ComponentModel?
    private(set) var updates: [(type: ComponentImageType, identifier: String?, url: URL?, animated: Bool,
                                image: any HubFramework.Image)] = []
    /// The URL of the main image shown now.
    private(set) var shownURL: URL?
    /// The row encoded in the main image shown now.
    private(set) var shownRow: Int?
    var preferredImageSize = Size(width: 40, height: 40)
    static let height = 48.0

    func loadView() {
        let box = HubGTK.Box(.horizontal)
        let imageView = ImageView()
        imageView.setSizeRequest(width: 40, height: 40)
        box.append(imageView, padding: 4)
        box.append(Label("row"), expand: true)
        box.showAll()
        self.imageView = imageView
        view = box
    }

    func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        Size(width: containerViewSize.width, height: Self.height)
    }

    func prepareViewForReuse() {
        imageView?.reset()
        model = nil
        shownURL = nil
        shownRow = nil
        updates.removeAll()
    }

    func configureView(with model: ComponentModel, containerViewSize: Size) {
        self.model = model
    }

    func preferredImageSize(for imageData: ComponentImageData, model: ComponentModel,
                               containerViewSize: Size) -> Size
    {
        preferredImageSize
    }

    func updateView(forLoadedImage image: any HubFramework.Image, from imageData: ComponentImageData,
                    model: ComponentModel, animated: Bool)
    {
        updates.append((imageData.type, imageData.identifier, imageData.url, animated, image))
        if model != self.model {
            Self.violations.append("\(self.model?.identifier ?? "nil") was handed data of \(model.identifier)")
        }
        guard imageData.type == .main else { return }
        if let url = imageData.url, url != self.model?.mainImageData?.url {
            Self.violations.append("\(self.model?.identifier ?? "nil") got the image of \(url)")
        }
        let imageRow = RowImages.row(of: image)
        if let imageRow, let modelRow = RowImages.row(of: self.model), imageRow != modelRow {
            Self.violations.append("row \(modelRow) shows the image of row \(imageRow)")
        }
        shownURL = imageData.url
        shownRow = imageRow
        imageView?.setImage(image, animated: animated)
    }
}

/// A real view controller (through `Hub`) in a window, with a block content operation.
@MainActor
final class ImageViewHarness {
    let hub: Hub
    let controller: ViewController
    let window: WidgetPointer

    init(imageLoader: ComponentImageLoader?, configuration: HubManager.Configuration? = nil,
         width: Int32 = 400, height: Int32 = 600, build: @escaping @MainActor (ViewModelBuilder) -> Void) throws
    {
        var hubConfiguration = configuration ?? HubManager.Configuration(componentMargin: 0)
        hubConfiguration.defaultContentReloadPolicy = nil
        var factory: (@MainActor () -> (any ComponentImageLoading)?)?
        if let imageLoader { factory = { imageLoader } }
        hub = Hub(configuration: hubConfiguration,
                  fallbackHandler: DefaultComponentFallbackHandler { _ in RowComponent() },
                  imageLoaderFactory: factory)
        try hub.componentRegistry.registerComponentFactory(
            BlockComponentFactory(["probe": { ProbeImageComponent() }]), forNamespace: "test")
        controller = try hub.viewControllerFactory.createViewController(
            forViewURI: URL(string: "test:images")!,
            contentOperations: [BlockContentOperation { build($0.viewModelBuilder) }],
            featureIdentifier: "images", featureTitle: "Images")
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_default_size(hub_window(window), width, height)
        gtk_container_add(hub_container(window), controller.view.gtkWidget)
        gtk_widget_show_all(window)
        controller.viewWillAppear()
    }

    /// Pumps until the first render placed components.
    func waitForRender(_ test: GtkTestCase, file: StaticString = #filePath, line: UInt = #line) {
        test.pump(until: { self.controller.liveBodyComponentCount > 0 || self.controller.headerComponent != nil },
                  timeout: 10, "first render", file: file, line: line)
    }

    func probe(at index: Int) -> ProbeImageComponent? {
        controller.liveComponent(atBodyIndex: index) as? ProbeImageComponent
    }

    var visibleProbes: [(index: Int, probe: ProbeImageComponent)] {
        controller.liveBodyIndexes.compactMap { index in probe(at: index).map { (index, $0) } }
    }

    func close() {
        controller.tearDown()
        gtk_widget_destroy(window)
    }
}

@MainActor
func addProbeRow(_ builder: ViewModelBuilder, row: Int, url: URL?) {
    let model = builder.bodyComponentModelBuilder(withIdentifier: "row-\(row)")
    model.componentNamespace = "test"
    model.componentName = "probe"
    model.title = "Row \(row)"
    model.mainImageURL = url
}
