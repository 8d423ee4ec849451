import Foundation
import HubFramework

/// The content loading chain and the JSON path into a view model.
///
/// (a) A chain of three operations that together add 10,000 body components, timed from
/// `loadViewModel()` to the delegate's `didLoad`: synchronous operations, and operations that add
/// their components on a background queue and report from there (the main run loop is spun until
/// the delegate fires — no semaphores, the same path the viewer takes).
/// (b) Bytes → view model in MB/s for the default schema (the JSON path's goal is 500 MB/s on one
/// core), on the scale section's rows and on a 100,000-component document with images, targets and
/// custom data, beside `JSONParser` building a value tree and Foundation's `JSONSerialization` on
/// the same bytes, and simdjson's DOM parse of the same bytes, run by the simdjson peer
/// (`simdjson-peer --parse`) beside them.
func loadingBenchmarks() -> BenchSection {
    MainActor.assumeIsolated {
        var rows: [BenchRow] = []
        rows += chainRows()
        rows += jsonRows()
        return BenchSection(title: "Content loading", rows: rows)
    }
}

// MARK: (a) The chain

private let chainComponentCount = 10_000
private let chainOperationCount = 3

/// Adds its share of the components: synchronously, or on a background queue.
@MainActor
private final class BenchOperation: ContentOperation {
    weak var delegate: (any ContentOperationDelegate)?
    private let range: Range<Int>
    private let inBackground: Bool

    init(range: Range<Int>, inBackground: Bool) {
        self.range = range
        self.inBackground = inBackground
    }

    nonisolated static func addComponents(_ range: Range<Int>, to builder: ViewModelBuilder) {
        for index in range {
            let component = builder.bodyComponentModelBuilder(withIdentifier: "component-\(index)")
            component.title = "Title \(index)"
            component.subtitle = "Subtitle \(index)"
            component.customData = ["index": .number(Double(index))]
        }
    }

    func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                 viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        let delegate = self.delegate
        guard inBackground else {
            Self.addComponents(range, to: viewModelBuilder)
            delegate?.contentOperationDidFinish(self)
            return
        }
        let range = self.range
        DispatchQueue.global().async { [self] in
            Self.addComponents(range, to: viewModelBuilder)
            delegate?.contentOperationDidFinish(self)
        }
    }
}

@MainActor
private final class BenchLoaderDelegate: ViewModelLoaderDelegate {
    var loaded: ViewModel?
    func viewModelLoader(_ loader: ViewModelLoader, didLoad viewModel: ViewModel) { loaded = viewModel }
    func viewModelLoader(_ loader: ViewModelLoader, didFailLoadingWithError error: any Error) {
        fatalError("the benchmark chain cannot fail: \(error)")
    }
}

@MainActor
private func makeChainLoader(inBackground: Bool) -> (ViewModelLoader, BenchLoaderDelegate) {
    let share = chainComponentCount / chainOperationCount
    let operations = (0..<chainOperationCount).map { index -> any ContentOperation in
        let end = index == chainOperationCount - 1 ? chainComponentCount : (index + 1) * share
        return BenchOperation(range: (index * share)..<end, inBackground: inBackground)
    }
    let schema = JSONSchemaRegistry(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                    iconImageResolver: nil).defaultSchema
    let loader = try! ViewModelLoader(
        viewURI: URL(string: "bench:chain")!, featureInfo: FeatureInfo(identifier: "bench", title: "Bench"),
        operations: operations, makeBuilder: { schema.makeViewModelBuilder() },
        connectivityStateResolver: ManualConnectivityStateResolver())
    let delegate = BenchLoaderDelegate()
    loader.delegate = delegate
    return (loader, delegate)
}

