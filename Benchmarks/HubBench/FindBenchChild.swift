import Foundation
import HubApp
import HubFramework
import HubGTK

/// The hub's side of the find section, in a child process of its own (`find:N`): the viewer shows N
/// rows built in code ("Row 1" … "Row N", each with the subtitle "The subtitle of row N", as the
/// GtkTreeView peer holds them), the window's Find bar opens (`win.find`, Ctrl+F) and the query is
/// typed into it one character at a time, as the peer types into its tree view's search entry.
/// Prints the keys `FindBench.Figures` reads.
@MainActor
struct FindBenchChild {
    let viewer: BenchViewer
    let rows: Int

    /// `bench:findrows:N`, registered in the viewer's hub by `BenchViewer`.
    static func uri(rows: Int) -> String { "bench:findrows:\(rows)" }

    /// Registers `bench:findrows:N` in `hub`: its rows added by one background operation.
    static func register(rows count: Int, in hub: Hub) {
        guard let uri = URL(string: uri(rows: count)) else { return }
        let operation = BackgroundContentOperation { context in addRows(count, to: context.viewModelBuilder) }
        try! hub.featureRegistry.registerFeature(
            identifier: "benchFindRows", viewURIPredicate: ViewURIPredicate(viewURI: uri), title: "Bench find rows",
            contentOperationFactories: [BlockContentOperationFactory { _ in [operation] }])
    }

    /// The rows of `bench:findrows:N`.
    nonisolated static func addRows(_ count: Int, to builder: ViewModelBuilder) {
        builder.navigationBarTitle = "\(count) rows"
        for number in 1...max(1, count) where count > 0 {
            let row = builder.bodyComponentModelBuilder(withIdentifier: "row-\(number)")
            row.componentName = "row"
            row.title = "Row \(number)"
            row.subtitle = "The subtitle of row \(number)"
        }
    }

    func measure(query: String, timeout: Double) {
        viewer.open(Self.uri(rows: rows), "open", timeout: timeout)
        guard let controller = viewer.app.navigator.currentPage?.viewController,
            let window = viewer.app.mainWindow
        else { ScaleBenchChild.fail("no view") }
        viewer.waitUntilRendered("the whole view", timeout: timeout) {
            controller.viewModel?.bodyComponentModels.count == rows && !controller.isLoading
        }
        // What each keystroke must show, worked out before the typing starts (the bench's own work,
        // which must not fall into the stalls measured).
        let prefixes = (1...query.count).map { String(query.prefix($0)) }
        let expectations = Self.expectations(prefixes, rows: rows)
        // The peer waits half a second after its first frame before it types.
        viewer.idle(seconds: 0.5)
        let bar = window.findBar
        window.window.activateAction("find")
        guard bar.isOpen else { ScaleBenchChild.fail("win.find did not open the Find bar") }
        // The bar slides in (GtkRevealer's 250 ms), the view shrinking under it at each frame; a
        // person types once it is there. The peer's search entry pops up at its first character.
        viewer.idle(seconds: 0.5)
        var times: [Double] = []
        var stalls: [Double] = []
        for (index, prefix) in prefixes.enumerated() {
            let expected = expectations[index]
            viewer.stalls.start()
            let start = Clock.now()
            bar.entry.typeAtEnd(String(query[query.index(query.startIndex, offsetBy: index)]))
            viewer.waitUntilRendered("\"\(prefix)\"", timeout: timeout) {
                bar.statusQuery == prefix && bar.status == expected.status
                    && controller.revealedComponentIndexPath == [expected.row - 1]
                    && controller.cellView(atBodyIndex: expected.row - 1)?.hasCSSClass("hub-find-match") == true
                    && controller.cellView(atBodyIndex: expected.row - 1)?.isMapped == true
            }
            times.append(Clock.seconds(from: start, to: viewer.probe.lastFrameEnd))
            if index < prefixes.count - 1 { viewer.idle(seconds: Double(FindBench.pauseMilliseconds) / 1000) }
            stalls.append(viewer.stalls.stop())
        }
        BenchChildReport.report("stall", stalls.max() ?? 0)
        BenchChildReport.report("stalls", stalls.map { String($0) }.joined(separator: ","))
        BenchChildReport.report("keystrokes", times.map { String($0) }.joined(separator: ","))
        BenchChildReport.report("reached", expectations.last?.row ?? 0)
        BenchChildReport.report("status", bar.status)
    }

    /// For each prefix typed: the row the bar goes to (the first, from the row shown for the prefix
    /// before, whose title or subtitle holds each word, in any case) and what the bar then says
    /// ("k of n", in English, the numbers as the bar writes them). Worked out without the framework.
    static func expectations(_ prefixes: [String], rows: Int) -> [(row: Int, status: String)] {
        var from = 1
        return prefixes.map { prefix in
            let words = prefix.lowercased().split(separator: " ").map(String.init)
            var count = 0
            var position = 0
            var found: Int?
            for number in 1...rows {
                let title = "row \(number)"
                let subtitle = "the subtitle of row \(number)"
                guard words.allSatisfy({ title.contains($0) || subtitle.contains($0) }) else { continue }
                count += 1
                if found == nil, number >= from {
                    found = number
                    position = count
                }
            }
            guard let row = found else { ScaleBenchChild.fail("no row holds \"\(prefix)\"") }
            from = row
            return (row, "\(LocalizedFormat.number(position)) of \(LocalizedFormat.number(count))")
        }
    }
}
