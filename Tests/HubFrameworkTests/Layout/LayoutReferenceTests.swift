import XCTest
@testable import HubFramework

/// Compares the engine with a literal transcription of the original layout pass (docs/layout.md, "How a
/// view is laid out"), which asks the layout manager every question every time and keeps no tables.
/// Sizes and margins have fractional parts, so the engine must do the same arithmetic in the same order
/// to give bit-identical frames. Some scenarios use hundreds of distinct trait sets, to exercise the
/// engine's large-table paths.
final class LayoutReferenceTests: XCTestCase {
    /// The original layout pass, statement by statement.
    private func referenceLayout(
        width: Double, components: [LayoutTestComponent], header: LayoutTestComponent?, addHeaderMargin: Bool,
        manager: any ComponentLayoutManager
    ) -> (frames: [Rect], contentHeight: Double) {
        var attributes = [Rect](repeating: .zero, count: components.count)
        var inTopRow = true
        var row: [Int] = []
        var rowMaxY = 0.0
        var current = Point.zero
        var rowFirstX = 0.0

        func centerRow(_ row: [Int], lastIndex: Int, firstX: Double, lastX: Double) {
            let dx = manager.horizontalOffset(
                forRowTraits: row.map { components[$0].traits }, firstComponentLeadingOffset: firstX,
                lastComponentTrailingOffset: width - lastX)
            if abs(dx) <= 0.00001 || lastIndex < 0 { return }
            for j in (lastIndex - row.count + 1)...lastIndex {
                attributes[j].origin.x += dx
            }
        }

        for (i, component) in components.enumerated() {
            let traits = component.traits
            var frame = Rect(origin: .zero, size: component.size)
            frame.size.width = min(frame.width, width)
            var top = 0.0
            if inTopRow {
                if let header {
                    if addHeaderMargin {
                        top = header.size.height + manager.verticalMarginBetween(traits: traits, headerTraits: header.traits)
                    }
                } else {
                    top = manager.margin(forTraits: traits, toContentEdge: .top)
                }
            }
            let left =
                row.isEmpty
                ? manager.margin(forTraits: traits, toContentEdge: .left)
                : manager.horizontalMargin(forTraits: traits, precedingTraits: components[row.last!].traits)
            let right = manager.margin(forTraits: traits, toContentEdge: .right)
            frame.origin.x = current.x + left
            if frame.maxX + right > width {
                centerRow(row, lastIndex: i - 1, firstX: rowFirstX, lastX: current.x)
                if !row.isEmpty {
                    top = max(
                        0,
                        row.map { manager.verticalMargin(forTraits: traits, precedingTraits: components[$0].traits) }.max()!)
                }
                frame.origin.x = manager.margin(forTraits: traits, toContentEdge: .left)
                frame.origin.y = rowMaxY + top
                inTopRow = false
                row = []
                current.y = frame.minY
                rowMaxY = frame.maxY
            } else {
                frame.origin.y = current.y + top
            }
            let overflow = frame.maxX + right - width
            if overflow > 0 {
                frame.size.width -= overflow
            }
            current.x = frame.maxX
            rowMaxY = max(rowMaxY, frame.maxY)
            attributes[i] = frame
            row.append(i)
            if row.count == 1 { rowFirstX = frame.minX }
            if i == components.count - 1 {
                centerRow(row, lastIndex: i, firstX: rowFirstX, lastX: current.x)
            }
        }
        let bottom = row.map { manager.margin(forTraits: components[$0].traits, toContentEdge: .bottom) }.max() ?? 0
        return (attributes, rowMaxY + max(bottom, 0))
    }

    private func fractional(_ range: ClosedRange<Int>, using rng: inout LayoutSeededRandom) -> Double {
        Double(Int.random(in: range, using: &rng)) + Double(Int.random(in: 0..<8, using: &rng)) / 7
    }

    private func check(seed: UInt64, distinctTraits: Int, iterations: Int) {
        var rng = LayoutSeededRandom(seed: seed)
        let pool = (0..<distinctTraits).map { LayoutTrait("trait\($0)") }
        let standard: [LayoutTrait] = [.compactWidth, .fullWidth, .stackable, .centered, .alwaysStackUpwards]
        for iteration in 0..<iterations {
            let width = fractional(200...1100, using: &rng)
            let manager: any ComponentLayoutManager =
                Bool.random(using: &rng)
                ? LayoutTableManager(seed: rng.next())
                : DefaultComponentLayoutManager(margin: fractional(0...20, using: &rng))
            var components: [LayoutTestComponent] = []
            for _ in 0..<Int.random(in: 0...250, using: &rng) {
                var traits: Set<LayoutTrait> = []
                for _ in 0..<Int.random(in: 0...3, using: &rng) {
                    traits.insert(Bool.random(using: &rng) ? standard.randomElement(using: &rng)! : pool.randomElement(using: &rng)!)
                }
                let componentWidth = Int.random(in: 0..<6, using: &rng) == 0 ? width : fractional(0...300, using: &rng)
                components.append(
                    LayoutTestComponent(traits: traits, size: Size(width: componentWidth, height: fractional(0...150, using: &rng))))
            }
            let header: LayoutTestComponent? =
                Bool.random(using: &rng)
                ? LayoutTestComponent(traits: [standard.randomElement(using: &rng)!], size: Size(width: width, height: fractional(0...90, using: &rng)))
                : nil
            let addHeaderMargin = Bool.random(using: &rng)
            let expected = referenceLayout(
                width: width, components: components, header: header, addHeaderMargin: addHeaderMargin, manager: manager)
            let measuring = LayoutTestMeasuring(components, header: header)
            var layout = ComponentLayout(
                containerSize: Size(width: width, height: 500), measuring: measuring, layoutManager: manager,
                addsHeaderMargin: addHeaderMargin)
            XCTAssertEqual(layout.frames, expected.frames, "iteration \(iteration)")
            XCTAssertEqual(layout.contentSize, Size(width: width, height: expected.contentHeight), "iteration \(iteration)")

            // And an incremental change keeps matching it.
            guard !components.isEmpty else { continue }
            var changed = components
            let index = Int.random(in: 0..<changed.count, using: &rng)
            changed[index].size.height = fractional(0...150, using: &rng)
            layout.invalidateBodyComponents(at: [index], measuring: LayoutTestMeasuring(changed, header: header))
            let expectedAfter = referenceLayout(
                width: width, components: changed, header: header, addHeaderMargin: addHeaderMargin, manager: manager)
            XCTAssertEqual(layout.frames, expectedAfter.frames, "iteration \(iteration), after changing \(index)")
            XCTAssertEqual(layout.contentSize.height, expectedAfter.contentHeight, "iteration \(iteration)")
        }
    }

    func testEngineMatchesTheSpecPseudoCode() {
        check(seed: 10, distinctTraits: 4, iterations: 150)
    }

    func testEngineMatchesTheSpecPseudoCodeWithHundredsOfTraitSets() {
        check(seed: 11, distinctTraits: 400, iterations: 40)
    }
}
