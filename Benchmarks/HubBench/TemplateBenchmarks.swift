import Foundation
import HubFramework

/// Templates (`docs/json.md`, "Templates"): a 10,000-row list of a bakery's products written with
/// one template against the same view written out (`TemplatedRowsDocument`). Goals: the templated
/// document is at least 3 times smaller, and bytes → view model (added and built; the fastest of
/// seven runs of each, interleaved, so that a busy moment of the machine does not decide it) takes
/// no longer.
func templateBenchmarks() -> BenchSection {
    let schema = JSONSchemaRegistry(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                    iconImageResolver: nil).defaultSchema
    let count = 10_000
    let writtenOut = TemplatedRowsDocument.writtenOut(count: count)
    let templated = TemplatedRowsDocument.templated(count: count)
    func read(_ data: Data) -> ViewModel {
        let builder = schema.makeViewModelBuilder()
        let problems = try! builder.addJSON(data: data)
        precondition(problems.isEmpty, "\(problems.prefix(3))")
        return builder.build()
    }
    // The same view both ways, or the comparison means nothing.
    let expected = read(writtenOut)
    precondition(expected.bodyComponentModels.count == count)
    precondition(read(templated).bodyComponentModels == expected.bodyComponentModels)
    var writtenSeconds: [Double] = []
    var templatedSeconds: [Double] = []
    for _ in 0..<7 {
        writtenSeconds.append(Bench.median(iterations: 1, warmUp: false) { _ = read(writtenOut) })
        templatedSeconds.append(Bench.median(iterations: 1, warmUp: false) { _ = read(templated) })
    }
    let written = writtenSeconds.min()!
    let templatedTime = templatedSeconds.min()!
    let sizeRatio = Double(writtenOut.count) / Double(templated.count)
    let timeRatio = templatedTime / written
    return BenchSection(title: "Templates", rows: [
        BenchRow(name: "\(count.formatted()) rows written with a template: size, written out ÷ templated",
                 value: String(format: "%.2f× (%.0f KB against %.0f KB)", sizeRatio, Double(writtenOut.count) / 1000,
                               Double(templated.count) / 1000),
                 goal: "≥ 3×", met: sizeRatio >= 3),
        BenchRow(name: "\(count.formatted()) rows written with a template: bytes → view model, templated ÷ written out",
                 value: String(format: "%.2f× ", timeRatio) + "(\(Bench.ms(templatedTime)) against \(Bench.ms(written)))",
                 goal: "≤ 1.0×", met: timeRatio <= 1.0),
    ])
}
