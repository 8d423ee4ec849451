import XCTest
@testable import HubFramework

/// Randomised checks (with a seeded generator, so every run is the same) of properties that must hold
/// for any mix of components: frames on a row never overlap, never leave the container, rows follow
/// model order, and every incremental update gives exactly the layout a full pass gives.
final class LayoutPropertyTests: XCTestCase {
    private static let traitPalette: [Set<LayoutTrait>] = [
        [], [.compactWidth], [.fullWidth], [.centered], [.stackable], [.stackable, .fullWidth],
        [.alwaysStackUpwards, .fullWidth], [.compactWidth, .appDefinedHero], [.centered, .stackable],
    ]

    private struct Scenario {
        var width: Double
        var manager: any ComponentLayoutManager
        var components: [LayoutTestComponent]
        var header: LayoutTestComponent?
        var addsHeaderMargin: Bool

        var containerSize: Size { Size(width: width, height: 600) }

        func measuring() -> LayoutTestMeasuring { LayoutTestMeasuring(components, header: header) }

        func fullLayout() -> ComponentLayout {
            ComponentLayout(
                containerSize: containerSize, measuring: measuring(), layoutManager: manager,
                addsHeaderMargin: addsHeaderMargin)
        }
    }

    private func randomComponent(width: Double, using rng: inout LayoutSeededRandom) -> LayoutTestComponent {
        let traits = Self.traitPalette.randomElement(using: &rng)!
        let componentWidth: Double
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: componentWidth = width
        case 1: componentWidth = width + Double(Int.random(in: 1...80, using: &rng))
        case 2: componentWidth = 0
        default: componentWidth = Double(Int.random(in: 10...200, using: &rng))
        }
        let height = Double(Int.random(in: 0...160, using: &rng))
        return LayoutTestComponent(traits: traits, size: Size(width: componentWidth, height: height))
    }

    private func randomScenario(using rng: inout LayoutSeededRandom, maxCount: Int = 120) -> Scenario {
        let width = [320.0, 375, 768, 1024].randomElement(using: &rng)!
        let manager: any ComponentLayoutManager
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: manager = DefaultComponentLayoutManager(margin: Double(Int.random(in: 0...24, using: &rng)))
        case 1: manager = LayoutGuideManager()
        case 2: manager = LayoutTableManager(seed: rng.next())
        default: manager = LayoutManagerMock(
            contentEdgeMargins: [[.compactWidth]: 12, [.centered]: 8],
            headerMargins: [[.fullWidth]: 6],
            horizontalMargins: [[.compactWidth]: 10, [.centered]: 4],
            verticalMargins: [[.compactWidth]: 10, []: 3])
        }
        let count = Int.random(in: 0...maxCount, using: &rng)
        let components = (0..<count).map { _ in randomComponent(width: width, using: &rng) }
        let header: LayoutTestComponent? =
            Bool.random(using: &rng)
            ? LayoutTestComponent(
                traits: Self.traitPalette.randomElement(using: &rng)!,
                size: Size(width: width, height: Double(Int.random(in: 0...120, using: &rng)))) : nil
        return Scenario(
            width: width, manager: manager, components: components, header: header,
            addsHeaderMargin: Int.random(in: 0..<4, using: &rng) != 0)
    }

    private func assertWellFormed(
        _ layout: ComponentLayout, width: Double, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        var expectedStart = 0
        var previousRowMaxY = -Double.infinity
        for row in 0..<layout.rowCount {
            let members = layout.indexes(inRow: row)
            // Rows are contiguous, in model order, and cover every component.
            XCTAssertEqual(members.lowerBound, expectedStart, "rows are not contiguous: \(message)", file: file, line: line)
            XCTAssertFalse(members.isEmpty, "empty row: \(message)", file: file, line: line)
            expectedStart = members.upperBound
            var rowMaxY = -Double.infinity
            for index in members {
                let frame = layout.frame(at: index)
                XCTAssertEqual(layout.row(containing: index), row, message, file: file, line: line)
                // Never outside the container.
                XCTAssertGreaterThanOrEqual(frame.minX, 0, "x < 0 at \(index): \(message)", file: file, line: line)
                XCTAssertLessThanOrEqual(frame.maxX, width, "maxX > width at \(index): \(message)", file: file, line: line)
                XCTAssertGreaterThanOrEqual(frame.width, 0, message, file: file, line: line)
                // Below every component of the row above.
                XCTAssertGreaterThanOrEqual(frame.minY, previousRowMaxY, "row overlap at \(index): \(message)", file: file, line: line)
                if index > members.lowerBound {
                    // Left to right in model order, without overlapping.
                    let left = layout.frame(at: index - 1)
                    XCTAssertGreaterThanOrEqual(frame.minX, left.maxX, "overlap at \(index): \(message)", file: file, line: line)
                    if row > 0 {
                        XCTAssertEqual(frame.minY, left.minY, "rows share a y: \(message)", file: file, line: line)
                    }
                }
                rowMaxY = max(rowMaxY, frame.maxY)
            }
            previousRowMaxY = max(previousRowMaxY, rowMaxY)
        }
        XCTAssertEqual(expectedStart, layout.count, "rows do not cover every component: \(message)", file: file, line: line)
        XCTAssertEqual(layout.contentSize.width, width, message, file: file, line: line)
        if layout.count > 0 {
            XCTAssertGreaterThanOrEqual(layout.contentSize.height, previousRowMaxY, message, file: file, line: line)
        }
    }

    func testFramesAreWellFormed() {
        var rng = LayoutSeededRandom(seed: 1)
        for iteration in 0..<300 {
            let scenario = randomScenario(using: &rng)
            assertWellFormed(scenario.fullLayout(), width: scenario.width, "iteration \(iteration)")
        }
    }

    /// Right to left (issue 27, goal 2): every frame is its left-to-right frame mirrored across the
    /// container, the queries answer for the mirrored frames, and nothing vertical changes.
    func testRightToLeftMirrorsEveryFrameAndQuery() {
        var rng = LayoutSeededRandom(seed: 11)
        for iteration in 0..<200 {
            let scenario = randomScenario(using: &rng)
            let leftToRight = scenario.fullLayout()
            var rightToLeft = leftToRight
            rightToLeft.direction = .rightToLeft
            let width = scenario.width
            func mirrored(_ rect: Rect) -> Rect {
                Rect(x: width - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
            }
            let message = "iteration \(iteration)"
            XCTAssertEqual(rightToLeft.frames, leftToRight.frames.map(mirrored), message)
            XCTAssertEqual(rightToLeft.headerFrame, leftToRight.headerFrame.map(mirrored), message)
            XCTAssertEqual(rightToLeft.contentSize, leftToRight.contentSize, message)
            // Rows read from the right: each component left of the one before it, inside the container.
            for row in 0..<rightToLeft.rowCount {
                var previousMinX = width
                for index in rightToLeft.indexes(inRow: row) {
                    let frame = rightToLeft.frame(at: index)
                    XCTAssertLessThanOrEqual(frame.maxX, previousMinX + 1e-9, "\(message), row \(row), index \(index)")
                    XCTAssertGreaterThanOrEqual(frame.minX, -1e-9, message)
                    previousMinX = frame.minX
                }
            }
            for _ in 0..<5 {
                let probe = Rect(x: Double.random(in: 0..<width, using: &rng), y: Double.random(in: 0..<800, using: &rng),
                                 width: Double.random(in: 1..<width, using: &rng), height: Double.random(in: 1..<400, using: &rng))
                XCTAssertEqual(rightToLeft.indexes(intersecting: probe), leftToRight.indexes(intersecting: mirrored(probe)), message)
                XCTAssertEqual(rightToLeft.firstIndex(intersecting: probe), leftToRight.firstIndex(intersecting: mirrored(probe)),
                               message)
                let point = Point(x: probe.minX, y: probe.minY)
                XCTAssertEqual(rightToLeft.index(at: point), leftToRight.index(at: Point(x: width - point.x, y: point.y)), message)
            }
            // Incremental updates keep the direction.
            var appended = rightToLeft
            appended.resize(to: Size(width: width, height: 600), measuring: scenario.measuring())
            XCTAssertEqual(appended.frames, rightToLeft.frames, message)
        }
    }

    func testAppendingPagesEqualsAFullLayout() {
        var rng = LayoutSeededRandom(seed: 2)
        for iteration in 0..<200 {
            let scenario = randomScenario(using: &rng)
            let all = scenario.components
            var measuring = LayoutTestMeasuring([], header: scenario.header)
            var layout = ComponentLayout(
                containerSize: scenario.containerSize, measuring: measuring, layoutManager: scenario.manager,
                addsHeaderMargin: scenario.addsHeaderMargin)
            while measuring.components.count < all.count {
                let previous = layout
                let page = Int.random(in: 1...30, using: &rng)
                let end = min(all.count, measuring.components.count + page)
                let firstNew = measuring.components.count
                measuring.components = Array(all[..<end])
                measuring.resetCounts()
                let changed = layout.appendBodyComponents(measuring: measuring)
                // Only the new components and the old last row were measured.
                let lastRowStart = previous.rowCount > 0 ? previous.indexes(inRow: previous.rowCount - 1).lowerBound : 0
                XCTAssertTrue(
                    measuring.counter.measuredIndexes.allSatisfy { $0 >= lastRowStart },
                    "iteration \(iteration): measured \(measuring.counter.measuredIndexes), last row from \(lastRowStart)")
                XCTAssertTrue(
                    measuring.counter.measuredIndexes.count <= end - firstNew + (firstNew - lastRowStart),
                    "iteration \(iteration)")
                XCTAssertEqual(changed.upperBound, end)
                // Frames before the changed range are untouched.
                for index in 0..<changed.lowerBound {
                    XCTAssertEqual(layout.frame(at: index), previous.frame(at: index))
                }
            }
            let full = scenario.fullLayout()
            XCTAssertEqual(layout.geometry, full.geometry, "iteration \(iteration)")
        }
    }

    func testInvalidatingAComponentEqualsAFullLayout() {
        var rng = LayoutSeededRandom(seed: 3)
        var rejoinedUnmoved = 0
        var rejoinedMoved = 0
        for iteration in 0..<300 {
            var scenario = randomScenario(using: &rng)
            guard !scenario.components.isEmpty else { continue }
            var layout = scenario.fullLayout()
            let previous = layout
            let changes = Int.random(in: 1...3, using: &rng)
            var indexes: [Int] = []
            for _ in 0..<changes {
                let index = Int.random(in: 0..<scenario.components.count, using: &rng)
                indexes.append(index)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0, 1:  // height only
                    scenario.components[index].size.height = Double(Int.random(in: 0...160, using: &rng))
                case 2:
                    scenario.components[index] = randomComponent(width: scenario.width, using: &rng)
                default:  // unchanged
                    break
                }
            }
            let measuring = scenario.measuring()
            let changed = layout.invalidateBodyComponents(at: indexes, measuring: measuring)
            if changed.upperBound < layout.count {
                rejoinedUnmoved += 1
            } else if measuring.counter.sizes < layout.count - changed.lowerBound {
                rejoinedMoved += 1
            }
            let full = scenario.fullLayout()
            XCTAssertEqual(layout.geometry, full.geometry, "iteration \(iteration), changed \(indexes)")
            // Outside the reported range, frames are the old ones.
            for index in 0..<changed.lowerBound {
                XCTAssertEqual(layout.frame(at: index), previous.frame(at: index), "iteration \(iteration)")
            }
            for index in changed.upperBound..<layout.count {
                XCTAssertEqual(layout.frame(at: index), previous.frame(at: index), "iteration \(iteration)")
            }
        }
        // Both ways of stopping early were exercised.
        XCTAssertGreaterThan(rejoinedUnmoved, 20)
        XCTAssertGreaterThan(rejoinedMoved, 20)
    }

    func testApplyingADiffEqualsAFullLayout() {
        var rng = LayoutSeededRandom(seed: 4)
        for iteration in 0..<300 {
            var scenario = randomScenario(using: &rng)
            var layout = scenario.fullLayout()
            let previous = layout
            // Build a new list: drop some components, change some, insert new ones.
            var deleted: [Int] = []
            var reloaded: [Int] = []
            var survivors: [LayoutTestComponent] = []
            let mode = Int.random(in: 0..<3, using: &rng)  // 0: scattered, 1: one block, 2: nothing deleted
            let block = scenario.components.isEmpty ? 0..<0 : {
                let start = Int.random(in: 0..<scenario.components.count, using: &rng)
                return start..<min(scenario.components.count, start + Int.random(in: 1...8, using: &rng))
            }()
            for (index, component) in scenario.components.enumerated() {
                let delete = mode == 0 ? Int.random(in: 0..<10, using: &rng) == 0 : (mode == 1 && block.contains(index))
                if delete {
                    deleted.append(index)
                } else if Int.random(in: 0..<25, using: &rng) == 0 {
                    reloaded.append(index)
                    survivors.append(randomComponent(width: scenario.width, using: &rng))
                } else {
                    survivors.append(component)
                }
            }
            var inserted: [Int] = []
            var newList = survivors
            let insertions = Int.random(in: 0...6, using: &rng)
            for _ in 0..<insertions {
                let position = Int.random(in: 0...newList.count, using: &rng)
                newList.insert(randomComponent(width: scenario.width, using: &rng), at: position)
                inserted = inserted.map { $0 >= position ? $0 + 1 : $0 }
                inserted.append(position)
            }
            scenario.components = newList
            layout.update(
                insertedIndexes: inserted, deletedIndexes: deleted, reloadedIndexes: reloaded,
                measuring: scenario.measuring())
            XCTAssertEqual(
                layout.geometry, scenario.fullLayout().geometry,
                "iteration \(iteration): inserted \(inserted) deleted \(deleted) reloaded \(reloaded)")
            _ = previous
        }
    }

    func testHeaderChangesEqualAFullLayout() {
        var rng = LayoutSeededRandom(seed: 5)
        for iteration in 0..<200 {
            var scenario = randomScenario(using: &rng)
            var layout = scenario.fullLayout()
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: scenario.header = nil
            case 1: scenario.header = LayoutTestComponent(traits: [.fullWidth], size: Size(width: scenario.width, height: 80))
            default: scenario.header?.size.height += Double(Int.random(in: -20...40, using: &rng))
            }
            layout.invalidateHeader(measuring: scenario.measuring())
            XCTAssertEqual(layout.geometry, scenario.fullLayout().geometry, "iteration \(iteration)")
        }
    }

    func testResizingEqualsAFullLayout() {
        var rng = LayoutSeededRandom(seed: 6)
        for iteration in 0..<100 {
            var scenario = randomScenario(using: &rng)
            var layout = scenario.fullLayout()
            scenario.width = [300.0, 414, 800].randomElement(using: &rng)!
            layout.resize(to: scenario.containerSize, measuring: scenario.measuring())
            XCTAssertEqual(layout.geometry, scenario.fullLayout().geometry, "iteration \(iteration)")
            assertWellFormed(layout, width: scenario.width, "iteration \(iteration)")
        }
    }

    func testQueriesMatchABruteForceSearch() {
        var rng = LayoutSeededRandom(seed: 7)
        for iteration in 0..<200 {
            let scenario = randomScenario(using: &rng, maxCount: 300)
            let layout = scenario.fullLayout()
            let frames = layout.frames
            let height = max(layout.contentSize.height, 1)
            for _ in 0..<20 {
                let rect = Rect(
                    x: Double(Int.random(in: -50...Int(scenario.width), using: &rng)),
                    y: Double(Int.random(in: -100...Int(height), using: &rng)),
                    width: Double(Int.random(in: 0...Int(scenario.width), using: &rng)),
                    height: Double(Int.random(in: 0...800, using: &rng)))
                let expected = frames.indices.filter { frames[$0].intersects(rect) }
                XCTAssertEqual(layout.indexes(intersecting: rect), expected, "iteration \(iteration), \(rect)")
                XCTAssertEqual(layout.firstIndex(intersecting: rect), expected.first, "iteration \(iteration)")
                let point = Point(x: rect.minX, y: rect.minY)
                XCTAssertEqual(
                    layout.index(at: point), frames.indices.first { frames[$0].contains(point) },
                    "iteration \(iteration), \(point)")
            }
        }
    }
}

