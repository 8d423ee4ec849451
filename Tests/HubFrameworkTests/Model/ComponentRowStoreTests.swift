import XCTest

@testable import HubFramework

/// A long body keeps its plain rows as records (``ComponentRowStore``): the models made from them are
/// the ones the rows were built as, the rows that are not plain stay the very models they were built
/// as, and what reads the body (equality, the diff, a state evaluation, a patch) sees the same
/// content as it would from models.
final class ComponentRowStoreTests: XCTestCase {
    private let long = ComponentModelBuilderList.storedBodyThreshold

    /// A body of `count` rows titled from `title`, with a child under every row `childEvery` asks for
    /// and custom data on every row `detailEvery` asks for.
    private func build(count: Int, title: (Int) -> String? = { "Row \($0)" }, childEvery: Int = 0,
                       detailEvery: Int = 0) -> ViewModel
    {
        let builder = ModelFixtures.viewModelBuilder()
        for index in 0..<count {
            let row = builder.bodyComponentModelBuilder(withIdentifier: "row-\(index)")
            row.title = title(index)
            if index % 2 == 0 { row.subtitle = "Subtitle \(index)" }
            if index % 3 == 0 { row.componentName = "card" }
            if childEvery > 0, index % childEvery == 0 { row.childBuilder(withIdentifier: "child").title = "Child \(index)" }
            if detailEvery > 0, index % detailEvery == 0 { row.customData = ["index": .number(Double(index))] }
        }
        return builder.build()
    }

    func testALongBodyOfPlainRowsKeepsNoModel() {
        let body = build(count: long).bodyComponentModels
        XCTAssertNotNil(body.store)
        XCTAssertEqual(body.keptModels.count, 0)
        XCTAssertTrue(body.indices.allSatisfy { body.isRecord(at: $0) })
        XCTAssertNil(build(count: long - 1).bodyComponentModels.store, "a shorter body keeps its models")
    }

    func testARecordMakesTheModelTheRowWasBuiltAs() {
        let titles: (Int) -> String? = { index in
            switch index % 5 {
            case 0: nil
            case 1: ""
            case 2: "Zeile \(index) – grüße, שלום, 😀"
            default: "Row \(index)"
            }
        }
        let body = build(count: long, title: titles).bodyComponentModels
        for index in [0, 1, 2, 3, 4, 5, 6, long - 1] {
            let model = body[index]
            XCTAssertEqual(model.identifier, "row-\(index)")
            XCTAssertEqual(model.index, index)
            XCTAssertEqual(model.type, .body)
            XCTAssertNil(model.parent)
            XCTAssertEqual(model.children.count, 0)
            XCTAssertEqual(model.title, titles(index), "row \(index)")
            XCTAssertEqual(model.subtitle, index % 2 == 0 ? "Subtitle \(index)" : nil)
            XCTAssertEqual(model.componentIdentifier.namePart, index % 3 == 0 ? "card" : ModelFixtures.defaults.name)
            XCTAssertEqual(model.componentIdentifier.namespacePart, ModelFixtures.defaults.namespace)
            XCTAssertEqual(model.componentCategory, ModelFixtures.defaults.category)
            XCTAssertEqual(body.identifier(at: index), "row-\(index)")
        }
        // The same rows built as models, one by one, are equal to the ones the records make.
        let builder = ModelFixtures.viewModelBuilder()
        let row = builder.bodyComponentModelBuilder(withIdentifier: "row-2")
        row.title = titles(2)
        row.subtitle = "Subtitle 2"
        XCTAssertNil(builder.build().bodyComponentModels.store)
        XCTAssertEqual(builder.build().bodyComponentModels[0], body[2])
    }

    func testRowsThatAreNotPlainStayTheModelsTheyWereBuiltAs() {
        let body = build(count: long + 10, childEvery: 100, detailEvery: 7).bodyComponentModels
        XCTAssertNotNil(body.store)
        for index in [0, 7, 100, 700] {
            XCTAssertFalse(body.isRecord(at: index), "row \(index)")
            XCTAssertTrue(body[index] === body[index], "row \(index) is kept, the same object each time")
            XCTAssertEqual(body[index].index, index)
        }
        XCTAssertEqual(body[100].children.map(\.title), ["Child 100"])
        XCTAssertEqual(body[7].customData, ["index": .number(7)])
        XCTAssertTrue(body.isRecord(at: 1))
        XCTAssertEqual(body.keptModels.count, body.indices.filter { $0 % 100 == 0 || $0 % 7 == 0 }.count)
    }

