import Foundation

/// What reading a document for a client (``ClientCapabilities``) replaced, dropped or left to the
/// category fallback, each at the component it is about: `hub-validate --client` prints them.
///
/// A builder records them only when it is given one (`ViewModelBuilder(schema:clientCapabilities:recordingFallbacksIn:)`),
/// and then reads its documents through the value tree, where every component's place is known.
package final class FallbackNotes: @unchecked Sendable {
    /// What happened to a component.
    package enum Kind: Sendable, Hashable {
        /// It was replaced by its `fallback`.
        case replaced
        /// Its `fallback` is `"drop"`: it was left out.
        case dropped
        /// A requirement is missing and it has no fallback: it is shown as it is.
        case shownWithoutRequirement
        /// Its component is missing and it has no fallback: the category's fallback component shows it.
        case categoryFallback
    }

    /// One component's note.
    package struct Note: Sendable {
        package let kind: Kind
        /// The message, at the component's place (its offset once ``located(by:)``).
        package var problem: JSONProblem
        /// The place of the component as the document writes it: a fallback's own notes (which
        /// replace it in turn) have the place of the component it stands for.
        package let componentPath: String
        /// Whether this is the last note of its component, which says what became of it: a fallback
        /// that is replaced, or dropped, in turn has a note after it.
        package var isOutcome = true
    }

    // `@unchecked Sendable`: guarded by `lock`. A builder's context is shared by the builders of a
    // view, which are used by one thread at a time; the lock keeps that promise cheap to check.
    private let lock = NSLock()
    private var recorded: [Note] = []
    private var seen: Set<JSONProblem> = []
    /// The last note of each component, by its path.
    private var lastOfComponent: [String: Int] = [:]

    /// Records nothing yet.
    package init() {}

    /// The notes, in the order the components were read (each once).
    package var notes: [Note] { lock.withLock { recorded } }

    /// The notes with the offsets `recorder` noted for their components.
    package func located(by recorder: JSONOffsetRecorder) -> [Note] {
        notes.map { note in
            var located = note
            located.problem = note.problem.located(by: recorder)
            return located
        }
    }

    /// Notes `message` at `location`: a component, or a fallback (`….fallback`), whose note is its
    /// component's.
    func add(_ kind: Kind, _ message: String, at location: JSONLocation?) {
        let problem = JSONProblem(message: message, at: location)
        var component = location
        while let current = component, current.component == .key(ComponentFallback.key) { component = current.parent }
        let componentPath = JSONLocation.path(of: component)
        lock.withLock {
            guard seen.insert(problem).inserted else { return }
            if let last = lastOfComponent[componentPath] { recorded[last].isOutcome = false }
            lastOfComponent[componentPath] = recorded.count
            recorded.append(Note(kind: kind, problem: problem, componentPath: componentPath))
        }
    }
}
