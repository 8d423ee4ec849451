import Foundation
import HubFramework

/// Checks a backend app manifest with `BackendManifest`, the reader `hub-viewer --manifest` uses,
/// and locates each problem in the text: the reader gives a syntax error's line and column, and
/// the offset of a value that is wrong (or of the object a missing one belongs in), noted by a
/// `JSONOffsetRecorder` as it read the JSON.
struct ManifestDocumentChecker: DocumentChecker {
    /// Relative endpoints are resolved against the manifest's location; any location will do to
    /// check that they are well formed, and the validator reads from standard input too.
    private static let placeholderLocation = URL(fileURLWithPath: "/manifest.json")

    func problems(in data: Data) -> [ValidationProblem] {
        let recorder = JSONOffsetRecorder()
        let reported: [BackendManifestProblem]
        do {
            _ = try BackendManifest(data: data, sourceURL: Self.placeholderLocation, locatingProblemsWith: recorder)
            return []
        } catch {
            reported = error.problems
        }
        if let syntax = reported.first(where: { $0.location != nil }), let location = syntax.location {
            return [ValidationProblem(severity: .error, path: JSONLocation.path(of: recorder.pathBeingRead),
                                      message: syntax.message, at: location)]
        }
        let locations = JSONSourceLocation.locations(of: reported.map { $0.offset ?? 0 }, in: data)
        let problems = zip(reported, locations).map { problem, location in
            ValidationProblem(severity: .error, path: problem.path, message: problem.message, at: location)
        }
        return ValidationProblem.inDocumentOrder(problems)
    }
}
