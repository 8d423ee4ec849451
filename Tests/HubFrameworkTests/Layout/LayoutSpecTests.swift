import XCTest
@testable import HubFramework

/// The behaviours of the original `HUBCollectionViewLayoutTests`, with their exact numbers: a 320×400
/// container, compact components of 100×100, full-width components of 320×100, centered components of
/// 50×50, and the mock layout manager.
final class LayoutSpecTests: XCTestCase {
    let containerSize = Size(width: 320, height: 400)
    let compact = LayoutTestComponent(traits: [.compactWidth], size: Size(width: 100, height: 100))
    let full = LayoutTestComponent(traits: [.fullWidth], size: Size(width: 320, height: 100))
    let centered = LayoutTestComponent(traits: [.centered], size: Size(width: 50, height: 50))
    var manager = LayoutManagerMock()

    private func layout(_ components: [LayoutTestComponent], header: LayoutTestComponent? = nil) -> ComponentLayout {
        ComponentLayout(
            containerSize: containerSize, measuring: LayoutTestMeasuring(components, header: header),
            layoutManager: manager)
    }

    func testTopLeftContentEdgeMargins() {
        manager.contentEdgeMargins[compact.traits] = 20
        let layout = layout([compact])
        XCTAssertEqual(layout.frame(at: 0), Rect(x: 20, y: 20, width: 100, height: 100))
    }

    func testRightContentEdgeMarginNarrowsAComponentPreferringTheFullWidth() {
        manager.contentEdgeMargins[compact.traits] = 20
        var wide = compact
        wide.size = Size(width: 320, height: 50)
        let layout = layout([wide])
        XCTAssertEqual(layout.frame(at: 0), Rect(x: 20, y: 20, width: 280, height: 50))
    }

    func testVerticalMarginToTheHeader() {
        manager.headerMargins[full.traits] = 30
        let layout = layout([full], header: full)
        XCTAssertEqual(layout.frame(at: 0), Rect(x: 0, y: 130, width: 320, height: 100))
        XCTAssertEqual(layout.headerFrame, Rect(x: 0, y: 0, width: 320, height: 100))
    }

    func testWithoutHeaderMarginTheFirstRowStartsAtTheTop() {
        manager.headerMargins[full.traits] = 30
        manager.contentEdgeMargins[full.traits] = 7
        let layout = ComponentLayout(
            containerSize: containerSize, measuring: LayoutTestMeasuring([full], header: full),
            layoutManager: manager, addsHeaderMargin: false)
        XCTAssertEqual(layout.frame(at: 0), Rect(x: 7, y: 0, width: 306, height: 100))
    }

    func testContentSizeIncludesTheBottomMarginOfTheLastRow() {
        manager.contentEdgeMargins[centered.traits] = 40
        let layout = layout([compact, full, compact, full, centered])
        XCTAssertEqual(layout.contentSize, Size(width: 320, height: 490))
    }

    func testComponentThatDoesNotFitMovesToANewRow() {
        manager.verticalMargins[compact.traits] = 20
        manager.contentEdgeMargins[compact.traits] = 15
        let layout = layout([compact, compact, compact])
        XCTAssertEqual(layout.frame(at: 0), Rect(x: 15, y: 15, width: 100, height: 100))
        XCTAssertEqual(layout.frame(at: 1), Rect(x: 115, y: 15, width: 100, height: 100))
        XCTAssertEqual(layout.frame(at: 2), Rect(x: 15, y: 135, width: 100, height: 100))
        XCTAssertEqual(layout.rowCount, 2)
    }

    func testFourthCompactWrapsBelowTheFirstRowWithTheVerticalMargin() {
        manager.verticalMargins[compact.traits] = 20
        let layout = layout([compact, compact, compact, compact])
        XCTAssertEqual(layout.frame(at: 3), Rect(x: 0, y: 120, width: 100, height: 100))
    }

    func testHorizontalMarginOfGreatestFiniteMagnitudeForcesANewRow() {
        manager.horizontalMargins[compact.traits] = .greatestFiniteMagnitude
        manager.verticalMargins[compact.traits] = 20
        let layout = layout([centered, compact])
        XCTAssertEqual(layout.frame(at: 0), Rect(x: 0, y: 0, width: 50, height: 50))
        XCTAssertEqual(layout.frame(at: 1), Rect(x: 0, y: 70, width: 100, height: 100))
    }

    // MARK: Right to left (issue 27, goal 2): the same cases, with their exact mirrored frames.

    private func rightToLeft(_ components: [LayoutTestComponent], header: LayoutTestComponent? = nil) -> ComponentLayout {
        var layout = layout(components, header: header)
        layout.direction = .rightToLeft
        return layout
    }

    func testRightToLeftTheContentEdgeMarginsAreTopRight() {
        manager.contentEdgeMargins[compact.traits] = 20
        XCTAssertEqual(rightToLeft([compact]).frame(at: 0), Rect(x: 200, y: 20, width: 100, height: 100))
        var wide = compact
        wide.size = Size(width: 320, height: 50)
        XCTAssertEqual(rightToLeft([wide]).frame(at: 0), Rect(x: 20, y: 20, width: 280, height: 50))
    }

