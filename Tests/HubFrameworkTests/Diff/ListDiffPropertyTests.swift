import XCTest
@testable import HubFramework

/// Random old/new lists from a seeded generator: every algorithm must produce a valid script with exact
/// reloads; Myers must equal the literal transcription of the original; Myers and LCS are minimal; Heckel
/// is minimal with unique identifiers and within a proven bound otherwise; `automatic` equals Myers
/// whenever it picks Myers.
final class ListDiffPropertyTests: XCTestCase {
    struct Case {
        var old: [DiffItem]
        var new: [DiffItem]
        var moves = 0
    }

    /// An old list of unique identifiers (optionally salted with duplicates) and a new list made from it
    /// by random deletions, insertions, moves and content changes. Sizes 0–200.
    static func editedCase(_ rng: inout SeededGenerator, duplicates: Bool) -> Case {
        let count = Bool.random(using: &rng) ? Int.random(in: 0...20, using: &rng) : Int.random(in: 0...200, using: &rng)
        var old = (0..<count).map { DiffItem("o\($0)") }
        if duplicates {
            for index in old.indices where Int.random(in: 0..<8, using: &rng) == 0 {
                old[index].id = "dup\(Int.random(in: 0..<4, using: &rng))"
            }
        }
        var new = old
        var moves = 0
        var fresh = 0
        let edits = Int.random(in: 0...max(1, count / 3), using: &rng)
        for _ in 0..<edits {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0 where !new.isEmpty:
                new.remove(at: Int.random(in: 0..<new.count, using: &rng))
            case 1:
                let id = duplicates && Bool.random(using: &rng) ? "dup\(Int.random(in: 0..<4, using: &rng))" : "n\(fresh)"
                fresh += 1
                new.insert(DiffItem(id), at: Int.random(in: 0...new.count, using: &rng))
            case 2 where !new.isEmpty:
                let item = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
                new.insert(item, at: Int.random(in: 0...new.count, using: &rng))
                moves += 1
            case 3 where !new.isEmpty:
                new[Int.random(in: 0..<new.count, using: &rng)].content += 1
            default:
                break
            }
        }
        if Int.random(in: 0..<10, using: &rng) == 0 { new.shuffle(using: &rng); moves = new.count }
        return Case(old: old, new: new, moves: moves)
    }

    /// Lists drawn from a tiny alphabet: many repeated identifiers, long and short, unrelated. These
    /// reach the corners of the Myers search (stale and out-of-grid diagonals).
    static func alphabetCase(_ rng: inout SeededGenerator) -> Case {
        let alphabet = [1, 2, 3, 5, 12, 100][Int.random(in: 0..<6, using: &rng)]
        func list() -> [DiffItem] {
            let length = Int.random(in: 0...(Bool.random(using: &rng) ? 8 : 40), using: &rng)
            return (0..<length).map { _ in
                DiffItem("\(Int.random(in: 0..<alphabet, using: &rng))", content: Int.random(in: 0..<3, using: &rng) == 0 ? 1 : 0)
            }
        }
        return Case(old: list(), new: list())
    }

    /// Items whose identifier is not unique in both lists (it occurs other than exactly once in each).
    static func nonUniqueCounts(_ c: Case) -> (old: Int, new: Int) {
        var oldCounts: [String: Int] = [:]
        var newCounts: [String: Int] = [:]
        for item in c.old { oldCounts[item.id, default: 0] += 1 }
        for item in c.new { newCounts[item.id, default: 0] += 1 }
        func unique(_ id: String) -> Bool { oldCounts[id] == 1 && newCounts[id] == 1 }
        return (c.old.filter { !unique($0.id) }.count, c.new.filter { !unique($0.id) }.count)
    }

    private func verify(_ c: Case, label: String) {
        let myers = ListDiffer.diff(from: c.old, to: c.new, algorithm: .myers)
        let lcs = ListDiffer.diff(from: c.old, to: c.new, algorithm: .lcs)
        let heckel = ListDiffer.diff(from: c.old, to: c.new, algorithm: .heckel)
        let automatic = ListDiffer.diffReportingAlgorithm(from: c.old, to: c.new)

        for (name, diff) in [("myers", myers), ("lcs", lcs), ("heckel", heckel), ("automatic", automatic.diff)] {
            assertValidScript(diff, from: c.old, to: c.new, "\(label) \(name)")
        }
        XCTAssertEqual(myers, ReferenceMyers.diff(c.old, c.new), "\(label): Myers differs from the original")
        XCTAssertEqual(myers.editCount, lcs.editCount, "\(label): Myers is not minimal")

        let (oldNonUnique, newNonUnique) = Self.nonUniqueCounts(c)
        if oldNonUnique == 0 && newNonUnique == 0 {
            XCTAssertEqual(heckel.inserted.count, myers.inserted.count, "\(label): Heckel insertions")
            XCTAssertEqual(heckel.deleted.count, myers.deleted.count, "\(label): Heckel deletions")
        } else {
            XCTAssertLessThanOrEqual(
                heckel.editCount, myers.editCount + 2 * min(oldNonUnique, newNonUnique), "\(label): Heckel bound")
        }
        // Moves cost Myers two edits each at most; Heckel never does worse than that either.
        XCTAssertLessThanOrEqual(heckel.editCount, myers.editCount + 2 * max(c.moves, min(oldNonUnique, newNonUnique)))

        XCTAssertEqual(automatic.algorithm, .myers, "\(label): small lists stay within the Myers budget")
        if automatic.algorithm == .myers { XCTAssertEqual(automatic.diff, myers, "\(label): automatic") }
    }

    func testEditedListsWithUniqueIdentifiers() {
        var rng = SeededGenerator(seed: 0x5EED_0001)
        for index in 0..<600 {
            verify(Self.editedCase(&rng, duplicates: false), label: "unique #\(index)")
        }
    }

    func testEditedListsWithDuplicateIdentifiers() {
        var rng = SeededGenerator(seed: 0x5EED_0002)
        for index in 0..<400 {
            verify(Self.editedCase(&rng, duplicates: true), label: "duplicates #\(index)")
        }
    }

    func testSmallAlphabetLists() {
        var rng = SeededGenerator(seed: 0x5EED_0003)
        for index in 0..<3000 {
            verify(Self.alphabetCase(&rng), label: "alphabet #\(index)")
        }
    }

    /// The checkpointed trace gives the same result whatever the segment size, including one round per
    /// segment (every earlier segment recomputed from its checkpoint while the path is rebuilt).
    func testMyersSegmentsDoNotChangeTheResult() {
        var rng = SeededGenerator(seed: 0x5EED_0004)
        for index in 0..<400 {
            let c = index.isMultiple(of: 2) ? Self.alphabetCase(&rng) : Self.editedCase(&rng, duplicates: index % 4 == 1)
            let ids = (c.old.map(\.id), c.new.map(\.id))
            let contentEqual = { (o: Int, n: Int) in c.old[o].content == c.new[n].content }
            let whole = ListDiffer.myers(old: ids.0, new: ids.1, workBudget: nil, segmentEntryLimit: nil, contentEqual: contentEqual)
            for limit in [1, 3, 17, 200] {
                let segmented = ListDiffer.myers(
                    old: ids.0, new: ids.1, workBudget: nil, segmentEntryLimit: limit, contentEqual: contentEqual)
                XCTAssertEqual(segmented?.diff, whole?.diff, "case \(index), segment limit \(limit)")
            }
        }
    }

    /// Edit distances above 1,024 make the search widen its stored band of diagonals while it runs; the
    /// result must still be the original's, with and without small segments.
    func testMyersBeyondTheInitialBandMatchesTheOriginal() {
        var rng = SeededGenerator(seed: 0x5EED_0007)
        let old = (0..<700).map { DiffItem("item-\($0)") }
        var new = old.shuffled(using: &rng)
        for index in 0..<40 { new.insert(DiffItem("new-\(index)"), at: Int.random(in: 0...new.count, using: &rng)) }
        for index in stride(from: 0, to: new.count, by: 7) { new[index].content = 1 }
        let myers = ListDiffer.diff(from: old, to: new, algorithm: .myers)
        XCTAssertGreaterThan(myers.editCount, 1_024)
        XCTAssertEqual(myers, ReferenceMyers.diff(old, new))
        assertValidScript(myers, from: old, to: new)
        let segmented = ListDiffer.myers(
            old: old.map(\.id), new: new.map(\.id), workBudget: nil, segmentEntryLimit: 5_000,
            contentEqual: { old[$0].content == new[$1].content })
        XCTAssertEqual(segmented?.diff, myers)
    }

    /// A large shuffle exceeds the Myers budget: automatic switches to Heckel, whose script is valid and
    /// exactly as long as Myers' (unique identifiers).
    func testAutomaticSwitchesToHeckelOnLargeShuffles() {
        var rng = SeededGenerator(seed: 0x5EED_0005)
        let old = (0..<1200).map { DiffItem("item-\($0)") }
        var new = old
        new.shuffle(using: &rng)
        for index in stride(from: 0, to: new.count, by: 10) { new[index].content = 1 }
        let automatic = ListDiffer.diffReportingAlgorithm(from: old, to: new)
        XCTAssertEqual(automatic.algorithm, .heckel)
        assertValidScript(automatic.diff, from: old, to: new)
        let myers = ListDiffer.diff(from: old, to: new, algorithm: .myers)
        assertValidScript(myers, from: old, to: new)
        XCTAssertEqual(automatic.diff.editCount, myers.editCount)
    }

    func testAutomaticKeepsMyersForLongListsWithFewChanges() {
        var rng = SeededGenerator(seed: 0x5EED_0006)
        let old = (0..<20_000).map { DiffItem("item-\($0)") }
        var new = old
        for _ in 0..<50 { new[Int.random(in: 0..<new.count, using: &rng)].content += 1 }
        for _ in 0..<50 { new.remove(at: Int.random(in: 0..<new.count, using: &rng)) }
        for index in 0..<50 { new.insert(DiffItem("new-\(index)"), at: Int.random(in: 0...new.count, using: &rng)) }
        let automatic = ListDiffer.diffReportingAlgorithm(from: old, to: new)
        XCTAssertEqual(automatic.algorithm, .myers)
        XCTAssertEqual(automatic.diff, ListDiffer.diff(from: old, to: new, algorithm: .myers))
        assertValidScript(automatic.diff, from: old, to: new)
        XCTAssertEqual(automatic.diff.inserted.count, 50)
        XCTAssertEqual(automatic.diff.deleted.count, 50)
    }

    func testLCSFallsBackToMyersAboveItsTableLimit() {
        // 6,000 × 6,000 cells exceed the table limit; the result is Myers', and says so.
        let old = (0..<6_000).map { DiffItem("item-\($0)") }
        let new = Array(old.dropFirst()) + [DiffItem("tail")]
        let result = ListDiffer.diffReportingAlgorithm(from: old, to: new, algorithm: .lcs)
        XCTAssertEqual(result.algorithm, .myers)
        XCTAssertEqual(result.diff, ListDiff(inserted: [5_999], deleted: [0]))
    }
}
