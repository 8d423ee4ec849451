import Foundation
import HubFramework

/// Totals of a run.
struct ValidationSummary {
    var files = 0
    var errors = 0
    var warnings = 0
    var unreadable = 0
    /// The client the documents were checked for (`--client`), as the summary names it; nil for none.
    var client: String?
    /// With a client, how many components came to each end.
    var notes: [FallbackNotes.Kind: Int] = [:]

    /// Counts `problem`.
    mutating func count(_ problem: ValidationProblem) {
        switch problem.severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: if let outcome = problem.fallback { notes[outcome, default: 0] += 1 }
        }
    }

    /// The kinds of notes, in the order the totals give them, each with its name in the JSON
    /// report and its words in the text one.
    static let noteKinds: [(kind: FallbackNotes.Kind, key: String, words: String)] = [
        (.replaced, "replaced", "replaced by a fallback"), (.dropped, "dropped", "dropped"),
        (.categoryFallback, "categoryFallback", "shown by its category's fallback component"),
        (.shownWithoutRequirement, "shownWithoutRequirement", "shown without what it requires"),
    ]

    /// 0 when every document was read and is fine, 1 when some have problems, 2 when a document
    /// could not be read (that wins: the run did not check everything it was asked to).
    var exitStatus: Int32 {
        if unreadable > 0 { return 2 }
        return errors + warnings > 0 ? 1 : 0
    }
}

/// Writes what a run finds, document by document, as it goes: nothing is kept but the totals, so a
/// run over thousands of documents uses as little memory as a run over one.
protocol ValidationReport {
    /// The problems of one document (called for every document, with an empty list when it is fine).
    mutating func add(_ problems: [ValidationProblem], file: String)
    /// A document that could not be read.
    mutating func addUnreadable(file: String, reason: String)
    /// Ends the report.
    mutating func finish(_ summary: ValidationSummary)
}

/// Writes to standard output, unbuffered. When its reader is gone (`hub-validate … | head -1`;
/// `SIGPIPE` is ignored, so the write fails instead of ending the process), nothing the run finds
/// can be reported any more: it stops, with status 2, as for anything else that keeps it from
/// checking everything.
func writeOutput(_ text: String) {
    do {
        try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    } catch {
        Foundation.exit(2)
    }
}

/// Writes to standard error, unbuffered; a reader that is gone is no error (the throwing
/// `write(contentsOf:)`, not `write(_:)`, which stops the process on a failed write).
func writeError(_ text: String) {
    try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
}

/// `file:line:column: path: severity: message`, one line per problem, in document order, which
/// compilers' problem matchers and editors' "go to location" understand. The top level's path is
/// `(top level)`. Unreadable files and the totals go to standard error; a clean run prints nothing,
/// unless it checks for a client: then the totals say what falls back on it.
struct TextValidationReport: ValidationReport {
    mutating func add(_ problems: [ValidationProblem], file: String) {
        for problem in problems {
            let path = problem.path.isEmpty ? "(top level)" : problem.path
            writeOutput("\(file):\(problem.line):\(problem.column): \(path): \(problem.severity.rawValue): \(problem.message)\n")
        }
    }

    mutating func addUnreadable(file: String, reason: String) {
        writeError("hub-validate: \(file): cannot read: \(reason)\n")
    }

    mutating func finish(_ summary: ValidationSummary) {
        guard summary.exitStatus != 0 || summary.client != nil else { return }
        var parts = [Self.count(summary.errors, "error"), Self.count(summary.warnings, "warning")]
        if summary.unreadable > 0 { parts.append(Self.count(summary.unreadable, "unreadable file")) }
        var line = "hub-validate: \(Self.count(summary.files, "document")) checked: \(parts.joined(separator: ", "))"
        if let client = summary.client { line += "; on the client \(client): " + Self.describe(summary.notes) }
        writeError(line + "\n")
    }

    /// `2 components replaced by a fallback, 1 component dropped`, or that nothing falls back.
    private static func describe(_ notes: [FallbackNotes.Kind: Int]) -> String {
        let parts = ValidationSummary.noteKinds.compactMap { kind, _, words -> String? in
            guard let number = notes[kind], number > 0 else { return nil }
            // "1 component shown by its category's fallback component", "2 components shown by
            // their categories' fallback components".
            let phrase = number == 1 ? words
                : words.replacingOccurrences(of: "its category's fallback component", with: "their categories' fallback components")
                    .replacingOccurrences(of: "what it requires", with: "what they require")
            return "\(count(number, "component")) \(phrase)"
        }
        return parts.isEmpty ? "nothing falls back" : parts.joined(separator: ", ")
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

/// One JSON document for machines (CI annotations), streamed:
///
/// ```
/// {
///   "problems": [
///     {"column":14,"file":"view.json","line":3,"message":"…","offset":40,"path":"body[0].text.title","severity":"warning"}
///   ],
///   "summary": {"errors":0,"files":1,"unreadable":0,"warnings":1}
/// }
/// ```
///
/// Every problem has the same keys, sorted. An unreadable file is a problem with severity `error`
/// and null `line`, `column`, `offset` and `path`. With `--client`, what falls back on the client
/// comes among them with severity `note`, and the summary's `notes` counts the components by what
/// became of them: `{"categoryFallback":1,"dropped":0,"replaced":2,"shownWithoutRequirement":0}`.
struct JSONValidationReport: ValidationReport {
    private var isFirst = true
    private let writer = JSONWriter(options: .sortedKeys)

    init() {
        writeOutput("{\n  \"problems\": [")
    }

    mutating func add(_ problems: [ValidationProblem], file: String) {
        for problem in problems {
            write([
                "column": .number(Double(problem.column)), "file": .string(file), "line": .number(Double(problem.line)),
                "message": .string(problem.message), "offset": .number(Double(problem.offset)),
                "path": .string(problem.path), "severity": .string(problem.severity.rawValue),
            ])
        }
    }

    mutating func addUnreadable(file: String, reason: String) {
        write([
            "column": .null, "file": .string(file), "line": .null, "message": .string("cannot read: \(reason)"),
            "offset": .null, "path": .null, "severity": .string(ValidationProblem.Severity.error.rawValue),
        ])
    }

    private mutating func write(_ object: JSONObject) {
        writeOutput((isFirst ? "\n    " : ",\n    ") + writer.string(for: .object(object)))
        isFirst = false
    }

    mutating func finish(_ summary: ValidationSummary) {
        var totals: JSONObject = [
            "errors": .number(Double(summary.errors)), "files": .number(Double(summary.files)),
            "unreadable": .number(Double(summary.unreadable)), "warnings": .number(Double(summary.warnings)),
        ]
        // With --client only: how many components came to each end (notes are no problems).
        if summary.client != nil {
            var notes: JSONObject = [:]
            for (kind, key, _) in ValidationSummary.noteKinds { notes[key] = .number(Double(summary.notes[kind] ?? 0)) }
            totals["notes"] = .object(notes)
        }
        writeOutput((isFirst ? "" : "\n  ") + "],\n  \"summary\": " + writer.string(for: .object(totals)) + "\n}\n")
    }
}