/// Median seconds from `loadViewModel()` to `didLoad`, over `runs` runs after one warm-up run.
/// Creating the loader is not timed.
@MainActor
private func medianChainSeconds(inBackground: Bool, runs: Int) -> Double {
    var samples: [Double] = []
    for run in 0...runs {
        let (loader, delegate) = makeChainLoader(inBackground: inBackground)
        let start = DispatchTime.now().uptimeNanoseconds
        loader.loadViewModel()
        while delegate.loaded == nil {
            // Drains the main queue, where the reports from the background arrive.
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        precondition(delegate.loaded?.bodyComponentModels.count == chainComponentCount)
        if run > 0 { samples.append(elapsed) }
    }
    samples.sort()
    return samples[samples.count / 2]
}

@MainActor
private func chainRows() -> [BenchRow] {
    let synchronous = medianChainSeconds(inBackground: false, runs: 7)
    let background = medianChainSeconds(inBackground: true, runs: 7)
    // The same content added to one builder and built, without a chain: what the chain costs on top
    // (builder copies between operations and snapshots for rescheduling).
    let schema = JSONSchemaRegistry(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                    iconImageResolver: nil).defaultSchema
    let direct = Bench.median(iterations: 7) {
        let builder = schema.makeViewModelBuilder()
        BenchOperation.addComponents(0..<chainComponentCount, to: builder)
        _ = builder.build()
    }
    return [
        BenchRow(name: "chain of 3 ops adding 10,000 components, synchronous: loadViewModel → didLoad",
                 value: Bench.ms(synchronous)),
        BenchRow(name: "same, ops add and report on a background queue (main run loop spun)",
                 value: Bench.ms(background)),
        BenchRow(name: "baseline: the 10,000 components added to one builder and built, no chain",
                 value: Bench.ms(direct)),
    ]
}

// MARK: (b) JSON

private let jsonComponentCount = 100_000

/// A default-schema document: every component has an id, a component id, texts, a main image,
/// a target and custom data.
private func makeDocument(components: Int) -> Data {
    var text = #"{"id": "bench", "title": "Benchmark", "body": ["#
    text.reserveCapacity(components * 260)
    for index in 0..<components {
        if index > 0 { text += "," }
        text += #"{"id": "component-\#(index)", "component": {"id": "default:row", "category": "row"}, "#
        text += #""text": {"title": "Title \#(index)", "subtitle": "Subtitle of component \#(index)"}, "#
        text += #""images": {"main": {"uri": "https://example.com/images/\#(index).jpg"}}, "#
        text += #""target": {"uri": "bench:item:\#(index)"}, "custom": {"index": \#(index), "flag": true}}"#
    }
    text += "]}"
    return Data(text.utf8)
}

/// The scale section's document of `count` rows (title and subtitle, about 127 bytes a row), in memory.
private func makeRowsDocument(count: Int) -> Data {
    var text = #"{"title":"\#(count) rows","body":["#
    text.reserveCapacity(count * 130)
    for number in 1...count {
        text += ScaleRowsDocument.row(number)
        text += number == count ? "\n" : ",\n"
    }
    text += "]}\n"
    return Data(text.utf8)
}

/// Goal 2 of the JSON path: bytes → view model for the default schema at this rate on one core.
private let viewModelMegabytesPerSecondGoal = 500.0

/// The parse alone (issue "Rows without objects", goal 4), with simdjson's figure beside it.
private let parseMegabytesPerSecondGoal = 1_000.0

/// Why the simdjson peer gave no figure.
private struct SimdjsonParseFailure: Error {
    let reason: String
}

/// simdjson's DOM parse of `data` in seconds (the median of three), run by the simdjson peer on the
/// same bytes written to a temporary file (it reads them into memory before it times the parses).
private func simdjsonParse(_ data: Data) -> Result<Double, SimdjsonParseFailure> {
    guard let peer = ScaleBench.peerExecutable(variable: ScaleBench.simdjsonPeerVariable, name: "simdjson-peer") else {
        return .failure(SimdjsonParseFailure(reason: "no simdjson-peer (make bench builds it; or set \(ScaleBench.simdjsonPeerVariable))"))
    }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hub-bench-\(getpid())-parse.json")
    defer { try? FileManager.default.removeItem(at: url) }
    do { try data.write(to: url) } catch { return .failure(SimdjsonParseFailure(reason: "cannot write \(url.path)")) }
    let result = BenchChildProcess.run(peer, arguments: ["--parse", url.path, "3"], environment: [:], timeout: 60)
    guard let text = result.values["parseSeconds"], let seconds = Double(text), seconds > 0 else {
        return .failure(SimdjsonParseFailure(reason: result.failure ?? "no figure"))
    }
    return .success(seconds)
}

private func jsonRows() -> [BenchRow] {
    let schema = JSONSchemaRegistry(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                    iconImageResolver: nil).defaultSchema
    let limits = ContentLimits(maximumDocumentBytes: .max)

    /// Bytes → view model (added and built) for `data`, median of three: seconds and MB/s.
    func viewModelRate(_ data: Data, expecting count: Int, check: (ViewModel) -> Void = { _ in }) -> (Double, Double) {
        var checked = false
        let seconds = Bench.median(iterations: 3) {
            let builder = schema.makeViewModelBuilder()
            _ = try! builder.addJSON(data: data, limits: limits)
            let viewModel = builder.build()
            if !checked {
                // The document is what it claims to be.
                precondition(viewModel.bodyComponentModels.count == count)
                check(viewModel)
                checked = true
            }
        }
        return (seconds, Double(data.count) / seconds / 1_000_000)
    }
    func rateRow(_ name: String, _ rate: (Double, Double)) -> BenchRow {
        BenchRow(name: name, value: String(format: "%.0f MB/s", rate.1) + " (\(Bench.ms(rate.0)))",
                 goal: String(format: "≥ %.0f MB/s", viewModelMegabytesPerSecondGoal),
                 met: rate.1 >= viewModelMegabytesPerSecondGoal,
                 whyMissed: String(format: "%.2f× the goal's rate. ", rate.1 / viewModelMegabytesPerSecondGoal)
                     + "Each row is a record without a builder or a model; what it costs is memory touched for the "
                     + "first time (its record, its texts copied into the arena, its slot in the identifier table, "
                     + "their page faults) more than any one step (docs/benchmarks.md, \"Rows read by their shape\")")
    }

    let rowCount = 100_000
    let rowsData = makeRowsDocument(count: rowCount)
    let rowsRate = viewModelRate(rowsData, expecting: rowCount) { viewModel in
        precondition(viewModel.bodyComponentModels.last?.subtitle == "The subtitle of row \(rowCount)")
    }
    let rowsParserSeconds = Bench.median(iterations: 3) { _ = try! JSONParser(limits: limits).parse(rowsData) }

    let data = makeDocument(components: jsonComponentCount)
    let richRate = viewModelRate(data, expecting: jsonComponentCount) { viewModel in
        precondition(viewModel.bodyComponentModels.last?.target?.uri != nil)
    }
    let parserSeconds = Bench.median(iterations: 3) {
        _ = try! JSONParser().parse(data)
    }
    let foundationSeconds = Bench.median(iterations: 3) {
        _ = try! JSONSerialization.jsonObject(with: data)
    }
    let rowsSimdjson = simdjsonParse(rowsData)
    let richSimdjson = simdjsonParse(data)
    let rowsMegabytes = String(format: "%.1f MB", Double(rowsData.count) / 1_000_000)
    let megabytes = String(format: "%.1f MB", Double(data.count) / 1_000_000)
    func megabytesPerSecond(_ bytes: Int, _ seconds: Double) -> String {
        String(format: "%.0f MB/s", Double(bytes) / seconds / 1_000_000) + " (\(Bench.ms(seconds)))"
    }
    func parseRow(_ bytes: Int, _ seconds: Double) -> BenchRow {
        let rate = Double(bytes) / seconds / 1_000_000
        return BenchRow(name: "JSONParser alone (a value tree), same bytes", value: megabytesPerSecond(bytes, seconds),
                        goal: String(format: "≥ %.0f MB/s", parseMegabytesPerSecondGoal),
                        met: rate >= parseMegabytesPerSecondGoal,
                        whyMissed: String(format: "%.2f× the goal's rate. ", rate / parseMegabytesPerSecondGoal)
                            + "The value tree makes a `[String: JSONValue]` for every object: hashing its keys and "
                            + "allocating and growing it take about a third of the time. A tape like simdjson's "
                            + "would be another public type; the view reader makes no tree (docs/benchmarks.md, "
                            + "\"Rows read by their shape\")")
    }
    func simdjsonRow(_ bytes: Int, _ outcome: Result<Double, SimdjsonParseFailure>, parserSeconds: Double) -> BenchRow {
        let name = "simdjson's DOM parse alone, same bytes (simdjson-peer --parse, median of 3)"
        switch outcome {
        case .success(let seconds):
            return BenchRow(name: name, value: megabytesPerSecond(bytes, seconds)
                                + String(format: "; JSONParser takes %.1f× its time", parserSeconds / seconds))
        case .failure(let failure):
            return BenchRow(name: name, value: "failed: \(failure.reason)")
        }
    }
    return [
        rateRow("bytes → view model, \(rowCount.formatted()) rows of the scale document (\(rowsMegabytes)), default schema",
                rowsRate),
        parseRow(rowsData.count, rowsParserSeconds),
        simdjsonRow(rowsData.count, rowsSimdjson, parserSeconds: rowsParserSeconds),
        rateRow("bytes → view model, \(jsonComponentCount.formatted()) components with images, targets and custom data "
                + "(\(megabytes)), default schema", richRate),
        parseRow(data.count, parserSeconds),
        simdjsonRow(data.count, richSimdjson, parserSeconds: parserSeconds),
        BenchRow(name: "Foundation JSONSerialization alone, same bytes",
                 value: megabytesPerSecond(data.count, foundationSeconds)),
        BenchRow(name: "ratio: bytes → view model / JSONSerialization",
                 value: String(format: "%.2f×", richRate.0 / foundationSeconds)),
    ]
}
