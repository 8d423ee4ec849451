import Foundation
import HubFramework

/// Checks a backend app manifest with `BackendManifest`, the reader `hub-viewer --manifest` uses,
/// and locates each problem in the text: the reader gives a syntax error's line and column, and a
/// path for a value that is missing or wrong, which the locator turns into a line and column.
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
        let locator = JSONTextLocator(data: data)
        if let syntax = reported.first(where: { $0.location != nil }), let location = syntax.location {
            return [ValidationProblem(severity: .error, path: JSONPathComponent.text(of: locator.path(at: location.offset)),
                                      message: syntax.message, offset: location.offset, line: location.line,
                                      column: location.column)]
        }
        let offsets = locator.offsets(of: reported.map { JSONPathComponent.components(of: $0.path) ?? [] })
        let positions = TextPosition.lineAndColumn(of: offsets, in: data)
        let problems = zip(reported, offsets).map { problem, offset in
            let position = positions[offset] ?? (1, 1)
            return ValidationProblem(severity: .error, path: problem.path, message: problem.message,
                                     offset: offset, line: position.line, column: position.column)
        }
        // Document order, as for view documents; the reader reports in the order it checks keys.
        return problems.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
    }
}
