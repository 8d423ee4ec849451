import HubFramework
import HubGTK

/// The viewer's own components, under the `viewer` namespace: `viewer:liveProblems` (what was
/// wrong with a live document) and `viewer:showcaseHeading` (a component's heading in the showcase).
@MainActor
public final class ViewerComponentFactory: ComponentFactoryShowcaseNameProvider {
    public static let namespace = "viewer"
    public static let liveProblems = Identifier(namespace: namespace, name: "liveProblems")
    public static let showcaseHeading = Identifier(namespace: namespace, name: "showcaseHeading")

    public init() {}

    public func createComponent(forName name: String) -> (any Component)? {
        switch name {
        case Self.liveProblems.namePart: return LiveProblemsComponent()
        case Self.showcaseHeading.namePart: return ShowcaseHeadingComponent()
        default: return nil
        }
    }

    public var showcaseableComponentNames: [String] { [Self.liveProblems.namePart, Self.showcaseHeading.namePart] }

    public func showcaseName(forComponentName name: String) -> String? {
        switch name {
        case Self.liveProblems.namePart: return "Live problems"
        case Self.showcaseHeading.namePart: return "Showcase heading"
        default: return nil
        }
    }

    public func showcaseSampleModel(forComponentName name: String, builder: ComponentModelBuilder) -> Bool {
        switch name {
        case Self.liveProblems.namePart:
            builder.subtitle = "The last document (1.2 KB) was not shown; the view shows the last good one"
            builder.descriptionText = """
                body[3].title: expected a string, found a number
                body[7].images.main.uri: expected a URL, found the string "http://" which is not a valid URL
                """
        case Self.showcaseHeading.namePart:
            builder.title = "Component name"
            builder.subtitle = "namespace:name"
            builder.accessoryTitle = "category · layout traits · where the sample comes from"
        default:
            return false
        }
        return true
    }
}