    func testABodyBuiltOnEveryCoreHoldsEveryRowInOrder() {
        let count = ComponentModelBuilderList.concurrentBuildThreshold + 1_234
        let body = build(count: count, childEvery: 1_000, detailEvery: 7).bodyComponentModels
        XCTAssertNotNil(body.store)
        XCTAssertEqual(body.count, count)
        for index in body.indices {
            let model = body[index]
            guard model.identifier == "row-\(index)", model.index == index, model.title == "Row \(index)",
                model.subtitle == (index % 2 == 0 ? "Subtitle \(index)" : nil),
                model.componentIdentifier.namePart == (index % 3 == 0 ? "card" : ModelFixtures.defaults.name),
                model.children.map(\.title) == (index % 1_000 == 0 ? ["Child \(index)"] : []),
                model.customData == (index % 7 == 0 ? ["index": .number(Double(index))] : nil),
                body.isRecord(at: index) == (index % 1_000 != 0 && index % 7 != 0)
            else {
                return XCTFail("row \(index): \(model)")
            }
        }
        XCTAssertEqual(body.keptModels.count, (0..<count).filter { $0 % 1_000 == 0 || $0 % 7 == 0 }.count)
    }

    func testABodyMayNameAsManyComponentsAsItHasRows() {
        let count = ComponentModelBuilderList.concurrentBuildThreshold + 10
        let builder = ModelFixtures.viewModelBuilder()
        for index in 0..<count {
            let row = builder.bodyComponentModelBuilder(withIdentifier: "row-\(index)")
            row.componentName = "kind-\(index % (count / 2))"
            row.componentCategory = index % 2 == 0 ? "even" : "odd"
        }
        let body = builder.build().bodyComponentModels
        XCTAssertNotNil(body.store)
        for index in body.indices {
            let model = body[index]
            guard model.componentIdentifier.namePart == "kind-\(index % (count / 2))",
                model.componentCategory == (index % 2 == 0 ? "even" : "odd")
            else {
                return XCTFail("row \(index): \(model.componentIdentifier) \(model.componentCategory)")
            }
        }
    }

    func testLongBodiesAreEqualByContentInOrder() {
        XCTAssertEqual(build(count: long).bodyComponentModels, build(count: long).bodyComponentModels)
        XCTAssertNotEqual(build(count: long).bodyComponentModels,
                          build(count: long, title: { $0 == 500 ? "Changed" : "Row \($0)" }).bodyComponentModels)
        XCTAssertNotEqual(build(count: long).bodyComponentModels, build(count: long + 1).bodyComponentModels)
        XCTAssertNotEqual(build(count: long, childEvery: 100).bodyComponentModels,
                          build(count: long, childEvery: 200).bodyComponentModels)
        XCTAssertEqual(build(count: long).bodyComponentModels, ComponentModelList(build(count: long).bodyComponentModels.array),
                       "a list of records and a list of models with the same content")
    }

    func testTheDiffOfLongBodiesIsTheDiffOfTheirModels() {
        let old = build(count: long + 100, childEvery: 50)
        let new = build(count: long + 120, title: { $0 % 97 == 0 ? "Changed \($0)" : "Row \($0)" }, childEvery: 50)
        let diff = ViewModelDiff(from: old, to: new, algorithm: .heckel)
        let expected = ListDiffer.diffReportingAlgorithm(from: old.bodyComponentModels.array,
                                                         to: new.bodyComponentModels.array, algorithm: .heckel)
        XCTAssertEqual(diff.body, expected.diff)
        XCTAssertEqual(diff.body.inserted.count, 20)
        XCTAssertEqual(diff.body.reloaded.count, (0..<(long + 100)).filter { $0 % 97 == 0 }.count)
        XCTAssertFalse(ViewModelDiff(from: old, to: old).body.hasChanges)
    }

    func testAStateEvaluationKeepsTheRecordsAndEvaluatesTheBoundRows() throws {
        var rows = (0..<long).map { #"{"id": "row-\#($0)", "text": {"title": "Row \#($0)"}}"# }
        rows[3] = #"{"id": "count", "text": {"title": "Count: @{count}"}}"#
        rows[5] = #"{"id": "hidden", "visible": "@{count > 5}", "text": {"title": "Hidden"}}"#
        let builder = ModelFixtures.viewModelBuilder()
        let problems = try builder.addJSON(data: Data(#"""
            {"state": {"count": 0}, "body": [\#(rows.joined(separator: ","))]}
            """#.utf8))
        XCTAssertEqual(problems, [])
        let source = builder.build()
        XCTAssertNotNil(source.bodyComponentModels.store)
        var snapshot = StateSnapshot()
        snapshot.view = ["count": .integer(2)]
        let shown = ViewStateEvaluator(limits: .default).evaluate(source, with: snapshot).viewModel.bodyComponentModels
        XCTAssertNotNil(shown.store, "the evaluated body keeps its records")
        XCTAssertEqual(shown.count, long - 1, "the hidden row is not shown")
        XCTAssertEqual(shown[3].title, "Count: 2")
        XCTAssertEqual(shown[4].identifier, "row-4")
        XCTAssertEqual(shown[5].identifier, "row-6")
        XCTAssertTrue(shown.isRecord(at: 5))
        XCTAssertEqual(shown[5].index, 5, "a record's index is its position")
        XCTAssertEqual(shown.last?.title, "Row \(long - 1)")
    }
}
