import Foundation
import HubFramework

/// A feed of mixed components, as a real view would have: a full-width row, a grid of nine compact
/// cards (three to a row), five centered items sharing a row, and a stackable divider, repeated.
/// Traits are stored sets (as the measuring components of the GTK layer keep them).
private struct FeedMeasuring: LayoutMeasuring {
    var bodyComponentCount: Int

    private static let row: Set<LayoutTrait> = [.fullWidth]
    private static let card: Set<LayoutTrait> = [.compactWidth]
    private static let centered: Set<LayoutTrait> = [.centered]
    private static let divider: Set<LayoutTrait> = [.fullWidth, .stackable]

    func layoutTraits(forBodyComponentAt index: Int) -> Set<LayoutTrait> {
        switch index % 16 {
        case 0: return Self.row
        case 1...9: return Self.card
        case 10...14: return Self.centered
        default: return Self.divider
        }
    }

    func preferredSize(forBodyComponentAt index: Int, containerSize: Size) -> Size {
        let variation = Double(index % 5)
        switch index % 16 {
        case 0: return Size(width: containerSize.width, height: 72 + variation)
        case 1...9: return Size(width: 300, height: 220 + variation)
        case 10...14: return Size(width: 120, height: 40)
        default: return Size(width: containerSize.width, height: 1)
        }
    }

    var headerLayoutTraits: Set<LayoutTrait>? { [.fullWidth] }

    func preferredHeaderSize(containerSize: Size) -> Size { Size(width: containerSize.width, height: 240) }
}

