import HubFramework
import HubGTK

/// The shell's own components, under the `hub-app` namespace: ``liveProblems`` (what was wrong with a
/// live document) and ``showcaseHeading`` (a component's heading in the showcase). The shell
/// registers the factory when live editing or the showcase is on.
@MainActor
public final class AppComponentFactory: ComponentFactoryShowcaseNameProvider {
    /// The namespace the shell registers the factory under.
    public static let namespace = "hub-app"
    /// A panel listing the problems of a live document, shown as an overlay of `live:`.
    public static let liveProblems = Identifier(namespace: namespace, name: "liveProblems")
    /// The heading above each component in `showcase:`.
    public static let showcaseHeading = Identifier(namespace: namespace, name: "showcaseHeading")

    /// A factory for the shell's components.
    public init() {}

    /// Registers a factory under ``namespace`` unless one already is.
    static func registerIfNeeded(in hub: Hub) {
        guard !hub.componentRegistry.registeredNamespaces.contains(namespace) else { return }
        // Checked as free just above: registering cannot fail.
        try! hub.componentRegistry.registerComponentFactory(AppComponentFactory(), forNamespace: namespace)
    }

    /// A new component for `name`, or nil for a name the shell does not know.
    public func createComponent(forName name: String) -> (any Component)? {
        switch name {
        case Self.liveProblems.namePart: return LiveProblemsComponent()
        case Self.showcaseHeading.namePart: return ShowcaseHeadingComponent()
        default: return nil
        }
    }

    /// Both components, for the showcase.
    public var showcaseableComponentNames: [String] { [Self.liveProblems.namePart, Self.showcaseHeading.namePart] }

    /// The components' names in the showcase.
    public func showcaseName(forComponentName name: String) -> String? {
        switch name {
        case Self.liveProblems.namePart: return localized("Live problems")
        case Self.showcaseHeading.namePart: return localized("Showcase heading")
        default: return nil
        }
    }

    /// A sample for each component, as it looks in use.
    public func showcaseSampleModel(forComponentName name: String, builder: ComponentModelBuilder) -> Bool {
        switch name {
        case Self.liveProblems.namePart:
            builder.subtitle = localized("The last document (1.2 KiB) was not shown; the view shows the last good one")
            // Translators: sample text of the showcase, two problems of a JSON document, one a line;
            // keep the JSON paths (body[3].title…) and "http://" as they are.
            builder.descriptionText = localized("body[3].title: expected a string, found a number\nbody[7].images.main.uri: expected a URL, found the string \"http://\" which is not a valid URL")
        case Self.showcaseHeading.namePart:
            builder.title = localized("Component name")
            // Translators: sample text of the showcase, standing for a component's identifier
            // (such as default:row): its namespace, a colon, its name.
            builder.subtitle = localized("namespace:name")
            builder.accessoryTitle = localized("category · layout traits · where the sample comes from")
        default:
            return false
        }
        return true
    }
}
