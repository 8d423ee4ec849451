import HubFramework
import HubGTK

/// Creates the components of the `cities` namespace: `row` and `image`.
@MainActor
final class CitiesComponentFactory: ComponentFactoryShowcaseNameProvider {
    func createComponent(forName name: String) -> (any Component)? {
        if name == "row" {
            return CitiesRowComponent()
        }

        if name == "image" {
            return CitiesImageComponent()
        }

        return nil
    }

    var showcaseableComponentNames: [String] { ["row", "image"] }

    func showcaseName(forComponentName name: String) -> String? {
        switch name {
        case "row": return localized("City row")
        case "image": return localized("City picture")
        default: return nil
        }
    }
}

/// `cities:row` — a plain list row with a title and a subtitle under it, 50 points high,
/// stretching across the view (up to a readable width, centered in a wider window) and stacking
/// against the rows around it.
@MainActor
final class CitiesRowComponent: Component {
    let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable, .readableWidth]
    private(set) var view: Widget?
    let title = Label(), subtitle = Label()

    func loadView() {
        let box = Box(.vertical, spacing: 1)
        box.addCSSClass("cities-row")
        for (label, part, alignment) in [(title, "title", Alignment.end), (subtitle, "subtitle", .start)] {
            label.addCSSClass("cities-row-\(part)")
            // Dimmed as the theme dims secondary text, which high contrast dims less.
            if part == "subtitle" { label.addCSSClass("dim-label") }
            label.xAlignment = 0
            label.ellipsizes = .end
            label.verticalAlignment = alignment
            box.append(label, expand: true)
        }
        box.showAll()
        view = box
    }

    func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        Size(width: ReadableWidth.width(in: containerViewSize.width), height: 50)
    }

    func configureView(with model: ComponentModel, containerViewSize: Size) {
        title.text = model.title ?? ""
        subtitle.text = model.subtitle ?? ""  // the cell around the row names it for screen readers
    }
}

/// `cities:image` — a picture in the grid `default:image` cards use: compact width, 70 % as high as
/// wide, two side by side in a phone-sized or 1024-point window and as many columns of at least 360
/// points as fit in a wider one. It shows no text (the model's description names it for screen
/// readers); it waits for its image, showing grey until it arrives.
@MainActor
final class CitiesImageComponent: ComponentWithImageHandling {
    let layoutTraits: Set<LayoutTrait> = [.compactWidth]
    var view: Widget? { imageView }
    private var imageView: ImageView?

    func loadView() {
        let imageView = ImageView()
        imageView.backgroundColor = Color(white: 0.5)
        imageView.addCSSClass("cities-image")
        imageView.show()
        self.imageView = imageView
    }

    func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        ImageComponent.size(fullWidth: false, containerWidth: containerViewSize.width)
    }

    func prepareViewForReuse() {
        imageView?.setImage(nil, animated: false)
    }

    func configureView(with model: ComponentModel, containerViewSize: Size) {
        // Nothing to do here: the picture arrives through `updateView(forLoadedImage:…)`.
    }

    func preferredImageSize(for imageData: ComponentImageData, model: ComponentModel,
                               containerViewSize: Size) -> Size
    {
        // The image covers the whole component.
        preferredViewSize(forDisplaying: model, containerViewSize: containerViewSize)
    }

    func updateView(forLoadedImage image: any HubFramework.Image, from imageData: ComponentImageData,
                    model: ComponentModel, animated: Bool)
    {
        // No animation, to keep things simple.
        imageView?.setImage(image, animated: false)
    }

    /// The image shown now, if one arrived (tests check it).
    var displayedImage: (any HubFramework.Image)? { imageView?.image }
}
