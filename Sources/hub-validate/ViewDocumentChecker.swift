import Foundation
import HubFramework

/// Checks a view document: reads it with `ViewModelBuilder.addJSON`, the call the viewer makes for
/// a `file://` or `hub-json:` view and for `hublive`, with a `JSONOffsetRecorder` that notes where
/// the reader found each value: a skipped value is located by the offset its problem carries, a
/// syntax error by the path the reader was reading where it stopped. A problem inside a string (an
/// expression's) is at its character there.
///
/// With a `client` (`--client`), the document is read for that client, as the app it describes
/// reads it, and what its components become there (`FallbackNotes`) comes as notes, each at its
/// component, among the problems.
struct ViewDocumentChecker: DocumentChecker {
    let schema: JSONSchema
    /// The client whose fallbacks are noted; nil notes none.
    var client: ClientCapabilities? = nil

    func problems(in data: Data) -> [ValidationProblem] {
        let recorder = JSONOffsetRecorder()
        let notes = client.map { _ in FallbackNotes() }
        let builder = client == nil ? schema.makeViewModelBuilder()
            : ViewModelBuilder(schema: schema, clientCapabilities: client, recordingFallbacksIn: notes)
        let reported: [JSONProblem]
        do {
            reported = try builder.addJSON(data: data, limits: .default, locatingProblemsWith: recorder)
        } catch {
            return [located(error, recorder: recorder, in: data)]
        }
        let noted = notes?.located(by: recorder) ?? []
        let all = reported + noted.map(\.problem)
        let locations = JSONSourceLocation.locations(of: all.map { $0.offset ?? 0 }, in: data)
        var problems = zip(reported, locations).map { problem, location in
            // An expression's problem is at its character inside the string.
            let inside = problem.offsetInString.flatMap { location.insideString(atScalar: $0, in: data) }
            return ValidationProblem(severity: .warning, path: problem.path, message: problem.message, at: inside ?? location)
        }
        problems += zip(noted, locations.dropFirst(reported.count)).map(ValidationProblem.init)
        return ValidationProblem.inDocumentOrder(problems)
    }

    /// A document the reader refuses as a whole: an error at the place the parser stopped, with the
    /// path it was reading there.
    private func located(_ error: JSONError, recorder: JSONOffsetRecorder, in data: Data) -> ValidationProblem {
        func problem(_ message: String, at location: JSONSourceLocation) -> ValidationProblem {
            ValidationProblem(severity: .error, path: JSONLocation.path(of: recorder.pathBeingRead), message: message,
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
                                     at: JSONSourceLocation.locations(of: [recorder.offset(of: nil)], in: data)[0])
        }
    }
}
