import Foundation
import HubFramework
import HubGTK

// Impressions of every view the app opens: the hub's view controller factory gives each new view
// the app's observer while ``HubApplication/onImpression`` or ``HubApplication/logsImpressions``
// wants them, so the views track nothing otherwise.
extension HubApplication {
    /// The factory's observer while impressions are wanted, none otherwise.
    func updateImpressionObserver() {
        let wanted = onImpression != nil || logsImpressions
        hub.viewControllerFactory.impressionObserver = wanted ? impressionRecorder : nil
    }

    /// Logs `impression` (with ``logsImpressions``) and hands it to ``onImpression``.
    func record(_ impression: Impression, in controller: ViewController) {
        if logsImpressions { impressionLogWriter(impression.logLine(viewURI: controller.viewURI)) }
        onImpression?(controller, impression)
    }
}

/// The app's one impression observer: the factory holds it weakly, the application strongly.
@MainActor
final class AppImpressionRecorder: ImpressionObserver {
    var record: (@MainActor (ViewController, Impression) -> Void)?

    func viewController(_ viewController: ViewController, didRecord impression: Impression) {
        record?(viewController, impression)
    }
}
