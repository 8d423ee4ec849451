import XCTest
@testable import HubFramework

/// Incremental updates do only the work they must: pagination measures only the new components (and
/// the old last row), a size change re-flows from its row and moves the rows below without measuring
/// them, and the result is always the full layout's.
final class LayoutIncrementalTests: XCTestCase {
    let containerSize = Size(width: 320, height: 400)
    let manager = DefaultComponentLayoutManager(margin: 10)
    let card = LayoutTestComponent(traits: [.compactWidth], size: Size(width: 90, height: 120))
    let row = LayoutTestComponent(traits: [.fullWidth], size: Size(width: 320, height: 60))

    private func fullLayout(_ measuring: LayoutTestMeasuring) -> ComponentLayout {
        ComponentLayout(containerSize: containerSize, measuring: measuring, layoutManager: manager)
    }

    func testAppendingAPageMeasuresOnlyTheNewComponentsAndTheLastRow() {
        // 1000 cards, three to a row: the last row holds one card (index 999).
        var measuring = LayoutTestMeasuring(Array(repeating: card, count: 1000))
        var layout = fullLayout(measuring)
        XCTAssertEqual(layout.indexes(inRow: layout.rowCount - 1), 999..<1000)

        measuring.components += Array(repeating: card, count: 50)
        measuring.resetCounts()
        let changed = layout.appendBodyComponents(measuring: measuring)
        XCTAssertEqual(changed, 999..<1050)
        XCTAssertEqual(measuring.counter.measuredIndexes, Array(999..<1050))
        XCTAssertEqual(layout.geometry, fullLayout(measuring).geometry)
        // The new cards joined the old last row.
        XCTAssertEqual(layout.indexes(inRow: 333), 999..<1002)
    }

    func testAppendingReCentersTheLastRow() {
        let centered = LayoutTestComponent(traits: [.centered], size: Size(width: 50, height: 50))
        var measuring = LayoutTestMeasuring([centered])
        var layout = fullLayout(measuring)
        XCTAssertEqual(layout.frame(at: 0).minX, 135)  // floor((10 + 260) / 2 - 10) = 125 → 10 + 125
        measuring.components.append(centered)
        layout.appendBodyComponents(measuring: measuring)
        XCTAssertEqual(layout.frame(at: 0).minX, 105)
        XCTAssertEqual(layout.frame(at: 1).minX, 165)
        XCTAssertEqual(layout.geometry, fullLayout(measuring).geometry)
    }

    func testAppendingToAnEmptyLayout() {
        var measuring = LayoutTestMeasuring([])
        var layout = fullLayout(measuring)
        measuring.components = [card, card, row]
        layout.appendBodyComponents(measuring: measuring)
        XCTAssertEqual(layout.geometry, fullLayout(measuring).geometry)
    }

    func testHeightChangeReflowsFromItsRowAndMovesTheRest() {
        var measuring = LayoutTestMeasuring(Array(repeating: row, count: 1000))
        var layout = fullLayout(measuring)
        let before = layout
        measuring.components[500].size.height = 100
        measuring.resetCounts()
        let changed = layout.invalidateBodyComponents(at: [500], measuring: measuring)
        // Component 500 starts its row, so the row above is replayed too; component 501 is measured to
        // see that it still starts a row; nothing else is measured.
        XCTAssertEqual(measuring.counter.measuredIndexes, [499, 500, 501])
        XCTAssertEqual(changed, 499..<1000)
        XCTAssertEqual(layout.frame(at: 501).minY, before.frame(at: 501).minY + 40)
        XCTAssertEqual(layout.frame(at: 999).minY, before.frame(at: 999).minY + 40)
        XCTAssertEqual(layout.contentSize.height, before.contentSize.height + 40)
        XCTAssertEqual(layout.geometry, fullLayout(measuring).geometry)
    }

    func testHeightChangeInsideATallerRowMovesNothingBelow() {
        var components = Array(repeating: card, count: 30)
        components[4].size.height = 200  // row 1 (cards 3, 4, 5) is 200 high
        var measuring = LayoutTestMeasuring(components)
        var layout = fullLayout(measuring)
        let before = layout
        measuring.components[5].size.height = 150  // still shorter than card 4
        measuring.resetCounts()
        let changed = layout.invalidateBodyComponents(at: [5], measuring: measuring)
        XCTAssertEqual(measuring.counter.measuredIndexes, [3, 4, 5, 6])
        XCTAssertEqual(changed, 3..<6)
        XCTAssertEqual(layout.frame(at: 5).height, 150)
        for index in 6..<30 {
            XCTAssertEqual(layout.frame(at: index), before.frame(at: index))
        }
        XCTAssertEqual(layout.geometry, fullLayout(measuring).geometry)
    }

