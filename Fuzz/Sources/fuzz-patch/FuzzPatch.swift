import Foundation
import FuzzDriver
import HubFramework

/// The view every input patches: a header, rows with children and state, an overlay; read once, and
/// kept for the run (`keptForTheRun`: LeakSanitizer cannot follow the enum payloads it holds).
private let view: ViewModel = keptForTheRun {
    let builder = schema.makeViewModelBuilder()
    let document = #"""
        {"state": {"count": 0, "name": "Ada"},
         "header": {"id": "top", "text": {"title": "Orders"}},
         "body": [
           {"id": "a", "text": {"title": "A @{count}"}, "children": [{"id": "a1"}, {"id": "a2"}]},
           {"id": "b", "state": {"open": false}, "visible": "@{!open || count > 0}", "children": [{"id": "b1"}]},
           {"id": "c", "input": {"variable": "name", "form": "f"}},
           {"id": "d", "target": {"actions": [{"type": "set", "variable": "count", "value": "@{count + 1}"}]}}],
         "overlays": [{"id": "o"}]}
        """#
    _ = try? builder.addJSON(data: Data(document.utf8))
    return builder.build()
}

private let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                iconImageResolver: nil)

private let limits: ContentLimits = {
    var limits = ContentLimits()
    // Small enough that inputs reach them.
    limits.maximumPatchBytes = 64 << 10
    limits.maximumPatchChanges = 64
    limits.maximumPatchComponents = 256
    return limits
}()

/// One input, from libFuzzer: a patch's text. Reading and applying it must end in a view model or in
/// located problems (never a crash), and a refused patch must leave the view as it was: all or
/// nothing. A patch that applies gives a view whose ids are still unique among siblings.
func fuzzPatch(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let data = Data(UnsafeBufferPointer(start: start, count: count))
    let before = view.bodyComponentModels.map(\.identifier)
    do {
        let patched = try ViewModelPatch(data: data, schema: schema, limits: limits).applied(to: view)
        func checkSiblings(_ models: some Collection<ComponentModel>) {
            let ids = models.map(\.identifier)
            guard Set(ids).count == ids.count else { fatalError("a patch left two siblings with one id: \(ids)") }
            for model in models { checkSiblings(model.children) }
        }
        checkSiblings(patched.bodyComponentModels)
        checkSiblings(patched.overlayComponentModels)
    } catch {
        guard !error.problems.isEmpty else { fatalError("a patch was refused without a problem") }
        for problem in error.problems { _ = problem.description }
    }
    guard view.bodyComponentModels.map(\.identifier) == before else { fatalError("applying changed the view it was given") }
    return 0
}
