import Foundation
import HubFramework

/// Checks a view document: reads it with `ViewModelBuilder.addJSON(data:)`, the call the viewer
/// makes for a `file://` or `hub-json:` view and for `hublive`, and locates what it reports.
struct ViewDocumentChecker: DocumentChecker {
    let schema: JSONSchema

    func problems(in data: Data) -> [ValidationProblem] {
        let locator = JSONTextLocator(data: data)
        let reported: [JSONProblem]
        do {
            reported = try schema.makeViewModelBuilder().addJSON(data: data)
        } catch {
            return [located(error, in: data, locator: locator)]
        }
        if reported.isEmpty { return [] }
        let paths = reported.map { JSONPathComponent.components(of: $0.path) ?? [] }
        let offsets = locator.offsets(of: paths)
        let positions = TextPosition.lineAndColumn(of: offsets, in: data)
        let problems = zip(reported, offsets).map { problem, offset in
            let position = positions[offset] ?? (1, 1)
            return ValidationProblem(severity: .warning, path: problem.path, message: problem.message,
                offset: offset, line: position.line, column: position.column)
        }
        // Document order reads best; the reader reports in the order its schema visits keys.
        return problems.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
    }

    /// A document the reader refuses as a whole: an error at the place the parser stopped, with the
    /// path it was reading there.
    private func located(_ error: JSONError, in data: Data, locator: JSONTextLocator) -> ValidationProblem {
        func problem(_ message: String, at location: JSONSourceLocation) -> ValidationProblem {
            ValidationProblem(severity: .error, path: JSONPathComponent.text(of: locator.path(at: location.offset)),
                message: message, offset: location.offset, line: location.line, column: location.column)
        }
        switch error {
        case .emptyData:
            return ValidationProblem(severity: .error, path: "", message: "the document is empty",
                offset: 0, line: 1, column: 1)
        case .invalidJSON(let reason, let location):
            return problem("invalid JSON: \(reason)", at: location)
        case .tooDeep(let maximumDepth, let location):
            return problem("arrays and objects are nested deeper than \(maximumDepth) levels", at: location)
        case .numberTooLong(let maximumLength, let location):
            return problem("a number is longer than \(maximumLength) characters", at: location)
        case .unexpectedTopLevelValue(let expected, let found):
            let offset = locator.firstValueOffset()
            let position = TextPosition.lineAndColumn(of: [offset], in: data)[offset] ?? (1, 1)
            return ValidationProblem(severity: .error, path: "",
                message: "expected \(expected) at the top level, found \(found)",
                offset: offset, line: position.line, column: position.column)
        }
    }
}
