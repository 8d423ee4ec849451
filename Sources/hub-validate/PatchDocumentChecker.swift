import Foundation
import HubFramework

/// Checks a patch (`--patch`) with `ViewModelPatch`, the reader and the code that apply patches in
/// the viewer: on its own, everything its text can tell (its shape, its components, its limits);
/// with the view it is for (`--view`), also what only that view can tell, by applying it: ids no
/// component has or more than one has, a component added beside a sibling of its id, an expression
/// that reads a variable not declared where its component goes, the view's own limits.
///
/// A patch is all or nothing, so every problem is an error. `ViewModelPatchError` locates each one
/// in the patch's text already; applying stops at the first change that cannot be made, since the
/// changes after it were written for the view it would have made.
///
/// With a `client` (`--client`), the patch is read for that client, as the app it describes reads
/// the patches its view receives, and what its components become there comes as notes, each at its
/// component, as `ViewDocumentChecker` notes a document's.
struct PatchDocumentChecker: DocumentChecker {
    let schema: JSONSchema
    /// The view the patches are applied to; nil to check them on their own.
    let view: ViewModel?
    /// The client whose fallbacks are noted; nil notes none.
    var client: ClientCapabilities? = nil

    func problems(in data: Data) -> [ValidationProblem] {
        let notes = client.map { _ in FallbackNotes() }
        var problems: [ValidationProblem] = []
        do {
            let patch = try ViewModelPatch(data: data, schema: schema, clientCapabilities: client, limits: .default,
                                           recordingFallbacksIn: notes)
            if let view { _ = try patch.applied(to: view) }
        } catch {
            problems = error.problems.map { problem in
                ValidationProblem(severity: .error, path: problem.path, message: problem.message, at: problem.location)
            }
        }
        if let notes, !notes.notes.isEmpty { problems += Self.located(notes, in: data) }
        return ValidationProblem.inDocumentOrder(problems)
    }

    /// The notes placed in the patch's text: it is parsed again, noting where values start as deep as
    /// the notes' components are (the reader did not note it, as the viewer's does not).
    private static func located(_ notes: FallbackNotes, in data: Data) -> [ValidationProblem] {
        let depth = notes.notes.map { JSONLocation.components(of: $0.problem.pathLocation).count }.max() ?? 0
        let recorder = JSONOffsetRecorder(maximumDepth: depth)
        _ = try? JSONParser(limits: .default).parse(data, recording: recorder)
        let located = notes.located(by: recorder)
        let locations = JSONSourceLocation.locations(of: located.map { $0.problem.offset ?? 0 }, in: data)
        return zip(located, locations).map(ValidationProblem.init)
    }

    /// The view model of the view document `data`, read as the viewer reads it (for `client`, when
    /// one is named, as that app reads it); nil when it cannot be read at all (its own problems are
    /// reported by ``ViewDocumentChecker``).
    static func viewModel(of data: Data, schema: JSONSchema, client: ClientCapabilities? = nil) -> ViewModel? {
        let builder = client == nil ? schema.makeViewModelBuilder()
            : ViewModelBuilder(schema: schema, clientCapabilities: client, recordingFallbacksIn: nil)
        guard (try? builder.addJSON(data: data, limits: .default)) != nil else { return nil }
        return builder.build()
    }
}
