import XCTest
@testable import HubFramework

/// The view-model level of the diff: body script plus header flag (docs/diffing.md, "View models:
/// body plus header").
final class ViewModelDiffTests: XCTestCase {
    /// Stands in for a header component model: equality is full model equality.
    struct Header: Equatable {
        var componentName: String
        var title: String = "Title"
    }

    private let body = items("A B C")

    private func diff(_ old: Header?, _ new: Header?, oldBody: [DiffItem]? = nil, newBody: [DiffItem]? = nil) -> ViewModelDiff {
        ViewModelDiff(oldBody: oldBody ?? body, newBody: newBody ?? body, oldHeader: old, newHeader: new)
    }

    func testIdenticalViewModelsHaveNoChanges() {
        let result = diff(Header(componentName: "header"), Header(componentName: "header"))
        XCTAssertEqual(result.body, .empty)
        XCTAssertFalse(result.headerChanged)
        XCTAssertFalse(result.hasChanges)
    }

    func testHeaderRules() {
        XCTAssertFalse(diff(nil, nil).hasChanges, "no header in both")
        XCTAssertTrue(diff(Header(componentName: "a"), Header(componentName: "b")).hasChanges, "different component names")
        XCTAssertFalse(diff(Header(componentName: "a"), Header(componentName: "a")).hasChanges, "identical headers")
        XCTAssertTrue(diff(nil, Header(componentName: "a")).hasChanges, "none → header")
        XCTAssertTrue(diff(Header(componentName: "a"), nil).hasChanges, "header → none")
        XCTAssertTrue(
            diff(Header(componentName: "a", title: "x"), Header(componentName: "a", title: "y")).headerChanged,
            "any difference in the model counts")
    }

    func testBodyChangesAloneAreChanges() {
        let result = diff(nil, nil, newBody: items("A B* C D"))
        XCTAssertFalse(result.headerChanged)
        XCTAssertTrue(result.hasChanges)
        XCTAssertEqual(result.insertedBodyComponentIndexes, [3])
        XCTAssertEqual(result.deletedBodyComponentIndexes, [])
        XCTAssertEqual(result.reloadedBodyComponentIndexes, [1])
        XCTAssertEqual(result.algorithm, .myers)
    }

    func testEveryAlgorithmGivesTheReferenceBody() {
        for algorithm in DiffAlgorithm.allCases {
            let result = ViewModelDiff(
                oldBody: items("1 2 3 4 5 6 7 8 9 10"), newBody: items("1 2* 30 4 5 6 7 9* 10 13"),
                oldHeader: Header?.none, newHeader: Header?.none, algorithm: algorithm)
            XCTAssertEqual(result.body, ListDiff(inserted: [2, 9], deleted: [2, 7], reloaded: [1, 8]), "\(algorithm)")
        }
    }

    func testHeadersCompareWithAClosure() {
        // A header type that is not Equatable, compared by its identifier and content.
        let old: DiffItem? = DiffItem("header")
        let changed: DiffItem? = DiffItem("header", content: 1)
        let same = ViewModelDiff(oldBody: body, newBody: body, oldHeader: old, newHeader: old) {
            $0.isContentEqual(to: $1)
        }
        let different = ViewModelDiff(oldBody: body, newBody: body, oldHeader: old, newHeader: changed) {
            $0.isContentEqual(to: $1)
        }
        XCTAssertFalse(same.hasChanges)
        XCTAssertTrue(different.hasChanges)
        XCTAssertTrue(ViewModelDiff.headerChanged(from: nil as Int?, to: 1, isEqual: ==))
        XCTAssertFalse(ViewModelDiff.headerChanged(from: nil as Int?, to: nil, isEqual: ==))
    }

    func testEqualityIgnoresWhichAlgorithmProducedTheBody() {
        let a = ViewModelDiff(body: ListDiff(inserted: [1]), headerChanged: false, algorithm: .myers)
        let b = ViewModelDiff(body: ListDiff(inserted: [1]), headerChanged: false, algorithm: .heckel)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertNotEqual(a, ViewModelDiff(body: ListDiff(inserted: [1]), headerChanged: true))
        XCTAssertTrue(a.description.contains("inserted: [1]"))
    }
}
