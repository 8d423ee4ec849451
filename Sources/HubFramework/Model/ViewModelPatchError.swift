import Foundation

/// One thing wrong with a patch (``ViewModelPatch``), located in the patch's text.
///
/// A patch is all or nothing, so every problem is an error: the view model it was meant for stays
/// as it was.
public struct ViewModelPatchProblem: Sendable, Hashable, CustomStringConvertible {
    /// Where in the patch, such as `patch.changes[2].replace` or
    /// `patch.changes[0].insert[1].text.title`; empty for the patch as a whole.
    public let path: String
    /// What is wrong, such as `no component of the view has the id "baguette"`.
    public let message: String
    /// Where in the patch's text: the start of the value at ``path``; for an expression's problem the
    /// character inside the string it is about; for text that is not JSON, where it stops being JSON.
    public let location: JSONSourceLocation

    /// Creates a problem.
    /// - Parameters:
    ///   - path: the JSON path of the value, empty for the whole patch.
    ///   - message: what is wrong with it.
    ///   - location: where it is in the patch's text.
    public init(path: String, message: String, location: JSONSourceLocation) {
        self.path = path
        self.message = message
        self.location = location
    }

    /// `line 3, column 7: PATH: MESSAGE` (without the path for the whole patch).
    public var description: String {
        let place = "line \(location.line), column \(location.column)"
        return path.isEmpty ? "\(place): \(message)" : "\(place): \(path): \(message)"
    }
}

/// Why a patch was rejected: what is wrong with it, each problem located in its text. A patch is
/// all or nothing, so the view model it was meant for is left as it was.
///
/// Reading a patch (``ViewModelPatch/init(data:schema:clientCapabilities:limits:)``) finds everything wrong with its
/// text: what is not JSON, changes of the wrong shape, components that do not read cleanly, a patch
/// beyond the limits. Applying it (``ViewModelPatch/applied(to:)``) finds what is wrong with it for
/// that view: an id no component has, or more than one has, a component it would add twice, an
/// expression that reads a variable not declared where the component goes. Applying stops at the
/// first change that cannot be made, since the ones after it were written for the view it would
/// have made.
public struct ViewModelPatchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in the order of the patch's text; never empty.
    public let problems: [ViewModelPatchProblem]

    /// Creates an error.
    /// - Parameter problems: at least one problem.
    public init(problems: [ViewModelPatchProblem]) {
        self.problems = problems
    }

    /// One line per problem: `line 3, column 7: PATH: MESSAGE`.
    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}
