import Foundation

/// One thing wrong with a backend manifest, located by its JSON path (and, for a syntax error, its
/// line and column).
public struct BackendManifestProblem: Sendable, Equatable, CustomStringConvertible {
    /// Where in the manifest, such as `features[1].endpoint`; empty for the manifest as a whole.
    public let path: String
    /// What is wrong.
    public let message: String
    /// The line and column, for a manifest that is not valid JSON.
    public let location: JSONSourceLocation?
    /// The path as the reader walked it, step by step (nil for the whole manifest, and for problems
    /// made with the public initializer).
    package let pathLocation: JSONLocation?
    /// Where the value starts in the manifest's bytes (or, when it is missing, its nearest
    /// ancestor), for a manifest read with a `JSONOffsetRecorder` (hub-validate's); nil otherwise.
    package let offset: Int?

    /// Creates a problem.
    /// - Parameters:
    ///   - path: the JSON path of the value, empty for the whole manifest.
    ///   - message: what is wrong with it.
    ///   - location: where the text stops being JSON, for syntax errors.
    public init(path: String, message: String, location: JSONSourceLocation? = nil) {
        self.path = path
        self.message = message
        self.location = location
        pathLocation = nil
        offset = nil
    }

    /// A problem of the value at `location`, at `offset` when it is known.
    init(message: String, at location: JSONLocation?, offset: Int? = nil) {
        path = JSONLocation.path(of: location)
        self.message = message
        self.location = nil
        pathLocation = location
        self.offset = offset
    }

    /// This problem with the offset `recorder` noted for its value.
    func located(by recorder: JSONOffsetRecorder) -> BackendManifestProblem {
        BackendManifestProblem(message: message, at: pathLocation, offset: recorder.offset(of: pathLocation))
    }

    /// Problems are equal when their paths, messages and locations are; how they were found and
    /// their offsets play no part.
    public static func == (lhs: BackendManifestProblem, rhs: BackendManifestProblem) -> Bool {
        lhs.path == rhs.path && lhs.message == rhs.message && lhs.location == rhs.location
    }

    /// `line 3, column 7: MESSAGE`, `PATH: MESSAGE` or just the message.
    public var description: String {
        if let location { return "line \(location.line), column \(location.column): \(message)" }
        return path.isEmpty ? message : "\(path): \(message)"
    }
}

/// Why a backend manifest cannot be used: every problem found in it, with the manifest's name.
///
/// Printed, it is one line per problem in the compiler's form, `FILE:LINE:COLUMN: MESSAGE` for a
/// syntax error and `FILE: PATH: MESSAGE` for a value that is missing or wrong.
public struct BackendManifestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// How the manifest is named in messages (its path).
    public let name: String
    /// What is wrong, in document order as far as it is known.
    public let problems: [BackendManifestProblem]

    /// Creates an error.
    /// - Parameters:
    ///   - name: the manifest's path or name.
    ///   - problems: at least one problem.
    public init(name: String, problems: [BackendManifestProblem]) {
        self.name = name
        self.problems = problems
    }

    /// One line per problem.
    public var description: String {
        problems.map { problem in
            if let location = problem.location {
                return "\(name):\(location.line):\(location.column): \(problem.message)"
            }
            return problem.path.isEmpty ? "\(name): \(problem.message)" : "\(name): \(problem.path): \(problem.message)"
        }.joined(separator: "\n")
    }
}
