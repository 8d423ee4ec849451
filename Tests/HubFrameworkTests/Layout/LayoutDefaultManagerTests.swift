import XCTest
import HubFramework

/// The behaviours of the original `HUBDefaultComponentLayoutManagerTests`, with a margin of 10, plus
/// the layout guide's example manager.
final class LayoutDefaultManagerTests: XCTestCase {
    let manager = DefaultComponentLayoutManager(margin: 10)

    private func edges(_ traits: Set<LayoutTrait>) -> [Double] {
        [ContentEdge.top, .right, .bottom, .left].map { manager.margin(forTraits: traits, toContentEdge: $0) }
    }

    func testCompactWidth() {
        let traits: Set<LayoutTrait> = [.compactWidth]
        XCTAssertEqual(manager.horizontalMargin(forTraits: traits, precedingTraits: traits), 10)
        XCTAssertEqual(manager.verticalMarginBetween(traits: traits, headerTraits: traits), 10)
        XCTAssertEqual(edges(traits), [10, 10, 10, 10])
    }

    func testFullWidth() {
        let traits: Set<LayoutTrait> = [.fullWidth]
        XCTAssertEqual(manager.horizontalMargin(forTraits: traits, precedingTraits: traits), 0)
        XCTAssertEqual(manager.verticalMarginBetween(traits: traits, headerTraits: traits), 10)
        XCTAssertEqual(edges(traits), [10, 0, 10, 0])
    }

    func testStackable() {
        let traits: Set<LayoutTrait> = [.stackable]
        XCTAssertEqual(manager.horizontalMargin(forTraits: traits, precedingTraits: traits), 10)
        XCTAssertEqual(manager.verticalMarginBetween(traits: traits, headerTraits: traits), 0)
        XCTAssertEqual(edges(traits), [0, 10, 0, 10])
    }

    func testStackableNextToCompactKeepsTheVerticalMargin() {
        let stackable: Set<LayoutTrait> = [.stackable]
        let compact: Set<LayoutTrait> = [.compactWidth]
        XCTAssertEqual(manager.verticalMargin(forTraits: stackable, precedingTraits: compact), 10)
        XCTAssertEqual(manager.verticalMargin(forTraits: compact, precedingTraits: stackable), 10)
    }

    func testAlwaysStackUpwards() {
        let upwards: Set<LayoutTrait> = [.alwaysStackUpwards]
        let compact: Set<LayoutTrait> = [.compactWidth]
        XCTAssertEqual(manager.verticalMargin(forTraits: upwards, precedingTraits: compact), 0)
        XCTAssertEqual(manager.verticalMargin(forTraits: compact, precedingTraits: upwards), 10)
    }

    func testCenteredRowOffset() {
        let offset = manager.horizontalOffset(
            forRowTraits: [[.centered]], firstComponentLeadingOffset: 10, lastComponentTrailingOffset: 300)
        XCTAssertEqual(offset, 145)
    }

    func testRowOffsetIsZeroUnlessEveryComponentIsCentered() {
        XCTAssertEqual(
            manager.horizontalOffset(forRowTraits: [], firstComponentLeadingOffset: 10, lastComponentTrailingOffset: 300),
            0)
        XCTAssertEqual(
            manager.horizontalOffset(
                forRowTraits: [[.centered], [.compactWidth]], firstComponentLeadingOffset: 10,
                lastComponentTrailingOffset: 300),
            0)
    }

    func testCenteredOnlySharesRowsWithCentered() {
        let centered: Set<LayoutTrait> = [.centered]
        let compact: Set<LayoutTrait> = [.compactWidth]
        XCTAssertEqual(manager.horizontalMargin(forTraits: centered, precedingTraits: compact), .greatestFiniteMagnitude)
        XCTAssertEqual(manager.horizontalMargin(forTraits: compact, precedingTraits: centered), .greatestFiniteMagnitude)
        XCTAssertEqual(manager.horizontalMargin(forTraits: centered, precedingTraits: centered), 10)
    }

    func testTopEdgeOfACenteredComponentIsTheMargin() {
        let manager = DefaultComponentLayoutManager(margin: 57)
        XCTAssertEqual(manager.margin(forTraits: [.centered], toContentEdge: .top), 57)
    }

    func testCenteredComponentsAreCenteredInTheContainer() {
        let centered = LayoutTestComponent(traits: [.centered], size: Size(width: 50, height: 50))
        let layout = ComponentLayout(
            containerSize: Size(width: 320, height: 400), measuring: LayoutTestMeasuring([centered, centered]),
            layoutManager: manager)
        // Laid out at 10 and 70 (ending at 120, 200 free on the right): moved by floor((10 + 200) / 2 - 10) = 95.
        XCTAssertEqual(layout.frame(at: 0), Rect(x: 105, y: 10, width: 50, height: 50))
        XCTAssertEqual(layout.frame(at: 1), Rect(x: 165, y: 10, width: 50, height: 50))
    }

