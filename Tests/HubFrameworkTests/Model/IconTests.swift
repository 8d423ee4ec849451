import XCTest

@testable import HubFramework

/// Icon equality, and which image an icon asks its resolver for (component icon or placeholder).
final class IconTests: XCTestCase {
    func testIconsWithTheSameIdentifierAndKindAreEqualWhateverTheResolver() {
        let first = Icon(identifier: "icon", kind: .component, resolver: ModelFixtures.IconResolver())
        let second = Icon(identifier: "icon", kind: .component, resolver: ModelFixtures.IconResolver())
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.hashValue, second.hashValue)
        XCTAssertNotEqual(first, Icon(identifier: "other", kind: .component, resolver: ModelFixtures.IconResolver()))
        XCTAssertNotEqual(first, Icon(identifier: "icon", kind: .placeholder, resolver: ModelFixtures.IconResolver()))
    }

    func testComponentIconAsksForTheComponentIconImage() {
        let resolver = ModelFixtures.IconResolver()
        let icon = Icon(identifier: "icon", kind: .component, resolver: resolver)
        XCTAssertFalse(icon.isPlaceholder)
        XCTAssertTrue(icon.image(size: Size(width: 20, height: 20), color: .black) === resolver.componentImage)
    }

    func testPlaceholderIconAsksForThePlaceholderImage() {
        let resolver = ModelFixtures.IconResolver()
        let icon = Icon(identifier: "icon", kind: .placeholder, resolver: resolver)
        XCTAssertTrue(icon.isPlaceholder)
        XCTAssertTrue(icon.image(size: Size(width: 20, height: 20), color: Color(white: 0.5)) === resolver.placeholderImage)
    }

    func testBuiltModelsCarryResolvableIcons() {
        let resolver = ModelFixtures.IconResolver()
        let builder = ModelFixtures.componentBuilder(iconResolver: resolver)
        builder.iconIdentifier = "heart"
        builder.mainImageDataBuilder.placeholderIconIdentifier = "note"
        let model = builder.build()
        XCTAssertTrue(model.icon?.image(size: .zero, color: .white) === resolver.componentImage)
        XCTAssertTrue(model.mainImageData?.placeholderIcon?.image(size: .zero, color: .white) === resolver.placeholderImage)
    }
}
