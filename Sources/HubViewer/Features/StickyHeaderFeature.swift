import Foundation
import HubFramework
import HubGTK

/// `hub-demo:stickyHeader` — a header that collapses from 250 to 64 points as the content scrolls
/// under it, a row counting how often the view reloaded (it reloads whenever it reappears), a
/// green container holding a row that leads to Pretty Pictures, and twenty rows to scroll.
@MainActor
final class StickyHeaderContentOperation: ContentOperation {
    weak var delegate: (any ContentOperationDelegate)?
    /// How many times this operation performed before (0 on the first load).
    private(set) var reloadCount = 0

    static let rowCount = 20

    func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                 viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        let header = viewModelBuilder.headerComponentModelBuilder
        header.componentName = "header"
        header.title = localized("A sticky header!")
        header.backgroundImageURL = ResourceLocator.resource("images/cities/gothenburg.jpg")

        let reloads = viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "row-reloadCount")
        reloads.componentName = "row"
        reloads.title = localized("Number of reloads: %s", String(reloadCount))
        reloadCount += 1

        let container = viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "colorContainer")
        container.componentName = "colorContainer"
        container.customData = ["color": "green"]
        let link = container.childBuilder(withIdentifier: "row-prettyPictures")
        link.componentNamespace = defaultComponentNamespace
        link.componentName = "row"
        link.title = localized("Go to Pretty Pictures")
        link.targetBuilder.uri = PrettyPicturesFeature.viewURI

        let titles = RowTitles()
        for index in 0..<Self.rowCount {
            let row = viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "row-\(index)")
            row.componentName = "row"
            row.title = titles(index + 1)
        }
        delegate?.contentOperationDidFinish(self)
    }
}

@MainActor
enum StickyHeaderFeature {
    static let viewURI = URL(string: "hub-demo:stickyHeader")!

    static func register(in hub: Hub) {
        try! hub.featureRegistry.registerDemoFeature(
            identifier: "stickyHeader", viewURI: viewURI, title: localized("Sticky Header"),
            description: localized("A feature demonstrating how to build a sticky header"),
            contentOperationFactories: [BlockContentOperationFactory { _ in [StickyHeaderContentOperation()] }])
    }
}
