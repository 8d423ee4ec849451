import Foundation
import HubFramework

/// Checks a backend app manifest with `BackendManifest`, the reader `hub-viewer --manifest` uses,
/// and locates each problem in the text: the reader gives a syntax error's line and column, and the
/// steps to a value that is missing or wrong, which `JSONValueLocator` turns into a line and column.
struct ManifestDocumentChecker: DocumentChecker {
    /// Relative endpoints are resolved against the manifest's location; any location will do to
    /// check that they are well formed, and the validator reads from standard input too.
    private static let placeholderLocation = URL(fileURLWithPath: "/manifest.json")

    func problems(in data: Data) -> [ValidationProblem] {
        let reported: [BackendManifestProblem]
        do {
            _ = try BackendManifest(data: data, sourceURL: Self.placeholderLocation)
            return []
        } catch {
            reported = error.problems
        }
        let locator = JSONValueLocator(data: data)
        if let syntax = reported.first(where: { $0.location != nil }), let location = syntax.location {
            return [ValidationProblem(severity: .error, path: JSONLocation.path(of: locator.pathAtError()),
                                      message: syntax.message, at: location)]
        }
        let locations = locator.locationsOfValues(at: reported.map { JSONLocation.components(of: $0.pathLocation) })
        let problems = zip(reported, locations).map { problem, location in
            ValidationProblem(severity: .error, path: problem.path, message: problem.message, at: location)
        }
        return ValidationProblem.inDocumentOrder(problems)
    }
}