    func testNarrowerComponentMovesUpToTheRowAbove() {
        let wide = LayoutTestComponent(traits: [.compactWidth], size: Size(width: 200, height: 100))
        var measuring = LayoutTestMeasuring([card, card, wide, card, card])
        var layout = fullLayout(measuring)
        XCTAssertEqual(layout.row(containing: 2), 1)
        measuring.components[2].size.width = 90
        layout.invalidateBodyComponents(at: [2], measuring: measuring)
        XCTAssertEqual(layout.row(containing: 2), 0)
        XCTAssertEqual(layout.geometry, fullLayout(measuring).geometry)
    }

    func testWidthChangeLaysOutEverythingAgain() {
        var components: [LayoutTestComponent] = []
        for index in 0..<200 {
            components.append(index % 7 == 0 ? row : card)
        }
        let measuring = LayoutTestMeasuring(components)
        var layout = fullLayout(measuring)
        let wide = Size(width: 1024, height: 768)
        measuring.resetCounts()
        layout.resize(to: wide, measuring: measuring)
        XCTAssertEqual(measuring.counter.sizes, 200)
        XCTAssertEqual(layout.containerSize, wide)
        let expected = ComponentLayout(containerSize: wide, measuring: measuring, layoutManager: manager)
        XCTAssertEqual(layout.geometry, expected.geometry)
        XCTAssertEqual(layout.contentSize.width, 1024)
    }

    func testInsertingAtTheTopMovesTheRestWithoutMeasuringIt() {
        var measuring = LayoutTestMeasuring(Array(repeating: row, count: 100))
        var layout = fullLayout(measuring)
        measuring.components.insert(contentsOf: [row, row], at: 0)
        measuring.resetCounts()
        let changed = layout.update(insertedIndexes: [0, 1], deletedIndexes: [], measuring: measuring)
        XCTAssertEqual(changed, 0..<102)
        // The inserted rows and the old first row (whose top margin may have been the first row's).
        XCTAssertEqual(measuring.counter.measuredIndexes, [0, 1, 2, 3])
        XCTAssertEqual(layout.geometry, fullLayout(measuring).geometry)
    }

    func testDeletingRowsInTheMiddle() {
        var measuring = LayoutTestMeasuring(Array(repeating: row, count: 100))
        var layout = fullLayout(measuring)
        measuring.components.removeSubrange(40..<50)
        measuring.resetCounts()
        layout.update(insertedIndexes: [], deletedIndexes: Array(40..<50), measuring: measuring)
        XCTAssertEqual(measuring.counter.measuredIndexes, [39, 40])
        XCTAssertEqual(layout.count, 90)
        XCTAssertEqual(layout.geometry, fullLayout(measuring).geometry)
    }

    func testAnInconsistentDiffFallsBackToAFullLayout() {
        var measuring = LayoutTestMeasuring(Array(repeating: row, count: 10))
        var layout = fullLayout(measuring)
        measuring.components.append(row)
        let changed = layout.update(insertedIndexes: [], deletedIndexes: [3], measuring: measuring)
        XCTAssertEqual(changed, 0..<11)
        XCTAssertEqual(layout.geometry, fullLayout(measuring).geometry)
    }

    func testHeaderChangeMovesTheBody() {
        let header = LayoutTestComponent(traits: [.fullWidth], size: Size(width: 320, height: 200))
        var measuring = LayoutTestMeasuring(Array(repeating: row, count: 20), header: header)
        var layout = fullLayout(measuring)
        XCTAssertEqual(layout.frame(at: 0).minY, 210)
        measuring.header?.size.height = 100
        measuring.resetCounts()
        layout.invalidateHeader(measuring: measuring)
        XCTAssertEqual(layout.headerFrame, Rect(x: 0, y: 0, width: 320, height: 100))
        XCTAssertEqual(layout.frame(at: 0).minY, 110)
        XCTAssertEqual(measuring.counter.measuredIndexes, [0, 1])
        XCTAssertEqual(layout.geometry, fullLayout(measuring).geometry)
    }

