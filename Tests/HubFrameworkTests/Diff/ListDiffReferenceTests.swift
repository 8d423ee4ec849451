import XCTest
@testable import HubFramework

/// The reference table (`referenceTable`: the scripts the original framework's Myers diff gives for these
/// inputs) and the behaviours of the original's HUBViewModelDiffTests, for every algorithm. Heckel agrees
/// with Myers on every one of these rows (with unique identifiers its stay set is a longest common
/// subsequence and ties resolve the way Myers resolves them here), so all rows assert exact equality;
/// `testHeckelMayChooseAnotherMinimalScript` shows where it can differ.
final class ListDiffReferenceTests: XCTestCase {
    struct Row {
        var old: String
        var new: String
        var inserted: [Int]
        var deleted: [Int]
        var reloaded: [Int]
    }

    static let referenceTable: [Row] = [
        Row(old: "1 2 3 4 5 6 7 8 9 10", new: "1 2* 30 4 5 6 7 9* 10 13", inserted: [2, 9], deleted: [2, 7], reloaded: [1, 8]),
        Row(old: "1 2 3", new: "0 1* 2* 3*", inserted: [0], deleted: [], reloaded: [0, 1, 2]),
        Row(old: "A B C D", new: "B D", inserted: [], deleted: [0, 2], reloaded: []),
        Row(old: "A B", new: "B A", inserted: [1], deleted: [0], reloaded: []),
        Row(old: "A B C", new: "C B A", inserted: [1, 2], deleted: [0, 1], reloaded: []),
        Row(old: "A B C", new: "B C A", inserted: [2], deleted: [0], reloaded: []),
        Row(old: "A B C", new: "A X C", inserted: [1], deleted: [1], reloaded: []),
        Row(old: "", new: "A B", inserted: [0, 1], deleted: [], reloaded: []),
    ]

    static let algorithms: [DiffAlgorithm] = [.myers, .lcs, .heckel, .automatic]

    private func check(
        _ old: [DiffItem], _ new: [DiffItem], inserted: [Int], deleted: [Int], reloaded: [Int],
        algorithms: [DiffAlgorithm] = algorithms, file: StaticString = #filePath, line: UInt = #line
    ) {
        let expected = ListDiff(inserted: inserted, deleted: deleted, reloaded: reloaded)
        for algorithm in algorithms {
            let diff = ListDiffer.diff(from: old, to: new, algorithm: algorithm)
            XCTAssertEqual(diff, expected, "\(algorithm): \(old) → \(new)", file: file, line: line)
            XCTAssertEqual(diff.hasChanges, expected != .empty, "\(algorithm)", file: file, line: line)
            assertValidScript(diff, from: old, to: new, "\(algorithm)", file: file, line: line)
        }
    }

    func testReferenceTable() {
        for row in Self.referenceTable {
            check(items(row.old), items(row.new), inserted: row.inserted, deleted: row.deleted, reloaded: row.reloaded)
        }
    }

    func testReferenceTableMatchesTheLiteralTranscription() {
        for row in Self.referenceTable {
            let expected = ListDiff(inserted: row.inserted, deleted: row.deleted, reloaded: row.reloaded)
            XCTAssertEqual(ReferenceMyers.diff(items(row.old), items(row.new)), expected, "\(row.old) → \(row.new)")
        }
    }

    func testReferenceTableResolvesAutomaticToMyers() {
        for row in Self.referenceTable {
            XCTAssertEqual(ListDiffer.diffReportingAlgorithm(from: items(row.old), to: items(row.new)).algorithm, .myers)
        }
    }

    private func components(_ count: Int) -> [DiffItem] {
        (1...count).map { DiffItem("component-\($0)") }
    }

    func testIdenticalListsHaveNoChanges() {
        let list = components(4)
        check(list, list, inserted: [], deleted: [], reloaded: [])
        for algorithm in Self.algorithms {
            XCTAssertFalse(ListDiffer.diff(from: list, to: list, algorithm: algorithm).hasChanges)
        }
    }

    func testFromEmptyEverythingIsInserted() {
        check([], components(4), inserted: [0, 1, 2, 3], deleted: [], reloaded: [])
    }

    func testToEmptyEverythingIsDeleted() {
        check(components(4), [], inserted: [], deleted: [0, 1, 2, 3], reloaded: [])
        check([], [], inserted: [], deleted: [], reloaded: [])
    }

    func testChangedCustomDataIsReloaded() {
        let old = components(4)
        var new = old
        new[0].content = 1  // "component-1" got new custom data
        new[2].content = 1  // "component-3" too
        check(old, new, inserted: [], deleted: [], reloaded: [0, 2])
    }

    func testRemovedComponentsAreDeleted() {
        let all = components(4)
        check(all, [all[1], all[3]], inserted: [], deleted: [0, 2], reloaded: [])
    }

