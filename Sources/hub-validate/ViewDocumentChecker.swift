import Foundation
import HubFramework

/// Checks a view document: reads it with `ViewModelBuilder.addJSON(data:)`, the call the viewer
/// makes for a `file://` or `hub-json:` view and for `hublive`, and locates what it reports with the
/// parser's own scanner (`JSONValueLocator`): a skipped value by the steps the reader walked to it,
/// a syntax error by the path the scanner was reading where it stopped. A problem inside a string
/// (an expression's) is at its character there.
struct ViewDocumentChecker: DocumentChecker {
    let schema: JSONSchema

    func problems(in data: Data) -> [ValidationProblem] {
        let locator = JSONValueLocator(data: data)
        let reported: [JSONProblem]
        do {
            reported = try schema.makeViewModelBuilder().addJSON(data: data)
        } catch {
            return [located(error, locator: locator)]
        }
        let locations = locator.locationsOfValues(at: reported.map { JSONLocation.components(of: $0.pathLocation) })
        return ValidationProblem.inDocumentOrder(zip(reported, locations).map { problem, location in
            // An expression's problem is at its character inside the string.
            let inside = problem.offsetInString.flatMap { location.insideString(atScalar: $0, in: data) }
            return ValidationProblem(severity: .warning, path: problem.path, message: problem.message, at: inside ?? location)
        })
    }

    /// A document the reader refuses as a whole: an error at the place the parser stopped, with the
    /// path it was reading there.
    private func located(_ error: JSONError, locator: JSONValueLocator) -> ValidationProblem {
        func problem(_ message: String, at location: JSONSourceLocation) -> ValidationProblem {
            ValidationProblem(severity: .error, path: JSONLocation.path(of: locator.pathAtError()), message: message,
                              at: location)
        }
        switch error {
        case .emptyData:
            return ValidationProblem(severity: .error, path: "", message: "the document is empty",
                                     at: JSONSourceLocation(offset: 0, line: 1, column: 1))
        case .invalidJSON(let reason, let location):
            return problem("invalid JSON: \(reason)", at: location)
        case .tooDeep(let maximumDepth, let location):
            return problem("arrays and objects are nested deeper than \(maximumDepth) levels", at: location)
        case .numberTooLong(let maximumLength, let location):
            return problem("a number is longer than \(maximumLength) characters", at: location)
        case .unexpectedTopLevelValue(let expected, let found):
            return ValidationProblem(severity: .error, path: "", message: "expected \(expected) at the top level, found \(found)",
                                     at: locator.firstValueLocation())
        }
    }
}
