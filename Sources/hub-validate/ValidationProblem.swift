import Foundation
import HubFramework

/// One thing wrong with a document, located in its text.
struct ValidationProblem: Sendable, Equatable {
    /// How bad a problem is.
    ///
    /// An **error** makes the whole document unusable: the viewer shows its error page instead of the
    /// view (the text is not JSON, or its top level is neither an object nor an array).
    /// A **warning** is a value the reader skipped: the view still opens, without that value (a
    /// mistyped field, a null, an invalid URL, an action identifier without its colon).
    /// A **note** (`--client` only) is no problem: what a component becomes on the client named, a
    /// fallback that stands in for it, nothing, or its category's fallback component.
    enum Severity: String, Sendable {
        case error
        case warning
        case note
    }

    var severity: Severity
    /// Where the value (or the syntax error) sits in the document, e.g. `body[3].images.main.uri`;
    /// empty for the top level.
    var path: String
    var message: String
    /// Byte offset, one-based line and one-based column (in Unicode scalars, as the parser counts).
    var offset: Int
    var line: Int
    var column: Int
    /// What became of a note's component, on its last note (a fallback may be replaced in turn); nil
    /// for the others, and for a problem.
    var fallback: FallbackNotes.Kind? = nil
}

extension ValidationProblem {
    init(severity: Severity, path: String, message: String, at location: JSONSourceLocation,
         fallback: FallbackNotes.Kind? = nil) {
        self.init(severity: severity, path: path, message: message, offset: location.offset, line: location.line,
                  column: location.column, fallback: fallback)
    }

    /// What `note` says a component becomes on the client (`--client`), at `location`; only the last
    /// note of a component counts in the totals (its outcome).
    init(_ note: FallbackNotes.Note, at location: JSONSourceLocation) {
        self.init(severity: .note, path: note.problem.path, message: note.problem.message, at: location,
                  fallback: note.isOutcome ? note.kind : nil)
    }

    /// `problems` in the order of their places in the text, which reads best (readers report in the
    /// order they visit keys); problems at the same place keep their order.
    static func inDocumentOrder(_ problems: [ValidationProblem]) -> [ValidationProblem] {
        problems.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
    }
}

extension JSONSourceLocation {
    /// The line and column of each offset in `data`, in the order given: the reader gives the
    /// offsets, and finding their lines is counting line breaks, not reading JSON.
    static func locations(of offsets: [Int], in data: Data) -> [JSONSourceLocation] {
        let located = data.withUnsafeBytes { raw in locations(of: offsets, in: raw.bindMemory(to: UInt8.self)) }
        return offsets.map { located[$0]! }
    }
}