    func testComplexChangeSet() {
        check(
            items("1 2 3 4 5 6 7 8 9 10"), items("1 2* 30 4 5 6 7 9* 10 13"),
            inserted: [2, 9], deleted: [2, 7], reloaded: [1, 8])
    }

    func testInsertionsBeforeChangedItems() {
        check(items("1 2 3"), items("0 1* 2* 3*"), inserted: [0], deleted: [], reloaded: [0, 1, 2])
        check(items("1 2 3"), items("0 00 1* 2* 3*"), inserted: [0, 1], deleted: [], reloaded: [0, 1, 2])
    }

    func testChangedAndMovedItemIsDeletedAndInsertedNotReloaded() {
        // C moved to the front and changed: a move is a deletion plus an insertion; nothing to reload.
        check(items("A B C"), items("C* A B"), inserted: [0], deleted: [2], reloaded: [])
        // When the changed item is the one that stays (B), it is reloaded and A moves around it.
        check(items("A B C"), items("B* A C"), inserted: [1], deleted: [0], reloaded: [1])
    }

    func testHeckelMayChooseAnotherMinimalScript() {
        // With a duplicated identifier Heckel pairs occurrences in order (first X with first X), while
        // Myers aligns the second old X with the only new X. Both scripts are valid and equally long.
        let old = items("X A X")
        let new = items("A X")
        let myers = ListDiffer.diff(from: old, to: new, algorithm: .myers)
        let heckel = ListDiffer.diff(from: old, to: new, algorithm: .heckel)
        XCTAssertEqual(myers, ListDiff(inserted: [], deleted: [0], reloaded: []))
        XCTAssertEqual(heckel, ListDiff(inserted: [1], deleted: [0, 2], reloaded: []))
        assertValidScript(myers, from: old, to: new)
        assertValidScript(heckel, from: old, to: new)
    }

    func testDuplicateIdentifiersNeverCrash() {
        let cases: [(String, String)] = [
            ("A A A", "A"), ("A", "A A A"), ("A B A B", "B A B A"), ("A A", "A* A"), ("X X Y", "Y X X X"),
        ]
        for (old, new) in cases {
            for algorithm in Self.algorithms {
                let diff = ListDiffer.diff(from: items(old), to: items(new), algorithm: algorithm)
                assertValidScript(diff, from: items(old), to: items(new), "\(algorithm)")
            }
        }
    }

    func testClosureBasedEntryPoint() {
        struct Plain { var key: String; var value: Int }
        let old = [Plain(key: "a", value: 1), Plain(key: "b", value: 1)]
        let new = [Plain(key: "b", value: 2), Plain(key: "c", value: 1)]
        let diff = ListDiffer.diff(
            from: old, to: new, identifier: { $0.key }, contentEqual: { $0.value == $1.value })
        XCTAssertEqual(diff, ListDiff(inserted: [1], deleted: [0], reloaded: [1]))
        XCTAssertEqual(ListDiff(from: items("A B"), to: items("B A")), ListDiff(inserted: [1], deleted: [0]))
    }

    func testApplyingRejectsOutOfRangeScripts() {
        let old = items("A B")
        let new = items("C")
        XCTAssertNil(ListDiff(inserted: [], deleted: [2]).applied(to: old, insertingFrom: new))
        XCTAssertNil(ListDiff(inserted: [5], deleted: []).applied(to: old, insertingFrom: new))
        XCTAssertNil(ListDiff(inserted: [], deleted: [1, 0]).applied(to: old, insertingFrom: new))
        XCTAssertEqual(
            ListDiff(inserted: [0], deleted: [0, 1]).applied(to: old, insertingFrom: new)?.map(\.id), ["C"])
    }

    func testFingerprintsDependOnContentOnly() {
        // The same text built as a small (inline) string, by interpolation, and from bytes.
        let number = 7
        let pairs: [(String, String)] = [
            ("component-7", "component-\(number)"),
            ("a-much-longer-identifier-that-lives-on-the-heap", String(repeating: "a-much-longer-identifier-that-lives-on-the-heap", count: 1)),
            ("", String()),
            ("héllo wörld ✓", String(decoding: Array("héllo wörld ✓".utf8), as: UTF8.self)),
        ]
        for (a, b) in pairs {
            XCTAssertEqual(IdentifierList.fingerprint(a), IdentifierList.fingerprint(b), a)
        }
        XCTAssertNotEqual(IdentifierList.fingerprint("component-1"), IdentifierList.fingerprint("component-2"))
        XCTAssertNotEqual(IdentifierList.fingerprint("12345678"), IdentifierList.fingerprint("123456780"))
        // A reversed list keeps a single item in place: every other one is moved (deleted + inserted).
        let old = (0..<5_000).map { DiffItem("id\($0)") }
        let new = old.reversed() + [DiffItem("extra")]
        let diff = ListDiffer.diff(from: old, to: Array(new), algorithm: .heckel)
        assertValidScript(diff, from: old, to: Array(new))
        XCTAssertEqual(diff.editCount, 2 * 4_999 + 1)
    }
}
