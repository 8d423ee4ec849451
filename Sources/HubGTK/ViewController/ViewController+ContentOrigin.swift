import Foundation
import GtkKit
import HubFramework

// MARK: - What the view's content may reach
// Remote and live content may not open `file:` targets by itself (its images are held to the same
// rule by the image loader, which the controller gives its origin).

extension ViewController {
    /// Whether selecting a component may open `uri`, given where the view's content came from.
    /// A refusal is logged as a warning on `org.hubframework.gtk.origin`.
    func allowsOpeningTarget(_ uri: URL) -> Bool {
        guard !ContentOriginPolicy.allowsNavigation(to: uri, from: contentOrigin) else { return true }
        let refusal = ContentOriginRefusal(origin: contentOrigin, uri: uri)
        HubLogging.logger("gtk.origin").warning(
            "\(viewURI.absoluteString.prefix(200)): did not open the selected target \(uri.absoluteString.prefix(200)): \(refusal)")
        return false
    }
}
