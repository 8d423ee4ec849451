import Foundation
import HubFramework

/// A body component as far as diffing is concerned: an identifier and a content version.
private struct BenchComponent: Diffable {
    var id: String
    var content: Int

    var diffIdentifier: String { id }
    func isContentEqual(to other: BenchComponent) -> Bool { content == other.content }
}

/// SplitMix64, so every run diffs the same lists.
private struct BenchRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private func components(_ count: Int) -> [BenchComponent] {
    (0..<count).map { BenchComponent(id: "component-\($0)", content: 0) }
}

/// 1% of the items edited: a quarter each changed in content, deleted, inserted and moved.
private func onePercentChanged(_ old: [BenchComponent], rng: inout BenchRandom) -> [BenchComponent] {
    var new = old
    let quarter = max(1, old.count / 400)
    for _ in 0..<quarter { new[Int.random(in: 0..<new.count, using: &rng)].content += 1 }
    for _ in 0..<quarter { new.remove(at: Int.random(in: 0..<new.count, using: &rng)) }
    for index in 0..<quarter {
        new.insert(BenchComponent(id: "inserted-\(index)", content: 0), at: Int.random(in: 0...new.count, using: &rng))
    }
    for _ in 0..<quarter {
        let item = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
        new.insert(item, at: Int.random(in: 0...new.count, using: &rng))
    }
    return new
}

private func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    var result = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
        result.append(digit)
    }
    return result
}

private func shuffled(_ old: [BenchComponent], rng: inout BenchRandom) -> [BenchComponent] {
    var new = old
    new.shuffle(using: &rng)
    return new
}

func diffBenchmarks() -> BenchSection {
    var rows: [BenchRow] = []
    var rng = BenchRandom(state: 0xD1FF)
    let count = 100_000
    let old = components(count)
    // Fresh copies, so equal identifiers are distinct string values as they would be after a reload.
    let unchanged = components(count)
    let changed = onePercentChanged(old, rng: &rng)
    let shuffle = shuffled(old, rng: &rng)
    let goal = 0.050

    func row(_ name: String, _ old: [BenchComponent], _ new: [BenchComponent], _ algorithm: DiffAlgorithm,
             iterations: Int = 5, goal: Double? = nil) {
        var resolved = algorithm
        var diff = ListDiff.empty
        let time = Bench.median(iterations: iterations) {
            let result = ListDiffer.diffReportingAlgorithm(from: old, to: new, algorithm: algorithm)
            resolved = result.algorithm
            diff = result.diff
        }
        let used = algorithm == .automatic ? " → \(resolved)" : ""
        let changes = "\(grouped(diff.inserted.count)) ins, \(grouped(diff.deleted.count)) del, \(grouped(diff.reloaded.count)) rel"
        rows.append(
            BenchRow(
                name: "\(name), \(algorithm)\(used) (\(changes))",
                value: Bench.ms(time),
                goal: goal.map { "< \(Bench.ms($0))" } ?? "",
                met: goal.map { time < $0 }
            )
        )
    }

    row("100,000 unchanged", old, unchanged, .automatic, goal: goal)
    row("100,000 unchanged", old, unchanged, .myers)
    row("100,000 with 1% changed", old, changed, .automatic, goal: goal)
    row("100,000 with 1% changed", old, changed, .myers)
    row("100,000 fully shuffled", old, shuffle, .automatic, goal: goal)
    row("100,000 fully shuffled", old, shuffle, .heckel)

    // Straight Myers on a shuffle is quadratic: O((N+M)·D) with D ≈ 2N. Running it on 100,000 items
    // would take minutes, so it runs on smaller shuffles once each and the 100,000 figure is extrapolated.
    var myersTimes: [(Int, Double)] = []
    for size in [2_000, 10_000] {
        let small = components(size)
        let smallShuffle = shuffled(small, rng: &rng)
        var edits = 0
        let time = Bench.median(iterations: 1, warmUp: false) {
            edits = ListDiffer.diff(from: small, to: smallShuffle, algorithm: .myers).editCount
        }
        myersTimes.append((size, time))
        rows.append(
            BenchRow(name: "\(grouped(size)) fully shuffled, myers (\(grouped(edits)) ins+del; 1 run)", value: Bench.ms(time)))
    }
    rows.append(
        BenchRow(
            name: "peak resident memory of the whole bench process so far (Myers trace is checkpointed)",
            value: "\(Bench.peakResidentBytes() / 1_048_576) MiB"
        )
    )
    if let (size, time) = myersTimes.last {
        let factor = Double(count) / Double(size)
        let estimate = time * factor * factor
        rows.append(
            BenchRow(
                name: "100,000 fully shuffled, myers — EXTRAPOLATED from \(grouped(size)) × \(Int(factor * factor)) (not run)",
                value: String(format: "≈ %.0f s", estimate),
                goal: "< \(Bench.ms(goal))",
                met: estimate < goal
            )
        )
    }
    return BenchSection(title: "View-model diff (100,000 body components)", rows: rows)
}