    func testReadableWidthRowsAreAloneOnTheirRowAndCentered() {
        // Rows that keep to 300 points in a 1000-point container: without the trait two would
        // share a line (full width has no horizontal margin); with it each is a row, centered.
        let row = LayoutTestComponent(traits: [.fullWidth, .stackable, .readableWidth], size: Size(width: 300, height: 40))
        let layout = ComponentLayout(
            containerSize: Size(width: 1000, height: 400), measuring: LayoutTestMeasuring([row, row, row]),
            layoutManager: manager)
        XCTAssertEqual(layout.frames, [0, 40, 80].map { Rect(x: 350, y: $0, width: 300, height: 40) })
        XCTAssertEqual(manager.horizontalMargin(forTraits: [.compactWidth], precedingTraits: [.readableWidth]),
                       .greatestFiniteMagnitude)
    }

    func testReadableWidthAsWideAsTheContainerStaysPut() {
        let row = LayoutTestComponent(traits: [.fullWidth, .stackable, .readableWidth], size: Size(width: 320, height: 40))
        let layout = ComponentLayout(
            containerSize: Size(width: 320, height: 400), measuring: LayoutTestMeasuring([row, row]),
            layoutManager: manager)
        XCTAssertEqual(layout.frames, [Rect(x: 0, y: 0, width: 320, height: 40), Rect(x: 0, y: 40, width: 320, height: 40)])
    }

    func testStackableComponentsStackWithoutMargins() {
        let stackable = LayoutTestComponent(traits: [.stackable, .fullWidth], size: Size(width: 320, height: 40))
        let layout = ComponentLayout(
            containerSize: Size(width: 320, height: 400), measuring: LayoutTestMeasuring([stackable, stackable, stackable]),
            layoutManager: manager)
        XCTAssertEqual(layout.frames.map(\.minY), [0, 40, 80])
        XCTAssertEqual(layout.contentSize.height, 120)
    }

    func testAlwaysStackUpwardsSitsAgainstTheRowAbove() {
        let row = LayoutTestComponent(traits: [.fullWidth], size: Size(width: 320, height: 40))
        let upwards = LayoutTestComponent(traits: [.fullWidth, .alwaysStackUpwards], size: Size(width: 320, height: 40))
        let layout = ComponentLayout(
            containerSize: Size(width: 320, height: 400), measuring: LayoutTestMeasuring([row, upwards, row]),
            layoutManager: manager)
        XCTAssertEqual(layout.frames.map(\.minY), [10, 50, 100])
        XCTAssertEqual(layout.contentSize.height, 150)
    }

    func testAppDefinedTraitsReachTheLayoutManager() {
        struct HeroManager: ComponentLayoutManager {
            func margin(forTraits traits: Set<LayoutTrait>, toContentEdge edge: ContentEdge) -> Double {
                traits.contains(.appDefinedHero) ? 0 : 8
            }
            func horizontalMargin(forTraits traits: Set<LayoutTrait>, precedingTraits: Set<LayoutTrait>) -> Double { 8 }
            func verticalMargin(forTraits traits: Set<LayoutTrait>, precedingTraits: Set<LayoutTrait>) -> Double {
                precedingTraits.contains(.appDefinedHero) ? 32 : 8
            }
        }
        let hero = LayoutTestComponent(traits: [.appDefinedHero], size: Size(width: 320, height: 200))
        let card = LayoutTestComponent(traits: [.compactWidth], size: Size(width: 100, height: 100))
        let layout = ComponentLayout(
            containerSize: Size(width: 320, height: 400), measuring: LayoutTestMeasuring([hero, card, card]),
            layoutManager: HeroManager())
        XCTAssertEqual(layout.frame(at: 0), Rect(x: 0, y: 0, width: 320, height: 200))
        XCTAssertEqual(layout.frame(at: 1), Rect(x: 8, y: 232, width: 100, height: 100))
        XCTAssertEqual(layout.frame(at: 2), Rect(x: 116, y: 232, width: 100, height: 100))
        XCTAssertEqual(layout.layoutTraits(at: 0), [.appDefinedHero])
    }

