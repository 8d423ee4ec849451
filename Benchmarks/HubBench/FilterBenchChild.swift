import Foundation
import HubFramework
import HubGTK

/// The hub's side of the filter section, in a child process of its own (`filter:N`): the viewer
/// opens the document of N rows under a text field bound to `query` (FilterRowsDocument), and the
/// query is typed one character at a time, as the GtkTreeModelFilter peer types it. Prints the keys
/// `FilterBench.Figures` reads.
@MainActor
struct FilterBenchChild {
    let viewer: BenchViewer
    let rows: Int

    func measure(_ uri: String, query: String, timeout: Double) {
        viewer.open(uri, "open", timeout: timeout)
        guard let controller = viewer.app.navigator.currentPage?.viewController else {
            ScaleBenchChild.fail("no view")
        }
        viewer.waitUntilRendered("the whole view", timeout: timeout) {
            controller.viewModel?.bodyComponentModels.count == rows + 1
        }
        // The peer waits half a second after its first frame before it types.
        viewer.idle(seconds: 0.5)
        // What each keystroke must show, counted before the typing starts: the count is the bench's
        // own work, and must not fall into the stalls measured.
        let prefixes = (1...query.count).map { String(query.prefix($0)) }
        let expectations = prefixes.map { Self.matches($0, rows: rows) }
        var times: [Double] = []
        viewer.stalls.start()
        for (typed, expected) in zip(prefixes, expectations) {
            let start = Clock.now()
            type(typed, into: controller)
            viewer.waitUntilRendered("\"\(typed)\"", timeout: timeout) {
                Self.shows(expected, for: typed, in: controller)
            }
            times.append(Clock.seconds(from: start, to: viewer.probe.lastFrameEnd))
            if typed.count < query.count { viewer.idle(seconds: Double(FilterBench.pauseMilliseconds) / 1000) }
        }
        BenchChildReport.report("stall", viewer.stalls.stop())
        BenchChildReport.report("keystrokes", times.map { String($0) }.joined(separator: ","))
        BenchChildReport.report("shown", (controller.viewModel?.bodyComponentModels.count ?? 1) - 1)
    }

    /// What typing `text` into the field does: the variable the field is bound to takes it, and the
    /// view applies its state again.
    private func type(_ text: String, into controller: ViewController) {
        guard controller.state.setValue(.string(text), for: "query") else { ScaleBenchChild.fail("no variable query") }
    }

    /// How many of "Item 1" … "Item N" contain `text` in any case, counted without the framework.
    static func matches(_ text: String, rows: Int) -> (count: Int, first: Int?) {
        let lowered = text.lowercased()
        var count = 0
        var first: Int?
        for number in 1...max(1, rows) where "item \(number)".contains(lowered) {
            count += 1
            if first == nil { first = number }
        }
        return (count, first)
    }

    /// Whether the view shows the rows that contain `text`: as many as expected, the first of them
    /// right under the field, on screen.
    private static func shows(_ expected: (count: Int, first: Int?), for text: String, in controller: ViewController) -> Bool {
        guard let body = controller.viewModel?.bodyComponentModels, body.count == expected.count + 1,
            !controller.isLoading
        else { return false }
        guard let first = expected.first else { return true }
        return body[1].identifier == "r\(first)" && controller.cellView(atBodyIndex: 1)?.isMapped == true
    }
}
