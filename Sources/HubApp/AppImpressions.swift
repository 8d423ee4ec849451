import HubFramework
import HubGTK

/// The impressions of every view the app opens: the hub's view controller factory gives each new
/// view this observer while ``onImpression`` or ``logsImpressions`` wants them, so the views track
/// nothing otherwise. The factory holds the observer weakly, the application strongly.
@MainActor
final class AppImpressions: ImpressionObserver {
    /// Called with every impression of every view opened from now on, with the view it was seen in.
    var onImpression: (@MainActor (ViewController, Impression) -> Void)? {
        didSet { updateObserver() }
    }
    /// Whether every impression is written as a line (`Impression.logLine(viewURI:)`) to
    /// ``writeLine``.
    var logsImpressions = false {
        didSet { updateObserver() }
    }
    /// Where ``logsImpressions`` writes its lines; standard error, unless a test catches them. The
    /// line is only queued: a reader that is slow, never reads or has gone never stalls the main
    /// loop (`StandardStreamWriter`).
    var writeLine: @MainActor (String) -> Void = { line in
        StandardStreamWriter.standardError.write(line + "\n")
    }
    /// The factory whose new views get the observer.
    private let factory: ViewControllerFactory

    /// Impressions of the views `factory` makes; none are wanted yet.
    init(factory: ViewControllerFactory) {
        self.factory = factory
    }

    /// The factory's observer while impressions are wanted, none otherwise.
    private func updateObserver() {
        let wanted = onImpression != nil || logsImpressions
        factory.impressionObserver = wanted ? self : nil
    }

    /// Logs `impression` (with ``logsImpressions``) and hands it to ``onImpression``.
    func viewController(_ viewController: ViewController, didRecord impression: Impression) {
        if logsImpressions { writeLine(impression.logLine(viewURI: viewController.viewURI)) }
        onImpression?(viewController, impression)
    }
}