    func testRightToLeftCompactComponentsFlowFromTheRight() {
        manager.verticalMargins[compact.traits] = 20
        manager.contentEdgeMargins[compact.traits] = 15
        let layout = rightToLeft([compact, compact, compact])
        XCTAssertEqual(layout.frame(at: 0), Rect(x: 205, y: 15, width: 100, height: 100))
        XCTAssertEqual(layout.frame(at: 1), Rect(x: 105, y: 15, width: 100, height: 100))
        XCTAssertEqual(layout.frame(at: 2), Rect(x: 205, y: 135, width: 100, height: 100))
        XCTAssertEqual(layout.rowCount, 2)
        XCTAssertEqual(layout.indexes(intersecting: Rect(x: 0, y: 0, width: 120, height: 50)), [1])
        XCTAssertEqual(layout.index(at: Point(x: 300, y: 140)), 2)
    }

    func testRightToLeftTheFourthCompactWrapsToTheRightEdge() {
        manager.verticalMargins[compact.traits] = 20
        let layout = rightToLeft([compact, compact, compact, compact])
        XCTAssertEqual(layout.frames.prefix(3), [Rect(x: 220, y: 0, width: 100, height: 100),
                                                 Rect(x: 120, y: 0, width: 100, height: 100),
                                                 Rect(x: 20, y: 0, width: 100, height: 100)])
        XCTAssertEqual(layout.frame(at: 3), Rect(x: 220, y: 120, width: 100, height: 100))
    }

    func testRightToLeftHeaderAndContentSizeStay() {
        manager.headerMargins[full.traits] = 30
        var narrow = full
        narrow.size = Size(width: 200, height: 80)
        let layout = rightToLeft([full], header: narrow)
        XCTAssertEqual(layout.headerFrame, Rect(x: 120, y: 0, width: 200, height: 80))
        XCTAssertEqual(layout.frame(at: 0), Rect(x: 0, y: 110, width: 320, height: 100))
        XCTAssertEqual(layout.contentSize, self.layout([full], header: narrow).contentSize)
    }

    func testRowOffsetMovesEveryComponentOfTheRow() {
        manager.rowOffsets[[centered.traits, centered.traits]] = 110
        let layout = layout([centered, centered])
        XCTAssertEqual(layout.frame(at: 0).minX, 110)
        XCTAssertEqual(layout.frame(at: 1).minX, 160)
    }

    func testTargetOffsetWithoutADiffIsTheProposedOne() {
        let components = Array(repeating: full, count: 30)
        let previous = layout(components)
        let current = layout(components)
        let proposed = Point(x: 0, y: 1200)
        let target = ContentOffsetPreservation.targetContentOffset(
            proposedOffset: proposed, previousLayout: previous, newLayout: current, diff: nil,
            currentOffset: Point(x: 0, y: 600), topVisibleIndex: 6, contentInset: .zero,
            viewHeight: containerSize.height)
        XCTAssertEqual(target, Point(x: 0, y: 1200))
        let withoutPrevious = ContentOffsetPreservation.targetContentOffset(
            proposedOffset: proposed, previousLayout: nil, newLayout: current,
            diff: (insertedIndexes: [0], deletedIndexes: []), currentOffset: .zero, topVisibleIndex: nil,
            contentInset: .zero, viewHeight: containerSize.height)
        XCTAssertEqual(withoutPrevious, Point(x: 0, y: 1200))
    }

    func testTargetOffsetFromEmptyToTwentyComponentsStaysAtTheTop() {
        let previous = layout([])
        let current = layout(Array(repeating: full, count: 20))
        let target = ContentOffsetPreservation.targetContentOffset(
            proposedOffset: Point(x: 0, y: 500), previousLayout: previous, newLayout: current,
            diff: (insertedIndexes: Array(0..<20), deletedIndexes: []), currentOffset: .zero,
            topVisibleIndex: nil, contentInset: .zero, viewHeight: containerSize.height)
        XCTAssertEqual(target, Point(x: 0, y: 0))
    }

    func testTargetOffsetKeepsTheTopVisibleComponentInPlace() {
        let previous = layout(Array(repeating: full, count: 30))
        // The first 12 removed, 2 inserted at the top.
        let current = layout(Array(repeating: full, count: 20))
        let offset = previous.frame(at: 25).minY
        XCTAssertEqual(offset, 2500)
        let visible = Rect(x: 0, y: offset, width: 320, height: 400)
        XCTAssertEqual(previous.firstIndex(intersecting: visible), 25)
        let target = ContentOffsetPreservation.targetContentOffset(
            proposedOffset: .zero, previousLayout: previous, newLayout: current,
            diff: (insertedIndexes: [0, 1], deletedIndexes: Array(0..<12)),
            currentOffset: Point(x: 0, y: offset), topVisibleIndex: previous.firstIndex(intersecting: visible),
            contentInset: .zero, viewHeight: containerSize.height)
        XCTAssertEqual(target, Point(x: 0, y: offset - 1200 + 200))
        // Component 25 is now component 15, still at the top of the view.
        XCTAssertEqual(current.frame(at: 15).minY, target.y)
    }

