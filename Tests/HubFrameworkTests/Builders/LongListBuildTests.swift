import XCTest

@testable import HubFramework

/// A long body is built on every core (`ComponentModelBuilderList.build(parent:)`): the models must be
/// those the one-by-one build makes, in the same order, at the same indexes.
final class LongListBuildTests: XCTestCase {
    func testALongBodyBuildsTheSameModelsAsOneByOne() {
        let count = ComponentModelBuilderList.concurrentBuildThreshold + 5_001
        let builder = LoadingFixtures.schema().makeViewModelBuilder()
        for index in 0..<count {
            let row = builder.bodyComponentModelBuilder(withIdentifier: "row-\(index)")
            row.title = "Row \(index)"
            if index % 997 == 0 { row.subtitle = "every 997th" }
            if index % 1_999 == 0 { row.preferredIndex = index / 3 }  // moved up: the order is not creation order
        }
        let models = builder.build().bodyComponentModels
        let ordered = PreferredIndexOrdering.order(builder.allBodyComponentModelBuilders()) { $0.preferredIndex }
        XCTAssertEqual(models.count, count)
        XCTAssertEqual(models.map(\.identifier), ordered.map(\.modelIdentifier))
        XCTAssertEqual(models.map(\.index), Array(0..<count))
        for (index, model) in models.enumerated() where index % 101 == 0 || ordered[index].preferredIndex != nil {
            XCTAssertEqual(model, ordered[index].build(index: index, parent: nil), "model \(index)")
            XCTAssertNil(model.parent)
        }
    }
}
