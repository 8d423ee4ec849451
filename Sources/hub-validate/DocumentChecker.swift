import Foundation

/// A kind of document `hub-validate` knows how to check.
///
/// Each kind reads the document with the reader its consumer uses, so that the validator reports
/// exactly what the app would skip or refuse. View documents are the only kind today; a second one
/// (an app manifest, say) adds a conformance and a command-line flag that selects it.
protocol DocumentChecker: Sendable {
    /// Every problem in `data`, located; empty when the document is fine.
    func problems(in data: Data) -> [ValidationProblem]
}
