import Foundation

/// A kind of document `hub-validate` knows how to check.
///
/// Each kind reads the document with the reader its consumer uses, so that the validator reports
/// exactly what the app would skip or refuse: view documents (``ViewDocumentChecker``) and, with
/// `--manifest`, backend app manifests (``ManifestDocumentChecker``).
protocol DocumentChecker: Sendable {
    /// Every problem in `data`, located; empty when the document is fine.
    func problems(in data: Data) -> [ValidationProblem]
}
