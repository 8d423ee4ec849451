import XCTest
@testable import HubFramework

/// A list element for diff tests: an identifier and a content version.
struct DiffItem: Diffable, Equatable, CustomStringConvertible {
    var id: String
    var content: Int

    init(_ id: String, content: Int = 0) {
        self.id = id
        self.content = content
    }

    var diffIdentifier: String { id }
    var description: String { content == 0 ? id : "\(id)*\(content)" }
}

/// Parses the notation of the reference table: identifiers separated by spaces, `*` marks an item whose
/// content changed (version 1 instead of 0). `""` is the empty list.
func items(_ notation: String) -> [DiffItem] {
    notation.split(separator: " ").map { token in
        token.hasSuffix("*") ? DiffItem(String(token.dropLast()), content: 1) : DiffItem(String(token))
    }
}

/// SplitMix64: a small, seeded, deterministic generator for property tests.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// What a script claims, checked independently of the algorithm that produced it.
enum ScriptCheck {
    /// Nil when `diff` is a valid script from `old` to `new` whose reloads are exactly the kept items
    /// with changed content; otherwise a description of the first problem.
    static func problem(_ diff: ListDiff, old: [DiffItem], new: [DiffItem]) -> String? {
        for (name, indexes, count) in [
            ("inserted", diff.inserted, new.count), ("deleted", diff.deleted, old.count),
            ("reloaded", diff.reloaded, old.count),
        ] {
            if indexes != indexes.sorted() || Set(indexes).count != indexes.count {
                return "\(name) not sorted or not unique: \(indexes)"
            }
            if let bad = indexes.first(where: { $0 < 0 || $0 >= count }) {
                return "\(name) index \(bad) out of range 0..<\(count)"
            }
        }
        guard let result = diff.applied(to: old, insertingFrom: new) else { return "script cannot be applied" }
        if result.map(\.id) != new.map(\.id) {
            return "applying gives \(result.map(\.id)) instead of \(new.map(\.id))"
        }
        // Kept old items, in order, line up with the new items that were not inserted.
        let deleted = Set(diff.deleted)
        let inserted = Set(diff.inserted)
        let keptOld = old.indices.filter { !deleted.contains($0) }
        let keptNew = new.indices.filter { !inserted.contains($0) }
        var expectedReloads: [Int] = []
        for (o, n) in zip(keptOld, keptNew) where old[o].content != new[n].content {
            expectedReloads.append(o)
        }
        if expectedReloads != diff.reloaded {
            return "reloads \(diff.reloaded), expected the kept-and-changed items \(expectedReloads)"
        }
        return nil
    }
}

/// The original framework's Myers diff, transcribed literally: every step is recorded in a list, the
/// path is found by scanning that list backwards. Quadratic in memory; the reference for `MyersSearch`.
///
/// Besides the steps described in docs/diffing.md ("Myers"), it keeps one guard of the original
/// implementation that a transcription from pseudo-code easily misses: the snake is only followed from
/// points with non-negative coordinates (otherwise `old[-1]` would be read when the left-most diagonal
/// starts from an unwritten endpoint).
enum ReferenceMyers {
    struct Point: Equatable { var x: Int; var y: Int }
    struct Step { var from: Point; var to: Point }

    static func diff(_ old: [DiffItem], _ new: [DiffItem]) -> ListDiff {
        let n = old.count
        let m = new.count
        if n == 0 && m == 0 { return .empty }
        if n == 0 { return ListDiff(inserted: Array(0..<m)) }
        if m == 0 { return ListDiff(deleted: Array(0..<n)) }
        let maxEdits = n + m
        var v = [Int](repeating: -1, count: 2 * maxEdits + 3)
        let offset = maxEdits + 1
        v[1 + offset] = 0
        var steps: [Step] = []
        search: for d in 0...maxEdits {
            for k in stride(from: -d, through: d, by: 2) {
                let previousX = v[k - 1 + offset]
                let nextX = v[k + 1 + offset]
                let insert = k == -d || (k != d && previousX < nextX)
                let step: Step
                if insert {
                    let x = nextX
                    step = Step(from: Point(x: x, y: x - k - 1), to: Point(x: x, y: x - k))
                } else {
                    let x = previousX + 1
                    step = Step(from: Point(x: x - 1, y: x - k), to: Point(x: x, y: x - k))
                }
                if step.to.x <= n && step.to.y <= m {
                    steps.append(step)
                    var x = step.to.x
                    var y = step.to.y
                    while x >= 0 && y >= 0 && x < n && y < m && old[x].id == new[y].id {
                        x += 1
                        y += 1
                        steps.append(Step(from: Point(x: x - 1, y: y - 1), to: Point(x: x, y: y)))
                    }
                    v[k + offset] = x
                    if x >= n && y >= m { break search }
                }
            }
        }
        var head = steps[steps.count - 1]
        var path = [head]
        let origin = Point(x: 0, y: 0)
        if head.from != origin {
            for step in steps.reversed() where step.to == head.from {
                path.append(step)
                head = step
                if step.from == origin { break }
            }
        }
        var inserted: [Int] = []
        var deleted: [Int] = []
        var reloaded: [Int] = []
        for step in path.reversed() {
            if step.from.x + 1 == step.to.x && step.from.y + 1 == step.to.y {
                if old[step.from.x] != new[step.from.y] { reloaded.append(step.from.x) }
            } else if step.from.y < step.to.y {
                inserted.append(step.from.y)
            } else {
                deleted.append(step.from.x)
            }
        }
        return ListDiff(inserted: inserted, deleted: deleted, reloaded: reloaded)
    }
}

extension XCTestCase {
    /// Asserts that `diff` is a valid script from `old` to `new` with exact reloads.
    func assertValidScript(
        _ diff: ListDiff, from old: [DiffItem], to new: [DiffItem], _ context: @autoclosure () -> String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        if let problem = ScriptCheck.problem(diff, old: old, new: new) {
            XCTFail("\(context()) \(old) → \(new): \(problem)", file: file, line: line)
        }
    }
}
