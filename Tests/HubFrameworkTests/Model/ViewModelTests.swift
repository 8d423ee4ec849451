import Foundation
import XCTest

@testable import HubFramework

/// View model equality (by content, not by build date), how the header is built, and the navigation
/// item.
final class ViewModelTests: XCTestCase {
    private func builder(title: String) -> ViewModelBuilder {
        let builder = ModelFixtures.viewModelBuilder()
        builder.viewIdentifier = "view"
        builder.navigationBarTitle = title
        builder.headerComponentModelBuilder.title = "header"
        builder.bodyComponentModelBuilder(withIdentifier: "body").title = "body"
        builder.overlayComponentModelBuilder(withIdentifier: "overlay").title = "overlay"
        builder.customData = ["custom": "data"]
        return builder
    }

    func testIdenticalContentBuiltAtDifferentTimesIsEqual() {
        let first = builder(title: "Title").build()
        Thread.sleep(forTimeInterval: 0.01)
        let second = builder(title: "Title").build()
        XCTAssertNotEqual(first.buildDate, second.buildDate)
        XCTAssertEqual(first, second)
    }

    func testDifferentNavigationTitlesAreNotEqual() {
        XCTAssertNotEqual(builder(title: "One").build(), builder(title: "Two").build())
    }

    func testEveryNavigationItemPropertyCountsForEquality() {
        let reference = builder(title: "Title").build()
        let changes: [(inout NavigationItem) -> Void] = [
            { $0.titleViewIdentifier = "view" },
            { $0.prompt = "prompt" },
            { $0.backButtonTitle = "back" },
            { $0.hidesBackButton = true },
            { $0.leftItems = [BarButtonItem(title: "left")] },
            { $0.rightItems = [BarButtonItem(iconName: "list-add")] },
            { $0.leftItemsSupplementBackButton = true },
        ]
        for (offset, change) in changes.enumerated() {
            let changed = builder(title: "Title")
            change(&changed.navigationItem)
            XCTAssertNotEqual(changed.build(), reference, "change \(offset)")
        }
    }

    func testNavigationItemPresenceCountsForEquality() {
        let without = ModelFixtures.viewModelBuilder()
        let with = ModelFixtures.viewModelBuilder()
        _ = with.navigationItem
        XCTAssertNotEqual(without.build(), with.build())
    }

    func testOtherDifferencesMakeViewModelsUnequal() {
        let reference = builder(title: "Title").build()
        let changes: [(ViewModelBuilder) -> Void] = [
            { $0.viewIdentifier = "other" },
            { $0.customData = nil },
            { $0.removeHeaderComponentModelBuilder() },
            { $0.bodyComponentModelBuilder(withIdentifier: "body").title = "other" },
            { _ = $0.overlayComponentModelBuilder(withIdentifier: "second") },
        ]
        for (offset, change) in changes.enumerated() {
            let changed = builder(title: "Title")
            change(changed)
            XCTAssertNotEqual(changed.build(), reference, "change \(offset)")
        }
    }

    func testHeaderIsBuiltAtIndexZeroWithoutParent() {
        let model = builder(title: "T").build()
        XCTAssertEqual(model.headerComponentModel?.index, 0)
        XCTAssertEqual(model.headerComponentModel?.type, .header)
        XCTAssertNil(model.headerComponentModel?.parent)
        XCTAssertEqual(model.overlayComponentModels.first?.type, .overlay)
    }

    func testBuildDateIsNow() {
        let before = Date()
        let model = ModelFixtures.viewModelBuilder().build()
        XCTAssertGreaterThanOrEqual(model.buildDate, before)
        XCTAssertLessThanOrEqual(model.buildDate, Date())
    }

    func testNavigationItemUpdateFromNilResetsEverything() {
        // Quirk 14, fixed: leftItemsSupplementBackButton is reset too.
        var item = NavigationItem(title: "t", titleViewIdentifier: "v", prompt: "p", backButtonTitle: "b",
            hidesBackButton: true, leftItems: [BarButtonItem(title: "l")], rightItems: [BarButtonItem(title: "r")],
            leftItemsSupplementBackButton: true)
        item.update(from: nil)
        XCTAssertEqual(item, NavigationItem())
        XCTAssertFalse(item.leftItemsSupplementBackButton)
    }

    func testNavigationItemUpdateTakesOverEveryProperty() {
        let source = NavigationItem(title: "t", titleViewIdentifier: "v", prompt: "p", backButtonTitle: "b",
            hidesBackButton: true, leftItems: [BarButtonItem(title: "l", customData: ["k": 1])],
            rightItems: [BarButtonItem(title: "r", actionIdentifier: Identifier(namespace: "a", name: "b"))],
            leftItemsSupplementBackButton: true)
        var item = NavigationItem(title: "old")
        item.update(from: source)
        XCTAssertEqual(item, source)
    }
}
