import Foundation
import HubFramework
import Logging

/// What went wrong in a view's document, logged on `org.hubframework.gtk.state` with the view's URI
/// first: what its actions failed to do and what went wrong between it and its server, each line
/// once per view (a button pressed again fails the same way) and at most ``maximumLines`` of them,
/// so that a hostile document cannot flood the log; and the expressions that failed, each place
/// once (`StateApplication` hands each over once).
@MainActor
final class ViewProblemLog {
    /// The most lines of action and server problems one view logs.
    static let maximumLines = 100

    /// The view's URI as the log shows it, bounded.
    private let view: Substring
    /// The action and server problems logged already, in order.
    private(set) var lines: [String] = []
    /// Where expressions that failed are logged (a test listens in).
    var expressionFailureLogger = HubLogging.logger("gtk.state")
    private let logger = HubLogging.logger("gtk.state")

    init(viewURI: URL) {
        view = viewURI.absoluteString.prefix(200)
    }

    /// What an action of `model` failed to do.
    func actionFailed(_ message: String, model: ComponentModel) {
        logOnce("\(view): \(model.identifier): \(message)")
    }

    /// What went wrong between the document and its server: an event stream closed, an event it
    /// could not use, a patch refused.
    func serverProblem(_ message: String) {
        logOnce("\(view): \(message)")
    }

    /// Expressions that failed while the state was applied, with where each is in the document (its
    /// JSON path) and why.
    func expressionsFailed(_ failures: [String]) {
        for failure in failures {
            expressionFailureLogger.warning("\(view): an expression failed, its value is empty: \(failure)")
        }
    }

    /// A request of `model` failed, and the document's `onError` handled it: for whoever follows the
    /// requests (`HUB_LOG_LEVEL=info`), since a document expects those (a 422 with messages for a
    /// form's fields).
    func handledRequestFailure(_ error: String, model: ComponentModel) {
        logger.info("\(view): \(model.identifier): the request failed, and onError handled it: \(error)")
    }

    /// A problem that is logged each time it happens (each comes from a different value: an input's,
    /// a document an answer sent).
    func warning(_ message: String) {
        logger.warning("\(view): \(message)")
    }

    private func logOnce(_ line: String) {
        guard lines.count < Self.maximumLines, !lines.contains(line) else { return }
        lines.append(line)
        logger.warning("\(line)")
    }
}