/// A pure layout manager with arbitrary (non-negative) margins derived from the traits and a seed, to
/// exercise combinations the standard managers never produce.
struct LayoutTableManager: ComponentLayoutManager {
    let seed: UInt64

    private func value(_ traits: Set<LayoutTrait>, _ salt: UInt64, limit: UInt64) -> Double {
        var hash = seed ^ salt
        for trait in traits.map(\.rawValue).sorted() {
            for byte in trait.utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
            }
            hash = hash &* 31
        }
        hash ^= hash >> 33
        return Double(hash % limit)
    }

    func margin(forTraits traits: Set<LayoutTrait>, toContentEdge edge: ContentEdge) -> Double {
        value(traits, UInt64(edge.rawValue + 1), limit: 25)
    }

    func verticalMarginBetween(traits: Set<LayoutTrait>, headerTraits: Set<LayoutTrait>) -> Double {
        value(traits.union(headerTraits), 11, limit: 30)
    }

    func horizontalMargin(forTraits traits: Set<LayoutTrait>, precedingTraits: Set<LayoutTrait>) -> Double {
        if traits.contains(.appDefinedHero) { return .greatestFiniteMagnitude }
        return value(traits, 13, limit: 20) + value(precedingTraits, 17, limit: 5)
    }

    func verticalMargin(forTraits traits: Set<LayoutTrait>, precedingTraits: Set<LayoutTrait>) -> Double {
        value(traits, 19, limit: 20) + value(precedingTraits, 23, limit: 10)
    }

    func horizontalOffset(
        forRowTraits rowTraits: [Set<LayoutTrait>],
        firstComponentLeadingOffset: Double,
        lastComponentTrailingOffset: Double
    ) -> Double {
        // Right-align rows that start with a stackable component; keep the others.
        guard let first = rowTraits.first, first.contains(.stackable) else { return 0 }
        return lastComponentTrailingOffset
    }
}