    /// The laid-out view drawn in docs/layout.md.
    func testDocumentationDiagram() {
        let header = LayoutTestComponent(traits: [.fullWidth], size: Size(width: 320, height: 100))
        let row = LayoutTestComponent(traits: [.fullWidth], size: Size(width: 320, height: 60))
        let card = LayoutTestComponent(traits: [.compactWidth], size: Size(width: 90, height: 120))
        let centered = LayoutTestComponent(traits: [.centered], size: Size(width: 50, height: 50))
        let stackable = LayoutTestComponent(traits: [.fullWidth, .stackable], size: Size(width: 320, height: 40))
        let layout = ComponentLayout(
            containerSize: Size(width: 320, height: 480),
            measuring: LayoutTestMeasuring([row, card, card, card, centered, centered, stackable, stackable], header: header),
            layoutManager: manager)
        XCTAssertEqual(layout.headerFrame, Rect(x: 0, y: 0, width: 320, height: 100))
        XCTAssertEqual(
            layout.frames,
            [
                Rect(x: 0, y: 110, width: 320, height: 60),
                Rect(x: 10, y: 180, width: 90, height: 120),
                Rect(x: 110, y: 180, width: 90, height: 120),
                Rect(x: 210, y: 180, width: 90, height: 120),
                Rect(x: 105, y: 310, width: 50, height: 50),
                Rect(x: 165, y: 310, width: 50, height: 50),
                Rect(x: 0, y: 370, width: 320, height: 40),
                Rect(x: 0, y: 410, width: 320, height: 40),
            ])
        XCTAssertEqual(layout.rowCount, 5)
        XCTAssertEqual(layout.contentSize, Size(width: 320, height: 450))
        XCTAssertEqual(layout.indexes(intersecting: Rect(x: 0, y: 250, width: 320, height: 100)), [1, 2, 3, 4, 5])
    }

    /// The layout guide's manager (15 points vertically, 20 horizontally), as written in docs/layout.md.
    func testLayoutGuideExample() {
        let manager = LayoutGuideManager()
        XCTAssertEqual(manager.margin(forTraits: [.stackable], toContentEdge: .top), 15)
        XCTAssertEqual(manager.margin(forTraits: [.fullWidth], toContentEdge: .left), 0)
        XCTAssertEqual(manager.margin(forTraits: [.compactWidth], toContentEdge: .right), 20)
        XCTAssertEqual(manager.verticalMarginBetween(traits: [.stackable], headerTraits: [.fullWidth]), 0)
        XCTAssertEqual(manager.verticalMarginBetween(traits: [.compactWidth], headerTraits: [.fullWidth]), 15)
        XCTAssertEqual(manager.horizontalMargin(forTraits: [.fullWidth], precedingTraits: [.compactWidth]), 0)
        XCTAssertEqual(manager.horizontalMargin(forTraits: [.compactWidth], precedingTraits: [.compactWidth]), 20)
        XCTAssertEqual(manager.verticalMargin(forTraits: [.stackable], precedingTraits: [.stackable]), 0)
        XCTAssertEqual(manager.verticalMargin(forTraits: [.stackable], precedingTraits: [.compactWidth]), 15)

        let card = LayoutTestComponent(traits: [.compactWidth], size: Size(width: 130, height: 100))
        let layout = ComponentLayout(
            containerSize: Size(width: 320, height: 400), measuring: LayoutTestMeasuring([card, card, card]),
            layoutManager: manager)
        XCTAssertEqual(layout.frame(at: 0), Rect(x: 20, y: 15, width: 130, height: 100))
        XCTAssertEqual(layout.frame(at: 1), Rect(x: 170, y: 15, width: 130, height: 100))
        XCTAssertEqual(layout.frame(at: 2), Rect(x: 20, y: 130, width: 130, height: 100))
        XCTAssertEqual(layout.contentSize.height, 245)
    }
}

extension LayoutTrait {
    /// An app-defined trait, for the tests.
    static let appDefinedHero: LayoutTrait = "hero"
}

// The example of docs/layout.md, verbatim.
struct LayoutGuideManager: ComponentLayoutManager {
    func margin(forTraits traits: Set<LayoutTrait>, toContentEdge edge: ContentEdge) -> Double {
        switch edge {
        case .top, .bottom: return 15
        case .left, .right: return traits.contains(.fullWidth) ? 0 : 20
        }
    }

    func verticalMarginBetween(traits: Set<LayoutTrait>, headerTraits: Set<LayoutTrait>) -> Double {
        traits.contains(.stackable) ? 0 : 15
    }

    func horizontalMargin(forTraits traits: Set<LayoutTrait>, precedingTraits: Set<LayoutTrait>) -> Double {
        traits.contains(.fullWidth) ? 0 : 20
    }

    func verticalMargin(forTraits traits: Set<LayoutTrait>, precedingTraits: Set<LayoutTrait>) -> Double {
        traits.contains(.stackable) && precedingTraits.contains(.stackable) ? 0 : 15
    }
}
