import HubFramework
import HubGTKTestSupport
import XCTest
@testable import HubGTK

/// `default:image` cards at phone and desktop widths: a grid gains columns as the window widens,
/// and a full-width picture becomes a banner instead of growing taller than the screen.
final class ImageComponentSizeTests: XCTestCase {
    @MainActor
    private static func columns(_ containerWidth: Double) -> Int {
        let width = ImageComponent.size(fullWidth: false, containerWidth: containerWidth).width
        return Int((containerWidth - ImageComponent.margin) / (width + ImageComponent.margin))
    }

    func testCompactCardsFillAsManyColumnsAsFit() {
        MainActor.assumeIsolated {
            XCTAssertEqual(Self.columns(375), 2, "a phone: two side by side")
            XCTAssertEqual(Self.columns(800), 2)
            XCTAssertEqual(Self.columns(1280), 3)
            XCTAssertEqual(Self.columns(1920), 5)
            for width in [375.0, 800, 1024, 1280, 1920, 3840] {
                let card = ImageComponent.size(fullWidth: false, containerWidth: width)
                XCTAssertLessThanOrEqual(card.width, max(ImageComponent.minimumCardWidth, (width - 45) / 2), "\(width)")
                XCTAssertEqual(card.height, (card.width * 0.7).rounded(.down))
            }
            // Two columns below the threshold give the same cards as before desktop sizes existed.
            XCTAssertEqual(ImageComponent.size(fullWidth: false, containerWidth: 800).width, ((800 - 45) / 2).rounded(.down))
        }
    }

    func testFullWidthPicturesSpanTheViewAsBannersOnWideWindows() {
        MainActor.assumeIsolated {
            XCTAssertEqual(ImageComponent.size(fullWidth: true, containerWidth: 375), Size(width: 375, height: 262))
            XCTAssertEqual(ImageComponent.size(fullWidth: true, containerWidth: 1920),
                           Size(width: 1920, height: ImageComponent.maximumFullWidthHeight))
        }
    }
}
