import Foundation

// Small views are instant: how long the viewer takes to start and show its start page, against an
// empty GTK window, and how long a view of a hundred components takes from open to its first frame
// in a running viewer.
//
// Every case is a fresh child process (the scale section's children, ScaleBenchChild, with the
// `demo:0` and `small:N` cases), run `rounds` times, the cases interleaved so that a slow moment of
// the machine falls on all of them alike; the table shows medians with the range. A warm-up run of
// each program comes first and is not counted (the first process to draw text after a build reads
// fonts and libraries from disk).
//
// * **empty GTK window**: `treeview-peer --rows-in-c 0`, plain C: GTK's start, a 1024×768 window
//   holding an empty GtkTreeView in a GtkScrolledWindow, its first frame. That is a little more
//   than an empty window, which favours the peer by nothing. Run twice: as any GTK 3 program starts,
//   and with `GDK_GL=disable`, without the OpenGL probe GTK makes as it opens an X11 display, which
//   the viewer skips (GtkKit's OpenGLProbe): the hub's figure is given against both.
// * **viewer, empty view**: the viewer's shell as hub-viewer builds it, showing a view without
//   components: what the shell itself costs.
// * **viewer, hub-demo:root**: the same shell opening its start page, as `hub-viewer` does when it
//   is launched without an address.
// * **100-component JSON view**: in a running viewer that shows an empty view, open a file of a
//   header and 100 body components (rows with a title, a subtitle and a target, labels, rows with
//   an icon) → the first frame that shows them, on the main thread's clock; and a second open of
//   the same file.
// * **the same rows in plain GTK**: `Benchmarks/Peers/rows-peer.c`, in a window of the viewer's
//   shape: the rows such a view has on screen, made of the hub row component's widgets in C, created
//   and shown in a running window → their first frame; then once more. GTK's own cost of those
//   widgets in its default style.
// * **the same screen in plain GTK**: `rows-peer --view` with the framework's, the shell's and the
//   viewer's style sheets: what the 100-component view shows in its first frame (the header, rows,
//   a label, rows with an icon), from the widgets the hub's components are made of, styled by the
//   same sheets, so in the same fonts. GTK's own cost of that screen: the floor under the
//   100-component figure, and the goal's peer.
//
// Knobs: `HUB_START_BENCH_ROUNDS` (5 by default), the scale section's `HUB_TREEVIEW_PEER`, and
// `HUB_ROWS_PEER` (the rows peer's executable; `make bench` builds .build/rows-peer).

func startBenchmarks() -> BenchSection {
    if let spec = ProcessInfo.processInfo.environment[ScaleBench.caseVariable] {
        MainActor.assumeIsolated { ScaleBenchChild.run(spec) }
    }
    return StartBench.run()
}

enum StartBench {
    static let roundsVariable = "HUB_START_BENCH_ROUNDS"
    static let rowsPeerVariable = "HUB_ROWS_PEER"
    static let components = 100
    static let timeout = 30.0

    static var rounds: Int {
        ProcessInfo.processInfo.environment[roundsVariable].flatMap { Int($0) }.map { max(1, $0) } ?? 5
    }

    static let title = "Start and small views: the viewer against an empty GTK window "
        + "(Xvfb, \(ScaleBench.windowWidth)×\(ScaleBench.windowHeight) window, medians of \(rounds) fresh processes)"

