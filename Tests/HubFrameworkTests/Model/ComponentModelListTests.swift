import XCTest

@testable import HubFramework

/// A view model's body read as a collection: positions from zero, the models in the order they
/// were added, equality by content in order, and `[]` as the empty body.
final class ComponentModelListTests: XCTestCase {
    private func body(_ titles: [String]) -> ComponentModelList {
        let builder = ModelFixtures.viewModelBuilder()
        for (index, title) in titles.enumerated() {
            builder.bodyComponentModelBuilder(withIdentifier: "row-\(index)").title = title
        }
        return builder.build().bodyComponentModels
    }

    func testTheBodyIsReadByPositionFromZeroInTheOrderItWasBuilt() {
        let list = body(["a", "b", "c"])
        XCTAssertEqual(list.count, 3)
        XCTAssertFalse(list.isEmpty)
        XCTAssertEqual(list.startIndex, 0)
        XCTAssertEqual(list.endIndex, 3)
        XCTAssertEqual(list[1].title, "b")
        XCTAssertEqual(list[1].index, 1)
        XCTAssertEqual(list.first?.title, "a")
        XCTAssertEqual(list.last?.title, "c")
        XCTAssertEqual(list.map(\.title), ["a", "b", "c"])
        XCTAssertEqual(list.reversed().map(\.identifier), ["row-2", "row-1", "row-0"])
        XCTAssertEqual(list[1...].map(\.title), ["b", "c"])
        XCTAssertEqual(Array(list).map(\.title), ["a", "b", "c"])
        var iterated: [String?] = []
        for model in list { iterated.append(model.title) }
        XCTAssertEqual(iterated, ["a", "b", "c"])
    }

    func testListsAreEqualWhenTheirModelsAreEqualInOrder() {
        XCTAssertEqual(body(["a", "b"]), body(["a", "b"]), "equal content built twice")
        XCTAssertNotEqual(body(["a", "b"]), body(["b", "a"]))
        XCTAssertNotEqual(body(["a", "b"]), body(["a"]))
        XCTAssertNotEqual(body(["a", "b"]), body(["a", "c"]))
    }

    func testAnEmptyBodyIsTheEmptyListLiteral() {
        let list = body([])
        XCTAssertTrue(list.isEmpty)
        XCTAssertEqual(list.count, 0)
        XCTAssertEqual(list, [])
        XCTAssertNil(list.first)
        let missing: ViewModel? = nil
        XCTAssertEqual(missing?.bodyComponentModels ?? [], [])
        XCTAssertEqual(ComponentModelList(arrayLiteral: list.first ?? body(["x"])[0]).count, 1)
    }
}