func layoutBenchmarks() -> BenchSection {
    var rows: [BenchRow] = []
    let container = Size(width: 1000, height: 800)
    let manager = DefaultComponentLayoutManager(margin: 15)

    // Memory first, while the heap is fresh: the layout data of 1,000,000 components, counted by the
    // data structure and cross-checked with the growth of the resident set.
    let million = 1_000_000
    let residentBefore = Bench.residentBytes()
    var big = ComponentLayout(
        containerSize: container, measuring: FeedMeasuring(bodyComponentCount: million), layoutManager: manager)
    let residentAfter = Bench.residentBytes()
    let bytesPerComponent = Double(big.layoutDataByteCount) / Double(million)
    let reservedPerComponent = Double(big.layoutDataCapacityByteCount) / Double(million)
    let residentPerComponent = Double(residentAfter - residentBefore) / Double(million)

    for count in [10_000, 100_000, million] {
        let measuring = FeedMeasuring(bodyComponentCount: count)
        let seconds = Bench.median(iterations: count == million ? 7 : 11) {
            let layout = ComponentLayout(containerSize: container, measuring: measuring, layoutManager: manager)
            precondition(layout.count == count)
        }
        let perComponent = String(format: "%.0f ns/component", seconds * 1e9 / Double(count))
        if count == million {
            rows.append(
                BenchRow(
                    name: "layout of 1,000,000 mixed components", value: "\(Bench.ms(seconds)) (\(perComponent))",
                    goal: "< 300 ms", met: seconds < 0.3))
        } else {
            rows.append(
                BenchRow(
                    name: "layout of \(count.formatted()) mixed components",
                    value: "\(Bench.ms(seconds)) (\(perComponent))"))
        }
    }

    rows.append(
        BenchRow(
            name: "layout data per component (stored elements)",
            value: String(format: "%.1f bytes", bytesPerComponent), goal: "< 64 bytes", met: bytesPerComponent < 64))
    rows.append(
        BenchRow(
            name: "layout data per component (reserved capacity, incl. memo)",
            value: String(format: "%.1f bytes", reservedPerComponent), goal: "< 64 bytes",
            met: reservedPerComponent < 64))
    rows.append(
        BenchRow(
            name: "resident set growth per component (cross-check)",
            value: String(format: "%.1f bytes", residentPerComponent)))

    // Pagination: append pages of 50 to the 1,000,000-component layout, in place.
    var pageCount = million
    var appendSamples: [Double] = []
    for _ in 0..<41 {
        pageCount += 50
        let measuring = FeedMeasuring(bodyComponentCount: pageCount)
        let start = DispatchTime.now().uptimeNanoseconds
        big.appendBodyComponents(measuring: measuring)
        appendSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    let appendMean = appendSamples.reduce(0, +) / Double(appendSamples.count)
    appendSamples.sort()
    let appendMedian = appendSamples[appendSamples.count / 2]
    rows.append(
        BenchRow(
            name: "append 50 to 1,000,000 (median of 41 pages)", value: Bench.ms(appendMedian), goal: "< 1 ms",
            met: appendMedian < 0.001))
    rows.append(
        BenchRow(
            name: "append 50 to 1,000,000 (mean; slowest = the page where the arrays grow)",
            value: "\(Bench.ms(appendMean)); slowest \(Bench.ms(appendSamples.last ?? 0))"))

    // A height change: component 500,000 changes its height, everything below moves.
    var tall = false
    let heightChange = Bench.median(iterations: 7) {
        tall.toggle()
        big.invalidateBodyComponents(
            at: [500_001],
            measuring: ResizedMeasuring(base: FeedMeasuring(bodyComponentCount: pageCount), index: 500_001, extra: tall ? 30 : 0))
    }
    rows.append(
        BenchRow(
            name: "height change at 500,001 of 1,000,000 (re-flow a row, move 500,000)", value: Bench.ms(heightChange)))
    let heightChangeAtEnd = Bench.median(iterations: 7) {
        tall.toggle()
        big.invalidateBodyComponents(
            at: [pageCount - 20],
            measuring: ResizedMeasuring(
                base: FeedMeasuring(bodyComponentCount: pageCount), index: pageCount - 20, extra: tall ? 30 : 0))
    }
    rows.append(BenchRow(name: "height change near the end of 1,000,000", value: Bench.ms(heightChangeAtEnd)))

    // Visible-rectangle queries: 10,000 viewports at pseudo-random offsets.
    let contentHeight = big.contentSize.height
    var seed: UInt64 = 0x5EED
    var offsets: [Double] = []
    for _ in 0..<10_000 {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        offsets.append(Double(seed >> 11) / Double(1 << 53) * max(contentHeight - container.height, 0))
    }
    var found = 0
    let querySeconds = Bench.median(iterations: 5) {
        found = 0
        for offset in offsets {
            big.forEachIndex(intersecting: Rect(x: 0, y: offset, width: container.width, height: container.height)) {
                _ in found += 1
            }
        }
    }
    rows.append(
        BenchRow(
            name: "10,000 visible-rect queries on 1,000,000 (1000×800 viewport)",
            value: String(
                format: "%@ (%.2f µs/query, %.1f components each)", Bench.ms(querySeconds),
                querySeconds * 1e6 / 10_000, Double(found) / 10_000)))

    return BenchSection(title: "Layout engine (container 1000×800, default layout manager, margin 15)", rows: rows)
}

/// The feed, with one component taller than usual.
private struct ResizedMeasuring: LayoutMeasuring {
    var base: FeedMeasuring
    var index: Int
    var extra: Double

    var bodyComponentCount: Int { base.bodyComponentCount }

    func layoutTraits(forBodyComponentAt index: Int) -> Set<LayoutTrait> {
        base.layoutTraits(forBodyComponentAt: index)
    }

    func preferredSize(forBodyComponentAt index: Int, containerSize: Size) -> Size {
        var size = base.preferredSize(forBodyComponentAt: index, containerSize: containerSize)
        if index == self.index {
            size.height += extra
        }
        return size
    }

    var headerLayoutTraits: Set<LayoutTrait>? { base.headerLayoutTraits }

    func preferredHeaderSize(containerSize: Size) -> Size { base.preferredHeaderSize(containerSize: containerSize) }
}