    func testLayoutIsAValue() {
        var measuring = LayoutTestMeasuring(Array(repeating: row, count: 10))
        var layout = fullLayout(measuring)
        let copy = layout
        measuring.components.append(row)
        layout.appendBodyComponents(measuring: measuring)
        XCTAssertEqual(copy.count, 10)
        XCTAssertEqual(layout.count, 11)
        // Sendable: a layout can be handed to another task.
        let sendable: any Sendable = layout
        XCTAssertNotNil(sendable)
    }

    func testLayoutDataStaysUnderSixtyFourBytesPerComponent() {
        var components: [LayoutTestComponent] = []
        for index in 0..<10_000 {
            components.append(index % 5 == 0 ? row : card)
        }
        let layout = fullLayout(LayoutTestMeasuring(components))
        XCTAssertLessThanOrEqual(Double(layout.layoutDataByteCount) / Double(layout.count), 48)
        XCTAssertLessThan(Double(layout.layoutDataCapacityByteCount) / Double(layout.count), 64)
    }

    func testContentOffsetForDisplayingAComponent() {
        let layout = fullLayout(LayoutTestMeasuring(Array(repeating: row, count: 20)))  // rows at 10, 80, 150, …
        let insets = EdgeInsets(top: 30, left: 0, bottom: 0, right: 0)
        XCTAssertEqual(
            layout.contentOffset(forDisplayingComponentAt: 5, scrollPosition: .top, contentInset: insets, viewHeight: 400),
            Point(x: 0, y: 360))
        XCTAssertEqual(
            layout.contentOffset(
                forDisplayingComponentAt: 5, scrollPosition: .centeredVertically, contentInset: insets, viewHeight: 401),
            Point(x: 0, y: 189))  // midY 390 - 200.5 = 189.5, floored
        XCTAssertEqual(
            layout.contentOffset(forDisplayingComponentAt: 5, scrollPosition: .bottom, contentInset: insets, viewHeight: 400),
            Point(x: 0, y: 20))
        // Clamped to the top inset and to the end of the content.
        XCTAssertEqual(
            layout.contentOffset(forDisplayingComponentAt: 0, scrollPosition: .bottom, contentInset: insets, viewHeight: 400),
            Point(x: 0, y: -30))
        XCTAssertEqual(
            layout.contentOffset(forDisplayingComponentAt: 19, scrollPosition: .top, contentInset: insets, viewHeight: 400),
            Point(x: 0, y: layout.contentSize.height - 400))
    }

    /// A filter that hides most rows truncates the layout before the change and lays the rest out
    /// from the new list (IncrementalLayout): what it keeps plus what it appends is the full layout
    /// of the new list, whatever the row the change falls in, and the layout the view still shows
    /// (sharing the arrays) is not touched.
    func testTruncatingAtAChangeThenAppendingIsTheFullLayout() {
        var mixed: [LayoutTestComponent] = []
        for index in 0..<300 { mixed.append(index % 7 == 0 ? row : card) }
        let measuring = LayoutTestMeasuring(mixed)
        let original = fullLayout(measuring)
        for change in [0, 1, 2, 3, 4, 7, 8, 150, 298, 299] {
            var layout = original
            let kept = layout.truncate(keepingRowsBefore: change)
            XCTAssertLessThanOrEqual(kept, change)
            XCTAssertEqual(layout.count, kept)
            XCTAssertEqual(kept == 0 ? 0 : Int(layout.indexes(inRow: layout.rowCount - 1).upperBound), kept,
                           "whole rows are kept")
            // The new list: every other component after the change is gone (a filter).
            var filtered = Array(mixed[..<kept])
            for (offset, component) in mixed[kept...].enumerated() where offset % 2 == 0 { filtered.append(component) }
            let newMeasuring = LayoutTestMeasuring(filtered)
            layout.appendBodyComponents(measuring: newMeasuring)
            XCTAssertEqual(layout.geometry, fullLayout(newMeasuring).geometry, "truncated at \(change)")
            XCTAssertEqual(original.geometry, fullLayout(measuring).geometry, "the shown layout is untouched")
        }
        var empty = original
        XCTAssertEqual(empty.truncate(keepingRowsBefore: 0), 0)
        XCTAssertEqual(empty.contentSize.height, 0)
        var whole = original
        XCTAssertEqual(whole.truncate(keepingRowsBefore: 300), 300, "a change after the last component keeps all")
    }
}
