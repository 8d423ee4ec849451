import XCTest

@testable import HubFramework

/// A list followed by a longer one that starts with it (a long document's first part, then the
/// whole) is diffed in one pass; the script is the one Myers finds.
final class AppendedDiffTests: XCTestCase {
    func testAnExtendedListIsItsInsertionsAndTheReloadsOfChangedContent() {
        let old = (0..<50).map { "row-\($0)" }
        let new = (0..<80).map { "row-\($0)" }
        let changed: Set<Int> = [3, 49]
        let appended = ListDiffer.appendedDiff(old: old, new: new) { oldIndex, _ in !changed.contains(oldIndex) }
        XCTAssertEqual(appended, ListDiff(inserted: Array(50..<80), deleted: [], reloaded: [3, 49]))
        let myers = ListDiffer.myers(old: old, new: new, workBudget: nil, segmentEntryLimit: nil) { oldIndex, _ in
            !changed.contains(oldIndex)
        }
        XCTAssertEqual(appended, myers?.diff, "the same script as Myers")
    }

    func testListsThatAreNotAnExtensionAreLeftToTheOtherAlgorithms() {
        let old = ["a", "b", "c"]
        XCTAssertNil(ListDiffer.appendedDiff(old: old, new: ["a", "x", "c", "d"]) { _, _ in true }, "a change inside")
        XCTAssertNil(ListDiffer.appendedDiff(old: old, new: ["a", "b", "c"]) { _, _ in true }, "nothing appended")
        XCTAssertNil(ListDiffer.appendedDiff(old: old, new: ["a", "b"]) { _, _ in true }, "shorter")
        XCTAssertNil(ListDiffer.appendedDiff(old: [], new: ["a"]) { _, _ in true }, "nothing to extend")
    }

    func testTheAutomaticDiffOfAMillionRowsAfterAThousandTakesTheOnePassScript() {
        let old = (0..<1_000).map { "row-\($0)" }
        let new = (0..<1_000_000).map { "row-\($0)" }
        let result = ListDiffer.diffReportingAlgorithm(oldIdentifiers: old, newIdentifiers: new) { _, _ in true }
        XCTAssertEqual(result.algorithm, .myers)
        XCTAssertEqual(result.diff.inserted.count, 999_000)
        XCTAssertEqual(result.diff.inserted.first, 1_000)
        XCTAssertTrue(result.diff.deleted.isEmpty)
        XCTAssertTrue(result.diff.reloaded.isEmpty)
    }
}
