import CGtk
import HubFramework
import HubGTK

/// Placeholder: filled by the viewer work.
@MainActor
public final class ViewerApplication {
    public init() {}
}