    static func run() -> BenchSection {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-start-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("small-\(components).json")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try smallDocument(components: components).write(to: document)
        } catch {
            return BenchSection(title: title, rows: [BenchRow(name: "start benchmark",
                                                              value: "failed: cannot write the document: \(error)")])
        }
        let peerExecutable = ScaleBench.peerExecutable(variable: ScaleBench.peerVariable, name: "treeview-peer")
        func peer(environment: [String: String] = [:]) -> ScaleBench.Outcome {
            guard let peerExecutable else {
                return .failed("no peer executable (make bench builds .build/treeview-peer; or set \(ScaleBench.peerVariable))")
            }
            return ScaleBench.run(peerExecutable, arguments: ["--rows-in-c", "0"], environment: environment, timeout: timeout)
        }
        let rowsPeerExecutable = ScaleBench.peerExecutable(variable: rowsPeerVariable, name: "rows-peer")
        func rowsPeer(_ arguments: [String] = []) -> ScaleBench.Outcome {
            guard let rowsPeerExecutable else {
                return .failed("no peer executable (make bench builds .build/rows-peer; or set \(rowsPeerVariable))")
            }
            return ScaleBench.run(rowsPeerExecutable, arguments: arguments, environment: [:], timeout: timeout)
        }
        // The style sheets the viewer loads, from this checkout: the framework's first (the peer adds
        // it below the others, as HubGTK does).
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let styleSheets = ["data/resources/HubGTK/style.css", "data/resources/HubApp/style.css", "Resources/hub-viewer.css"]
            .map { root.appendingPathComponent($0).path }
        func viewPeer() -> ScaleBench.Outcome {
            if let missing = styleSheets.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
                return .failed("no style sheet at \(missing)")
            }
            return rowsPeer(["--view"] + styleSheets)
        }
        func child(_ spec: String) -> ScaleBench.Outcome {
            ScaleBench.runChild(case: spec, document: spec.hasPrefix("small") ? document : nil, section: "start",
                                timeout: timeout)
        }
        let cases: [(String, () -> ScaleBench.Outcome)] = [
            ("peer", { peer() }), ("peerWithoutGL", { peer(environment: ["GDK_GL": "disable"]) }),
            ("empty", { child("empty:0") }), ("demo", { child("demo:0") }),
            ("small", { child("small:\(components)") }), ("rows", { rowsPeer() }), ("view", viewPeer),
        ]
        for (_, run) in cases { _ = run() }  // the warm-up
        var outcomes: [String: [ScaleBench.Outcome]] = [:]
        for _ in 0..<rounds {
            for (name, run) in cases { outcomes[name, default: []].append(run()) }
        }

        func figures(_ name: String, _ key: String) -> [Double] {
            outcomes[name, default: []].compactMap { $0.double(key) }
        }
        func failure(_ name: String) -> String {
            "failed: " + (outcomes[name, default: []].compactMap(\.failure).first ?? "no figures")
        }
        var rows: [BenchRow] = []
        let peerFrame = median(figures("peer", "firstFrame"))
        rows.append(BenchRow(name: "launch → first frame, empty GTK window (treeview-peer --rows-in-c 0)",
                             value: peerFrame.map { spread(figures("peer", "firstFrame"), median: $0) } ?? failure("peer")))
        // The viewer asks GTK not to probe OpenGL (GtkKit's OpenGLProbe); the same window started
        // that way shows what is left of GTK's own start, so that the hub's figure can be read
        // against both.
        let peerWithoutGLFrame = median(figures("peerWithoutGL", "firstFrame"))
        rows.append(BenchRow(name: "launch → first frame, the same window without GTK's OpenGL probe (GDK_GL=disable, as the viewer starts GTK)",
                             value: peerWithoutGLFrame.map { spread(figures("peerWithoutGL", "firstFrame"), median: $0) }
                                 ?? failure("peerWithoutGL")))
        for (name, label, goal) in [("empty", "viewer showing an empty view", nil as Double?),
                                    ("demo", "viewer showing hub-demo:root", 1.2)]
        {
            let frames = figures(name, "firstFrame")
            guard let frame = median(frames) else {
                rows.append(BenchRow(name: "launch → first frame, \(label)", value: failure(name),
                                     goal: goal.map { "≤ \($0)× empty GTK window" } ?? "", met: goal == nil ? nil : false))
                continue
            }
            var value = spread(frames, median: frame)
            var met: Bool?
            if let peerFrame {
                let ratio = frame / peerFrame
                value += String(format: ", %.2f× the empty GTK window", ratio)
                met = goal.map { ratio <= $0 }
            }
            if let peerWithoutGLFrame {
                value += String(format: ", %.2f× it without the OpenGL probe", frame / peerWithoutGLFrame)
            }
            rows.append(BenchRow(name: "launch → first frame, \(label)", value: value,
                                 goal: goal.map { String(format: "≤ %.1f× empty GTK window", $0) } ?? "", met: met))
        }
        // Where the launch of the start page goes: the medians of each phase's end, from the spawn
        // (ScaleBenchChild marks them), and the length of each.
        let phases = [("phaseMain", "process start to main (exec, libraries, Swift runtime)"),
                      ("phaseGTK", "GTK's initialisation (display, settings)"),
                      ("phaseFeatures", "the hub and the features made and registered"),
                      ("phaseStartup", "startup: GTK's theme, the style sheets, the settings, the shell's features"),
                      ("phaseWindow", "the window made (header bar, address bar, Find bar, menu) and shown"),
                      ("firstFrame", "the start page opened, laid out and painted: its first frame")]
        var phaseStart = 0.0
        var phaseTexts: [String] = []
        for (key, label) in phases {
            guard let end = median(figures("demo", key)) else { continue }
            phaseTexts.append(String(format: "%@ %.1f ms", label, (end - phaseStart) * 1000))
            phaseStart = end
        }
        if !phaseTexts.isEmpty {
            rows.append(BenchRow(name: "where the launch of hub-demo:root goes (medians)", value: phaseTexts.joined(separator: "; ")))
        }
        let smallGoal = 0.020
        for (key, label) in [("openToFrame", "open → first frame, \(components)-component JSON view (file), main thread"),
                             ("secondOpenToFrame", "the same, opened a second time")]
        {
            let times = figures("small", key)
            guard let time = median(times) else {
                rows.append(BenchRow(name: label, value: failure("small"), goal: "≤ 20 ms", met: false))
                continue
            }
            rows.append(BenchRow(name: label, value: spread(times, median: time, milliseconds: true),
                                 goal: "≤ 20 ms", met: time <= smallGoal))
        }
        // Plain GTK: the visible rows in GTK's default style, then the view's first screen in the
        // hub's styles; the hub against each.
        for (peer, key, hubKey, label) in [
            ("rows", "firstRows", "openToFrame", "the visible rows as plain GTK widgets, default style (rows-peer), first time"),
            ("rows", "secondRows", "secondOpenToFrame", "the same, second time"),
            ("view", "firstRows", "openToFrame",
             "the view's first screen as plain GTK widgets, the hub's style sheets (rows-peer --view), first time"),
            ("view", "secondRows", "secondOpenToFrame", "the same, second time"),
        ] {
            let times = figures(peer, key)
            guard let time = median(times) else {
                rows.append(BenchRow(name: label, value: failure(peer)))
                continue
            }
            var value = spread(times, median: time, milliseconds: true)
            if let hub = median(figures("small", hubKey)) {
                value += String(format: "; the hub's view %.2f× this", hub / max(time, 1e-9))
            }
            rows.append(BenchRow(name: label, value: value))
        }
        // The goal: the hub's first open of the view at most 1.1× GTK's first frame of the same screen.
        if let hub = median(figures("small", "openToFrame")), let peer = median(figures("view", "firstRows")) {
            let ratio = hub / max(peer, 1e-9)
            rows.append(BenchRow(
                name: "open → first frame, \(components)-component JSON view ÷ the same screen in plain GTK "
                    + "(rows-peer --view), first time",
                value: String(format: "%.2f×", ratio), goal: "≤ 1.1×", met: ratio <= 1.1,
                whyMissed: String(format: "by %.1f ms. ", (hub - 1.1 * peer) * 1000)
                    + "What the hub does beyond GTK's widgets: a frame of the new page before its content (the "
                    + "document is read off the main thread), a cell widget per component with its handlers and "
                    + "accessible name, a page of its own (canvas, scrollbar), the layout of all 100 components, "
                    + "Swift's first conformance lookups (docs/benchmarks.md, \"The same screen in plain GTK\")"))
        }
        let stalls = figures("small", "openStall")
        if let stall = median(stalls) {
            rows.append(BenchRow(name: "longest main-loop stall while the \(components)-component view opens",
                                 value: spread(stalls, median: stall, milliseconds: true)))
        }
        return BenchSection(title: title, rows: rows)
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2]
            : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// "0.41 s (0.39–0.44 s)", or in milliseconds.
    static func spread(_ values: [Double], median: Double, milliseconds: Bool = false) -> String {
        let format: (Double) -> String = milliseconds ? { String(format: "%.1f", $0 * 1000) } : { String(format: "%.3f", $0) }
        let unit = milliseconds ? "ms" : "s"
        guard let low = values.min(), let high = values.max(), values.count > 1 else { return "\(format(median)) \(unit)" }
        return "\(format(median)) \(unit) (\(format(low))–\(format(high)) \(unit), \(values.count) runs)"
    }

    /// A header and `components` body components of the kinds a real view mixes: rows with a title,
    /// a subtitle and a target, labels with a paragraph, rows with an icon.
    static func smallDocument(components: Int) -> Data {
        var body: [String] = []
        for index in 0..<components {
            switch index % 5 {
            case 0, 1, 2:
                body.append(#"{"id":"row-\#(index)","component":{"id":"default:row"},"text":{"title":"Item \#(index + 1)","#
                    + #""subtitle":"A short line about item \#(index + 1)","accessory":"\#(index)"},"#
                    + #""target":{"uri":"hub-demo:item:\#(index)"}}"#)
            case 3:
                body.append(#"{"id":"label-\#(index)","component":{"id":"default:label"},"text":{"title":"Section \#(index / 5 + 1)","#
                    + #""description":"Some words that explain what the next rows are about, long enough to wrap once or twice in a wide window."}}"#)
            default:
                body.append(#"{"id":"icon-row-\#(index)","component":{"id":"default:row"},"#
                    + #""text":{"title":"Item \#(index + 1)"},"images":{"icon":"starred"}}"#)
            }
        }
        let text = #"{"title":"\#(components) components","header":{"component":{"id":"default:header"},"#
            + #""text":{"title":"A view of \#(components) components"}},"body":[\#(body.joined(separator: ",\n"))]}"#
        return Data(text.utf8)
    }
}