    func testTargetOffsetIsClampedToTheInsets() {
        let insets = EdgeInsets(top: 27, left: 0, bottom: 34, right: 0)
        let previous = layout(Array(repeating: compact, count: 10))
        let current = layout(Array(repeating: compact, count: 20))
        let inserted = ContentOffsetPreservation.targetContentOffset(
            proposedOffset: .zero, previousLayout: previous, newLayout: current,
            diff: (insertedIndexes: Array(0..<10), deletedIndexes: []), currentOffset: Point(x: 0, y: 400),
            topVisibleIndex: 9, contentInset: insets, viewHeight: containerSize.height)
        XCTAssertEqual(current.contentSize.height, 700)
        XCTAssertEqual(inserted, Point(x: 0, y: current.contentSize.height + 34 - 400))

        let empty = layout([])
        let removed = ContentOffsetPreservation.targetContentOffset(
            proposedOffset: .zero, previousLayout: current, newLayout: empty,
            diff: (insertedIndexes: [], deletedIndexes: Array(0..<20)), currentOffset: .zero,
            topVisibleIndex: nil, contentInset: insets, viewHeight: containerSize.height)
        XCTAssertEqual(removed, Point(x: 0, y: -27))
    }

    // The layout side of `HubManager(componentMargin:)`: one component with a default layout manager of margin 15.
    func testDefaultManagerPlacesTheFirstComponentAtTheMargin() {
        let layout = ComponentLayout(
            containerSize: containerSize, measuring: LayoutTestMeasuring([compact]),
            layoutManager: DefaultComponentLayoutManager(margin: 15))
        XCTAssertEqual(layout.frame(at: 0).origin, Point(x: 15, y: 15))
    }

    func testEmptyLayout() {
        let layout = layout([])
        XCTAssertEqual(layout.count, 0)
        XCTAssertEqual(layout.rowCount, 0)
        XCTAssertEqual(layout.contentSize, Size(width: 320, height: 0))
        XCTAssertEqual(layout.frame(at: 0), .zero)
        XCTAssertEqual(layout.indexes(intersecting: Rect(x: 0, y: 0, width: 320, height: 400)), [])
        XCTAssertNil(layout.index(at: Point(x: 1, y: 1)))
    }

    func testFrameOutOfBoundsIsZero() {
        let layout = layout([compact])
        XCTAssertEqual(layout.frame(at: -1), .zero)
        XCTAssertEqual(layout.frame(at: 1), .zero)
    }

    func testLayoutManagerIsAskedOncePerCombinationOfTraitSets() {
        let counting = LayoutCountingManager(base: DefaultComponentLayoutManager(margin: 10))
        var components: [LayoutTestComponent] = []
        for index in 0..<600 {
            components.append([compact, full, centered][index % 3])
        }
        _ = ComponentLayout(containerSize: containerSize, measuring: LayoutTestMeasuring(components), layoutManager: counting)
        // 3 trait sets: at most 4 edges × 3 + 9 horizontal + 9 vertical pairs, and a few distinct rows.
        XCTAssertLessThanOrEqual(counting.counter.margins, 12 + 9 + 9)
        XCTAssertLessThanOrEqual(counting.counter.rowOffsets, 3)
    }
}

/// Counts the questions a layout manager is asked.
struct LayoutCountingManager: ComponentLayoutManager {
    final class Counter: @unchecked Sendable {
        var margins = 0
        var rowOffsets = 0
    }

    let base: any ComponentLayoutManager
    let counter = Counter()

    func margin(forTraits traits: Set<LayoutTrait>, toContentEdge edge: ContentEdge) -> Double {
        counter.margins += 1
        return base.margin(forTraits: traits, toContentEdge: edge)
    }

    func verticalMarginBetween(traits: Set<LayoutTrait>, headerTraits: Set<LayoutTrait>) -> Double {
        counter.margins += 1
        return base.verticalMarginBetween(traits: traits, headerTraits: headerTraits)
    }

    func horizontalMargin(forTraits traits: Set<LayoutTrait>, precedingTraits: Set<LayoutTrait>) -> Double {
        counter.margins += 1
        return base.horizontalMargin(forTraits: traits, precedingTraits: precedingTraits)
    }

    func verticalMargin(forTraits traits: Set<LayoutTrait>, precedingTraits: Set<LayoutTrait>) -> Double {
        counter.margins += 1
        return base.verticalMargin(forTraits: traits, precedingTraits: precedingTraits)
    }

    func horizontalOffset(
        forRowTraits rowTraits: [Set<LayoutTrait>],
        firstComponentLeadingOffset: Double,
        lastComponentTrailingOffset: Double
    ) -> Double {
        counter.rowOffsets += 1
        return base.horizontalOffset(
            forRowTraits: rowTraits, firstComponentLeadingOffset: firstComponentLeadingOffset,
            lastComponentTrailingOffset: lastComponentTrailingOffset)
    }
}
