import Foundation
import XCTest
@testable import HubFramework

/// Patches (`ViewModelPatch`): read from their text, applied to a view model by the ids of its
/// components, all or nothing. A patched view model is held to the view model of the document that
/// has the result written out: the same components, the same bindings, the same derived facts.
final class ViewModelPatchTests: XCTestCase {
    private let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                    iconImageResolver: nil)

    private func view(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> ViewModel {
        let builder = schema.makeViewModelBuilder()
        XCTAssertEqual(try builder.addJSON(data: Data(json.utf8)), [], "the document reads cleanly", file: file, line: line)
        return builder.build()
    }

    private func patch(_ json: String, limits: ContentLimits = .default) throws(ViewModelPatchError) -> ViewModelPatch {
        try ViewModelPatch(data: Data(json.utf8), schema: schema, limits: limits)
    }

    private func apply(_ patchJSON: String, to viewModel: ViewModel) throws(ViewModelPatchError) -> ViewModel {
        try patch(patchJSON).applied(to: viewModel)
    }

    /// The error `body` throws, or a failure.
    private func rejection(file: StaticString = #filePath, line: UInt = #line,
                           _ body: () throws -> Void) -> ViewModelPatchError? {
        do {
            try body()
            XCTFail("the patch was not rejected", file: file, line: line)
        } catch let error as ViewModelPatchError {
            return error
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
        return nil
    }

    /// The view's components as text: `id(child,child)`, lists separated by `|`.
    private func outline(_ viewModel: ViewModel) -> String {
        func text(_ model: ComponentModel) -> String {
            model.children.isEmpty ? model.identifier : "\(model.identifier)(\(model.children.map(text).joined(separator: ",")))"
        }
        return [viewModel.headerComponentModel.map(text) ?? "-", viewModel.bodyComponentModels.map(text).joined(separator: " "),
                viewModel.overlayComponentModels.map(text).joined(separator: " ")].joined(separator: " | ")
    }

    /// `patched` is the view model of `document`: equal content, and equal derived facts; and its
    /// models sit where they say (type, parent, children numbered in order).
    private func assertIsDocument(_ patched: ViewModel, _ document: String, file: StaticString = #filePath,
                                  line: UInt = #line) throws {
        let expected = try view(document, file: file, line: line)
        XCTAssertEqual(outline(patched), outline(expected), file: file, line: line)
        XCTAssertEqual(patched, expected, "the same content, bindings included", file: file, line: line)
        XCTAssertEqual(patched.bindsState, expected.bindsState, "bindsState", file: file, line: line)
        XCTAssertEqual(patched.componentStateDeclarations, expected.componentStateDeclarations,
                       "componentStateDeclarations", file: file, line: line)
        XCTAssertEqual(patched.hasForms, expected.hasForms, "hasForms", file: file, line: line)
        XCTAssertEqual(patched.stateDeclarations, expected.stateDeclarations, file: file, line: line)
        assertPlaced(patched, file: file, line: line)
    }

    private func assertPlaced(_ viewModel: ViewModel, file: StaticString = #filePath, line: UInt = #line) {
        func check(_ model: ComponentModel, type: ComponentType) {
            XCTAssertEqual(model.type, type, model.identifier, file: file, line: line)
            for (offset, child) in model.children.enumerated() {
                XCTAssertTrue(child.parent === model, "\(child.identifier)'s parent", file: file, line: line)
                XCTAssertEqual(child.index, offset, "\(child.identifier)'s index", file: file, line: line)
                XCTAssertTrue(model.child(withIdentifier: child.identifier) === child, file: file, line: line)
                check(child, type: type)
            }
        }
        if let header = viewModel.headerComponentModel {
            XCTAssertNil(header.parent, file: file, line: line)
            check(header, type: .header)
        }
        for model in viewModel.bodyComponentModels {
            XCTAssertNil(model.parent, file: file, line: line)
            check(model, type: .body)
        }
        for model in viewModel.overlayComponentModels {
            XCTAssertNil(model.parent, file: file, line: line)
            check(model, type: .overlay)
        }
    }

    private let bakery = #"""
        {"title": "Bakery",
         "header": {"id": "top", "text": {"title": "Today"}},
         "body": [
           {"id": "croissant", "text": {"title": "Croissant"}},
           {"id": "baguette", "text": {"title": "Baguette"}},
           {"id": "tray", "component": {"id": "default:card"}, "children": [
             {"id": "rye", "text": {"title": "Rye"}},
             {"id": "spelt", "children": [{"id": "seeds"}]}]},
           {"id": "tart"}],
         "overlays": [{"id": "toast"}]}
        """#

    // MARK: Each change

    func testReplaceRemoveAndInsertByID() throws {
        let source = try view(bakery)
        let patched = try apply(#"""
            {"patch": {"changes": [
              {"replace": "croissant", "with": [{"id": "croissant", "text": {"title": "Croissant", "subtitle": "Sold out"}},
                                                {"id": "pain", "text": {"title": "Pain au chocolat"}}]},
              {"remove": "baguette"},
              {"insert": [{"id": "brioche"}], "before": "tart"},
              {"insert": [{"id": "eclair"}, {"id": "flan"}], "after": "tart"},
              {"insert": [{"id": "note", "text": {"title": "Fresh at seven"}}], "into": "body"},
              {"insert": [{"id": "spinner"}], "into": "overlays"}
            ]}}
            """#, to: source)
        try assertIsDocument(patched, #"""
            {"title": "Bakery",
             "header": {"id": "top", "text": {"title": "Today"}},
             "body": [
               {"id": "croissant", "text": {"title": "Croissant", "subtitle": "Sold out"}},
               {"id": "pain", "text": {"title": "Pain au chocolat"}},
               {"id": "tray", "component": {"id": "default:card"}, "children": [
                 {"id": "rye", "text": {"title": "Rye"}},
                 {"id": "spelt", "children": [{"id": "seeds"}]}]},
               {"id": "brioche"}, {"id": "tart"}, {"id": "eclair"}, {"id": "flan"},
               {"id": "note", "text": {"title": "Fresh at seven"}}],
             "overlays": [{"id": "toast"}, {"id": "spinner"}]}
            """#)
        // What the patch did not touch is the very same model, not a copy.
        XCTAssertTrue(patched.bodyComponentModels[2] === source.bodyComponentModels[2], "the tray")
        XCTAssertTrue(patched.headerComponentModel === source.headerComponentModel)
        XCTAssertTrue(patched.overlayComponentModels[0] === source.overlayComponentModels[0])
        XCTAssertEqual(outline(source), outline(try view(bakery)), "the source is left as it was")
    }

    /// A document whose body names "café" twice, once precomposed and once decomposed, gives a view
    /// whose component a patch can name: the body list (`IdentifierPositions`) takes the two for
    /// one component, as a patch does (`ViewModelPatchApplication.occurrences`, a `[String: …]`).
    /// When the list compared bytes it kept two, which a patch took for one id held by two
    /// components, and it rejected every change naming either.
    func testAComponentOfADocumentIsFoundByItsID() throws {
        let source = try view(#"{"body": [{"id": "caf\u00e9", "text": {"title": "A"}}, {"id": "cafe\u0301", "text": {"title": "B"}}]}"#)
        let patched = try apply(#"{"patch": {"changes": [{"remove": "caf\u00e9"}]}}"#, to: source)
        XCTAssertFalse(patched.bodyComponentModels.contains { $0.identifier.utf8.elementsEqual("caf\u{E9}".utf8) })
    }

    func testChildrenAtAnyDepthAreFoundByTheirID() throws {
        let source = try view(bakery)
        let patched = try apply(#"""
            {"patch": {"changes": [
              {"replace": "seeds", "with": [{"id": "poppy"}, {"id": "sesame"}]},
              {"remove": "rye"},
              {"insert": [{"id": "oat", "children": [{"id": "flakes"}]}], "before": "spelt"},
              {"insert": [{"id": "crumb"}], "into": "tart"},
              {"insert": [{"id": "date"}], "into": "top"},
              {"insert": [{"id": "close"}], "into": "toast"}
            ]}}
            """#, to: source)
        try assertIsDocument(patched, #"""
            {"title": "Bakery",
             "header": {"id": "top", "text": {"title": "Today"}, "children": [{"id": "date"}]},
             "body": [
               {"id": "croissant", "text": {"title": "Croissant"}},
               {"id": "baguette", "text": {"title": "Baguette"}},
               {"id": "tray", "component": {"id": "default:card"}, "children": [
                 {"id": "oat", "children": [{"id": "flakes"}]},
                 {"id": "spelt", "children": [{"id": "poppy"}, {"id": "sesame"}]}]},
               {"id": "tart", "children": [{"id": "crumb"}]}],
             "overlays": [{"id": "toast", "children": [{"id": "close"}]}]}
            """#)
        // A top-level component whose children changed is made again, keeping its place; the rows
        // beside it stay.
        XCTAssertEqual(patched.bodyComponentModels.map(\.index), [0, 1, 2, 3])
        XCTAssertTrue(patched.bodyComponentModels[0] === source.bodyComponentModels[0])
        XCTAssertFalse(patched.bodyComponentModels[2] === source.bodyComponentModels[2])
    }

    func testTheHeaderIsReplacedRemovedOrFilledButNotFlanked() throws {
        let source = try view(bakery)
        let replaced = try apply(#"{"patch": {"changes": [{"replace": "top", "with": [{"id": "banner", "text": {"title": "Closed"}}]}]}}"#,
                                 to: source)
        XCTAssertEqual(replaced.headerComponentModel?.identifier, "banner")
        XCTAssertEqual(replaced.headerComponentModel?.type, .header)
        XCTAssertNil(try apply(#"{"patch": {"changes": [{"remove": "top"}]}}"#, to: source).headerComponentModel)
        let two = rejection { _ = try self.apply(#"{"patch": {"changes": [{"replace": "top", "with": [{"id": "a"}, {"id": "b"}]}]}}"#, to: source) }
        XCTAssertEqual(two?.problems.map(\.path), ["patch.changes[0].replace"])
        let beside = rejection { _ = try self.apply(#"{"patch": {"changes": [{"insert": [{"id": "a"}], "after": "top"}]}}"#, to: source) }
        XCTAssertEqual(beside?.problems.first?.message,
                       "the header stands alone: nothing can be inserted before or after it (replace it, or insert into it)")
    }

    func testChangesApplyInOrderEachSeeingTheOnesBefore() throws {
        let source = try view(bakery)
        let patched = try apply(#"""
            {"patch": {"changes": [
              {"insert": [{"id": "shelf"}], "after": "croissant"},
              {"insert": [{"id": "bun"}], "into": "shelf"},
              {"insert": [{"id": "roll"}], "before": "bun"},
              {"replace": "bun", "with": [{"id": "bun", "text": {"title": "Bun"}}]},
              {"remove": "croissant"},
              {"insert": [{"id": "croissant"}], "into": "shelf"}
            ]}}
            """#, to: source)
        XCTAssertEqual(outline(patched), "top | shelf(roll,bun,croissant) baguette tray(rye,spelt(seeds)) tart | toast")
        XCTAssertEqual(patched.bodyComponentModels[0].child(at: 1)?.title, "Bun")
        assertPlaced(patched)
        // A later change does not see what an earlier one removed.
        let gone = rejection {
            _ = try self.apply(#"{"patch": {"changes": [{"remove": "rye"}, {"insert": [{"id": "a"}], "after": "rye"}]}}"#, to: source)
        }
        XCTAssertEqual(gone?.problems.map(\.description), [#"line 1, column 78: patch.changes[1].after: no component of the view has the id "rye""#])
    }

    func testTopLevelInsertionsGoRightBesideTheirAnchorAndTakeTheirPositionsAsIndexes() throws {
        let source = try view(#"{"body": [{"id": "a"}, {"id": "b"}, {"id": "c"}], "overlays": [{"id": "o"}]}"#)
        let patched = try apply(#"""
            {"patch": {"changes": [
              {"insert": [{"id": "a1"}], "after": "a"},
              {"insert": [{"id": "a2"}], "after": "a"},
              {"insert": [{"id": "b1"}], "before": "b"},
              {"insert": [{"id": "b2"}], "before": "b"},
              {"insert": [{"id": "a3"}], "after": "a2"},
              {"remove": "b2"},
              {"replace": "b1", "with": [{"id": "b0"}, {"id": "b1"}]},
              {"insert": [{"id": "e1"}], "into": "body"},
              {"insert": [{"id": "e0"}], "before": "e1"},
              {"remove": "c"},
              {"insert": [{"id": "c"}], "after": "e1"},
              {"insert": [{"id": "o0"}], "before": "o"},
              {"insert": [{"id": "x"}], "into": "a3"}
            ]}}
            """#, to: source)
        XCTAssertEqual(outline(patched), "- | a a2 a3(x) a1 b0 b1 b e0 e1 c | o0 o")
        // The rows a patch adds are numbered where they ended up; the others keep their index.
        XCTAssertEqual(patched.bodyComponentModels.map(\.index), [0, 1, 2, 3, 4, 5, 1, 7, 8, 9])
        XCTAssertEqual(patched.overlayComponentModels.map(\.index), [0, 0])
        XCTAssertEqual(patched.overlayComponentModels.map(\.type), [.overlay, .overlay])
        assertPlaced(patched)
    }

    func testAnEmptyPatchGivesTheSameViewModel() throws {
        let source = try view(bakery)
        XCTAssertTrue(try apply(#"{"patch": {"changes": []}}"#, to: source) === source)
    }

    func testAPatchAppliesToSeveralViewModelsAndOffTheMainThread() async throws {
        let data = Data(#"{"patch": {"changes": [{"insert": [{"id": "n", "state": {"k": 1}, "text": {"title": "k is @{k}"}}], "into": "tray"}]}}"#.utf8)
        let first = try view(bakery)
        let second = try view(bakery)
        let schema = schema
        // Read and applied on another thread: the patch and the models are Sendable.
        let (a, b) = try await Task.detached {
            let patch = try ViewModelPatch(data: data, schema: schema)
            return (try patch.applied(to: first), try patch.applied(to: second))
        }.value
        XCTAssertEqual(outline(a), "top | croissant baguette tray(rye,spelt(seeds),n) tart | toast")
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.componentStateDeclarations.keys.sorted(), ["/tray/n"])
    }

    // MARK: State and bindings

    func testEachViewModelAPatchIsAppliedToChecksItsComponentsAgain() throws {
        let patch = try patch(#"{"patch": {"changes": [{"insert": [{"id": "n", "text": {"title": "n: @{count}"}}], "into": "body"}]}}"#)
        let undeclared = try view(#"{"body": [{"id": "a"}]}"#)
        XCTAssertNotNil(rejection { _ = try patch.applied(to: undeclared) })
        let first = try view(#"{"state": {"count": 1}, "body": [{"id": "a"}]}"#)
        let second = try view(#"{"state": {"label": "x", "count": 2}, "body": [{"id": "a"}]}"#)
        let evaluator = ViewStateEvaluator(limits: .default)
        var snapshot = StateSnapshot()
        snapshot.view = ["count": .integer(1)]
        XCTAssertEqual(evaluator.evaluate(try patch.applied(to: first), with: snapshot).viewModel.bodyComponentModels.last?.title,
                       "n: 1")
        // The same expression in another view reads that view's variables, in their places.
        snapshot.view = ["label": .string("x"), "count": .integer(2)]
        XCTAssertEqual(evaluator.evaluate(try patch.applied(to: second), with: snapshot).viewModel.bodyComponentModels.last?.title,
                       "n: 2")
    }

    func testInsertedComponentsDeclareStateAndReadTheVariablesWhereTheyGo() throws {
        let source = try view(#"""
            {"state": {"count": 2},
             "body": [
               {"id": "plain"},
               {"id": "box", "state": {"open": false}, "children": [{"id": "label", "text": {"title": "@{open ? 'open' : 'shut'}"}}]}]}
            """#)
        XCTAssertEqual(source.componentStateDeclarations.keys.sorted(), ["/box"])
        let patched = try apply(#"""
            {"patch": {"changes": [
              {"insert": [{"id": "counter", "state": {"step": 1}, "text": {"title": "= @{count + step}"}}], "after": "plain"},
              {"insert": [{"id": "more", "text": {"title": "@{open ? 'more' : 'less'} of @{count}"}}], "into": "box"}
            ]}}
            """#, to: source)
        try assertIsDocument(patched, #"""
            {"state": {"count": 2},
             "body": [
               {"id": "plain"},
               {"id": "counter", "state": {"step": 1}, "text": {"title": "= @{count + step}"}},
               {"id": "box", "state": {"open": false}, "children": [
                 {"id": "label", "text": {"title": "@{open ? 'open' : 'shut'}"}},
                 {"id": "more", "text": {"title": "@{open ? 'more' : 'less'} of @{count}"}}]}]}
            """#)
        XCTAssertEqual(patched.componentStateDeclarations.keys.sorted(), ["/box", "/counter"])
        // Shown with the state: each reads its own scope's variables.
        var snapshot = StateSnapshot()
        snapshot.view = ["count": .integer(2)]
        snapshot.components = ["/counter": ["step": .integer(1)], "/box": ["open": .boolean(true)]]
        let shown = ViewStateEvaluator(limits: .default).evaluate(patched, with: snapshot).viewModel
        XCTAssertEqual(shown.bodyComponentModels[1].title, "= 3")
        XCTAssertEqual(shown.bodyComponentModels[2].child(withIdentifier: "more")?.title, "more of 2")
    }

    func testTheAppsVariablesAreInScopeToo() throws {
        let builder = schema.makeViewModelBuilder()
        builder.appStateDeclarations = StateDeclarations([StateVariable(name: "user", type: .string, initialValue: .string(""))])
        try builder.addJSON(data: Data(#"{"body": [{"id": "a"}]}"#.utf8))
        let source = builder.build()
        let patched = try apply(#"{"patch": {"changes": [{"insert": [{"id": "hello", "text": {"title": "Hi @{user}"}}], "into": "body"}]}}"#,
                                to: source)
        XCTAssertTrue(patched.bindsState)
        XCTAssertEqual(patched.appStateDeclarations, source.appStateDeclarations)
    }

    func testWhatARemovedComponentHeldGoesWithIt() throws {
        let source = try view(#"""
            {"state": {"email": ""},
             "body": [
               {"id": "plain"},
               {"id": "form", "state": {"agreed": false}, "children": [
                 {"id": "email", "input": {"variable": "email", "form": "signup"}},
                 {"id": "agree", "input": {"variable": "agreed"}}]}]}
            """#)
        XCTAssertTrue(source.bindsState)
        XCTAssertTrue(source.hasForms)
        XCTAssertEqual(source.componentStateDeclarations.keys.sorted(), ["/form"])
        // Removing the form's only input leaves bindings but no form.
        let noForm = try apply(#"{"patch": {"changes": [{"remove": "email"}]}}"#, to: source)
        try assertIsDocument(noForm, #"""
            {"state": {"email": ""},
             "body": [{"id": "plain"},
               {"id": "form", "state": {"agreed": false}, "children": [{"id": "agree", "input": {"variable": "agreed"}}]}]}
            """#)
        XCTAssertFalse(noForm.hasForms)
        XCTAssertTrue(noForm.bindsState)
        // Removing the component that declared state takes its scope, and the last bindings, with it.
        let plain = try apply(#"{"patch": {"changes": [{"remove": "form"}]}}"#, to: source)
        try assertIsDocument(plain, #"{"state": {"email": ""}, "body": [{"id": "plain"}]}"#)
        XCTAssertFalse(plain.bindsState)
        XCTAssertEqual(plain.componentStateDeclarations, [:])
        // And adding one brings them back.
        let again = try apply(#"""
            {"patch": {"changes": [{"insert": [{"id": "subscribe", "state": {"on": true},
              "input": {"variable": "email", "form": "news"}}], "into": "body"}]}}
            """#, to: plain)
        XCTAssertTrue(again.bindsState)
        XCTAssertTrue(again.hasForms)
        XCTAssertEqual(again.componentStateDeclarations.keys.sorted(), ["/subscribe"])
    }

    func testReplacingAComponentThatDeclaresStateKeepsItsScopeKey() throws {
        let source = try view(#"{"body": [{"id": "row", "state": {"open": false}, "text": {"title": "open: @{open}"}}]}"#)
        let patched = try apply(#"""
            {"patch": {"changes": [{"replace": "row", "with": [{"id": "row", "state": {"open": true, "n": 1}, "text": {"title": "n: @{n}"}}]}]}}
            """#, to: source)
        try assertIsDocument(patched, #"{"body": [{"id": "row", "state": {"open": true, "n": 1}, "text": {"title": "n: @{n}"}}]}"#)
        XCTAssertEqual(patched.componentStateDeclarations["/row"]?.variables.map(\.name).sorted(), ["n", "open"])
    }

    // MARK: Templates

    func testComponentsUseThePatchsTemplates() throws {
        let source = try view(bakery)
        let patched = try apply(#"""
            {"templates": {"product": {"component": {"id": "default:row"}, "text": {"$title": "name", "subtitle": "Ask"}}},
             "patch": {"changes": [{"insert": [{"template": "product", "id": "scone", "name": "Scone"}], "after": "tart"}]}}
            """#, to: source)
        let scone = patched.bodyComponentModels.last
        XCTAssertEqual(scone?.identifier, "scone")
        XCTAssertEqual(scone?.title, "Scone")
        XCTAssertEqual(scone?.subtitle, "Ask")
        let unknown = rejection { _ = try self.patch(#"{"patch": {"changes": [{"insert": [{"template": "nope", "id": "a"}], "into": "body"}]}}"#) }
        XCTAssertEqual(unknown?.problems.map(\.path), ["patch.changes[0].insert[0].template"])
    }

    // MARK: Rejections: nothing changes, and the problem is located

    func testAnUnknownIDIsRejectedWhereItIsNamed() throws {
        let source = try view(bakery)
        let error = rejection {
            _ = try self.apply("{\"patch\": {\"changes\": [\n  {\"remove\": \"tart\"},\n  {\"replace\": \"baguete\", \"with\": []}\n]}}", to: source)
        }
        XCTAssertEqual(error?.problems, [ViewModelPatchProblem(
            path: "patch.changes[1].replace", message: #"no component of the view has the id "baguete""#,
            location: JSONSourceLocation(offset: 60, line: 3, column: 15))])
        XCTAssertEqual(outline(source), outline(try view(bakery)))
    }

    func testAnIDTwoComponentsHaveCannotBeNamed() throws {
        let source = try view(#"{"body": [{"id": "a", "children": [{"id": "x"}]}, {"id": "b", "children": [{"id": "x"}]}]}"#)
        let error = rejection { _ = try self.apply(#"{"patch": {"changes": [{"remove": "x"}]}}"#, to: source) }
        XCTAssertEqual(error?.problems.map(\.message),
                       [#"2 components of the view have the id "x" (body › a › x; body › b › x): a change can name only an id that one component has"#])
    }

    func testAComponentIsNotAddedBesideASiblingOfItsID() throws {
        let source = try view(bakery)
        let top = rejection { _ = try self.apply(#"{"patch": {"changes": [{"insert": [{"id": "tart"}], "into": "body"}]}}"#, to: source) }
        XCTAssertEqual(top?.problems.map(\.description),
                       [#"line 1, column 36: patch.changes[0].insert[0]: the body has a component with the id "tart" already"#])
        let child = rejection { _ = try self.apply(#"{"patch": {"changes": [{"insert": [{"id": "rye"}], "before": "spelt"}]}}"#, to: source) }
        XCTAssertEqual(child?.problems.map(\.message), [#""tray" has a child with the id "rye" already"#])
        // The same id in one list is found when the patch is read.
        let twice = rejection { _ = try self.patch(#"{"patch": {"changes": [{"insert": [{"id": "a"}, {"id": "a"}], "into": "body"}]}}"#) }
        XCTAssertEqual(twice?.problems.map(\.path), ["patch.changes[0].insert[1]"])
        // An id elsewhere in the view (a child of another component) is no conflict.
        let elsewhere = try apply(#"{"patch": {"changes": [{"insert": [{"id": "rye"}], "into": "body"}]}}"#, to: source)
        XCTAssertEqual(elsewhere.bodyComponentModels.last?.identifier, "rye")
    }

    func testChangesOfTheWrongShapeAreRejectedWhenRead() throws {
        let cases: [(String, [String])] = [
            (#"{"patch": {"changes": [{"remove": "a", "replace": "b", "with": []}]}}"#,
             [#"patch.changes[0]: a change has one of "replace", "remove" or "insert"; this one has "replace" and "remove""#]),
            (#"{"patch": {"changes": [{"delete": "a"}]}}"#,
             [#"patch.changes[0]: unknown key "delete""#,
              #"patch.changes[0]: a change has "replace", "remove" or "insert"; this one has none of them"#]),
            (#"{"patch": {"changes": [{"replace": "a"}]}}"#,
             [#"patch.changes[0]: a "replace" lists the components that take the place in "with" (an empty list removes it)"#]),
            (#"{"patch": {"changes": [{"remove": 3}]}}"#,
             [#"patch.changes[0].remove: expected the id of a component (a string), found a number"#]),
            (#"{"patch": {"changes": [{"remove": "a", "wiht": []}]}}"#,
             [#"patch.changes[0]: unknown key "wiht""#]),
            (#"{"patch": {"changes": [{"insert": [{"id": "a"}]}]}}"#,
             [#"patch.changes[0]: an "insert" says where its components go with "before", "after" or "into"; this one has none"#]),
            (#"{"patch": {"changes": [{"insert": [{"id": "a"}], "before": "b", "into": "body"}]}}"#,
             [#"patch.changes[0]: an "insert" says where its components go with one of "before", "after" or "into"; this one has "before" and "into""#]),
            (#"{"patch": {"changes": [{"insert": {"id": "a"}, "into": "body"}]}}"#,
             [#"patch.changes[0].insert: expected an array of components, found an object"#]),
            (#"{"patch": {"changes": [{"insert": ["a"], "into": "body"}]}}"#,
             [#"patch.changes[0].insert[0]: expected an object (a component), found a string"#]),
            (#"{"patch": {"changes": ["remove"]}}"#, [#"patch.changes[0]: expected an object (a change), found a string"#]),
            (#"{"patch": {"changs": []}}"#,
             [#"patch: unknown key "changs"; did you mean "changes"?"#,
              #"patch: a patch lists its changes in a "changes" member, which this one lacks"#]),
            (#"{"patch": 3}"#, [#"patch: expected an object, found a number"#]),
            (#"{"patch": {"changes": {}}}"#, [#"patch.changes: expected an array of changes, found an object"#]),
            (#"{"changes": []}"#,
             [#"unknown key "changes""#, #"a patch has its changes in a "patch" member, which this document lacks"#]),
            (#"[]"#, [#"expected an object with a "patch" member, found an array"#]),
            (#"{"patch": {"changes": [}}"#, [#"patch.changes[0]: invalid JSON: expected a value, found '}'"#]),
            ("", ["the patch is empty"]),
        ]
        for (json, expected) in cases {
            let error = rejection { _ = try self.patch(json) }
            XCTAssertEqual(error?.problems.map { $0.path.isEmpty ? $0.message : "\($0.path): \($0.message)" }, expected, json)
        }
    }

    func testAComponentWithAnyProblemRejectsThePatch() throws {
        let error = rejection {
            _ = try self.patch(#"{"patch": {"changes": [{"insert": [{"id": "a", "text": {"title": 5}, "titel": "x"}], "into": "body"}]}}"#)
        }
        XCTAssertEqual(error?.problems.map(\.description), [
            #"line 1, column 36: patch.changes[0].insert[0]: unknown key "titel""#,
            #"line 1, column 66: patch.changes[0].insert[0].text.title: expected a string, found a number"#,
        ])
    }

    func testAnExpressionThatDoesNotCompileWhereItGoesRejectsThePatch() throws {
        let source = try view(#"{"state": {"count": 0}, "body": [{"id": "box", "state": {"open": false}}, {"id": "other"}]}"#)
        // `open` is declared by the box: inside it the expression compiles, beside it not.
        let component = #"[{"id": "x", "text": {"title": "is @{open}"}}]"#
        XCTAssertNoThrow(try apply(#"{"patch": {"changes": [{"insert": \#(component), "into": "box"}]}}"#, to: source))
        let error = rejection { _ = try self.apply(#"{"patch": {"changes": [{"insert": \#(component), "into": "other"}]}}"#, to: source) }
        XCTAssertEqual(error?.problems.count, 1)
        XCTAssertEqual(error?.problems.first?.path, "patch.changes[0].insert[0].text.title")
        XCTAssertTrue(error?.problems.first?.message.hasSuffix("at character 6: Variable 'open' is not declared.") == true, "\(String(describing: error))")
        // At the character the problem is about, inside the string.
        XCTAssertEqual(error?.problems.first?.location.column, 72)
    }

    func testNothingIsChangedWhenALaterChangeFails() throws {
        let source = try view(bakery)
        let before = outline(source)
        let error = rejection {
            _ = try self.apply(#"{"patch": {"changes": [{"remove": "croissant"}, {"insert": [{"id": "a"}], "into": "tray"}, {"remove": "nope"}]}}"#,
                               to: source)
        }
        XCTAssertEqual(error?.problems.map(\.path), ["patch.changes[2].remove"])
        XCTAssertEqual(outline(source), before)
        XCTAssertEqual(source, try view(bakery))
    }

    // MARK: Limits

    func testThePatchLimitsAreKept() throws {
        var limits = ContentLimits.default
        limits.maximumPatchBytes = 40
        let big = rejection { _ = try self.patch(#"{"patch": {"changes": [{"remove": "a"}, {"remove": "b"}]}}"#, limits: limits) }
        XCTAssertEqual(big?.problems.map(\.message), ["the patch is 58 bytes, more than the limit of 40 bytes (maximumPatchBytes)"])

        limits = .default
        limits.maximumPatchChanges = 1
        let many = rejection { _ = try self.patch(#"{"patch": {"changes": [{"remove": "a"}, {"remove": "b"}]}}"#, limits: limits) }
        XCTAssertEqual(many?.problems.map(\.description),
                       ["line 1, column 23: patch.changes: the patch makes 2 changes, more than the limit of 1 (maximumPatchChanges)"])
    }

    func testComponentsAreCountedBeforeTheyAreRead() throws {
        var limits = ContentLimits.default
        limits.maximumPatchComponents = 3
        // Four components, children included, each with a problem of its own: counted before any is
        // read, so the count is the only problem.
        let error = rejection {
            _ = try self.patch(#"""
                {"patch": {"changes": [{"insert": [{"titel": 1, "children": [{"titel": 2}, {"titel": 3}]}], "into": "body"},
                                       {"insert": [{"titel": 4}], "into": "body"}]}}
                """#, limits: limits)
        }
        XCTAssertEqual(error?.problems.map(\.message),
                       ["the patch adds more than 3 components, children included (the limit maximumPatchComponents)"])
        // A million components are refused before any is read.
        let million = "{\"patch\": {\"changes\": [{\"insert\": [" + Array(repeating: "{}", count: 1_000_000).joined(separator: ",")
            + "], \"into\": \"body\"}]}}"
        let refused = rejection { _ = try self.patch(million) }
        XCTAssertEqual(refused?.problems.map(\.message),
                       ["the patch adds more than 100000 components, children included (the limit maximumPatchComponents)"])
        // What templates add counts too.
        limits.maximumPatchComponents = 2
        let templated = rejection {
            _ = try self.patch(#"""
                {"templates": {"pair": {"children": [{"id": "l"}, {"id": "r"}]}},
                 "patch": {"changes": [{"insert": [{"template": "pair", "id": "a"}], "into": "body"}]}}
                """#, limits: limits)
        }
        XCTAssertEqual(templated?.problems.map(\.message),
                       ["the patch adds 3 components once its templates are expanded, children included; the limit is 2 "
                        + "(maximumPatchComponents)"])
    }

    func testTheViewsOwnLimitsAreKept() throws {
        var limits = ContentLimits.default
        limits.maximumComponentCount = 5
        let source = try view(bakery)
        let full = try ViewModelPatch(data: Data(#"{"patch": {"changes": [{"insert": [{"id": "a"}], "into": "body"}]}}"#.utf8),
                                      schema: schema, limits: limits)
        XCTAssertEqual(try full.applied(to: source).bodyComponentModels.count, 5)
        // What a patch removes makes room, whether it was there before or the patch added it.
        let churn = try ViewModelPatch(data: Data(#"""
            {"patch": {"changes": [{"insert": [{"id": "a"}], "into": "body"}, {"remove": "a"}, {"remove": "tart"},
                                   {"insert": [{"id": "b"}, {"id": "c"}], "into": "body"}]}}
            """#.utf8), schema: schema, limits: limits)
        XCTAssertEqual(try churn.applied(to: source).bodyComponentModels.map(\.identifier), ["croissant", "baguette", "tray", "b", "c"])
        let over = try ViewModelPatch(data: Data(#"{"patch": {"changes": [{"insert": [{"id": "a"}, {"id": "b"}], "into": "body"}]}}"#.utf8),
                                      schema: schema, limits: limits)
        let error = rejection { _ = try over.applied(to: source) }
        XCTAssertEqual(error?.problems.map(\.message), ["the body would have more than 5 components, the limit (maximumComponentCount)"])
    }

    func testComponentsAreNotNestedPastTheDepthLimitPatchAfterPatch() throws {
        // A chain of 250 components, then a patch that would put 10 more levels below its deepest.
        var document = #"{"id": "c250"}"#
        for level in (1..<250).reversed() { document = #"{"id": "c\#(level)", "children": [\#(document)]}"# }
        var parser = JSONParser(limits: .default)
        parser.maximumDepth = 2_000
        let builder = schema.makeViewModelBuilder()
        guard case .object(let object) = try parser.parse(#"{"body": [\#(document)]}"#) else { return XCTFail() }
        XCTAssertEqual(builder.addJSON(dictionary: object), [])
        let source = builder.build()
        var inserted = #"{"id": "d10"}"#
        for level in (1..<10).reversed() { inserted = #"{"id": "d\#(level)", "children": [\#(inserted)]}"# }
        let error = rejection { _ = try self.apply(#"{"patch": {"changes": [{"insert": [\#(inserted)], "into": "c250"}]}}"#, to: source) }
        XCTAssertEqual(error?.problems.map(\.message), ["here, components would be nested deeper than 256 levels"])
        XCTAssertNoThrow(try apply(#"{"patch": {"changes": [{"insert": [\#(inserted)], "into": "c240"}]}}"#, to: source))
    }

    // MARK: A long view

    func testTenChangesToAHundredThousandRowsLeaveTheOtherRowsAsTheyWere() throws {
        let builder = schema.makeViewModelBuilder()
        for index in 0..<100_000 {
            let row = builder.bodyComponentModelBuilder(withIdentifier: "row-\(index)")
            row.title = "Row \(index)"
            if index % 10_000 == 0 { row.childBuilder(withIdentifier: "detail-\(index)").title = "Detail \(index)" }
        }
        let source = builder.build()
        let patched = try apply(#"""
            {"patch": {"changes": [
              {"remove": "row-5"},
              {"remove": "row-99999"},
              {"replace": "row-50000", "with": [{"id": "row-50000", "text": {"title": "Changed"}}]},
              {"insert": [{"id": "new-1"}, {"id": "new-2"}], "before": "row-0"},
              {"insert": [{"id": "new-3"}], "after": "row-70000"},
              {"insert": [{"id": "new-4"}], "into": "body"},
              {"insert": [{"id": "more"}], "into": "row-20000"},
              {"replace": "detail-30000", "with": []},
              {"remove": "row-1"},
              {"insert": [{"id": "new-5"}], "into": "new-3"}
            ]}}
            """#, to: source)
        let rows = patched.bodyComponentModels
        XCTAssertEqual(rows.count, 100_000 - 3 + 4)
        XCTAssertEqual(rows.prefix(5).map(\.identifier), ["new-1", "new-2", "row-0", "row-2", "row-3"])
        XCTAssertEqual(rows.last?.identifier, "new-4")
        XCTAssertEqual(rows.first { $0.identifier == "row-50000" }?.title, "Changed")
        XCTAssertEqual(rows.first { $0.identifier == "row-20000" }?.children.map(\.identifier), ["detail-20000", "more"])
        XCTAssertEqual(rows.first { $0.identifier == "new-3" }?.children.map(\.identifier), ["new-5"])
        let afterNew3 = rows.firstIndex { $0.identifier == "new-3" }!
        XCTAssertEqual(rows[afterNew3 - 1].identifier, "row-70000")
        XCTAssertFalse(rows.contains { $0.identifier == "row-99999" || $0.identifier == "row-5" })
        // Only the rows the patch touched are new models; the other 99,995 are kept as they were: a
        // plain row as its record (a long body keeps no model for it, see ComponentModelList), a
        // row with children as the very same model.
        XCTAssertNotNil(source.bodyComponentModels.store, "a long body keeps its plain rows as records")
        let old = Set(source.bodyComponentModels.keptModels.map(ObjectIdentifier.init))
        let made = rows.indices.filter { !rows.isRecord(at: $0) && !old.contains(ObjectIdentifier(rows[$0])) }
            .map { rows[$0].identifier }
        XCTAssertEqual(made, ["new-1", "new-2", "row-20000", "row-30000", "row-50000", "new-3", "new-4"])
        XCTAssertEqual(rows.first { $0.identifier == "row-30000" }?.children.count, 0)
        assertPlaced(patched)
    }

    /// As many changes as a patch may make, at the top of a long body: each marks its place, and the
    /// body is put together once.
    func testTenThousandChangesToAHundredThousandRows() throws {
        let builder = schema.makeViewModelBuilder()
        for index in 0..<100_000 { builder.bodyComponentModelBuilder(withIdentifier: "row-\(index)").title = "\(index)" }
        let source = builder.build()
        var changes: [String] = []
        for index in stride(from: 0, to: 100_000, by: 20) {
            changes.append(#"{"remove": "row-\#(index)"}"#)
            changes.append(#"{"insert": [{"id": "new-\#(index)"}], "before": "row-\#(index + 1)"}"#)
        }
        XCTAssertEqual(changes.count, 10_000)
        let patched = try apply(#"{"patch": {"changes": [\#(changes.joined(separator: ","))]}}"#, to: source)
        let rows = patched.bodyComponentModels
        XCTAssertEqual(rows.count, 100_000)
        for (position, row) in rows.enumerated() {
            let expected = position % 20 == 0 ? "new-\(position)" : "row-\(position)"
            guard row.identifier == expected else { return XCTFail("\(position): \(row.identifier), not \(expected)") }
            XCTAssertEqual(row.index, position)
        }
        // Row 1 is kept as it was (its record), not made again.
        XCTAssertTrue(rows.isRecord(at: 1))
        XCTAssertEqual(rows[1], source.bodyComponentModels[1])
        XCTAssertEqual(rows.keptModels.count, 5_000, "only the 5,000 rows the patch inserted are models")
    }
}
