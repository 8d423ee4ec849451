import HubFramework

/// The layout manager of the original tests: 0 for every question unless a value was registered for
/// the component's trait set. A content-edge margin applies to all four edges.
struct LayoutManagerMock: ComponentLayoutManager {
    var contentEdgeMargins: [Set<LayoutTrait>: Double] = [:]
    var headerMargins: [Set<LayoutTrait>: Double] = [:]
    var horizontalMargins: [Set<LayoutTrait>: Double] = [:]
    var verticalMargins: [Set<LayoutTrait>: Double] = [:]
    var rowOffsets: [[Set<LayoutTrait>]: Double] = [:]

    func margin(forTraits traits: Set<LayoutTrait>, toContentEdge edge: ContentEdge) -> Double {
        contentEdgeMargins[traits] ?? 0
    }

    func verticalMarginBetween(traits: Set<LayoutTrait>, headerTraits: Set<LayoutTrait>) -> Double {
        headerMargins[traits] ?? 0
    }

    func horizontalMargin(forTraits traits: Set<LayoutTrait>, precedingTraits: Set<LayoutTrait>) -> Double {
        horizontalMargins[traits] ?? 0
    }

    func verticalMargin(forTraits traits: Set<LayoutTrait>, precedingTraits: Set<LayoutTrait>) -> Double {
        verticalMargins[traits] ?? 0
    }

    func horizontalOffset(
        forRowTraits rowTraits: [Set<LayoutTrait>],
        firstComponentLeadingOffset: Double,
        lastComponentTrailingOffset: Double
    ) -> Double {
        rowOffsets[rowTraits] ?? 0
    }
}

/// One body component as the tests describe it.
struct LayoutTestComponent: Equatable {
    var traits: Set<LayoutTrait>
    var size: Size
}

/// Answers the layout engine from arrays. Optionally counts the questions (a reference type, so that
/// copies share the counters).
struct LayoutTestMeasuring: LayoutMeasuring {
    final class Counter: @unchecked Sendable {
        var sizes = 0
        var traits = 0
        var measuredIndexes: [Int] = []
    }

    var components: [LayoutTestComponent]
    var header: LayoutTestComponent?
    var counter = Counter()

    init(_ components: [LayoutTestComponent], header: LayoutTestComponent? = nil) {
        self.components = components
        self.header = header
    }

    var bodyComponentCount: Int { components.count }

    func layoutTraits(forBodyComponentAt index: Int) -> Set<LayoutTrait> {
        counter.traits += 1
        return components[index].traits
    }

    func preferredSize(forBodyComponentAt index: Int, containerSize: Size) -> Size {
        counter.sizes += 1
        counter.measuredIndexes.append(index)
        return components[index].size
    }

    var headerLayoutTraits: Set<LayoutTrait>? { header?.traits }

    func preferredHeaderSize(containerSize: Size) -> Size { header?.size ?? .zero }

    /// Forgets the counts so far.
    func resetCounts() {
        counter.sizes = 0
        counter.traits = 0
        counter.measuredIndexes = []
    }
}

/// A small deterministic random number generator (SplitMix64), so property tests are reproducible.
struct LayoutSeededRandom: RandomNumberGenerator {
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

extension ComponentLayout {
    /// Everything a layout computes, for comparing an incrementally updated layout with a full one.
    struct Geometry: Equatable, CustomStringConvertible {
        var frames: [Rect]
        var rows: [Range<Int>]
        var contentSize: Size
        var headerFrame: Rect?

        var description: String {
            "content \(contentSize), header \(String(describing: headerFrame)), rows \(rows), frames \(frames)"
        }
    }

    var geometry: Geometry {
        Geometry(
            frames: frames, rows: (0..<rowCount).map { indexes(inRow: $0) }, contentSize: contentSize,
            headerFrame: headerFrame)
    }
}
