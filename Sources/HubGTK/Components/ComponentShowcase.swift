import Foundation
import GtkKit
import HubFramework

/// Sample models and off-screen snapshots of components, for showcases such as the viewer's
/// `showcase:` views (docs/live-editing.md, "The component showcase").
@MainActor
public enum ComponentShowcase {
    /// Where a sample model came from.
    public enum SampleSource: String, Sendable {
        /// The component's factory filled it (`showcaseSampleModel(forComponentName:builder:)`).
        case factory
        /// Generated: a title, a subtitle and a main image.
        case generated
    }

    /// Makes `builder` a sample model of the component: sets its namespace and name, then lets the
    /// factory fill it, or generates one with a title (the showcase name), a subtitle (the
    /// identifier) and a main image.
    @discardableResult
    public static func fillSample(for identifier: Identifier, registry: ComponentRegistry,
                                  builder: ComponentModelBuilder) -> SampleSource
    {
        builder.componentNamespace = identifier.namespacePart
        builder.componentName = identifier.namePart
        if registry.fillShowcaseSample(for: identifier, builder: builder) {
            // A factory may have changed the identifier by accident; the sample is of this component.
            builder.componentNamespace = identifier.namespacePart
            builder.componentName = identifier.namePart
            return .factory
        }
        builder.title = registry.showcaseName(for: identifier) ?? identifier.namePart
        builder.subtitle = identifier.identifierString
        builder.mainImage = sampleImage(named: identifier.identifierString)
        return .generated
    }

    private static var sampleImages: [String: PixbufImage] = [:]

    /// A generated picture for samples: a diagonal gradient with soft circles, its colours chosen
    /// from `name` (the same name always gives the same picture). Cached.
    public static func sampleImage(named name: String, size: Size = Size(width: 320, height: 200)) -> PixbufImage {
        let key = "\(name)@\(Int(size.width))x\(Int(size.height))"
        if let cached = sampleImages[key] { return cached }
        let width = max(1, size.width.rounded())
        let height = max(1, size.height.rounded())
        // A stable hue from the name (FNV-1a; `hashValue` changes between runs).
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let hue = Double(hash % 360) / 360
        let light = color(hue: hue, saturation: 0.55, value: 0.85)
        let dark = color(hue: (hue + 0.12).truncatingRemainder(dividingBy: 1), saturation: 0.75, value: 0.45)
        let image = ImageCanvas.draw(size: Size(width: width, height: height)) { canvas in
            canvas.fillLinearGradient(from: .zero, to: Point(x: width, y: height), start: light, end: dark)
            for index in 0..<3 {
                let seed = Double((hash >> (UInt32(index) * 8)) & 0xFF) / 255
                let center = Point(x: width * (0.2 + 0.6 * seed), y: height * (0.3 + 0.25 * Double(index)))
                canvas.fillCircle(center: center, radius: min(width, height) * (0.18 + 0.1 * seed),
                                  color: Color(red: 1, green: 1, blue: 1, alpha: 0.10 + 0.08 * Double(index)))
            }
        }
        sampleImages[key] = image
        return image
    }

    private static func color(hue: Double, saturation: Double, value: Double) -> Color {
        let sector = hue * 6
        let chroma = value * saturation
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let m = value - chroma
        let (r, g, b): (Double, Double, Double)
        switch Int(sector) % 6 {
        case 0: (r, g, b) = (chroma, x, 0)
        case 1: (r, g, b) = (x, chroma, 0)
        case 2: (r, g, b) = (0, chroma, x)
        case 3: (r, g, b) = (0, x, chroma)
        case 4: (r, g, b) = (x, 0, chroma)
        default: (r, g, b) = (chroma, 0, x)
        }
        return Color(red: r + m, green: g + m, blue: b + m)
    }
}

extension ComponentRegistry {
    /// A builder for one component model (a body model with a random identifier) that can render
    /// the component it describes off-screen (`HUBComponentShowcaseManager`).
    public func createShowcaseSnapshotComponentModelBuilder(schema: JSONSchema) -> ShowcaseSnapshotBuilder {
        ShowcaseSnapshotBuilder(registry: self, schema: schema)
    }
}

extension Hub {
    /// A snapshot builder using the default JSON schema.
    public func createShowcaseSnapshotComponentModelBuilder() -> ShowcaseSnapshotBuilder {
        componentRegistry.createShowcaseSnapshotComponentModelBuilder(schema: jsonSchemaRegistry.createNewSchema())
    }
}

/// A component model builder plus `generateShowcaseSnapshot(containerViewSize:)`: build the model,
/// create a fresh component for it through the registry, load and configure its view at its
/// preferred size, and draw it off-screen into an image of exactly that size.
@MainActor
public final class ShowcaseSnapshotBuilder: ComponentChildDelegate {
    /// Fill this like any component model builder.
    public let builder: ComponentModelBuilder
    private let registry: ComponentRegistry
    private var children: [any Component] = []
    private var containerSize = Size.zero

    init(registry: ComponentRegistry, schema: JSONSchema) {
        self.registry = registry
        builder = ComponentModelBuilder(modelIdentifier: nil, type: .body, schema: schema)
    }

    /// The rendered component, or nil when it prefers an empty size or GTK has no display.
    /// Runs the GTK main context briefly while the off-screen window lays out.
    public func generateShowcaseSnapshot(containerViewSize: Size) -> PixbufImage? {
        guard GtkRuntime.initialize() else { return nil }
        containerSize = containerViewSize
        let model = builder.build(index: 0, parent: nil)
        let component = registry.createComponent(for: model)
        if let parent = component as? any ComponentWithChildren { parent.childDelegate = self }
        component.loadView()
        let size = component.preferredViewSize(forDisplaying: model, containerViewSize: containerViewSize)
        guard size.width.rounded() > 0, size.height.rounded() > 0, let view = component.view else {
            children.removeAll()
            return nil
        }
        component.configureView(with: model, containerViewSize: containerViewSize)
        let image = view.renderOffscreen(size: size)
        children.removeAll()
        return image
    }

    // MARK: ComponentChildDelegate

    public func component(_ component: any ComponentWithChildren, childComponentFor childModel: ComponentModel)
        -> (any Component)?
    {
        let child = registry.createComponent(for: childModel)
        if let parent = child as? any ComponentWithChildren { parent.childDelegate = self }
        child.loadView()
        let size = child.preferredViewSize(forDisplaying: childModel, containerViewSize: containerSize)
        child.view?.setSizeRequest(width: Int(size.width), height: Int(size.height))
        child.configureView(with: childModel, containerViewSize: containerSize)
        children.append(child)
        return child
    }

    public func component(_ component: any ComponentWithChildren, willDisplayChildAt childIndex: Int, view: Widget) {}
    public func component(_ component: any ComponentWithChildren, didStopDisplayingChildAt childIndex: Int,
                          view: Widget) {}
    public func component(_ component: any ComponentWithChildren, childWithCustomViewSelectedAt childIndex: Int,
                          customData: JSONObject?) {}
}
