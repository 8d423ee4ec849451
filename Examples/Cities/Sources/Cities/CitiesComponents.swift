import HubApp

/// `cities:row`: a city over its country, 50 points high, across the view.
@MainActor
final class CityRowComponent: Component {
    let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable]
    private(set) var view: Widget?
    private let city = Label(), country = Label()

    func loadView() {
        let row = Box(.vertical, spacing: 1)
        row.addCSSClass("hub-row")  // HubGTK's row style: padding and a divider
        for (label, alignment) in [(city, Alignment.end), (country, .start)] {
            label.xAlignment = 0
            label.verticalAlignment = alignment
            row.append(label, expand: true)
        }
        country.addCSSClass("dim-label")
        row.showAll()
        view = row
    }

    func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        Size(width: containerViewSize.width, height: 50)
    }

    func configureView(with model: ComponentModel, containerViewSize: Size) {
        city.text = model.title ?? ""
        country.text = model.subtitle ?? ""
    }
}

/// `cities:image`: a picture, two side by side, shown when it has loaded.
@MainActor
final class CityImageComponent: ComponentWithImageHandling {
    let layoutTraits: Set<LayoutTrait> = [.compactWidth]
    private(set) var view: Widget?
    private let picture = ImageView()

    func loadView() {
        picture.show()
        view = picture
    }

    func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        let width = ((containerViewSize.width - 3 * 15) / 2).rounded(.down)
        return Size(width: width, height: (width * 0.7).rounded(.down))
    }

    func prepareViewForReuse() { picture.reset() }

    func configureView(with model: ComponentModel, containerViewSize: Size) {}

    func preferredImageSize(for imageData: ComponentImageData, model: ComponentModel,
                               containerViewSize: Size) -> Size {
        preferredViewSize(forDisplaying: model, containerViewSize: containerViewSize)
    }

    func updateView(forLoadedImage image: any Image, from imageData: ComponentImageData,
                    model: ComponentModel, animated: Bool) {
        picture.setImage(image, animated: animated)
    }
}
