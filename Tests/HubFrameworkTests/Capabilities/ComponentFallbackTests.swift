@testable import HubFramework
import XCTest

/// Issue "Documents that talk to their server", goal 4: a component may say what it `requires` and
/// give a `fallback` (another component, or `"drop"`), which a client that lacks a requirement, or
/// the component itself, shows instead, before the category fallback is ever needed. The choice is
/// made as the document is read, for the builder's client.
final class ComponentFallbackTests: XCTestCase {
    private let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                    iconImageResolver: nil)

    /// A client with the default rows and labels, the `request` action and the built-in features,
    /// without any `maps:` component.
    private let oldClient = ClientCapabilities(components: ["default:row", "default:label"],
                                               actions: ["set", "open", "request"], app: "old/1.0")
    /// A client without the `request` action.
    private let clientWithoutRequests = ClientCapabilities(components: ["default:row", "default:label", "maps:*"],
                                                           actions: ["set", "open"])

    /// The document read for `client` (nil: for none): its view model, and its problems as text.
    private func read(_ json: String, for client: ClientCapabilities?, onePass: Bool = true) throws -> (ViewModel, [String]) {
        let builder = schema.makeViewModelBuilder(clientCapabilities: client)
        let problems = onePass ? try builder.addJSON(data: Data(json.utf8))
            : try builder.addJSONThroughValueTree(data: Data(json.utf8), limits: .default)
        return (builder.build(), problems.map(\.description))
    }

    private func summary(_ model: ComponentModel) -> String {
        "\(model.identifier) \(model.componentIdentifier.identifierString) \(model.title ?? "-")"
    }

    private let mapDocument = #"""
        {"body": [
          {"id": "before", "text": {"title": "Before"}},
          {"id": "map", "component": {"id": "maps:map", "category": "card"}, "text": {"title": "The map"},
           "fallback": {"component": {"id": "default:label"}, "text": {"title": "Open the map on the web"}}},
          {"id": "after", "text": {"title": "After"}}
        ]}
        """#

    func testAMissingComponentGivesWayToItsFallbackWhichKeepsItsIdentifier() throws {
        let (view, problems) = try read(mapDocument, for: oldClient)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(view.bodyComponentModels.map(summary), [
            "before default:row Before", "map default:label Open the map on the web", "after default:row After",
        ])
        // A client that has the component shows it, and the fallback is only read.
        let (newer, _) = try read(mapDocument, for: clientWithoutRequests)
        XCTAssertEqual(newer.bodyComponentModels.map(summary)[1], "map maps:map The map")
        XCTAssertEqual(newer.bodyComponentModels[1].componentCategory, .card)
    }

    func testAMissingActionGivesWayToTheFallback() throws {
        let json = #"""
            [{"id": "buy", "component": {"id": "default:label"}, "text": {"title": "Buy"},
              "requires": {"actions": ["request"]},
              "target": {"actions": [{"type": "request", "url": "/buy"}]},
              "fallback": {"text": {"title": "Buy on the web"}, "target": {"uri": "https://example.org/buy"}}}]
            """#
        let (view, problems) = try read(json, for: clientWithoutRequests)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(view.bodyComponentModels.map(summary), ["buy default:row Buy on the web"])
        XCTAssertEqual(view.bodyComponentModels[0].target?.uri, URL(string: "https://example.org/buy"))
        let (withRequests, _) = try read(json, for: oldClient)
        XCTAssertEqual(withRequests.bodyComponentModels.map(summary), ["buy default:label Buy"])
        XCTAssertNil(withRequests.bodyComponentModels[0].target?.uri)
    }

    func testEachKindOfRequirementCounts() throws {
        func shown(_ requires: String, _ client: ClientCapabilities) throws -> String {
            let json = #"[{"id": "a", "text": {"title": "Itself"}, "requires": \#(requires), "fallback": {"text": {"title": "Fallback"}}}]"#
            let (view, problems) = try read(json, for: client)
            XCTAssertEqual(problems, [], requires)
            return view.bodyComponentModels.first?.title ?? "-"
        }
        let client = ClientCapabilities(components: ["default:row", "maps:*"], actions: ["set", "cities:*"],
                                        expressions: 1, features: ["state"])
        XCTAssertEqual(try shown(#"{"components": ["maps:map"]}"#, client), "Itself", "a namespace of any name")
        XCTAssertEqual(try shown(#"{"components": ["charts:pie"]}"#, client), "Fallback")
        XCTAssertEqual(try shown(#"{"actions": ["cities:favourite", "set"]}"#, client), "Itself")
        XCTAssertEqual(try shown(#"{"actions": ["patch"]}"#, client), "Fallback", "an action type the client does not know")
        XCTAssertEqual(try shown(#"{"expressions": 1}"#, client), "Itself")
        XCTAssertEqual(try shown(#"{"expressions": 2}"#, client), "Fallback")
        XCTAssertEqual(try shown(#"{"features": ["state"]}"#, client), "Itself")
        XCTAssertEqual(try shown(#"{"features": ["holograms"]}"#, client), "Fallback")
        XCTAssertEqual(try shown(#"{}"#, client), "Itself")
    }

    func testDropLeavesTheComponentOut() throws {
        let json = #"""
            {"header": {"id": "top", "component": {"id": "maps:header"}, "fallback": "drop"},
             "body": [{"id": "a"}, {"id": "b", "requires": {"features": ["holograms"]}, "fallback": "drop",
                       "children": [{"id": "child"}]}, {"id": "c"}],
             "overlays": [{"id": "o", "component": {"id": "maps:compass"}, "fallback": "drop"}]}
            """#
        let (view, problems) = try read(json, for: oldClient)
        XCTAssertEqual(problems, [])
        XCTAssertNil(view.headerComponentModel)
        XCTAssertEqual(view.bodyComponentModels.map(\.identifier), ["a", "c"])
        XCTAssertEqual(view.overlayComponentModels.map(\.identifier), [])
        // Without the client reading it, nothing is dropped.
        let (all, _) = try read(json, for: nil)
        XCTAssertEqual(all.headerComponentModel?.identifier, "top")
        XCTAssertEqual(all.bodyComponentModels.map(\.identifier), ["a", "b", "c"])
        XCTAssertEqual(all.overlayComponentModels.map(\.identifier), ["o"])
    }

    func testAFallbackMayHaveItsOwnRequirementsAndFallback() throws {
        let json = #"""
            [{"id": "chart", "component": {"id": "charts:pie"}, "text": {"title": "Pie"},
              "fallback": {"component": {"id": "maps:table"}, "text": {"title": "Table"},
                           "fallback": {"id": "plain", "text": {"title": "Plain"},
                                        "requires": {"expressions": 1}, "fallback": "drop"}}}]
            """#
        let (view, problems) = try read(json, for: oldClient)
        XCTAssertEqual(problems, [])
        // The innermost names its own identifier; the client has version 1 of the language.
        XCTAssertEqual(view.bodyComponentModels.map(summary), ["plain default:row Plain"])
        let mapsClient = ClientCapabilities(components: ["default:row", "maps:table"], actions: [])
        XCTAssertEqual(try read(json, for: mapsClient).0.bodyComponentModels.map(summary), ["chart maps:table Table"])
        let noExpressions = ClientCapabilities(components: ["default:row"], actions: [], expressions: 0)
        XCTAssertEqual(try read(json, for: noExpressions).0.bodyComponentModels.map(summary), [])
    }

    /// A fallback the client cannot show either, and that has no fallback of its own, is shown as it
    /// is: by its category's fallback component, as any unknown component always was.
    func testAFallbackThatIsUnknownTooGetsTheCategoryFallback() throws {
        let json = #"""
            [{"id": "chart", "component": {"id": "charts:pie", "category": "banner"},
              "fallback": {"component": {"id": "charts:bars", "category": "card"}, "text": {"title": "Bars"}}}]
            """#
        let (view, problems) = try read(json, for: oldClient)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(view.bodyComponentModels.map(summary), ["chart charts:bars Bars"])
        XCTAssertEqual(view.bodyComponentModels.first?.componentCategory, .card)
        // A component without a fallback stays whatever it lacks, as before.
        let plain = #"[{"id": "a", "component": {"id": "maps:map"}, "requires": {"actions": ["request"]}}, {"id": "b", "component": {"id": "maps:map"}}]"#
        let (kept, keptProblems) = try read(plain, for: clientWithoutRequests.withComponents(["default:row"]))
        XCTAssertEqual(keptProblems, [])
        XCTAssertEqual(kept.bodyComponentModels.map(summary), ["a maps:map -", "b maps:map -"])
    }


    func testChildrenAndTemplatedComponentsHaveFallbacksToo() throws {
        let json = #"""
            {"templates": {"place": {"component": {"id": "maps:pin"}, "text": {"$title": "name"},
                                     "fallback": {"component": {"id": "default:label"}, "text": {"$title": "name"}}},
                           "label": {"component": {"id": "default:label"}, "text": {"$title": "words"}}},
             "body": [{"id": "card", "children": [
                {"id": "first", "component": {"id": "maps:map"}, "fallback": "drop"},
                {"id": "second", "template": "place", "name": "Rome"}]},
               {"id": "third", "component": {"id": "maps:map"}, "fallback": {"template": "label", "words": "Paris"}},
               {"id": "fourth", "component": {"id": "default:row"}, "fallback": {"template": "label", "wrods": "Oslo"}}]}
            """#
        for client in [oldClient, nil] {
            let (view, problems) = try read(json, for: client)
            // A fallback that uses a template is expanded as any component is, and checked when not shown.
            XCTAssertEqual(problems, [#"body[2].fallback: unknown key "wrods"; did you mean "words"?"#,
                                      #"body[2].fallback: template "label" needs a value for "words" (text.title); "#
                                      + "the component does not give one"], "\(String(describing: client?.app))")
            if client != nil {
                XCTAssertEqual(view.bodyComponentModels.first?.children.map(summary), ["second default:label Rome"])
                XCTAssertEqual(view.bodyComponentModels.map(summary).dropFirst(), ["third default:label Paris", "fourth default:row -"])
            }
        }
    }

    /// What the client does not show is read all the same: a document's problems are the same
    /// whoever reads it, and the one-pass reader agrees with the tree.
    func testProblemsAreTheSameForEveryClient() throws {
        let json = #"""
            {"body": [
              {"id": "a", "component": {"id": "maps:map"}, "text": {"title": 1},
               "fallback": {"text": {"titel": "Web"}, "requires": {"components": ["maps"], "actoins": []}}},
              {"id": "b", "requires": {"expressions": 0, "features": "state"}, "fallback": 5},
              {"id": "c", "fallback": "keep"}
            ]}
            """#
        let expected = [
            "body[0].text.title: expected a string, found a number",
            #"body[0].fallback.requires: unknown key "actoins"; did you mean "actions"?"#,
            #"body[0].fallback.requires.components[0]: expected a component "namespace:name", found "maps""#,
            #"body[0].fallback.text: unknown key "titel"; did you mean "title"?"#,
            "body[1].requires.expressions: expected a version of the expression language, an integer of 1 or more, found a number",
            "body[1].requires.features: expected an array of names, found a string",
            #"body[1].fallback: expected a component object or "drop", found a number"#,
            #"body[2].fallback: expected a component object or "drop", found "keep""#,
        ]
        for client in [nil, oldClient, clientWithoutRequests] {
            for onePass in [true, false] {
                let (_, problems) = try read(json, for: client, onePass: onePass)
                XCTAssertEqual(problems.sorted(), expected.sorted(), "\(String(describing: client?.app)) one pass: \(onePass)")
            }
        }
        // The old client shows the fallback of body[0] (its requirement is malformed, and left out).
        XCTAssertEqual(try read(json, for: oldClient).0.bodyComponentModels.map(\.identifier), ["a", "b", "c"])
        XCTAssertNil(try read(json, for: oldClient).0.bodyComponentModels[0].title)
    }

    /// Components without `requires` or `fallback` are read from their bytes as before; a long
    /// list with a few that have them is read the same by both paths.
    func testALongListIsReadTheSameByBothPaths() throws {
        var rows: [String] = []
        for index in 0..<3_000 {
            if index % 1_000 == 7 {
                rows.append(#"{"id": "r\#(index)", "component": {"id": "maps:map"}, "fallback": {"text": {"title": "f\#(index)"}}}"#)
            } else if index % 1_000 == 8 {
                rows.append(#"{"id": "r\#(index)", "requires": {"features": ["holograms"]}, "fallback": "drop"}"#)
            } else {
                rows.append(#"{"id": "r\#(index)", "text": {"title": "t\#(index)"}}"#)
            }
        }
        let json = "[" + rows.joined(separator: ",") + "]"
        let (onePass, onePassProblems) = try read(json, for: oldClient)
        let (tree, treeProblems) = try read(json, for: oldClient, onePass: false)
        XCTAssertEqual(onePass, tree)
        XCTAssertEqual(onePassProblems, treeProblems)
        XCTAssertEqual(onePass.bodyComponentModels.count, 2_997)
        XCTAssertEqual(onePass.bodyComponentModels[7].title, "f7")
        XCTAssertEqual(onePass.bodyComponentModels[8].identifier, "r9")
    }

    /// Copies and snapshots of a builder read for the same client, and so does the view in a
    /// component's target.
    func testTheClientReachesEveryBuilderOfTheView() throws {
        let builder = schema.makeViewModelBuilder(clientCapabilities: oldClient)
        XCTAssertEqual(builder.clientCapabilities, oldClient)
        XCTAssertEqual(builder.copy().clientCapabilities, oldClient)
        XCTAssertEqual(builder.snapshot().clientCapabilities, oldClient)
        XCTAssertNil(schema.makeViewModelBuilder().clientCapabilities)
        let json = #"[{"id": "a", "target": {"view": {"body": [{"id": "inner", "component": {"id": "maps:map"}, "fallback": "drop"}, {"id": "kept"}]}}}]"#
        let (view, _) = try read(json, for: oldClient)
        XCTAssertEqual(view.bodyComponentModels.first?.target?.initialViewModel?.bodyComponentModels.map(\.identifier), ["kept"])
    }
}

/// A patch's components are read for the client of the view it patches, as the view's document was.
final class PatchFallbackTests: XCTestCase {
    func testAPatchsComponentGivesWayToItsFallbackOnAClientThatLacksIt() throws {
        let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                iconImageResolver: nil)
        let builder = schema.makeViewModelBuilder()
        try builder.addJSON(data: Data(#"[{"id": "first", "text": {"title": "First"}}]"#.utf8))
        let view = builder.build()
        let patch = Data(#"""
            {"patch": {"changes": [{"insert": [{"id": "map", "component": {"id": "maps:map"},
              "fallback": {"text": {"title": "No map"}}}], "after": "first"}]}}
            """#.utf8)
        let client = ClientCapabilities(components: ["default:row"], actions: [])
        let patched = try ViewModelPatch(data: patch, schema: schema, clientCapabilities: client).applied(to: view)
        XCTAssertEqual(patched.bodyComponentModels.map { "\($0.identifier) \($0.componentIdentifier.identifierString) \($0.title ?? "-")" },
                       ["first default:row First", "map default:row No map"])
        // Without a client every component stays.
        let plain = try ViewModelPatch(data: patch, schema: schema).applied(to: view)
        XCTAssertEqual(plain.bodyComponentModels.map(\.componentIdentifier.identifierString), ["default:row", "maps:map"])
    }
}

/// A live document (`hublive`) is read for the client of the views that show it, as a view's loader
/// reads a document.
final class LiveDocumentClientTests: XCTestCase {
    func testALiveDocumentIsReadForItsClient() {
        MainActor.assumeIsolated {
            let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                    iconImageResolver: nil)
            let document = LiveDocument(schema: schema)
            let json = Data(#"[{"id": "map", "component": {"id": "maps:map"}, "fallback": {"text": {"title": "No map"}}}]"#.utf8)
            document.clientCapabilities = ClientCapabilities(components: ["default:row"], actions: [])
            document.receive(json)
            let builder = schema.makeViewModelBuilder()
            XCTAssertTrue(document.addGoodContent(to: builder))
            XCTAssertEqual(builder.build().bodyComponentModels.map { $0.title ?? "-" }, ["No map"])
            document.clientCapabilities = nil
            document.receive(json)
            let plain = schema.makeViewModelBuilder()
            XCTAssertTrue(document.addGoodContent(to: plain))
            XCTAssertEqual(plain.build().bodyComponentModels.map(\.componentIdentifier.identifierString), ["maps:map"])
        }
    }
}

extension ClientCapabilities {
    /// The same client with other components.
    func withComponents(_ components: [String]) -> ClientCapabilities {
        ClientCapabilities(components: components, actions: actions, expressions: expressions, features: features, app: app)
    }
}
