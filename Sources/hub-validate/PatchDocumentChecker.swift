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
struct PatchDocumentChecker: DocumentChecker {
    let schema: JSONSchema
    /// The view the patches are applied to; nil to check them on their own.
    let view: ViewModel?

    func problems(in data: Data) -> [ValidationProblem] {
        do {
            let patch = try ViewModelPatch(data: data, schema: schema, limits: .default)
            if let view { _ = try patch.applied(to: view) }
            return []
        } catch {
            return error.problems.map { problem in
                ValidationProblem(severity: .error, path: problem.path, message: problem.message, at: problem.location)
            }
        }
    }

    /// The view model of the view document `data`, read as the viewer reads it; nil when it cannot be
    /// read at all (its own problems are reported by ``ViewDocumentChecker``).
    static func viewModel(of data: Data, schema: JSONSchema) -> ViewModel? {
        let builder = schema.makeViewModelBuilder()
        guard (try? builder.addJSON(data: data, limits: .default)) != nil else { return nil }
        return builder.build()
    }
}
