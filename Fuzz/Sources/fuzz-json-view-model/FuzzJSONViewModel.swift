import Foundation
import HubFramework

/// The schema the viewer reads documents with: the default keys, `default:row` components.
private let schema = JSONSchemaRegistry(
    componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
    iconImageResolver: nil).defaultSchema

/// One input, from libFuzzer: reads the input as a view document the way a loaded view does (parse
/// within the default limits, apply the default schema, build the model, diff it against an
/// empty one). Problems and thrown errors are expected outcomes; a crash, a sanitizer report or a
/// hang is a bug.
func fuzzJSONViewModel(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let builder = schema.makeViewModelBuilder()
    do {
        let problems = try builder.addJSON(data: data, limits: .default)
        for problem in problems { _ = problem.description }
        let model = builder.build()
        _ = model.description
        // The same object applied again on top must not trip the builders (live reloads do this).
        _ = try builder.addJSON(data: data, limits: .default)
        _ = builder.build()
    } catch {
        _ = error.description
    }
    return 0
}
