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

    /// Records compare their texts as their models' `String`s do: a title written with a precomposed
    /// "é" and one written with "e" and a combining accent are the same title.
    func testTextsThatAreCanonicallyEquivalentAreEqual() {
        let composed = build(count: long, title: { $0 == 7 ? "caf\u{E9}" : "Row \($0)" })
        let decomposed = build(count: long, title: { $0 == 7 ? "cafe\u{301}" : "Row \($0)" })
        XCTAssertTrue(composed.bodyComponentModels.isRecord(at: 7) && decomposed.bodyComponentModels.isRecord(at: 7))
        XCTAssertEqual(composed.bodyComponentModels[7], decomposed.bodyComponentModels[7], "the models are equal")
        XCTAssertEqual(composed.bodyComponentModels, decomposed.bodyComponentModels)
        XCTAssertFalse(ViewModelDiff(from: composed, to: decomposed).body.hasChanges)
        XCTAssertNotEqual(composed.bodyComponentModels, build(count: long, title: { $0 == 7 ? "cafe" : "Row \($0)" }).bodyComponentModels)
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

    // MARK: Records with an image, a target and custom data

    /// A document of `count` rows, each with a main image, a target and custom data (kept as
    /// records with `ComponentRowStore.Extras`); row 3 has state in its title.
    private func richDocument(count: Int) -> Data {
        var rows = (0..<count).map { index in
            #"{"id": "row-\#(index)", "text": {"title": "Row \#(index)"}, "images": {"main": {"uri": "https://example.com/\#(index).jpg"}}, "target": {"uri": "app:item:\#(index)"}, "custom": {"index": \#(index), "tags": ["a", {"b": null}]}}"#
        }
        rows[3] = #"{"id": "count", "text": {"title": "Count: @{count}"}}"#
        return Data(#"{"state": {"count": 0}, "body": [\#(rows.joined(separator: ","))]}"#.utf8)
    }

    private func readRich(count: Int) throws -> ViewModel {
        let builder = ModelFixtures.viewModelBuilder()
        XCTAssertEqual(try builder.addJSON(data: richDocument(count: count)), [])
        return builder.build()
    }

    func testRecordsWithExtrasMakeTheModelsTheTreeMakes() throws {
        let view = try readRich(count: long)
        let body = view.bodyComponentModels
        XCTAssertEqual(body.keptModels.count, 1, "only the row with state is a model")
        XCTAssertTrue(body.isRecord(at: 0) && body.isRecord(at: long - 1))
        let tree = ModelFixtures.viewModelBuilder()
        XCTAssertEqual(try tree.addJSONThroughValueTree(data: richDocument(count: long), limits: .default), [])
        let treeBody = tree.build().bodyComponentModels
        XCTAssertFalse(treeBody.isRecord(at: 0), "the tree's rows are models with details")
        // Compared row by row (a record against a kept model) and as lists.
        XCTAssertEqual(body, treeBody)
        XCTAssertEqual(body, ComponentModelList(treeBody.array))
        let model = body[long - 1]
        XCTAssertEqual(model.mainImageData?.url, URL(string: "https://example.com/\(long - 1).jpg"))
        XCTAssertEqual(model.target?.uri, URL(string: "app:item:\(long - 1)"))
        XCTAssertEqual(model.customData?["tags"], .array([.string("a"), .object(["b": .null])]))
        XCTAssertTrue(model.hasDetails)
        XCTAssertNotEqual(body, try readRich(count: long + 1).bodyComponentModels)
    }

    func testADifferentURLOrCustomDataIsAChange() throws {
        let old = try readRich(count: long)
        let builder = ModelFixtures.viewModelBuilder()
        let changed = String(decoding: richDocument(count: long), as: UTF8.self)
            .replacingOccurrences(of: "https://example.com/7.jpg", with: "https://example.com/seven.jpg")
            .replacingOccurrences(of: "app:item:8\"", with: "app:item:eight\"")
            .replacingOccurrences(of: #""index": 9,"#, with: #""index": 99,"#)
        XCTAssertEqual(try builder.addJSON(data: Data(changed.utf8)), [])
        let new = builder.build()
        XCTAssertEqual(ViewModelDiff(from: old, to: new).body.reloaded.sorted(), [7, 8, 9])
        XCTAssertFalse(ViewModelDiff(from: old, to: try readRich(count: long)).body.hasChanges)
    }

    func testAStateEvaluationAndAPatchKeepTheExtras() throws {
        let source = try readRich(count: long)
        var snapshot = StateSnapshot()
        snapshot.view = ["count": .integer(2)]
        let shown = ViewStateEvaluator(limits: .default).evaluate(source, with: snapshot).viewModel.bodyComponentModels
        XCTAssertEqual(shown[3].title, "Count: 2")
        XCTAssertTrue(shown.isRecord(at: 5))
        XCTAssertEqual(shown[5], source.bodyComponentModels[5])
        XCTAssertEqual(shown[5].target?.uri, URL(string: "app:item:5"))

        let patch = try ViewModelPatch(data: Data(#"""
            {"patch": {"changes": [{"replace": "row-6", "with": [{"id": "six", "text": {"title": "Six"}}]}]}}
            """#.utf8), schema: ModelFixtures.schema())
        let patched = try patch.applied(to: source).bodyComponentModels
        XCTAssertEqual(patched[6].identifier, "six")
        XCTAssertEqual(patched[7], source.bodyComponentModels[7])
        XCTAssertEqual(patched[long - 1].customData?["index"], .number(Double(long - 1)))
    }

    func testARecordWithExtrasAskedForIsABuilderWithThem() throws {
        let builder = ModelFixtures.viewModelBuilder()
        XCTAssertEqual(try builder.addJSON(data: richDocument(count: 20)), [])
        let row = builder.bodyComponentModelBuilder(withIdentifier: "row-7")
        XCTAssertEqual(row.mainImageDataBuilder.url, URL(string: "https://example.com/7.jpg"))
        XCTAssertEqual(row.targetBuilder.uri, URL(string: "app:item:7"))
        XCTAssertEqual(row.customData?["index"], .number(7))
        row.customData?["index"] = .number(70)
        let models = builder.build().bodyComponentModels
        XCTAssertEqual(models[7].customData?["index"], .number(70))
        XCTAssertEqual(models[7].mainImageData?.url, URL(string: "https://example.com/7.jpg"))
        XCTAssertEqual(models[8].customData?["index"], .number(8))
    }

    /// Custom data written otherwise (spaces, key order, `1.0` for `1`, a key given twice) is the
    /// same custom data: two bodies of such records are equal, as their models are, and the diff
    /// between them changes nothing. Custom data that differs is still a change.
    func testCustomDataWrittenOtherwiseIsTheSame() throws {
        func read(_ custom: String) throws -> ViewModel {
            let rows = (0..<long).map { index in
                #"{"id": "row-\#(index)", "images": {"main": {"uri": "https://example.com/\#(index).jpg"}}, "custom": \#(custom)}"#
            }
            let builder = ModelFixtures.viewModelBuilder()
            XCTAssertEqual(try builder.addJSON(data: Data("[\(rows.joined(separator: ","))]".utf8)), [])
            return builder.build()
        }
        let written = try read(#"{"index": 1, "tags": ["a", {"b": null}]}"#)
        XCTAssertTrue(written.bodyComponentModels.isRecord(at: 5))
        for otherwise in [#"{"index":1,"tags":["a",{"b":null}]}"#, #"{"tags": ["a", {"b": null}], "index": 1.0}"#,
                          #"{"index": 2, "tags": ["a", {"b": null}], "index": 1}"#, #"{"index": 2, "tags": ["a", {"b": null}]}"#]
        {
            let other = try read(otherwise)
            let equal = !otherwise.hasSuffix(#"{"b": null}]}"#)
            XCTAssertEqual(written.bodyComponentModels[5] == other.bodyComponentModels[5], equal, otherwise)
            XCTAssertEqual(written.bodyComponentModels == other.bodyComponentModels, equal, otherwise)
            XCTAssertEqual(ViewModelDiff(from: written, to: other).body.hasChanges, !equal, otherwise)
        }
    }

    /// Records taken from another store keep their extras with their texts: stores put end to end
    /// (`init(concatenating:)`, the slices of a body built on every core) and rows copied one by one
    /// into a store not based on theirs (`Builder.appendRow(_:of:)`).
    func testRecordsWithExtrasTakenFromAnotherStoreKeepThem() throws {
        let first = try XCTUnwrap(readRich(count: long).bodyComponentModels.store)
        let other = String(decoding: richDocument(count: long), as: UTF8.self)
            .replacingOccurrences(of: "example.com", with: "example.org").replacingOccurrences(of: "app:item", with: "app:thing")
            .replacingOccurrences(of: #""tags": ["a""#, with: #""tags": ["other""#)
        let builder = ModelFixtures.viewModelBuilder()
        XCTAssertEqual(try builder.addJSON(data: Data(other.utf8)), [])
        let second = try XCTUnwrap(builder.build().bodyComponentModels.store)
        XCTAssertTrue(first.isRecord(at: 5) && second.isRecord(at: 5))
        XCTAssertNotEqual(first.model(at: 5), second.model(at: 5))

        let joined = try XCTUnwrap(ComponentRowStore(concatenating: [first, second]))
        XCTAssertEqual(joined.count, 2 * long)
        for index in [0, 3, 5, long - 1] {
            XCTAssertEqual(joined.model(at: index), first.model(at: index), "row \(index)")
            XCTAssertEqual(joined.model(at: long + index), second.model(at: index), "row \(long + index)")
        }

        var rows = ComponentRowStore.Builder(basedOn: first, capacity: 4)
        for (index, store) in [(5, second), (6, first), (7, second), (3, second)] { rows.appendRow(index, of: store) }
        let copied = rows.finish()
        XCTAssertEqual(copied.model(at: 0), second.model(at: 5))
        XCTAssertEqual(copied.model(at: 1), first.model(at: 6))
        XCTAssertEqual(copied.model(at: 2), second.model(at: 7))
        XCTAssertEqual(copied.model(at: 3), second.model(at: 3))
        XCTAssertEqual(copied.model(at: 2).customData?["tags"], .array([.string("other"), .object(["b": .null])]))
    }
}
