import Foundation
import XCTest

@testable import HubFramework

/// Holds the one-pass reader (`addJSON(data:limits:)`, bytes straight into builders through the
/// compiled schema) to the value-tree reader it replaces (`addJSONThroughValueTree(data:limits:)`,
/// parse the whole tree, then walk the schema's paths).
///
/// Every document is read by two fresh builders of the same schema, one through each path, and
/// both must come out the same: the same outcome (problems, or a thrown `JSONError` with the same
/// message and location), the same problems in the same order, and equal view models. After a
/// throw, both builders must still hold exactly what they held before (nothing half-applied).
///
/// The cases go from plain rows through every key of the default schema, wrong types, duplicate
/// keys, limits, broken JSON (every prefix and many corruptions of one document), content that
/// already is in the builder, custom schemas, a large document and the fuzz and hostile corpora.
final class OnePassReaderEquivalenceTests: XCTestCase {
    /// Icons and one local image ("testImage") resolve, so icon and image fields show in the models.
    private let schema = ModelFixtures.schema()
    /// No resolvers: icons are not built, and local images are reported.
    private let bareSchema = ModelFixtures.schema(iconResolver: nil, localImages: nil)

    /// How many documents were read both ways (printed when the class finishes).
    nonisolated(unsafe) private static var documentCount = 0

    override class func tearDown() {
        print("OnePassReaderEquivalenceTests: \(documentCount) documents read both ways")
        super.tearDown()
    }

    // MARK: The two paths

    /// What one path made of a document.
    enum Reading: CustomStringConvertible {
        case problems([JSONProblem])
        case error(JSONError)

        var problems: [JSONProblem]? { if case .problems(let problems) = self { return problems } else { return nil } }
        var error: JSONError? { if case .error(let error) = self { return error } else { return nil } }

        var description: String {
            switch self {
            case .problems(let problems): return "\(problems.count) problems \(problems.prefix(5).map(\.description))"
            case .error(let error): return "error \(error)"
            }
        }
    }

    /// The new path: bytes to builders in one pass.
    private static func readOnePass(_ builder: ViewModelBuilder, _ data: Data, _ limits: ContentLimits) -> Reading {
        do {
            return .problems(try builder.addJSON(data: data, limits: limits))
        } catch {
            return .error(error)
        }
    }

    /// The old path: the whole value tree, then the schema's paths.
    private static func readThroughValueTree(_ builder: ViewModelBuilder, _ data: Data, _ limits: ContentLimits) -> Reading {
        do {
            return .problems(try builder.addJSONThroughValueTree(data: data, limits: limits))
        } catch {
            return .error(error)
        }
    }

    // MARK: The assertion

    @discardableResult
    private func assertSameReading(_ json: String, schema: JSONSchema? = nil, limits: ContentLimits = .default,
                                   builderSetup: ((ViewModelBuilder) -> Void)? = nil, _ label: String = "",
                                   file: StaticString = #filePath, line: UInt = #line) -> Reading
    {
        assertSameReading(Data(json.utf8), schema: schema, limits: limits, builderSetup: builderSetup, label,
                          file: file, line: line)
    }

    /// Reads `data` through both paths, each into a fresh builder of `schema` (set up by `builderSetup`
    /// first), and fails unless both agree on everything. Returns what the value-tree path made of it,
    /// so a case can check that it exercises what it means to.
    @discardableResult
    private func assertSameReading(_ data: Data, schema: JSONSchema? = nil, limits: ContentLimits = .default,
                                   builderSetup: ((ViewModelBuilder) -> Void)? = nil, _ label: String = "",
                                   file: StaticString = #filePath, line: UInt = #line) -> Reading
    {
        Self.documentCount += 1
        let schema = schema ?? self.schema
        let onePassBuilder = schema.makeViewModelBuilder()
        let treeBuilder = schema.makeViewModelBuilder()
        builderSetup?(onePassBuilder)
        builderSetup?(treeBuilder)
        let onePass = Self.readOnePass(onePassBuilder, data, limits)
        let tree = Self.readThroughValueTree(treeBuilder, data, limits)
        let name = (label.isEmpty ? "" : label + ": ") + Self.excerpt(data)

        switch (onePass, tree) {
        case (.problems(let found), .problems(let expected)):
            if found != expected {
                XCTFail("\(name)\nproblems differ: \(Self.difference(found, expected))", file: file, line: line)
            }
        case (.error(let found), .error(let expected)):
            XCTAssertEqual(found, expected, "\(name)\nthe errors differ", file: file, line: line)
            XCTAssertEqual(found.description, expected.description, "\(name)\nthe error messages differ", file: file, line: line)
        default:
            XCTFail("\(name)\nthe outcomes differ: one-pass \(onePass); value tree \(tree)", file: file, line: line)
        }

        let onePassModel = onePassBuilder.build()
        let treeModel = treeBuilder.build()
        assertSameModel(onePassModel, treeModel, name, names: ("one-pass", "value tree"), file: file, line: line)
        if onePass.error != nil || tree.error != nil {
            // Nothing half-applied: a builder that threw holds what it held before the document.
            let untouched = schema.makeViewModelBuilder()
            builderSetup?(untouched)
            let before = untouched.build()
            if onePass.error != nil {
                assertSameModel(onePassModel, before, "\(name)\nthe one-pass builder threw but changed",
                                names: ("one-pass after the throw", "before"), file: file, line: line)
            }
            if tree.error != nil {
                assertSameModel(treeModel, before, "\(name)\nthe value-tree builder threw but changed",
                                names: ("value tree after the throw", "before"), file: file, line: line)
            }
        }
        return tree
    }

    /// Fails unless the two view models are equal: every field `==` compares, with the generated
    /// `UnknownComponent:<UUID>` identifiers paired one to one in order of appearance (two builders
    /// each make their own UUIDs); the same header, identifiers and counts; and `==` itself whenever
    /// no generated identifier is involved. A difference is shown as the first differing line of the
    /// two models written out (`ModelDump`).
    private func assertSameModel(_ found: ViewModel, _ expected: ViewModel, _ name: @autoclosure () -> String,
                                 names: (String, String), file: StaticString, line: UInt)
    {
        var identifiers = GeneratedIdentifierPairs()
        guard ModelComparison.sameView(found, expected, &identifiers) else {
            let foundLines = ModelDump(found).lines
            let expectedLines = ModelDump(expected).lines
            let shown = foundLines != expectedLines ? Self.difference(foundLines, expectedLines, names: names)
                : "in a field the dump does not show (image identity?)"
            XCTFail("\(name())\nthe view models differ: \(shown)", file: file, line: line)
            return
        }
        XCTAssertEqual(found.identifier, expected.identifier, name(), file: file, line: line)
        XCTAssertEqual(found.navigationItem, expected.navigationItem, name(), file: file, line: line)
        XCTAssertEqual(found.customData, expected.customData, name(), file: file, line: line)
        XCTAssertEqual(found.bodyComponentModels.count, expected.bodyComponentModels.count, name(), file: file, line: line)
        XCTAssertEqual(found.overlayComponentModels.count, expected.overlayComponentModels.count, name(), file: file, line: line)
        XCTAssertEqual(found.headerComponentModel == nil, expected.headerComponentModel == nil, name(), file: file, line: line)
        if identifiers.isEmpty {
            XCTAssertEqual(found.bodyComponentModels.map(\.identifier), expected.bodyComponentModels.map(\.identifier),
                           name(), file: file, line: line)
            XCTAssertEqual(found.overlayComponentModels.map(\.identifier), expected.overlayComponentModels.map(\.identifier),
                           name(), file: file, line: line)
            XCTAssertEqual(found.headerComponentModel, expected.headerComponentModel, name(), file: file, line: line)
            XCTAssertTrue(found == expected, "\(name())\nthe view models are not ==", file: file, line: line)
        }
    }

    /// The first difference of two lists, with a little context, short enough for a 20,000-row document.
    private static func difference<Element: Equatable & CustomStringConvertible>(
        _ found: [Element], _ expected: [Element], names: (String, String) = ("one-pass", "value tree")) -> String
    {
        let index = zip(found, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(found.count, expected.count)
        func window(_ list: [Element]) -> String {
            let slice = list[max(0, index - 2)..<min(list.count, index + 4)]
            return slice.enumerated().map { "    [\(max(0, index - 2) + $0.offset)] \($0.element)" }.joined(separator: "\n")
        }
        return "\(names.0) has \(found.count), \(names.1) has \(expected.count); first difference at [\(index)]\n"
            + "  \(names.0):\n\(window(found))\n  \(names.1):\n\(window(expected))"
    }

    /// The start of a document, printable, for failure messages.
    private static func excerpt(_ data: Data) -> String {
        let text = String(decoding: data.prefix(160), as: UTF8.self).replacingOccurrences(of: "\n", with: "⏎")
        return "«\(text)\(data.count > 160 ? "…" : "")» (\(data.count) bytes)"
    }

    // MARK: 1. Plain rows

    func testPlainRows() {
        assertSameReading(#"{"body": [{"id": "a", "component": {"id": "ns:row", "category": "row"}, "text": {"title": "A"}}]}"#)
        assertSameReading(#"{"body": [{"id": "a", "text": {"title": "A"}}, {"id": "b", "text": {"title": "B"}}]}"#)
        assertSameReading(#"[{"id": "a"}, {"id": "b", "text": {"title": "B"}}]"#)
        assertSameReading(#"[{"id": "a", "group": "g1", "component": {"id": "ns:row", "category": "card"}}, {"id": "b", "group": "g2"}]"#)
        assertSameReading(#"{"body": [{"id": "a", "group": "g", "component": {"category": "row"}}, {"id": "b", "group": "g"}]}"#)
        assertSameReading(#"{"body": [{"text": {"title": "no id"}}, {"text": {"title": "no id either"}}]}"#)
        assertSameReading(#"[{"text": {"title": "no id"}}, {}, {"id": "x"}]"#)
        assertSameReading(#"{"title": "Only a title"}"#)
        assertSameReading(#"{"id": "view"}"#)
        assertSameReading("{}")
        assertSameReading("[]")
        assertSameReading(#"{"body": []}"#)
        assertSameReading(#"{"body": [{}]}"#)
        assertSameReading("[{}]")
        assertSameReading("  \n\t{\"body\": [ {\"id\" : \"a\" } ] }\r\n ")
        assertSameReading("[\r\n{\"id\":\"a\"}\r\n,\r\n{\"id\":\"b\"}\r\n]")
        assertSameReading(#"{"unknown": 1, "body": [{"id": "a", "unknown": {"deep": [1, 2, {"x": null}]}}], "other": "x"}"#)
        assertSameReading(#"{"$schema": "../Resources/schema/hub-view.schema.json", "title": "Cities", "body": [{"id": "tokyo"}]}"#)
        assertSameReading(#"{"body": [{"id": "a", "component": {"id": "row"}}, {"id": "b", "component": {"id": "other:card"}}]}"#)
        for spaced in ["{ }", "[ ]", #"{"body":[ ]}"#, #"{ "body" : [ { "id" : "a" } , 5 ] , "title" : "t" }"#, "[\n]", "{\"body\":\t[\r\n]\n}"] {
            assertSameReading(spaced)
        }
        // Top-level values the view model builder does not take, and empty data.
        for scalar in ["5", "-1.5e3", #""text""#, "null", "true", "false", "\"\"", " 0 "] {
            XCTAssertNotNil(assertSameReading(scalar).error, scalar)
        }
        XCTAssertEqual(assertSameReading(Data()).error, .emptyData)
        for blank in [" ", "\n", "\t\r\n "] {
            XCTAssertNotNil(assertSameReading(blank).error)
        }
    }

    /// A row of a long body is first tried against the shape of the plain row before it
    /// (`PlainRowShape`: the same bytes between the texts). A row shaped the same whose texts the
    /// member-by-member walk reads otherwise (an expression, an escape, a text over the limit,
    /// another component, a repeated identifier) comes out as the tree reads it, and so does a row
    /// that differs from the shape anywhere else.
    func testRowsShapedLikeThePlainRowBeforeThem() {
        func row(_ id: String, component: String = "ns:row", category: String = "row", title: String = "A title",
                 subtitle: String = "A subtitle") -> String
        {
            #"{"id":"\#(id)","component":{"id":"\#(component)","category":"\#(category)"},"text":{"title":"\#(title)","subtitle":"\#(subtitle)"}}"#
        }
        let shaped = [
            row("b"), row("b", title: ""), row("", subtitle: ""), row("a"), row("b", component: "ns:card"),
            row("b", component: "card"), row("b", component: "a:b:c"), row("b", component: ""),
            row("b", category: "card"), row("b", category: "@{kind}"), row("b", title: "@{count}"),
            row("b", subtitle: "Hi @{name}"), row("b", title: "{{x}}"), row(#"b\"c"#), row(#"b\u0063"#),
            row("b", title: #"say \"hi\""#), row("b", title: "Grüße"), row("b", subtitle: #"\u00e9"#),
            row("b", title: String(repeating: "x", count: 40)), row("b", title: String(repeating: "x", count: 32)),
            row("b", title: "tab\there"), row("UnknownComponent"),
        ]
        let otherwise = [
            #"{"id":"b","component":{"id":"ns:row","category":"row"},"text":{"title":"t","subtitle":"s"},"custom":{"x":1}}"#,
            #"{"id":"b","component":{"id":"ns:row","category":"row"},"text":{"title":"t","subtitle":"s","accessory":"x"}}"#,
            #"{"id": "b","component":{"id":"ns:row","category":"row"},"text":{"title":"t","subtitle":"s"}}"#,
            #"{"id":5,"component":{"id":"ns:row","category":"row"},"text":{"title":"t","subtitle":"s"}}"#,
            #"{"id":"b","component":{"id":"ns:row","category":"row"},"text":{"title":null,"subtitle":"s"}}"#,
            #"{"id":"b","component":{"id":"ns:row","category":"row"},"text":{"title":"t","title":"s"}}"#,
            #"{"id":"b","component":{"id":"ns:row","category":"row"},"text":{"title":"t","subtitle":"s"}"#,
            #"{"id":"b","component":{"id":"ns:row","category":"row"},"text":{"title":"t","subtitle":"s"}}}"#,
            #"{"id":"b","component":{"id":"ns:row","category":"row"},"text":{"title":"t","subtitle":"s"#,
            "7", "{}",
        ]
        for second in shaped + otherwise {
            for document in ["{\"body\":[\(row("a")),\(second),\(row("c"))]}", "[\(row("a")),\(second),\(row("c"))]",
                             "{\"body\":[\(row("a")),\(second),\(second)]}"]
            {
                assertSameReading(document)
                assertSameReading(document, limits: ContentLimits(maximumTextLength: 32))
                assertSameReading(document, schema: bareSchema)
            }
        }
        // Every prefix of a body whose second and third rows take the first one's shape.
        assertEveryPrefixReadsTheSame("{\"body\":[\(row("a")),\(row("b", title: "B")),\(row("c", subtitle: "@{x}"))]}")
        // A custom schema's rows, with other keys in other places.
        let schema = plainKeySchema()
        for second in [#"{"key":"b","name":"B"}"#, #"{"key":"b","name":"@{x}"}"#, #"{"key":"a","name":"B"}"#,
                       #"{"key":"b","name":"B","kind":{"id":"ns:card"}}"#, #"{"key":"b","nam":"B"}"#]
        {
            assertSameReading(#"{"items":[{"key":"a","name":"A"},"# + second + "]}", schema: schema)
        }
    }

    /// A row with a main image's URL, a target's URI and custom data is a record too, its three
    /// values kept as written (`ComponentRowStore.Extras`), and a row shaped like it has them as holes:
    /// the URLs checked by `URLSyntax`, the custom data by `JSONScanner.skipPlainValue`. Whatever
    /// either check refuses (a relative or unusual URL, an escape, an exponent, an `@`, nesting at
    /// the limit, a number over it) is read member by member or through the tree, as before.
    func testRowsWithAnImageATargetAndCustomData() {
        func row(_ id: String, image: String = "https://example.com/images/1.jpg", target: String = "bench:item:1",
                 custom: String = #"{"index":1,"flag":true}"#) -> String
        {
            #"{"id":"\#(id)","text":{"title":"T \#(id)","subtitle":"S"},"images":{"main":{"uri":"\#(image)"}},"target":{"uri":"\#(target)"},"custom":\#(custom)}"#
        }
        let shaped = [
            row("b"), row("b", image: "https://example.com/images/22.jpg"), row("b", target: "bench:item:22"),
            row("b", custom: #"{"index":22,"flag":false}"#), row("b", custom: "{}"), row("b", custom: #"{"a":[1,-2.5,null,"x",{}]}"#),
            row("b", custom: #"{"index":1e5}"#), row("b", custom: #"{"index":01}"#), row("b", custom: #"{"index":1.}"#),
            row("b", custom: #"{"n":"@{count}"}"#), row("b", custom: #"{"n":"a@b"}"#), row("b", custom: #"{"n":"\u0041"}"#),
            row("b", custom: #"{"n":"Grüße"}"#), row("b", custom: #"{"a":1,"a":2}"#), row("b", custom: #"{"a":[[[[1]]]]}"#),
            row("b", custom: #"{"n":12345678901234567890123}"#), row("b", custom: "[1]"), row("b", custom: #""x""#),
            row("b", custom: "null"), row("b", custom: #"{"a":1,}"#), row("b", custom: #"{"a" : 1 }"#),
            row("b", image: "/images/relative.jpg"), row("b", image: "http://user@example.com/x"),
            row("b", image: "http://example.com:8080/x?y=1#z"), row("b", image: "http://a:1:2/"), row("b", image: "a:b#c#d"),
            row("b", image: "http://a/|"), row("b", image: "http://a/%zz"), row("b", image: "http://a/%41"),
            row("b", image: #"https:\/\/example.com\/x.jpg"#), row("b", image: "@{url}"), row("b", image: ""),
            row("b", target: "https://example.com/@{id}"), row("b", target: "mailto:someone@example.com"),
            row("b", target: "app: space"), row("b", target: "tel:+1-555"), row("a"),
        ]
        let otherwise = [
            // An image or a target holding more than a URL, or no URL.
            #"{"id":"b","images":{"main":{"uri":"https://example.com/1.jpg","placeholder":"album"}},"target":{"uri":"a:b"}}"#,
            #"{"id":"b","images":{"main":{}},"target":{"uri":"a:b"}}"#,
            #"{"id":"b","images":{"main":{"uri":"https://example.com/1.jpg"},"background":{"uri":"https://example.com/2.jpg"}}}"#,
            #"{"id":"b","target":{}}"#,
            #"{"id":"b","target":{"uri":"a:b","actions":["ns:play"]}}"#,
            #"{"id":"b","target":{"uri":"a:b","custom":{"x":1}}}"#,
            #"{"id":"b","target":{"uri":5}}"#,
            #"{"id":"b","custom":{"x":1},"custom":{"y":2}}"#,
            #"{"id":"b","custom":5}"#,
            #"{"id":"b","text":{"title":"t"},"custom":{"x":1},"metadata":{"m":1}}"#,
        ]
        let deep = ContentLimits(maximumNestingDepth: 5)
        let shortNumbers = ContentLimits(maximumNumberLength: 3)
        for second in shaped + otherwise {
            for document in ["{\"body\":[\(row("a")),\(second),\(row("c"))]}", "[\(row("a")),\(second),\(row("c"))]",
                             "{\"body\":[\(row("a")),\(second),\(second)]}"]
            {
                assertSameReading(document)
                assertSameReading(document, limits: deep)
                assertSameReading(document, limits: shortNumbers)
                assertSameReading(document, schema: bareSchema)
                assertSameReading(document, builderSetup: { $0.bodyComponentModelBuilder(withIdentifier: "b").title = "from code" })
            }
        }
        assertEveryPrefixReadsTheSame("{\"body\":[\(row("a")),\(row("b", custom: #"{"i":[2,{"j":null}]}"#)),\(row("c"))]}")

        // Plain ones are records: no builder is made for them.
        let builder = schema.makeViewModelBuilder()
        let rows = (0..<1_200).map { row("r\($0)", image: "https://example.com/images/\($0).jpg", target: "bench:item:\($0)",
                                          custom: #"{"index":\#($0),"flag":true}"#) }
        XCTAssertEqual(try builder.addJSON(data: Data("[\(rows.joined(separator: ","))]".utf8)), [])
        XCTAssertEqual(builder.numberOfPlainBodyRows, 1_200)
        let body = builder.build().bodyComponentModels
        XCTAssertTrue(body.isRecord(at: 0) && body.isRecord(at: 1_199))
        XCTAssertEqual(body[1_199].mainImageData?.url, URL(string: "https://example.com/images/1199.jpg"))
        XCTAssertEqual(body[1_199].mainImageData?.type, .main)
        XCTAssertEqual(body[1_199].target?.uri, URL(string: "bench:item:1199"))
        XCTAssertEqual(body[1_199].customData, ["index": .number(1_199), "flag": .bool(true)])
    }

    /// Custom data read as a hole (`JSONScanner.skipPlainValue`) is refused where the tree refuses
    /// it, with any number limit: a number of more digits than the default limit allows may still
    /// be within it, and past a `Double`'s range (about 1.8e308), which the tree reports as too large.
    func testCustomDataNumbersPastTheRangeOfADouble() {
        func row(_ id: String, _ number: String) -> String { #"{"id":"\#(id)","custom":{"n":\#(number)}}"# }
        let numbers = ["1" + String(repeating: "0", count: 307), "1" + String(repeating: "0", count: 308),
                       "17976931348623157" + String(repeating: "0", count: 292), "17976931348623159" + String(repeating: "0", count: 292),
                       "9" + String(repeating: "9", count: 308), "-9" + String(repeating: "0", count: 308) + ".5",
                       "1" + String(repeating: "0", count: 400), "0." + String(repeating: "0", count: 400) + "1"]
        for number in numbers {
            for document in ["[\(row("a", "1")),\(row("b", number)),\(row("c", "2"))]",
                             "{\"body\":[\(row("a", "1")),\(row("b", "[\(number)]")),\(row("c", "2"))]}"]
            {
                assertSameReading(document, limits: ContentLimits(maximumNumberLength: 1_000))
                assertSameReading(document, limits: ContentLimits(maximumNumberLength: number.utf8.count))
                assertSameReading(document)
            }
        }
    }

    /// Custom data as a hole is held to the nesting limit at its own depth in the document: one
    /// level deeper in a body member than in a top-level array, and deeper still where a custom
    /// schema puts it inside another object (`data.custom`, with the image at `pic.main.src` and the
    /// target at `link.href`). Every depth of nesting, against every limit around it, reads the same.
    func testCustomDataAtEveryDepthAgainstTheNestingLimit() {
        let nested = ModelFixtures.schema()
        let path = nested.createNewPath()
        nested.componentModelSchema.titlePath = path.goTo("data").goTo("title").stringPath()
        nested.componentModelSchema.customDataPath = path.goTo("data").goTo("custom").dictionaryPath()
        nested.componentModelSchema.mainImageDataDictionaryPath = path.goTo("pic").goTo("main").dictionaryPath()
        nested.componentModelSchema.targetDictionaryPath = path.goTo("link").dictionaryPath()
        nested.componentImageDataSchema.urlPath = path.goTo("src").urlPath()
        nested.componentTargetSchema.uriPath = path.goTo("href").urlPath()
        XCTAssertNotNil(CompiledJSONSchema(nested), "the one-pass reader reads it")
        func row(_ id: String, _ custom: String, nestedKeys: Bool) -> String {
            nestedKeys
                ? #"{"id":"\#(id)","data":{"title":"T","custom":\#(custom)},"pic":{"main":{"src":"https://e.com/\#(id)"}},"link":{"href":"a:\#(id)"}}"#
                : #"{"id":"\#(id)","text":{"title":"T"},"images":{"main":{"uri":"https://e.com/\#(id)"}},"target":{"uri":"a:\#(id)"},"custom":\#(custom)}"#
        }
        var customs: [String] = []
        for levels in 0...5 {
            customs.append("{\"n\":" + String(repeating: "[", count: levels) + "1" + String(repeating: "]", count: levels) + "}")
            customs.append("{\"n\":" + String(repeating: "[", count: levels) + "[]" + String(repeating: "]", count: levels) + "}")
            customs.append(String(repeating: #"{"o":"#, count: levels) + "{}" + String(repeating: "}", count: levels))
        }
        for custom in customs {
            for (schema, nestedKeys) in [(self.schema, false), (nested, true)] {
                let rows = [row("a", "{}", nestedKeys: nestedKeys), row("b", custom, nestedKeys: nestedKeys),
                            row("c", "{}", nestedKeys: nestedKeys)].joined(separator: ",")
                for document in ["[\(rows)]", "{\"body\":[\(rows)]}"] {
                    for depth in 3...10 {
                        assertSameReading(document, schema: schema, limits: ContentLimits(maximumNestingDepth: depth),
                                          "depth limit \(depth)")
                    }
                }
            }
        }
        let builder = nested.makeViewModelBuilder()
        let rows = ["a", "b", "c"].map { row($0, #"{"n":[[1]]}"#, nestedKeys: true) }.joined(separator: ",")
        XCTAssertEqual(try builder.addJSON(data: Data("[\(rows)]".utf8)), [])
        XCTAssertEqual(builder.numberOfPlainBodyRows, 3, "the custom schema's rows are records")
    }

    /// A row that names a template has what the template gives as well as what it wrote: custom
    /// data of both, merged, and the template's image or target where it wrote none. Its model must
    /// have them all, not only the bytes the row wrote.
    func testRowsWithAnImageATargetAndCustomDataThatUseATemplate() {
        let templates = #""templates": {"custom": {"custom": {"a": 1, "b": {"c": 2}}}, "#
            + #""linked": {"images": {"main": {"uri": "https://example.com/t.jpg"}}, "target": {"uri": "app:t"}}, "#
            + #""named": {"text": {"$title": "name"}}}"#
        let rows = [
            #"{"template": "custom", "id": "a", "custom": {"b": {"d": 3}}}"#,
            #"{"template": "custom", "id": "b", "custom": {"a": 5}, "images": {"main": {"uri": "https://example.com/b.jpg"}}}"#,
            #"{"template": "linked", "id": "c", "images": {"main": {"uri": "https://example.com/c.jpg"}}, "target": {"uri": "app:c"}}"#,
            #"{"template": "linked", "id": "d", "custom": {"x": 1}}"#,
            #"{"template": "named", "id": "e", "name": "E", "images": {"main": {"uri": "https://example.com/e.jpg"}}, "custom": {"x": 1}}"#,
            #"{"id": "f", "images": {"main": {"uri": "https://example.com/f.jpg"}}, "target": {"uri": "app:f"}, "custom": {"x": 1}}"#,
        ]
        for row in rows {
            assertSameReading(#"{\#(templates), "body": [\#(row)]}"#)
            assertSameReading(#"{\#(templates), "body": [\#(row), \#(row.replacingOccurrences(of: #""id": ""#, with: #""id": "2"#))]}"#)
        }
        let body = rows.joined(separator: ", ")
        assertSameReading(#"{\#(templates), "body": [\#(body)]}"#)
        assertSameReading(#"{"body": [\#(body)], \#(templates)}"#, "templates after the body")
        // Long enough for the body to be kept as records.
        let many = (0..<1_100).map { rows[$0 % rows.count].replacingOccurrences(of: #""id": ""#, with: #""id": "\#($0)-"#) }
        assertSameReading(#"{\#(templates), "body": [\#(many.joined(separator: ","))]}"#)
    }

    // MARK: 2. Every field of the default schema

    /// A document with every key of the default schema, nested views and children included.
    private static let everyKeyDocument = #"""
    {
      "id": "view-id",
      "title": "View title",
      "custom": {"theme": "dark", "count": 3, "nested": {"a": [1, 2.5, true, null, "s"]}},
      "header": {
        "id": "the-header",
        "component": {"id": "header:large", "category": "header"},
        "text": {"title": "Header", "subtitle": "Sub", "accessory": "Acc", "description": "Desc"},
        "images": {"main": {"uri": "https://example.com/h.png", "placeholder": "album"}, "background": {"uri": "https://example.com/bg.png"}}
      },
      "body": [
        {
          "id": "row-1",
          "group": "first",
          "component": {"id": "rows:row", "category": "row"},
          "text": {"title": "Title", "subtitle": "Subtitle", "accessory": "3:45", "description": "A description"},
          "images": {
            "main": {"uri": "https://example.com/main.png", "placeholder": "track", "local": "testImage", "custom": {"ratio": 1.5}},
            "background": {"uri": "https://example.com/background.png", "custom": {"blur": true}},
            "custom": {"badge": {"uri": "https://example.com/badge.png", "placeholder": "star"}, "second": {"local": "testImage"}},
            "icon": "playlist"
          },
          "target": {
            "uri": "app:target/1",
            "actions": ["rows:play", "rows:share", "rows:play"],
            "custom": {"source": "row"},
            "view": {
              "id": "inner-view",
              "title": "Inner",
              "custom": {"inner": 1},
              "header": {"text": {"title": "Inner header"}},
              "body": [{"id": "inner-row", "text": {"title": "Inner row"}, "target": {"view": {"body": [{"id": "deepest"}]}}}],
              "overlays": [{"id": "inner-overlay"}]
            }
          },
          "metadata": {"m": 1},
          "logging": {"l": "x"},
          "custom": {"c": [1, 2]},
          "children": [
            {"id": "child-1", "group": "g", "text": {"title": "Child 1"}},
            {"id": "child-2", "group": "g", "children": [{"id": "grandchild", "text": {"title": "Grandchild"}}]},
            {"id": "child-3", "group": "h"},
            {"text": {"title": "child without id"}}
          ]
        },
        {"id": "row-2", "text": {"title": "Second"}}
      ],
      "overlays": [
        {"id": "overlay-1", "text": {"title": "Overlay"}, "images": {"icon": "warning"}},
        {"id": "overlay-2", "component": {"id": "overlays:toast"}}
      ]
    }
    """#

    func testEveryFieldOfTheDefaultSchema() {
        let reading = assertSameReading(Self.everyKeyDocument)
        XCTAssertEqual(reading.problems, [], "the every-key document is clean")
        assertSameReading(Self.everyKeyDocument, schema: bareSchema)
        // Compact: the same document without whitespace.
        let compact = JSONWriter().data(for: try! JSONParser().parse(Data(Self.everyKeyDocument.utf8)))
        assertSameReading(compact)
        assertSameReading(JSONWriter(options: [.prettyPrinted, .sortedKeys]).data(for: try! JSONParser().parse(compact)))
    }

    func testEachFieldOnItsOwn() {
        let view = [
            #"{"id": "v"}"#, #"{"title": "T"}"#, #"{"custom": {"a": 1}}"#, #"{"custom": {}}"#,
            #"{"header": {}}"#, #"{"header": {"id": "h1"}}"#, #"{"header": {"text": {"title": "H"}}}"#,
            #"{"header": {"id": "h", "children": [{"id": "hc"}]}}"#,
            #"{"overlays": [{"id": "o"}]}"#, #"{"overlays": [{"id": "o"}, {"id": "o", "text": {"title": "again"}}]}"#,
            #"{"overlays": []}"#, #"{"overlays": [{}]}"#,
        ]
        let component = [
            #"{"id": "a"}"#, #"{"id": "a", "group": "g"}"#, #"{"id": "a", "component": {"id": "ns:name"}}"#,
            #"{"id": "a", "component": {"id": "name"}}"#, #"{"id": "a", "component": {"category": "card"}}"#,
            #"{"id": "a", "component": {}}"#, #"{"id": "a", "text": {}}"#,
            #"{"id": "a", "text": {"title": "t"}}"#, #"{"id": "a", "text": {"subtitle": "s"}}"#,
            #"{"id": "a", "text": {"accessory": "x"}}"#, #"{"id": "a", "text": {"description": "d"}}"#,
            #"{"id": "a", "images": {}}"#, #"{"id": "a", "images": {"main": {}}}"#,
            #"{"id": "a", "images": {"main": {"uri": "https://example.com/a.png"}}}"#,
            #"{"id": "a", "images": {"main": {"placeholder": "p"}}}"#, #"{"id": "a", "images": {"main": {"local": "testImage"}}}"#,
            #"{"id": "a", "images": {"main": {"local": "missing"}}}"#, #"{"id": "a", "images": {"main": {"custom": {"k": "v"}}}}"#,
            #"{"id": "a", "images": {"background": {"uri": "https://example.com/b.png"}}}"#,
            #"{"id": "a", "images": {"background": {"placeholder": "p", "local": "testImage"}}}"#,
            #"{"id": "a", "images": {"custom": {}}}"#, #"{"id": "a", "images": {"custom": {"x": {}}}}"#,
            #"{"id": "a", "images": {"custom": {"x": {"uri": "https://example.com/x"}, "y": {"placeholder": "p"}}}}"#,
            #"{"id": "a", "images": {"icon": "i"}}"#, #"{"id": "a", "images": {"icon": ""}}"#,
            #"{"id": "a", "target": {}}"#, #"{"id": "a", "target": {"uri": "app:x"}}"#,
            #"{"id": "a", "target": {"actions": []}}"#, #"{"id": "a", "target": {"actions": ["ns:a", "ns:b", "ns:a"]}}"#,
            #"{"id": "a", "target": {"custom": {"k": 1}}}"#, #"{"id": "a", "target": {"view": {}}}"#,
            #"{"id": "a", "target": {"view": {"title": "V", "body": [{"id": "in"}]}}}"#,
            #"{"id": "a", "target": {"view": {"header": {"id": "vh"}, "overlays": [{"id": "vo"}], "custom": {"c": 1}, "id": "vid"}}}"#,
            #"{"id": "a", "metadata": {"m": 1}}"#, #"{"id": "a", "logging": {"l": 1}}"#, #"{"id": "a", "custom": {"c": 1}}"#,
            #"{"id": "a", "metadata": {}, "logging": {}, "custom": {}}"#,
            #"{"id": "a", "children": []}"#, #"{"id": "a", "children": [{"id": "c"}]}"#,
            #"{"id": "a", "children": [{"id": "c", "group": "g"}, {"id": "d", "group": "g"}, {"id": "e"}]}"#,
            #"{"id": "a", "children": [{"id": "c", "children": [{"id": "d", "children": [{"id": "e"}]}]}]}"#,
            #"{"id": "a", "children": [{"id": "c"}, {"id": "c", "text": {"title": "merged"}}]}"#,
            #"{"id": "a", "children": [{}, {}]}"#,
        ]
        for document in view {
            assertSameReading(document)
        }
        for object in component {
            assertSameReading(#"{"body": [\#(object)]}"#)
            assertSameReading("[\(object)]")
            assertSameReading(#"{"header": \#(object)}"#)
            assertSameReading(#"{"overlays": [\#(object)]}"#)
            assertSameReading(#"{"body": [{"id": "p", "children": [\#(object)]}]}"#)
            assertSameReading(#"{"body": [{"id": "p", "target": {"view": {"body": [\#(object)]}}}]}"#)
            assertSameReading(#"{"body": [\#(object)]}"#, schema: bareSchema)
        }
    }

    func testTheHeaderKeepsItsFirstIdentifier() {
        assertSameReading(#"{"header": {"id": "first"}}"#)
        assertSameReading(#"{"header": {"text": {"title": "no id"}}}"#)
        assertSameReading(#"{"header": {"id": 5}}"#)
        assertSameReading(#"{"header": {"id": "h"}}"#, builderSetup: { $0.headerComponentModelBuilder.title = "code" })
        assertSameReading(#"{"header": {"id": "body-id"}, "body": [{"id": "body-id"}]}"#)
    }

    // MARK: 3. Wrong types, nulls, bad strings, escapes

    /// Places in a document where a value goes (`$`): every key of the default schema, at every level.
    private static let valueSlots: [String] = [
        // The view.
        #"{"id": $}"#, #"{"title": $}"#, #"{"header": $}"#, #"{"body": $}"#, #"{"overlays": $}"#, #"{"custom": $}"#,
        #"{"custom": {"k": $}}"#, #"{"unknown": $}"#,
        // Body, overlay and top-level array elements.
        #"{"body": [$]}"#, #"{"body": [{"id": "a"}, $, {"id": "b"}]}"#, #"{"body": [$, $]}"#, "[$]", #"[{"id": "a"}, $]"#,
        #"[$, {"id": "a"}, $]"#, #"{"overlays": [$]}"#, #"{"overlays": [{"id": "o"}, $]}"#,
        // A component.
        #"{"body": [{"id": $}]}"#, #"{"body": [{"id": "a", "group": $}]}"#, #"{"body": [{"id": "a", "component": $}]}"#,
        #"{"body": [{"id": "a", "component": {"id": $}}]}"#, #"{"body": [{"id": "a", "component": {"category": $}}]}"#,
        #"{"body": [{"id": "a", "component": {"id": $, "category": $}}]}"#,
        #"{"body": [{"id": "a", "text": $}]}"#, #"{"body": [{"id": "a", "text": {"title": $}}]}"#,
        #"{"body": [{"id": "a", "text": {"subtitle": $}}]}"#, #"{"body": [{"id": "a", "text": {"accessory": $}}]}"#,
        #"{"body": [{"id": "a", "text": {"description": $}}]}"#,
        #"{"body": [{"id": "a", "text": {"title": $, "subtitle": $, "accessory": $, "description": $}}]}"#,
        #"{"body": [{"id": "a", "images": $}]}"#, #"{"body": [{"id": "a", "images": {"main": $}}]}"#,
        #"{"body": [{"id": "a", "images": {"background": $}}]}"#, #"{"body": [{"id": "a", "images": {"custom": $}}]}"#,
        #"{"body": [{"id": "a", "images": {"custom": {"x": $}}}]}"#, #"{"body": [{"id": "a", "images": {"custom": {"x": $, "y": {}}}}]}"#,
        #"{"body": [{"id": "a", "images": {"custom": {"x": {"uri": $}}}}]}"#, #"{"body": [{"id": "a", "images": {"icon": $}}]}"#,
        #"{"body": [{"id": "a", "images": {"main": {"uri": $}}}]}"#, #"{"body": [{"id": "a", "images": {"main": {"placeholder": $}}}]}"#,
        #"{"body": [{"id": "a", "images": {"main": {"local": $}}}]}"#, #"{"body": [{"id": "a", "images": {"main": {"custom": $}}}]}"#,
        #"{"body": [{"id": "a", "images": {"background": {"uri": $, "placeholder": $, "local": $, "custom": $}}}]}"#,
        #"{"body": [{"id": "a", "target": $}]}"#, #"{"body": [{"id": "a", "target": {"uri": $}}]}"#,
        #"{"body": [{"id": "a", "target": {"view": $}}]}"#, #"{"body": [{"id": "a", "target": {"actions": $}}]}"#,
        #"{"body": [{"id": "a", "target": {"actions": [$]}}]}"#, #"{"body": [{"id": "a", "target": {"actions": ["ns:a", $, "ns:b"]}}]}"#,
        #"{"body": [{"id": "a", "target": {"custom": $}}]}"#, #"{"body": [{"id": "a", "target": {"view": {"title": $}}}]}"#,
        #"{"body": [{"id": "a", "target": {"view": {"body": $}}}]}"#, #"{"body": [{"id": "a", "target": {"view": {"body": [$]}}}]}"#,
        #"{"body": [{"id": "a", "target": {"view": {"header": $, "overlays": $, "custom": $, "id": $}}}]}"#,
        #"{"body": [{"id": "a", "metadata": $}]}"#, #"{"body": [{"id": "a", "logging": $}]}"#, #"{"body": [{"id": "a", "custom": $}]}"#,
        #"{"body": [{"id": "a", "children": $}]}"#, #"{"body": [{"id": "a", "children": [$]}]}"#,
        #"{"body": [{"id": "a", "children": [{"id": "c"}, $]}]}"#, #"{"body": [{"id": "a", "children": [{"id": "c", "text": {"title": $}}]}]}"#,
        #"{"body": [{"id": "a", "children": [{"id": $}]}]}"#,
        // The header and overlays read the same keys.
        #"{"header": {"id": $}}"#, #"{"header": {"text": $}}"#, #"{"header": {"text": {"title": $}}}"#,
        #"{"header": {"images": {"main": {"uri": $}}}}"#, #"{"header": {"children": $}}"#, #"{"header": {"target": {"actions": $}}}"#,
        #"{"overlays": [{"id": "o", "text": $}]}"#, #"{"overlays": [{"id": $}]}"#, #"{"overlays": [{"id": "o", "children": [$]}]}"#,
        // In a top-level array.
        #"[{"id": "a", "text": {"title": $}}]"#, #"[{"id": "a", "target": {"uri": $, "actions": [$]}}]"#,
        // Everything at once.
        #"{"id": $, "title": $, "header": $, "body": $, "overlays": $, "custom": $}"#,
        #"{"body": [{"id": $, "group": $, "component": $, "text": $, "images": $, "target": $, "metadata": $, "logging": $, "custom": $, "children": $}]}"#,
    ]

    /// Values of every kind, most of them wrong for most slots.
    private static let wrongValues = [
        "5", "-0.5", "1e300", "0", "-0", #""x""#, #""""#, "[]", "{}", "null", "true", "false", #"[1, "a", null, {}]"#,
        #"{"title": "t", "id": "inner"}"#, #"["ns:a"]"#, #"[{"id": "nested"}]"#, #""ns:name""#,
    ]

    func testWrongTypesEverywhere() {
        for slot in Self.valueSlots {
            for value in Self.wrongValues {
                assertSameReading(slot.replacingOccurrences(of: "$", with: value))
            }
        }
        // The corpus file of wrong types, and a few documented examples.
        assertSameReading(#"{"body": [{"id": 5, "component": 7, "text": {"title": [], "subtitle": {}}, "images": {"main": {"uri": 3}}, "target": {"uri": true}, "custom": "x", "children": 9}], "title": 42, "header": "h", "overlays": {}}"#)
        assertSameReading(#"{"title": 5, "body": {}}"#)
        assertSameReading(#"{"body": [{"id": "a", "text": "x", "images": [], "target": 3, "custom": []}]}"#)
        assertSameReading(#"{"body": ["s", null, 3, {"id": "a"}, true, [], {"id": "b"}, -1, {}, "t"]}"#)
        assertSameReading(#"["s", null, 3, {"id": "a"}, true, [], {"id": "b"}, -1, {}, "t"]"#)
        assertSameReading(#"{"header": {"text": null}}"#)
        assertSameReading(#"{"title": null, "id": null, "header": null, "body": null, "overlays": null, "custom": null}"#)
        // The order of problems does not follow the document's member order: the body's come after
        // the view's identifier, title and header, before its overlays and custom data.
        let members = [#""body": [5, {"id": "a", "text": 5}, "x", {"id": "b", "target": {"uri": "bad url"}}]"#, #""title": 5"#,
                       #""id": 5"#, #""header": {"text": 5}"#, #""overlays": [5, {"text": 5}]"#, #""custom": 5"#]
        for rotation in 0..<members.count {
            let rotated = Array(members[rotation...] + members[..<rotation])
            assertSameReading("{" + rotated.joined(separator: ", ") + "}", "members rotated by \(rotation)")
            assertSameReading("{" + rotated.reversed().joined(separator: ", ") + "}", "members reversed, rotated by \(rotation)")
            assertSameReading("{" + rotated.joined(separator: ", ") + "}", limits: ContentLimits(maximumComponentCount: 1),
                              "members rotated by \(rotation), one component")
        }
    }

    func testURLsActionsAndComponentIdentifiers() {
        let urls = [
            "not a url", "é", "", "http://exa mple.com", "%zz", "http://[::1", "@:80", "https://example.com/a b",
            "https://example.com/ok", "spotify:track:1", #"https://example.com/\u00e9"#, #"\u0000"#, "https://例え.jp",
            "//host/path", "/relative/path", "?q=1", "#frag", "https://example.com/%20ok", "a:b", "http://", ":",
            #"https://example.com/\"quoted\""#, "https://user:pass@example.com:8080/p?q=1#f", "file:///tmp/x.png",
            // Expression templates: URLs once the state gives their value, on both paths.
            "https://example.org/@{count}.png", "@{base}", "not a url @{count}", "https://example.org/@{count",
        ]
        let urlSlots = [
            #"{"body": [{"id": "a", "images": {"main": {"uri": "$"}}}]}"#,
            #"{"body": [{"id": "a", "images": {"background": {"uri": "$"}}}]}"#,
            #"{"body": [{"id": "a", "images": {"custom": {"c": {"uri": "$"}}}}]}"#,
            #"{"body": [{"id": "a", "target": {"uri": "$"}}]}"#,
            #"{"header": {"target": {"uri": "$", "view": {"body": [{"target": {"uri": "$"}}]}}}}"#,
        ]
        for slot in urlSlots {
            for url in urls {
                assertSameReading(slot.replacingOccurrences(of: "$", with: url))
            }
        }
        let actions = ["open", "a:b:c", ":", "", "ns:", ":name", "ns:name", "::", "ns:na me", "é:é", #"ns\u003aname"#]
        for action in actions {
            assertSameReading(#"{"body": [{"id": "a", "target": {"actions": ["\#(action)"]}}]}"#)
            assertSameReading(#"{"body": [{"id": "a", "target": {"actions": ["ns:first", "\#(action)", "ns:first", "\#(action)"]}}]}"#)
        }
        let componentIdentifiers = [
            "a:b:c", "::", ":", "noColon", "", "a:b:c:d", "ns:é", #"\u003a"#, #"a\u003ab\u003ac"#, "a::b", ":b:", "ns:name",
        ]
        for identifier in componentIdentifiers {
            assertSameReading(#"{"body": [{"id": "a", "component": {"id": "\#(identifier)"}}]}"#)
            assertSameReading(#"{"header": {"component": {"id": "\#(identifier)"}}, "overlays": [{"component": {"id": "\#(identifier)"}}]}"#)
            // Two rows of the same id with two bad component identifiers: two problems at two places.
            assertSameReading(#"{"body": [{"id": "a", "component": {"id": "\#(identifier)"}}, {"id": "a", "component": {"id": "x:\#(identifier)"}}]}"#)
        }
        // Local images, with and without a resolver.
        for name in ["testImage", "missing", "", "TESTIMAGE"] {
            let document = #"{"body": [{"id": "a", "images": {"main": {"local": "\#(name)"}, "custom": {"k": {"local": "\#(name)"}}}}]}"#
            assertSameReading(document)
            assertSameReading(document, schema: bareSchema)
        }
    }

    func testEscapesAndNonASCIIText() {
        let documents = [
            // Escaped keys that name schema keys.
            #"{"ti\u0074le": "T"}"#, #"{"\u0062ody": [{"\u0069d": "a", "te\u0078t": {"title": "x"}}]}"#,
            #"{"body": [{"id": "a", "te\u0078t": 5}]}"#, #"{"body": [{"id": "a", "images": {"m\u0061in": {"\u0075ri": 3}}}]}"#,
            #"{"title": "T", "ti\u0074le": "escaped wins"}"#, #"{"ti\u0074le": "escaped", "title": "plain wins"}"#,
            #"{"t\u0069tle": 5, "title": "ok"}"#, #"{"titl\u0065\u0000": "not the title"}"#, #"{"title\u0020": "not the title"}"#,
            #"{"\u0074\u0069\u0074\u006C\u0065": "all escaped"}"#, #"{"\u0074\u0069\u0074\u006c\u0065": "lower-case hex"}"#,
            // Escapes in values.
            #"{"title": "a\nb\t\"c\"\\\/\b\f\r"}"#, #"{"title": "\u00e9\ud83d\ude00"}"#, #"{"title": "\u00E9\uD83D\uDE00"}"#,
            #"{"title": "\u0000"}"#, #"{"body": [{"id": "a\u0000b"}, {"id": "a"}, {"id": "a\u0000c"}]}"#,
            #"{"body": [{"id": "\u00e9"}, {"id": "é", "text": {"title": "same id, unescaped"}}]}"#,
            #"{"body": [{"id": "a", "custom": {"a\nb": 1, "\u00e9": "\ud83d\ude00", "": 0, "\"": "\\"}}]}"#,
            // Keys that are not plain words, in problem paths.
            #"{"body": [{"id": "a", "images": {"custom": {"my image": 5, "\u00e9": [], "a.b": {"uri": 3}, "": 1, "a\"b": null, "x\ny": true}}}]}"#,
            #"{"body": [{"id": "a", "images": {"custom": {"ok-key_1": {"uri": "bad url"}, "🎵": {"uri": "also bad"}}}}]}"#,
            // Non-ASCII text.
            #"{"title": "日本語のタイトル", "body": [{"id": "é", "text": {"title": "Ünïcödé", "subtitle": "👩‍👩‍👧‍👦", "accessory": "e\u0301", "description": "עברית"}}]}"#,
            #"{"body": [{"id": "🎵", "group": "ø", "component": {"id": "名前:空間", "category": "カテゴリ"}}]}"#,
            // Broken escapes and strings.
            #"{"body": [{"id": "a"}], "b\u006fdy": [{"id": "b"}]}"#, #"{"b\u006fdy": [{"id": "a"}], "body": 5}"#,
            #"{"title": "\ud83d"}"#, #"{"title": "\ud83d\u0041"}"#, #"{"title": "\uDE00"}"#, #"{"title": "\x"}"#,
            #"{"title": "\u12"}"#, #"{"title": "\u12G4"}"#, #"{"ti\ud83dtle": 1}"#, "{\"title\": \"tab\there\"}",
            "{\"title\": \"new\nline\"}", #"{"title": "unterminated}"#, #"{"title": "\"#,
        ]
        for document in documents {
            assertSameReading(document)
        }
        // Invalid UTF-8 in keys and values.
        let invalidBytes: [[UInt8]] = [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xFF], [0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x8E]]
        for bytes in invalidBytes {
            assertSameReading(Data(#"{"title": "a"#.utf8) + bytes + Data(#"b"}"#.utf8))
            assertSameReading(Data(#"{"ti"#.utf8) + bytes + Data(#"tle": 1}"#.utf8))
            assertSameReading(Data(#"{"zz": "a"#.utf8) + bytes + Data(#""}"#.utf8))
        }
    }

    func testNumbersAndLiterals() {
        let numbers = [
            "0", "-0", "1.5", "1e2", "1E-2", "1e+2", "123456789012345678", "9007199254740993", "0.1", "1e-400",
            "-1.7976931348623157e308", "2.2250738585072014e-308", "5e-324", "123.456e-7",
        ]
        for number in numbers {
            assertSameReading(#"{"custom": {"n": \#(number)}, "body": [{"id": "a", "custom": {"n": [\#(number)]}, "text": {"title": \#(number)}}]}"#)
        }
        let invalid = ["1e400", "-1e400", "01", "1.", ".5", "-", "+1", "1e", "1e+", "NaN", "Infinity", "-Infinity", "0x10", "1_000", "--1", "1.2.3"]
        for number in invalid {
            assertSameReading(#"{"custom": {"n": \#(number)}}"#)
            assertSameReading(#"{"unknown": \#(number)}"#)
            assertSameReading(#"{"title": \#(number)}"#)
            assertSameReading(#"[\#(number)]"#)
        }
        for literal in ["tru", "nul", "True", "NULL", "fals", "falsey", "nulll", "t", "undefined"] {
            assertSameReading(#"{"title": \#(literal)}"#)
            assertSameReading(#"{"unknown": \#(literal)}"#)
            assertSameReading(literal)
        }
        // Whitespace JSON allows and does not allow.
        for space in [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{A0}", "\u{2028}", "\u{FEFF}"] {
            assertSameReading("{\(space)\"title\"\(space):\(space)\"t\"\(space)}")
        }
    }

    // MARK: 4. Duplicate keys, repeated identifiers

    func testDuplicateKeysAtEveryLevel() {
        let documents = [
            #"{"title": "first", "title": "second"}"#, #"{"title": 5, "title": "ok"}"#, #"{"title": "ok", "title": 5}"#,
            #"{"title": null, "title": null}"#, #"{"id": "a", "id": "b"}"#, #"{"id": "a", "id": 1}"#,
            #"{"custom": {"a": 1}, "custom": {"b": 2}}"#, #"{"custom": {"a": 1, "a": 2}}"#, #"{"custom": [], "custom": {"b": 2}}"#,
            #"{"header": {"id": "h1", "text": {"title": "one"}}, "header": {"text": {"subtitle": "two"}}}"#,
            #"{"header": {"id": "h1"}, "header": 5}"#,
            #"{"body": [{"id": "a"}], "body": [{"id": "b"}]}"#, #"{"body": 5, "body": [{"id": "a"}]}"#,
            #"{"body": [{"id": "a", "text": 5}], "body": [{"id": "b"}]}"#, #"{"body": [{"id": "a"}], "body": 5}"#,
            #"{"body": [{"id": "a"}], "title": "t", "body": [{"id": "b"}, {"id": "c"}]}"#,
            #"{"overlays": [{"id": "o1"}], "overlays": [{"id": "o2"}]}"#,
            #"{"body": [{"id": "a", "id": "b", "text": {"title": "x"}}]}"#, #"{"body": [{"id": 5, "id": "b"}]}"#,
            #"{"body": [{"id": "a", "text": {"title": "one"}, "text": {"subtitle": "two"}}]}"#,
            #"{"body": [{"id": "a", "text": {"title": "one", "title": "two", "title": 3}}]}"#,
            #"{"body": [{"id": "a", "text": {"title": 3, "title": "two"}}]}"#,
            #"{"body": [{"id": "a", "text": 5, "text": {"title": "ok"}}]}"#, #"{"body": [{"id": "a", "text": {"title": "ok"}, "text": 5}]}"#,
            #"{"body": [{"id": "a", "component": {"id": "a:b"}, "component": {"category": "c"}}]}"#,
            #"{"body": [{"id": "a", "component": {"id": "a:b:c", "id": "x:y"}}]}"#,
            #"{"body": [{"id": "a", "images": {"main": {"uri": "https://example.com/1"}}, "images": {"background": {"uri": "https://example.com/2"}}}]}"#,
            #"{"body": [{"id": "a", "images": {"main": {"uri": "bad"}, "main": {"placeholder": "p"}}}]}"#,
            #"{"body": [{"id": "a", "images": {"main": {"uri": "bad", "uri": "https://example.com/ok"}}}]}"#,
            #"{"body": [{"id": "a", "images": {"custom": {"x": {"uri": 1}}, "custom": {"y": {}}}}]}"#,
            #"{"body": [{"id": "a", "images": {"custom": {"x": {"uri": 1}, "x": {"placeholder": "p"}}}}]}"#,
            #"{"body": [{"id": "a", "images": {"icon": "one", "icon": 2}}]}"#,
            #"{"body": [{"id": "a", "target": {"uri": "app:1"}, "target": {"actions": ["ns:a"]}}]}"#,
            #"{"body": [{"id": "a", "target": {"actions": ["bad"], "actions": ["ns:good"]}}]}"#,
            #"{"body": [{"id": "a", "target": {"view": {"title": "one"}, "view": {"body": [{"id": "in"}]}}}]}"#,
            #"{"body": [{"id": "a", "target": {"uri": "bad url", "uri": "app:ok"}}]}"#,
            #"{"body": [{"id": "a", "metadata": {"a": 1}, "metadata": {"b": 2}, "logging": {"l": 1}, "logging": null}]}"#,
            #"{"body": [{"id": "a", "children": [{"id": "c1"}], "children": [{"id": "c2"}]}]}"#,
            #"{"body": [{"id": "a", "children": [{"id": "c1", "text": 5}], "children": []}]}"#,
            #"{"body": [{"id": "a", "group": "g1", "group": "g2"}]}"#,
        ]
        for document in documents {
            assertSameReading(document)
        }
    }

    func testRepeatedComponentIdentifiersMerge() {
        let documents = [
            #"{"body": [{"id": "a", "text": {"title": "1"}}, {"id": "a", "text": {"subtitle": "2"}}]}"#,
            #"{"body": [{"id": "a", "text": {"title": "1"}}, {"id": "b"}, {"id": "a", "text": {"title": "3"}}]}"#,
            #"{"body": [{"id": "a", "custom": {"x": 1, "y": 2}}, {"id": "a", "custom": {"y": 3, "z": 4}}]}"#,
            #"{"body": [{"id": "a", "text": {"title": "1"}}, {"id": "a", "text": 5}, {"id": "a", "text": {"title": 6}}]}"#,
            #"{"body": [{"id": "a", "target": {"actions": ["ns:a"]}}, {"id": "a", "target": {"actions": ["ns:b", "ns:a"]}}]}"#,
            #"{"body": [{"id": "a", "target": {"view": {"body": [{"id": "x"}]}}}, {"id": "a", "target": {"view": {"body": [{"id": "y"}, {"id": "x", "text": {"title": "m"}}]}}}]}"#,
            #"{"body": [{"id": "a", "images": {"custom": {"k": {"uri": "https://example.com/1"}}}}, {"id": "a", "images": {"custom": {"k": {"placeholder": "p"}}}}]}"#,
            #"{"body": [{"id": "a", "children": [{"id": "c"}]}, {"id": "a", "children": [{"id": "c", "group": "g"}, {"id": "d"}]}]}"#,
            #"{"body": [{"id": "a", "component": {"id": "one:two"}}, {"id": "a", "component": {"id": "three"}}]}"#,
            #"{"body": [{"id": "a", "group": "g"}, {"id": "b", "group": "g"}, {"id": "a", "group": "h"}]}"#,
            #"[{"id": "a", "text": {"title": "1"}}, {"id": "a", "text": {"subtitle": "2"}}, {"id": "b"}, {"id": "a"}]"#,
            #"{"overlays": [{"id": "o", "text": {"title": "1"}}, {"id": "o", "text": {"title": "2"}}]}"#,
            #"{"header": {"id": "x"}, "body": [{"id": "x"}], "overlays": [{"id": "x"}]}"#,
            #"{"body": [{"id": "a"}, {"text": {"title": "no id"}}, {"id": "a", "text": {"title": "again"}}, {"text": {"title": "no id"}}]}"#,
        ]
        for document in documents {
            assertSameReading(document)
        }
    }

    // MARK: 5. Limits

    func testTextLimit() {
        for maximum in [1, 2, 3, 4, 5, 10, 16] {
            let limits = ContentLimits(maximumTextLength: maximum)
            let documents = [
                #"{"body": [{"id": "a", "text": {"title": "abcdefghijklmnop", "subtitle": "short", "accessory": "accessory text", "description": "a longer description"}}]}"#,
                #"{"body": [{"id": "a", "text": {"title": "ééééééé", "subtitle": "😀😀😀😀", "accessory": "e\u0301e\u0301e\u0301"}}]}"#,
                #"{"body": [{"id": "a", "text": {"title": "exactly-10"}}, {"id": "b", "text": {"title": "exactly-1"}}, {"id": "c", "text": {"title": "exactly-11!"}}]}"#,
                #"{"header": {"text": {"title": "a long header title"}}, "overlays": [{"id": "o", "text": {"title": "a long overlay title"}}]}"#,
                #"{"body": [{"id": "a", "children": [{"id": "c", "text": {"description": "long child description"}}], "target": {"view": {"body": [{"id": "v", "text": {"title": "long title in a target view"}}]}}}]}"#,
                #"{"title": "a long navigation title is not a component text", "id": "a very long view identifier", "body": [{"id": "a long identifier", "group": "a long group", "custom": {"k": "a long custom string"}}]}"#,
                #"{"body": [{"id": "a", "text": {"title": "very long title", "title": "ok"}}]}"#,
                #"{"body": [{"id": "a", "text": {"title": "ok", "title": "very long title"}}]}"#,
                #"{"body": [{"id": "a", "text": {"title": "long title one"}}, {"id": "a", "text": {"title": "long title two"}}]}"#,
                #"[{"id": "a", "text": {"title": "\ud83d\ude00\ud83d\ude00\ud83d\ude00"}}, {"id": "b", "text": {"title": 5}}]"#,
            ]
            for document in documents {
                assertSameReading(document, limits: limits, "text limit \(maximum)")
            }
        }
    }

    func testComponentLimit() {
        let rows = (0..<10).map { #"{"id": "r\#($0)", "text": {"title": "Row \#($0)"}}"# }.joined(separator: ", ")
        for maximum in [1, 2, 3, 9, 10, 11] {
            let limits = ContentLimits(maximumComponentCount: maximum)
            let documents = [
                #"{"body": [\#(rows)]}"#, "[\(rows)]",
                #"[{"id": "1"}, {"id": "2"}, {"id": "3"}, 5, "x", {"id": "4"}, null]"#,
                #"{"body": [{"id": "1"}, {"id": "2"}, {"id": "3"}, 5, "x", {"id": "4"}, null, [], {}]}"#,
                #"{"body": [5, "x", {"id": "1"}, null, {"id": "2"}, {"id": "3"}, {"id": "4"}]}"#,
                #"{"body": [{"id": "1"}, {"id": "2"}, {"id": "3"}, {"id": "1", "text": {"title": "again"}}, {"id": "4"}]}"#,
                #"{"body": [{"id": "1"}, {"id": "1"}, {"id": "1"}, {"id": "1"}, {"id": "2"}]}"#,
                #"{"body": [{"id": "1"}, {"id": "2"}, {"id": "3"}, {"id": "4", "text": 5, "target": {"uri": "bad url"}}]}"#,
                #"{"body": [{"text": {"title": "no id"}}, {}, {}, {}, {}]}"#,
                #"{"body": [{"id": "1", "children": [{"id": "c1"}, {"id": "c2"}, {"id": "c3"}, {"id": "c4"}]}, {"id": "2"}]}"#,
                #"{"body": [{"id": "1", "target": {"view": {"body": [{"id": "v1"}, {"id": "v2"}, {"id": "v3"}, {"id": "v4"}]}}}, {"id": "2"}, {"id": "3"}, {"id": "4"}]}"#,
                #"{"overlays": [{"id": "o1"}, {"id": "o2"}, {"id": "o3"}, {"id": "o4"}], "body": [{"id": "1"}, {"id": "2"}, {"id": "3"}, {"id": "4"}], "title": 5}"#,
                #"{"title": 5, "body": [{"id": "1"}, {"id": "2"}, {"id": "3"}, {"id": "4"}], "custom": [], "header": {"id": "h"}}"#,
                #"{"body": 5}"#, #"{"body": []}"#,
            ]
            for document in documents {
                assertSameReading(document, limits: limits, "component limit \(maximum)")
            }
            // Limits count the components the builder already has.
            let setup: (ViewModelBuilder) -> Void = { builder in
                builder.bodyComponentModelBuilder(withIdentifier: "r0").title = "code"
                builder.bodyComponentModelBuilder(withIdentifier: "code").title = "code"
            }
            assertSameReading(#"{"body": [\#(rows)]}"#, limits: limits, builderSetup: setup, "component limit \(maximum), two rows first")
            assertSameReading(#"{"body": [{"id": "code", "text": {"subtitle": "merged"}}, {"id": "new"}]}"#, limits: limits,
                              builderSetup: setup, "component limit \(maximum), two rows first")
        }
    }

    func testNestingLimit() {
        let documents = [
            "{}", "[]", #"{"a": {}}"#, "[[]]", #"{"zz": [1]}"#, #"{"title": []}"#, #"{"title": {}}"#, #"{"title": "t"}"#,
            #"{"body": [{"id": "a"}]}"#, #"{"body": [{"id": "a", "custom": {}}]}"#, #"{"body": [{"text": {"title": "x"}}]}"#,
            #"{"body": [{"id": "a", "custom": {"a": {"b": 1}}}]}"#, #"[{"id": "a"}]"#, #"[{"id": "a", "text": {"title": "t"}}]"#,
            #"{"unknown": [[[[[[]]]]]], "title": "t"}"#, #"{"title": "t", "unknown": [[[[[[]]]]]]}"#,
            #"{"body": [{"id": "a", "text": {"title": 5}}, {"id": "b", "custom": {"x": [[[[]]]]}}]}"#,
            #"{"body": [{"id": "a", "target": {"view": {"body": [{"id": "b"}]}}}]}"#,
            "5", "\"s\"", "[1, [2, [3, [4]]]]", #"{"a": {"b": {"c": {"d": {"e": 1}}}}}"#, #"{"body": []}"#, #"{"body": [5, []]}"#,
            #"{"body": [{"id": "a", "target": {"actions": ["ns:a"]}}]}"#, #"{"body": [{"id": "a", "images": {"main": {"uri": "https://e.com"}}}]}"#,
        ]
        for maximum in [1, 2, 3, 4, 5, 6] {
            for document in documents {
                assertSameReading(document, limits: ContentLimits(maximumNestingDepth: maximum), "nesting limit \(maximum)")
            }
        }
        // The parser's default: 512 levels.
        for depth in [511, 512, 513, 600] {
            assertSameReading(String(repeating: "[", count: depth) + String(repeating: "]", count: depth), "\(depth) arrays")
            let object = #"{"body": [{"id": "a", "custom": {"k": "# + String(repeating: "[", count: depth - 4)
                + String(repeating: "]", count: depth - 4) + "}}]}"
            assertSameReading(object, "\(depth) levels in custom data")
        }
    }

    func testComponentNestingLimit() {
        // 256 component levels need more than 512 JSON levels: raise the parser's limit.
        let limits = ContentLimits(maximumNestingDepth: 2_000)
        for levels in [255, 256, 257, 260] {
            var children = #"{"id": "leaf", "text": {"title": 5}}"#
            for level in (0..<(levels - 1)).reversed() {
                children = #"{"id": "c\#(level)", "children": [\#(children)]}"#
            }
            assertSameReading(#"{"body": [\#(children)]}"#, limits: limits, "\(levels) levels of children")
            assertSameReading("[\(children)]", limits: limits, "\(levels) levels of children")
            assertSameReading(#"{"header": \#(children)}"#, limits: limits, "\(levels) levels of children under the header")
            var targets = #"{"id": "leaf", "text": {"title": 5}}"#
            for level in (0..<(levels - 1)).reversed() {
                targets = #"{"id": "t\#(level)", "target": {"view": {"body": [\#(targets)]}}}"#
            }
            assertSameReading(#"{"body": [\#(targets)]}"#, limits: limits, "\(levels) levels of target views")
        }
    }

    func testNumberLengthLimit() {
        let limits = ContentLimits(maximumNumberLength: 3)
        let documents = [
            #"{"custom": {"n": 123}}"#, #"{"custom": {"n": 1234}}"#, #"{"custom": {"n": -12}}"#, #"{"custom": {"n": -123}}"#,
            #"{"custom": {"n": 1.5}}"#, #"{"custom": {"n": 1.55}}"#, #"{"custom": {"n": 1e10}}"#, #"{"custom": {"n": 1e9}}"#,
            #"{"unknown": 12345}"#, #"{"title": 12345}"#, #"{"title": 123}"#, #"{"body": [12345]}"#, #"[12345]"#, "12345", "123",
            #"{"body": [{"id": "a", "text": {"title": 99999}}]}"#, #"{"body": [{"id": "a", "metadata": {"x": [1, 22, 333, 4444]}}]}"#,
            #"{"title": "t", "body": [{"id": "a"}], "zz": 0.0001}"#,
        ]
        for document in documents {
            assertSameReading(document, limits: limits, "number limit 3")
        }
        let long = String(repeating: "7", count: 101)
        assertSameReading(#"{"body": [{"id": "a", "custom": {"n": \#(long)}}]}"#, "a 101-digit number")
        assertSameReading(#"{"title": 5, "zz": \#(long)}"#, "a 101-digit number under an unknown key")
        assertSameReading(#"{"title": 5, "zz": \#(String(long.dropLast()))}"#, "a 100-digit number")
    }

    // MARK: 6. Invalid JSON: prefixes, corruptions, trailing data, encodings

    /// About 400 bytes that exercise most keys, wrong types and escapes included.
    private static let prefixDocument = #"{"id":"v","title":"T\u00e9","header":{"id":"h","text":{"title":"H"}},"body":[{"id":"a","group":"g","component":{"id":"ns:row","category":"row"},"text":{"title":"A","subtitle":"s","accessory":5},"images":{"main":{"uri":"https://e.com/a.png","placeholder":"p"},"icon":"i","custom":{"c":{"uri":"bad url"}}},"target":{"uri":"ns:t","actions":["ns:a","bad"],"view":{"title":"V"}},"metadata":{"m":-1.5e2},"children":[{"id":"c1","text":{"title":null}}]},2,{"id":"a","text":{"title":"A2"}}],"overlays":[{"id":"o"}],"custom":{"k":[true,false,null]}}"#

    /// The same kind of document, pretty-printed, so lines and columns count.
    private static let prettyPrefixDocument = """
    {
      "title": "Pretty \\ud83d\\ude00",
      "body": [
        {"id": "a", "text": {"title": "Ä", "subtitle": 7},
         "images": {"main": {"uri": "https://example.com/ä"}}},
        "not an object",
        {"id": "b", "target": {"actions": ["x:y", "z"], "view": {"body": [{"id": "inner"}]}}}
      ],
      "custom": {"n": [0, -0.0, 1e3]}
    }
    """

    private func assertEveryPrefixReadsTheSame(_ document: String, builderSetup: ((ViewModelBuilder) -> Void)? = nil,
                                               file: StaticString = #filePath, line: UInt = #line)
    {
        let data = Data(document.utf8)
        XCTAssertNil(assertSameReading(data, builderSetup: builderSetup, file: file, line: line).error, "the whole document is valid",
                     file: file, line: line)
        var errors = 0
        for length in 0..<data.count {
            if assertSameReading(data.prefix(length), builderSetup: builderSetup, "prefix \(length)", file: file, line: line).error != nil {
                errors += 1
            }
        }
        XCTAssertEqual(errors, data.count, "every proper prefix of an object is invalid", file: file, line: line)
    }

    func testEveryPrefixOfADocument() {
        XCTAssert((350...600).contains(Self.prefixDocument.utf8.count), "\(Self.prefixDocument.utf8.count) bytes")
        assertEveryPrefixReadsTheSame(Self.prefixDocument)
        assertEveryPrefixReadsTheSame(Self.prettyPrefixDocument)
        let array = #"[{"id":"a","text":{"title":"x\n"}},7,{"id":"b","images":{"icon":"i"}},{"id":"a","custom":{"k":"é"}}]"#
        let data = Data(array.utf8)
        for length in 0..<data.count {
            XCTAssertNotNil(assertSameReading(data.prefix(length), "array prefix \(length)").error)
        }
    }

    func testCorruptedDocuments() {
        let replacements: [UInt8] = [UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "x"), 0x00, 0xFF]
        for document in [Self.prefixDocument, Self.prettyPrefixDocument] {
            let data = Data(document.utf8)
            var valid = 0
            for position in stride(from: 0, to: data.count, by: 7) {
                for byte in replacements {
                    var corrupted = data
                    corrupted[position] = byte
                    if assertSameReading(corrupted, "byte \(position) replaced by \(byte)").error == nil { valid += 1 }
                }
            }
            XCTAssertGreaterThan(valid, 0, "some corruptions stay valid JSON (a letter in a string), so builders are compared too")
        }
    }

    func testTrailingDataByteOrderMarksAndEncodings() {
        let trailing = ["{} x", "{}{}", "[] ]", "{}\u{0}", "{} ", "{}\n\n", "[]\t", "{},", "{}]", "{} 1", #"{"title": "t"} {"title": "u"}"#,
                        #"[{"id": "a"}] []"#, #"{"body": [{"id": "a"}]}}"#, #"{"body": [{"id": "a"}]]}"#, "{} //", "{} /* */"]
        for document in trailing {
            assertSameReading(document)
        }
        // Documents with content, then something after them: every one throws, and nothing is kept.
        let complete = [
            #"{"title": "t"}"#, #"{"id": "v"}"#, #"{"custom": {"a": 1}}"#, #"{"header": {"id": "h"}}"#,
            #"{"overlays": [{"id": "o"}]}"#, #"{"body": [{"id": "a"}]}"#, #"[{"id": "a"}]"#,
            #"{"title": "t", "body": [{"id": "a", "text": {"title": "x"}}], "custom": {"k": 1}}"#,
        ]
        for document in complete {
            for suffix in [" x", " {}", ",", "]", "}", " 1", "\u{0}", " tru", "\"", " []", #" {"title": "u"}"#] {
                XCTAssertNotNil(assertSameReading(document + suffix).error, document + suffix)
            }
        }
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let object = Data(#"{"title": "t", "body": [{"id": "a"}]}"#.utf8)
        assertSameReading(Data(bom) + object, "a UTF-8 byte order mark")
        assertSameReading(Data(bom) + Data(#"[{"id": "a"}]"#.utf8), "a byte order mark before an array")
        assertSameReading(Data(bom), "only a byte order mark")
        assertSameReading(Data(bom + bom) + object, "two byte order marks")
        assertSameReading(Data([0xEF, 0xBB]) + object, "part of a byte order mark")
        assertSameReading(Data(" ".utf8) + Data(bom) + object, "a byte order mark after a space")
        assertSameReading(Data(bom) + Data(" \n".utf8) + object, "whitespace after a byte order mark")
        let text = #"{"title": "t"}"#
        let utf16LE = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf16BE = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let utf32LE = text.unicodeScalars.flatMap { scalar in (0..<4).map { UInt8((scalar.value >> (8 * $0)) & 0xFF) } }
        let utf32BE = text.unicodeScalars.flatMap { scalar in (0..<4).reversed().map { UInt8((scalar.value >> (8 * $0)) & 0xFF) } }
        assertSameReading(Data([0xFF, 0xFE] + utf16LE), "UTF-16 LE with its byte order mark")
        assertSameReading(Data([0xFE, 0xFF] + utf16BE), "UTF-16 BE with its byte order mark")
        assertSameReading(Data(utf16LE), "UTF-16 LE")
        assertSameReading(Data(utf16BE), "UTF-16 BE")
        assertSameReading(Data([0xFF, 0xFE, 0x00, 0x00] + utf32LE), "UTF-32 LE with its byte order mark")
        assertSameReading(Data([0x00, 0x00, 0xFE, 0xFF] + utf32BE), "UTF-32 BE with its byte order mark")
        assertSameReading(Data(utf32LE), "UTF-32 LE")
        assertSameReading(Data(utf32BE), "UTF-32 BE")
        assertSameReading(Data([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00]), "the hostile corpus's UTF-16 file")
        assertSameReading(Data("<!doctype html>\n<html><body><h1>404 Not Found</h1></body></html>\n".utf8), "an HTML error page")
        // NUL bytes where the encoding is sniffed, and one-byte documents.
        for document in [#"{"title": "t"}"#, #"[{"id": "a"}]"#, "{}", "[]"] {
            for position in 0..<min(4, document.utf8.count) {
                var data = Data(document.utf8)
                data[position] = 0
                assertSameReading(data, "NUL at \(position)")
            }
        }
        for byte in ["{", "[", " ", "\"", "]", "}", "1", "\u{0}"] {
            assertSameReading(byte)
        }
    }

    /// `Data` that is a slice of a larger buffer starts at an index other than 0.
    func testDataSlices() {
        for document in [Self.prefixDocument, #"[{"id": "a"}, 5]"#, #"{"title": "t"} x"#, "5", ""] {
            let padded = Data(("xyz" + document + "xyz").utf8)
            let slice = padded.dropFirst(3).dropLast(3)
            XCTAssertEqual(slice.startIndex, 3)
            assertSameReading(slice, "a slice")
        }
    }

    // MARK: 7. Content that is already in the builder

    /// A header, a body row `row-1` with a title, children, a target and custom data, an overlay,
    /// and view-level identifier, title and custom data, all added by code.
    private static func codeContent(_ builder: ViewModelBuilder) {
        builder.viewIdentifier = "code-view"
        builder.navigationBarTitle = "Code title"
        builder.customData = ["k": .string("code"), "keep": .number(1)]
        let header = builder.headerComponentModelBuilder
        header.title = "Code header"
        let row = builder.bodyComponentModelBuilder(withIdentifier: "row-1")
        row.title = "Code row"
        row.subtitle = "code subtitle"
        row.groupIdentifier = "code-group"
        row.customData = ["a": .number(1), "b": .number(2)]
        row.metadata = ["m": .bool(true)]
        row.mainImageURL = URL(string: "https://example.com/code.png")
        row.targetBuilder.uri = URL(string: "app:code")
        row.targetBuilder.addAction(namespace: "code", name: "play")
        row.childBuilder(withIdentifier: "c1").title = "Code child"
        builder.bodyComponentModelBuilder(withIdentifier: "row-2").title = "Second code row"
        builder.overlayComponentModelBuilder(withIdentifier: "ov").title = "Code overlay"
    }

    /// Content from code without body components: a header, an overlay and view-level values.
    private static func codeContentWithoutBody(_ builder: ViewModelBuilder) {
        builder.viewIdentifier = "code-view"
        builder.navigationBarTitle = "Code title"
        builder.customData = ["k": .string("code"), "keep": .number(1)]
        builder.headerComponentModelBuilder.title = "Code header"
        builder.headerComponentModelBuilder.customData = ["h": .number(1)]
        builder.overlayComponentModelBuilder(withIdentifier: "o").title = "Code overlay"
    }

    func testJSONMergesIntoContentFromCode() {
        let documents = [
            "{}", "[]",
            #"{"body": [{"id": "row-1", "text": {"subtitle": "json"}}]}"#,
            #"{"body": [{"id": "row-1", "custom": {"b": 3, "c": 4}, "metadata": {"n": 1}}]}"#,
            #"{"body": [{"id": "row-1", "text": {"title": 5, "subtitle": null}, "custom": [], "group": 7}]}"#,
            #"{"body": [{"id": "row-3"}, {"id": "row-1", "text": {"title": "json title"}}, {"id": "row-2", "group": "json"}]}"#,
            #"[{"id": "row-1", "text": {"title": "from an array"}}, {"id": "row-9"}]"#,
            #"{"body": [{"id": "row-1", "children": [{"id": "c1", "text": {"subtitle": "json"}}, {"id": "c2"}]}]}"#,
            #"{"body": [{"id": "row-1", "target": {"actions": ["code:play", "json:share"], "uri": "bad url", "custom": {"t": 1}}}]}"#,
            #"{"body": [{"id": "row-1", "images": {"main": {"placeholder": "p"}, "background": {"uri": "https://example.com/bg"}}}]}"#,
            #"{"body": [{"id": "row-1", "component": {"id": "json:row"}}]}"#,
            #"{"header": {"id": "other-header", "text": {"subtitle": "json header"}}}"#,
            #"{"header": {"text": {"title": 5}}}"#,
            #"{"overlays": [{"id": "ov", "text": {"subtitle": "json"}}, {"id": "ov2"}]}"#,
            #"{"id": "json-view", "title": "JSON title", "custom": {"k": "json", "new": null}}"#,
            #"{"id": 5, "title": [], "custom": "x"}"#,
            #"{"body": [{"id": "row-1", "text": {"title": "x"}}, {"id": "row-1", "text": {"title": "y"}}]}"#,
            #"{"body": [{"text": {"title": "no id"}}]}"#,
        ]
        for document in documents {
            assertSameReading(document, builderSetup: Self.codeContent)
            assertSameReading(document, limits: ContentLimits(maximumTextLength: 4), builderSetup: Self.codeContent, "text limit 4")
            assertSameReading(document, builderSetup: Self.codeContentWithoutBody)
        }
        // Content that came from JSON before (through the dictionary path, which neither reader uses).
        let fromJSON: (ViewModelBuilder) -> Void = { builder in
            builder.addJSON(dictionary: ["title": "earlier", "body": [["id": "row-1", "text": ["title": "earlier row"]],
                                                                      ["text": ["title": "earlier, no id"]]]])
        }
        assertSameReading(#"{"body": [{"id": "row-1", "text": {"subtitle": "later"}}, {"id": "row-2"}]}"#, builderSetup: fromJSON)
    }

    func testAThrowLeavesContentFromCodeAlone() {
        let documents = [
            #"{"body": [{"id": "row-1", "text": {"title": "changed"}}], "#,
            #"{"title": "changed", "id": "changed", "custom": {"k": "changed"}, "header": {"text": {"title": "changed"}}, "body": [{"id": "row-1", "text": {"title": "changed"}}, {"id": "new"}], "overlays": [{"id": "ov", "text": {"title": "changed"}}]]"#,
            #"[{"id": "row-1", "text": {"title": "changed"}}, {"id": "new"}"#,
            #"[{"id": "row-1", "text": {"title": "changed"}}, {"id": "new"}, 1e400]"#,
            #"{"body": [{"id": "row-1", "custom": {"b": "changed"}}], "zz": tru}"#,
            #"{"body": [{"id": "row-1", "children": [{"id": "c1", "text": {"title": "changed"}}]}], "x": "\ud800"}"#,
        ]
        for document in documents {
            XCTAssertNotNil(assertSameReading(document, builderSetup: Self.codeContent).error)
            XCTAssertNotNil(assertSameReading(document, builderSetup: Self.codeContentWithoutBody).error)
        }
        assertSameReading(#"{"title": "t", "body": [{"id": "row-1", "custom": {"n": 12345}}]}"#, limits: ContentLimits(maximumNumberLength: 4),
                          builderSetup: Self.codeContent)
        assertSameReading(#"{"title": "t", "body": [{"id": "row-1", "custom": {"n": [[1]]}}]}"#, limits: ContentLimits(maximumNestingDepth: 5),
                          builderSetup: Self.codeContent)
        assertEveryPrefixReadsTheSame(Self.prefixDocument.replacingOccurrences(of: #""id":"a""#, with: #""id":"row-1""#),
                                      builderSetup: Self.codeContent)
        assertEveryPrefixReadsTheSame(Self.prefixDocument.replacingOccurrences(of: #""id":"o""#, with: #""id":"o","text":{"title":"x"}"#),
                                      builderSetup: Self.codeContentWithoutBody)
    }

    // MARK: 8. Custom schemas

    /// Every key renamed, every path still a chain of plain keys (so the one-pass reader compiles it):
    /// the body at `items[*]`, titles at `name`, texts three levels down, images at `pics`.
    private func plainKeySchema() -> JSONSchema {
        let schema = ModelFixtures.schema()
        let path = schema.createNewPath()
        let view = schema.viewModelSchema
        view.bodyComponentModelDictionariesPath = path.goTo("items").forEach().dictionaryPath()
        view.navigationBarTitlePath = path.goTo("heading").stringPath()
        view.identifierPath = path.goTo("meta").goTo("id").stringPath()
        view.headerComponentModelDictionaryPath = path.goTo("top").dictionaryPath()
        view.overlayComponentModelDictionariesPath = path.goTo("floating").forEach().dictionaryPath()
        view.customDataPath = path.goTo("extra").dictionaryPath()
        let component = schema.componentModelSchema
        component.identifierPath = path.goTo("key").stringPath()
        component.groupIdentifierPath = path.goTo("section").stringPath()
        component.componentIdentifierPath = path.goTo("kind").goTo("id").stringPath()
        component.componentCategoryPath = path.goTo("kind").goTo("category").stringPath()
        component.titlePath = path.goTo("name").stringPath()
        component.subtitlePath = path.goTo("labels").goTo("main").goTo("sub").stringPath()
        component.accessoryTitlePath = path.goTo("labels").goTo("side").stringPath()
        component.descriptionTextPath = path.goTo("labels").goTo("main").goTo("long text").stringPath()
        component.iconIdentifierPath = path.goTo("pics").goTo("icon").stringPath()
        component.mainImageDataDictionaryPath = path.goTo("pics").goTo("main").dictionaryPath()
        component.backgroundImageDataDictionaryPath = path.goTo("pics").goTo("back").dictionaryPath()
        component.customImageDataDictionaryPath = path.goTo("pics").goTo("more").dictionaryPath()
        component.targetDictionaryPath = path.goTo("link").dictionaryPath()
        component.metadataPath = path.goTo("meta").dictionaryPath()
        component.loggingDataPath = path.goTo("log").dictionaryPath()
        component.customDataPath = path.goTo("extra").dictionaryPath()
        component.childDictionariesPath = path.goTo("parts").forEach().dictionaryPath()
        let image = schema.componentImageDataSchema
        image.urlPath = path.goTo("src").urlPath()
        image.placeholderIconIdentifierPath = path.goTo("ph").stringPath()
        image.localImageNamePath = path.goTo("file").stringPath()
        image.customDataPath = path.goTo("extra").dictionaryPath()
        let target = schema.componentTargetSchema
        target.uriPath = path.goTo("href").urlPath()
        target.initialViewModelDictionaryPath = path.goTo("page").dictionaryPath()
        target.actionIdentifiersPath = path.goTo("verbs").forEach().stringPath()
        target.customDataPath = path.goTo("extra").dictionaryPath()
        return schema
    }

    /// The search API example of docs/json.md: the title at `heading`, the body at `items[*]`,
    /// component titles at `name`, a target that is the item itself (its URI at `html_url`), images
    /// at `avatar`, an accessory under the empty key.
    private func searchAPISchema() -> JSONSchema {
        let schema = ModelFixtures.schema()
        let path = schema.createNewPath()
        schema.viewModelSchema.navigationBarTitlePath = path.goTo("heading").stringPath()
        schema.viewModelSchema.identifierPath = path.goTo("view id").stringPath()
        schema.viewModelSchema.bodyComponentModelDictionariesPath = path.goTo("items").forEach().dictionaryPath()
        schema.viewModelSchema.overlayComponentModelDictionariesPath = path.goTo("meta").goTo("banners").forEach().dictionaryPath()
        schema.viewModelSchema.customDataPath = path.goTo("meta").dictionaryPath()
        schema.componentModelSchema.identifierPath = path.goTo("key").stringPath()
        schema.componentModelSchema.titlePath = path.goTo("name").stringPath()
        schema.componentModelSchema.subtitlePath = path.goTo("owner").goTo("login").stringPath()
        schema.componentModelSchema.descriptionTextPath = path.goTo("é").stringPath()
        schema.componentModelSchema.accessoryTitlePath = path.goTo("").stringPath()
        schema.componentModelSchema.targetDictionaryPath = path.dictionaryPath()
        schema.componentModelSchema.mainImageDataDictionaryPath = path.goTo("avatar").dictionaryPath()
        schema.componentModelSchema.childDictionariesPath = path.goTo("items").forEach().dictionaryPath()
        schema.componentTargetSchema.uriPath = path.goTo("html_url").urlPath()
        schema.componentImageDataSchema.urlPath = path.goTo("src").urlPath()
        return schema
    }

    /// Paths that run blocks and combine paths.
    private func blockSchema() -> JSONSchema {
        let schema = ModelFixtures.schema()
        let path = schema.createNewPath()
        schema.viewModelSchema.bodyComponentModelDictionariesPath =
            path.goTo("body").forEach().combine(with: path.goTo("more").forEach()).dictionaryPath()
        schema.viewModelSchema.navigationBarTitlePath = path.runBlock { $0["meta"]?["name"] }.stringPath()
        schema.componentModelSchema.titlePath = path.goTo("text").goTo("title").combine(with: path.goTo("name")).stringPath()
        schema.componentModelSchema.subtitlePath = path.goTo("owner").goTo("login")
            .runBlock { $0.stringValue.map { .string("Author: " + $0) } }.stringPath()
        schema.componentModelSchema.accessoryTitlePath = path.goTo("count")
            .runBlock { $0.doubleValue.map { .string("\(Int($0)) plays") } }.stringPath()
        schema.componentModelSchema.customDataPath = path.runBlock { .object(["whole": $0]) }.dictionaryPath()
        schema.componentTargetSchema.actionIdentifiersPath = path.goTo("actions").forEach()
            .combine(with: path.goTo("action")).stringPath()
        schema.componentModelSchema.targetDictionaryPath = path.goTo("target").combine(with: path.goTo("link")).dictionaryPath()
        return schema
    }

    /// The same key read for two fields, and one list read for the body and the overlays.
    private func sharedKeySchema() -> JSONSchema {
        let schema = ModelFixtures.schema()
        let path = schema.createNewPath()
        schema.componentModelSchema.titlePath = path.goTo("id").stringPath()
        schema.componentModelSchema.groupIdentifierPath = path.goTo("id").stringPath()
        schema.viewModelSchema.overlayComponentModelDictionariesPath = path.goTo("body").forEach().dictionaryPath()
        schema.viewModelSchema.navigationBarTitlePath = path.goTo("data").goTo("rows").goTo("title").stringPath()
        schema.componentImageDataSchema.placeholderIconIdentifierPath = path.goTo("uri").stringPath()
        return schema
    }

    /// Templates: the one-pass reader expands compiled templates from bytes, the tree path through
    /// the value tree. Every template here, with every kind of component that uses it, one by one
    /// and all in one body, with and without unknown-key reports, templates before and after the body.
    func testTemplates() {
        let templates: [String: String] = [
            "texts": #"{"component": {"id": "ns:row", "category": "row"}, "text": {"$title": "name", "$subtitle": "price", "#
                + #""subtitle": "Ask", "accessory": "Order", "$description": "note", "description": null}}"#,
            "built": #"{"text": {"$title": "{name} ({weight} g)"}, "target": {"$uri": "hub-demo:bakery/{id}", "#
                + #""actions": ["a:b", "a:b", "c:d"], "custom": {"$k": "name"}}}"#,
            "built with a default": #"{"text": {"$title": "{name} ({weight} g)", "title": "Untitled"}}"#,
            "images": #"{"images": {"main": {"$uri": "photo", "uri": "https://example.org/default.png", "placeholder": "p", "#
                + #""custom": {"x": 1}}, "background": {"$uri": "photo", "uri": null, "$placeholder": "name"}, "icon": "i", "#
                + #""$icon": "icon"}}"#,
            "logged": #"{"id": "fixed", "group": "g", "$group": "group", "logging": {"$item": "id", "list": "l", "#
                + #""nested": {"$n": "name", "deep": [{"$x": "name"}]}}, "metadata": {"m": 1}, "custom": {"c": {"d": 2}}}"#,
            "kind": #"{"component": {"$id": "kind", "id": "ns:row", "$category": "category"}, "text": {"title": "T"}}"#,
            "derived": #"{"template": "texts", "component": {"id": "ns:card"}, "text": {"accessory": "Buy"}}"#,
            "parent": #"{"text": {"$title": "name"}, "children": [{"template": "texts", "id": "c", "$name": "name"}]}"#,
            "broken": #"{"text": {"title": 5, "$subtitle": "name"}}"#,
            "local": #"{"images": {"main": {"local": "testImage"}}, "text": {"$title": "name"}}"#,
        ]
        let instances: [String] = [
            #""id": "a", "name": "A", "price": "1 €", "weight": 500, "photo": "https://example.org/a.png", "icon": "heart", "#
                + #""group": "G", "kind": "ns:other", "category": "card", "note": "N""#,
            #""id": "b""#,
            #""name": "No id""#,
            #""id": "c", "name": 5, "price": ["x"], "weight": {"w": 1}, "photo": "not a url", "icon": 3, "kind": "a:b:c""#,
            #""id": "d", "name": null, "photo": null"#,
            #""id": "m", "weight": {"w": 1}"#,
            #""id": "e", "name": "\#(String(repeating: "x", count: 5_000))""#,
            #""id": "f", "name": "F", "text": {"title": "Own", "subtitle": "Own sub"}, "component": {"id": "card"}"#,
            #""id": "g", "name": "G", "images": {"main": {"uri": "https://example.org/own.png"}}, "target": {"actions": []}"#,
            #""id": "h", "name": "H", "logging": {"item": "own", "extra": true}, "metadata": {"m": 2}, "custom": {"c": {"e": 3}}"#,
            #""id": "i", "name": "I", "nmae": "typo""#,
            #""id": "j", "name": "J", "text": {"titel": "typo"}"#,
            #""id": "a", "name": "A again""#,
            #""id": "k", "name": "K", "children": [{"id": "own-child"}]"#,
            #""id": "l", "name": "L", "template": "texts""#,
        ]
        let keyReports = schema.copy()
        let silent = schema.copy()
        silent.reportsUnknownKeys = false
        let definitions = templates.sorted { $0.key < $1.key }.map { #""\#($0.key)": \#($0.value)"# }.joined(separator: ", ")
        var everyUse: [String] = []
        for name in templates.keys.sorted() {
            var uses: [String] = []
            for instance in instances {
                let use = #"{"template": "\#(name)", \#(instance)}"#
                uses.append(use)
                assertSameReading(#"{"templates": {\#(definitions)}, "body": [\#(use)]}"#, schema: keyReports, name)
            }
            uses.append(#"{"template": "nope", "id": "z"}"#)
            uses.append(#"{"template": 4, "id": "y"}"#)
            everyUse += uses
            for schema in [keyReports, silent] {
                assertSameReading(#"{"templates": {\#(definitions)}, "body": [\#(uses.joined(separator: ", "))]}"#,
                                  schema: schema, name)
                assertSameReading(#"{"body": [\#(uses.joined(separator: ", "))], "templates": {\#(definitions)}}"#,
                                  schema: schema, name + ", templates after the body")
            }
        }
        // All at once, with a header and overlays, and a long body that hands over its first part.
        let all = everyUse.joined(separator: ", ")
        assertSameReading(#"{"templates": {\#(definitions)}, "header": {"template": "texts", "name": "H"}, "#
            + #""body": [\#(all)], "overlays": [\#(all)]}"#)
        let long = Array(repeating: #"{"template": "texts", "name": "Row"}"#, count: 12_000).joined(separator: ",")
        assertSameReading(#"{"templates": {\#(definitions)}, "body": [\#(long), \#(all)]}"#)
    }

    /// Issue 34: the template budget and cycles through values. The one-pass reader charges a
    /// compiled template's use (its values and built texts) exactly as the tree path does, so both
    /// refuse the same use when the budget runs out, with the same problem.
    func testTemplateBudgetsAndCycles() {
        assertSameReading(ComponentTemplatesTests.cyclesThroughValues, "cycles through values")
        // A text built from a large value many times: refused before it is built.
        let large = String(repeating: "x", count: 1 << 20)
        assertSameReading(#"{"templates": {"t": {"text": {"$title": "\#(String(repeating: "{v}", count: 3_000))"}}}, "#
            + #""body": [{"template": "t", "id": "a", "v": "\#(large)"}, {"template": "t", "id": "b", "v": "short"}, {"id": "c"}]}"#,
            "text amplification")
        // Texts the one-pass reader builds from bytes (free-form objects, identifiers, URIs) until the
        // budget runs out part-way through the body.
        let value = String(repeating: "y", count: 1 << 10)
        for template in [#"{"custom": {"$blob": "\#(String(repeating: "{v}", count: 40))", "kept": [1, 2]}}"#,
                         #"{"logging": {"deep": {"$blob": "\#(String(repeating: "{v}", count: 40))"}}, "text": {"$title": "{id}"}}"#,
                         #"{"target": {"$uri": "hub-demo:\#(String(repeating: "{v}", count: 40))"}}"#,
                         #"{"custom": {"list": [{"$blob": "\#(String(repeating: "{v}", count: 40))"}]}}"#] {
            let rows = (0..<200).map { #"{"template": "t", "id": "r\#($0)", "v": "\#(value)"}"# }.joined(separator: ",")
            let reading = assertSameReading(#"{"templates": {"t": \#(template)}, "body": [\#(rows), {"id": "plain"}]}"#,
                                            "texts until the budget runs out: \(template.prefix(40))")
            XCTAssertEqual(reading.problems?.filter { $0.message.hasSuffix(ComponentTemplates.budgetMessage) }.count, 1,
                           "the budget runs out part-way")
        }
        // Templates that multiply: refused at once, or expanded while they fit.
        var exponential = [#""t0": {"text": {"title": "leaf"}}"#]
        for level in 1...20 {
            exponential.append(#""t\#(level)": {"children": [{"template": "t\#(level - 1)"}, {"template": "t\#(level - 1)"}]}"#)
        }
        let definitions = exponential.joined(separator: ", ")
        let refused = (0..<100).map { #"{"template": "t20", "id": "r\#($0)"}"# }.joined(separator: ",")
        assertSameReading(#"{"templates": {\#(definitions)}, "body": [\#(refused), {"id": "plain"}]}"#, "exponential")
        let fitting = (0...12).reversed().map { #"{"template": "t\#($0)", "id": "g\#($0)"}"# }.joined(separator: ",")
        let small = (0..<2_000).map { #"{"template": "t0", "id": "r\#($0)"}"# }.joined(separator: ",")
        assertSameReading(#"{"templates": {\#(definitions)}, "body": [\#(fitting), \#(small)]}"#, "exponential, largest first")
        assertSameReading(#"{"templates": {"holder": {"target": {"view": {"templates": {\#(definitions)}, "#
            + #""body": [{"template": "t17"}]}}}}, "body": [{"template": "holder", "id": "a"}, {"template": "holder", "id": "b"}]}"#,
            "a view in a target")
        // A template of many values, used until its copies would exceed the budget.
        let values = (0..<5_000).map { #""k\#($0)": {"a": \#($0)}"# }.joined(separator: ",")
        let uses = (0..<2_000).map { #"{"template": "big", "id": "r\#($0)", "name": "n"}"# }.joined(separator: ",")
        assertSameReading(#"{"templates": {"big": {"custom": {\#(values)}, "text": {"$title": "name"}}}, "body": [\#(uses)]}"#,
                          "many values")
    }

    func testACustomSchemaWithPlainKeys() {
        let schema = plainKeySchema()
        let every = #"""
        {"heading": "Renamed", "meta": {"id": "view"}, "extra": {"x": 1}, "top": {"key": "h", "name": "Header"},
         "floating": [{"key": "f", "name": "Floating"}],
         "items": [
           {"key": "a", "section": "s", "kind": {"id": "ns:row", "category": "row"}, "name": "A",
            "labels": {"main": {"sub": "sub", "long text": "description"}, "side": "side"},
            "pics": {"icon": "i", "main": {"src": "https://example.com/a.png", "ph": "p", "extra": {"e": 1}},
                     "back": {"src": "https://example.com/b.png"}, "more": {"m": {"src": "https://example.com/m.png"}}},
            "link": {"href": "app:a", "verbs": ["ns:go", "ns:go"], "extra": {"t": 1}, "page": {"heading": "Inner", "items": [{"key": "in"}]}},
            "meta": {"m": 1}, "log": {"l": 1}, "extra": {"c": 1}, "parts": [{"key": "p", "name": "Part"}]},
           {"key": "b", "name": "B", "labels": {"main": {"sub": "b"}}, "pics": {"main": {"src": "https://example.com/b"}}, "link": {"href": "app:b"}},
           {"key": "c", "name": "C", "title": "not read", "text": {"title": "not read"}, "id": "not read"}
         ]}
        """#
        assertSameReading(every, schema: schema)
        let slots = [
            #"{"items": [{"key": "a", "name": $}]}"#, #"{"items": [{"key": $, "name": "n"}]}"#,
            #"{"items": [{"key": "a", "labels": $}]}"#, #"{"items": [{"key": "a", "labels": {"main": $}}]}"#,
            #"{"items": [{"key": "a", "labels": {"main": {"sub": $, "long text": $}, "side": $}}]}"#,
            #"{"items": [{"key": "a", "kind": $}]}"#, #"{"items": [{"key": "a", "kind": {"id": $}}]}"#,
            #"{"items": [{"key": "a", "pics": $}]}"#, #"{"items": [{"key": "a", "pics": {"main": {"src": $, "ph": $}}}]}"#,
            #"{"items": [{"key": "a", "pics": {"more": {"m": $}}}]}"#, #"{"items": [{"key": "a", "pics": {"main": {"file": $}}}]}"#,
            #"{"items": [{"key": "a", "link": $}]}"#, #"{"items": [{"key": "a", "link": {"href": $, "verbs": [$]}}]}"#,
            #"{"items": [{"key": "a", "link": {"page": $}}]}"#, #"{"items": [{"key": "a", "meta": $, "log": $, "extra": $}]}"#,
            #"{"items": [{"key": "a", "parts": $}]}"#, #"{"items": [$]}"#, #"{"items": $}"#, "[$]",
            #"{"heading": $, "meta": $, "top": $, "floating": $, "extra": $}"#, #"{"meta": {"id": $}, "items": [{"key": "a"}]}"#,
        ]
        let values = ["5", "null", #""x""#, "[]", "{}", #""ns:a""#, #""https://example.com/ok""#, #"{"key": "k", "name": "n"}"#, #""bad url""#]
        for slot in slots {
            for value in values {
                assertSameReading(slot.replacingOccurrences(of: "$", with: value), schema: schema)
            }
        }
        let documents = [
            #"{"heading": "Search", "items": [{"key": "r1", "name": "hub", "owner": {"login": "me"}, "html_url": "https://example.com/r1"}]}"#,
            #"{"items": [{"name": "no key"}, {"name": "no key"}, {"key": "k", "name": 5, "owner": "x", "html_url": "bad url"}]}"#,
            #"{"items": [{"key": "p", "items": [{"key": "c", "name": "child"}, 4]}], "meta": {"banners": [{"key": "b"}], "x": 1}}"#,
            #"{"items": [{"key": "a", "avatar": {"src": "https://example.com/a.png", "uri": "ignored"}, "é": "accent", "": "empty key"}]}"#,
            #"{"view id": "v", "heading": 5, "items": {}, "meta": []}"#,
            #"{"title": "not read", "body": [{"id": "not read"}], "items": []}"#,
            #"[{"key": "a", "name": "top-level array"}, {"key": "a", "name": "merged"}]"#,
            #"{"items": [{"key": "a", "view": {"items": [{"key": "in-view", "name": "x"}]}}]}"#,
            #"{"items": [{"k\u0065y": "escaped", "n\u0061me": "escaped keys"}], "he\u0061ding": "t"}"#,
            #"{"items": [{"key": "a"}], "items": [{"key": "b"}]}"#,
            #"{"items": [{"key": "a", "name": "x"}, "#,
        ]
        for document in documents {
            assertSameReading(document, schema: schema)
            assertSameReading(document, schema: schema, limits: ContentLimits(maximumTextLength: 3, maximumComponentCount: 1))
            assertSameReading(document, schema: searchAPISchema())
        }
        let data = Data(every.utf8)
        for length in 0..<data.count {
            assertSameReading(data.prefix(length), schema: schema, "renamed keys, prefix \(length)")
        }
        let large = Self.largeDocument(rows: 9_000, renamed: true)
        let reading = assertSameReading(large, schema: schema, "9,000 rows with renamed keys")
        XCTAssertGreaterThan(reading.problems?.count ?? 0, 20, "the broken rows are reported")
    }

    func testACustomSchemaWithBlocksAndCombinedPaths() {
        let schema = blockSchema()
        let documents = [
            #"{"meta": {"name": "Blocks"}, "body": [{"id": "a", "name": "by name"}], "more": [{"id": "b", "text": {"title": "by text"}}]}"#,
            #"{"body": [{"id": "a", "text": {"title": "text wins"}, "name": "name loses"}]}"#,
            #"{"body": [{"id": "a", "text": {"title": 5}, "name": "name after a wrong text"}]}"#,
            #"{"body": [{"id": "a", "owner": {"login": "me"}, "count": 12.7}, {"id": "b", "owner": {"login": 5}, "count": "x"}]}"#,
            #"{"body": [{"id": "a", "target": {"uri": "app:a", "actions": ["ns:a"]}, "link": {"uri": "app:b", "action": "ns:b"}}]}"#,
            #"{"body": [{"id": "a", "target": 5, "link": {"action": "bad"}}, {"id": "a", "target": {"actions": ["x", 5]}}]}"#,
            #"{"body": [{"id": "a"}], "more": [{"id": "a", "name": "merged"}, 5], "meta": 5}"#,
            #"{"body": 5, "more": "x"}"#, #"{"more": [{"id": "only more"}]}"#,
            #"[{"id": "a", "count": 3}, {"id": "b", "custom": {"k": 1}}]"#,
            #"{"body": [{"id": "a", "custom": {"ignored": "the whole component is the custom data"}}]}"#,
        ]
        for document in documents {
            assertSameReading(document, schema: schema)
            assertSameReading(document, schema: schema, limits: ContentLimits(maximumComponentCount: 1))
        }
        let shared = sharedKeySchema()
        let sharedDocuments = [
            #"{"body": [{"id": "a"}, {"id": 5}, {"id": "a"}], "data": {"rows": {"title": "deep"}}}"#,
            #"{"body": [{"id": "a", "images": {"main": {"uri": "https://example.com/x"}}}], "data": {"rows": 5}}"#,
            #"{"data": 5, "body": [{"id": "a", "images": {"main": {"uri": 5}}}]}"#,
        ]
        for document in sharedDocuments {
            assertSameReading(document, schema: shared)
        }
    }

    // MARK: 9. A large document

    /// Rows with every few hundred a broken one, `rows` of them: 20,000 give about 2.4 MB. With
    /// `renamed`, the keys of `plainKeySchema`.
    private static func largeDocument(rows: Int, topLevelArray: Bool = false, renamed: Bool = false) -> Data {
        let names = ["id": "key", "component": "kind", "text": "labels", "title": "side", "subtitle": "name", "images": "pics",
                     "uri": "src", "target": "link", "actions": "verbs", "children": "parts", "custom": "extra"]
        func k(_ key: String) -> String { renamed ? names[key] ?? key : key }
        let (id, text, title, subtitle, images, uri, target) = (k("id"), k("text"), k("title"), k("subtitle"), k("images"), k("uri"), k("target"))
        let targetURI = renamed ? "href" : "uri"
        var parts: [String] = []
        parts.reserveCapacity(rows)
        for index in 0..<rows {
            if index % 1499 == 7 {
                parts.append("42")
            } else if index % 1999 == 9 {
                parts.append("null")
            } else if index % 997 == 5 {
                parts.append(#"{"\#(id)": "r\#(index)", "\#(text)": {"\#(title)": 5, "\#(subtitle)": "wrong title"}}"#)
            } else if index % 2503 == 11 {
                parts.append(#"{"\#(id)": "r\#(index)", "\#(images)": {"main": {"\#(uri)": "not a url"}}, "\#(target)": {"\#(k("actions"))": ["bad"]}}"#)
            } else if index % 3001 == 13 {
                parts.append(#"{"\#(id)": "r0", "\#(text)": {"\#(subtitle)": "merged into the first row \#(index)"}}"#)
            } else if index % 4001 == 17 {
                parts.append(#"{"\#(text)": {"\#(title)": "no id \#(index)"}}"#)
            } else if index % 5003 == 19 {
                parts.append(#"{"\#(id)": "r\#(index)", "\#(target)": 3, "\#(k("custom"))": [], "\#(k("children"))": [{"\#(id)": "c", "\#(text)": {"\#(title)": null}}]}"#)
            } else {
                parts.append(#"{"\#(id)":"r\#(index)","\#(k("component"))":{"id":"rows:row"},"\#(text)":{"\#(title)":"Row \#(index)"},"\#(images)":{"main":{"\#(uri)":"https://e.com/\#(index).png"}},"\#(target)":{"\#(targetURI)":"app:r/\#(index)"}}"#)
            }
        }
        let body = "[" + parts.joined(separator: ",\n") + "]"
        if renamed {
            return Data(#"{"heading": 5, "meta": {"id": "large"}, "items": \#(body), "floating": [{"key": "o", "name": 7}]}"#.utf8)
        }
        let document = topLevelArray ? body
            : #"{"title": 5, "id": "large", "custom": {"k": 1}, "body": \#(body), "overlays": [{"id": "o", "text": 7}], "header": {"text": {"title": []}}}"#
        return Data(document.utf8)
    }

    func testALargeDocument() {
        let data = Self.largeDocument(rows: 20_000)
        XCTAssertGreaterThanOrEqual(data.count, 2 << 20)
        let reading = assertSameReading(data, "20,000 rows")
        XCTAssertGreaterThan(reading.problems?.count ?? 0, 40, "the broken rows are reported")
        // Past the 1 MiB mark where size used to change the reading: cut short, with limits, with content.
        let smaller = Self.largeDocument(rows: 9_000)
        XCTAssertGreaterThan(smaller.count, 1 << 20)
        XCTAssertNotNil(assertSameReading(smaller.dropLast(40), "9,000 rows, cut short").error)
        assertSameReading(Self.largeDocument(rows: 9_000, topLevelArray: true), "9,000 rows in a top-level array")
        assertSameReading(smaller, limits: ContentLimits(maximumTextLength: 8, maximumComponentCount: 6_543), "9,000 rows, limited")
        assertSameReading(smaller, builderSetup: Self.codeContentWithoutBody, "9,000 rows after a header and an overlay from code")
    }

    // MARK: 10. The corpora

    /// The package's root, found from this file's place in it.
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testTheHostileAndFuzzCorpora() throws {
        for directory in ["Tests/Corpus/hostile", "Fuzz/corpus/json-view-model"] {
            let root = Self.packageRoot.appendingPathComponent(directory)
            let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey]))
            var files: [URL] = []
            for case let url as URL in enumerator {
                let values = try url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
                guard values.isRegularFile == true, (values.fileSize ?? 0) <= 8 << 20 else { continue }
                files.append(url)
            }
            XCTAssertFalse(files.isEmpty, "no files in \(directory)")
            for url in files.sorted(by: { $0.path < $1.path }) {
                let data = try Data(contentsOf: url)
                let name = "\(directory)/\(url.lastPathComponent)"
                assertSameReading(data, name)
                assertSameReading(data, schema: bareSchema, name)
                assertSameReading(data, builderSetup: Self.codeContent, name)
            }
        }
    }
}

/// Pairs the generated `UnknownComponent:<UUID>` identifiers of one model with those of the other,
/// one to one, as they are met.
private struct GeneratedIdentifierPairs {
    private var forward: [String: String] = [:]
    private var backward: [String: String] = [:]
    var isEmpty: Bool { forward.isEmpty }

    mutating func same(_ found: String, _ expected: String) -> Bool {
        let prefix = "UnknownComponent:"
        guard found.hasPrefix(prefix), expected.hasPrefix(prefix) else { return found == expected }
        if let paired = forward[found] { return paired == expected }
        guard backward[expected] == nil else { return false }
        forward[found] = expected
        backward[expected] = found
        return true
    }
}

/// Every field `ViewModel ==` and `ComponentModel ==` compare, plus each component's index, with
/// generated identifiers paired instead of compared; no strings built, so 20,000 rows stay quick.
private enum ModelComparison {
    static func sameView(_ a: ViewModel, _ b: ViewModel, _ identifiers: inout GeneratedIdentifierPairs) -> Bool {
        guard a.identifier == b.identifier, a.navigationItem == b.navigationItem, a.customData == b.customData,
              a.bodyComponentModels.count == b.bodyComponentModels.count,
              a.overlayComponentModels.count == b.overlayComponentModels.count
        else { return false }
        switch (a.headerComponentModel, b.headerComponentModel) {
        case (nil, nil): break
        case (let x?, let y?): guard sameComponent(x, y, &identifiers) else { return false }
        default: return false
        }
        for (x, y) in zip(a.bodyComponentModels, b.bodyComponentModels) where !sameComponent(x, y, &identifiers) { return false }
        for (x, y) in zip(a.overlayComponentModels, b.overlayComponentModels) where !sameComponent(x, y, &identifiers) { return false }
        return true
    }

    static func sameComponent(_ a: ComponentModel, _ b: ComponentModel, _ identifiers: inout GeneratedIdentifierPairs) -> Bool {
        guard identifiers.same(a.identifier, b.identifier), a.type == b.type, a.index == b.index,
              a.groupIdentifier == b.groupIdentifier, a.componentIdentifier == b.componentIdentifier,
              a.componentCategory == b.componentCategory, a.title == b.title, a.subtitle == b.subtitle,
              a.accessoryTitle == b.accessoryTitle, a.descriptionText == b.descriptionText,
              a.mainImageData == b.mainImageData, a.backgroundImageData == b.backgroundImageData,
              a.customImageData == b.customImageData, a.icon == b.icon, a.metadata == b.metadata,
              a.loggingData == b.loggingData, a.customData == b.customData, a.children.count == b.children.count
        else { return false }
        switch (a.target, b.target) {
        case (nil, nil): break
        case (let x?, let y?):
            guard x.uri == y.uri, x.actionIdentifiers == y.actionIdentifiers, x.customData == y.customData else { return false }
            switch (x.initialViewModel, y.initialViewModel) {
            case (nil, nil): break
            case (let v?, let w?): guard sameView(v, w, &identifiers) else { return false }
            default: return false
            }
        default: return false
        }
        for (x, y) in zip(a.children, b.children) where !sameComponent(x, y, &identifiers) { return false }
        return true
    }
}

/// A view model written out line by line, every field that `ViewModel ==` compares (and the index
/// of every component), with the generated `UnknownComponent:<UUID>` identifiers numbered in the
/// order they appear, so two builders that each made their own UUIDs compare equal.
private struct ModelDump {
    private(set) var lines: [String] = []
    private var generated: [String: Int] = [:]

    init(_ model: ViewModel) {
        addView(model, indent: "")
    }

    private mutating func identifier(_ identifier: String) -> String {
        guard identifier.hasPrefix("UnknownComponent:") else { return Self.quoted(identifier) }
        if let number = generated[identifier] { return "UnknownComponent#\(number)" }
        let number = generated.count
        generated[identifier] = number
        return "UnknownComponent#\(number)"
    }

    private static func quoted(_ string: String?) -> String {
        string.map { JSONWriter().string(for: .string($0)) } ?? "nil"
    }

    private static func json(_ object: JSONObject?) -> String {
        object.map { JSONWriter(options: .sortedKeys).string(for: .object($0)) } ?? "nil"
    }

    private mutating func addView(_ model: ViewModel, indent: String) {
        let navigation = model.navigationItem.map {
            "title=\(Self.quoted($0.title)) titleView=\(Self.quoted($0.titleViewIdentifier)) prompt=\(Self.quoted($0.prompt)) "
                + "back=\(Self.quoted($0.backButtonTitle)) hidesBack=\($0.hidesBackButton) items=\($0.leftItems.count)/\($0.rightItems.count)"
        } ?? "none"
        lines.append(indent + "view id=\(Self.quoted(model.identifier)) navigation=\(navigation) custom=\(Self.json(model.customData))")
        if let header = model.headerComponentModel { addComponent(header, role: "header", indent: indent + "  ") }
        for component in model.bodyComponentModels { addComponent(component, role: "body", indent: indent + "  ") }
        for component in model.overlayComponentModels { addComponent(component, role: "overlay", indent: indent + "  ") }
    }

    private mutating func addComponent(_ component: ComponentModel, role: String, indent: String) {
        lines.append(indent + "\(role)[\(component.index)] id=\(identifier(component.identifier)) type=\(component.type) "
            + "group=\(Self.quoted(component.groupIdentifier)) component=\(Self.quoted(component.componentIdentifier.identifierString)) "
            + "category=\(Self.quoted(component.componentCategory.rawValue))")
        lines.append(indent + "  text title=\(Self.quoted(component.title)) subtitle=\(Self.quoted(component.subtitle)) "
            + "accessory=\(Self.quoted(component.accessoryTitle)) description=\(Self.quoted(component.descriptionText))")
        lines.append(indent + "  icon=\(component.icon.map(\.description) ?? "nil")")
        addImage(component.mainImageData, name: "main", indent: indent + "  ")
        addImage(component.backgroundImageData, name: "background", indent: indent + "  ")
        for key in component.customImageData.keys.sorted() {
            addImage(component.customImageData[key], name: "custom \(Self.quoted(key))", indent: indent + "  ")
        }
        if let target = component.target {
            lines.append(indent + "  target uri=\(target.uri.map { Self.quoted($0.absoluteString) } ?? "nil") "
                + "actions=\(target.actionIdentifiers.map { $0.map(\.identifierString).description } ?? "nil") "
                + "custom=\(Self.json(target.customData))")
            if let view = target.initialViewModel { addView(view, indent: indent + "    ") }
        }
        lines.append(indent + "  metadata=\(Self.json(component.metadata)) logging=\(Self.json(component.loggingData)) "
            + "custom=\(Self.json(component.customData))")
        for child in component.children { addComponent(child, role: "child", indent: indent + "  ") }
    }

    private mutating func addImage(_ image: ComponentImageData?, name: String, indent: String) {
        guard let image else { return }
        let local = image.localImage.map { ($0 as? ModelFixtures.TestImage)?.name ?? "\(ObjectIdentifier($0))" } ?? "nil"
        lines.append(indent + "image \(name) identifier=\(Self.quoted(image.identifier)) type=\(image.type) "
            + "url=\(image.url.map { Self.quoted($0.absoluteString) } ?? "nil") "
            + "placeholder=\(image.placeholderIcon.map(\.description) ?? "nil") local=\(local) custom=\(Self.json(image.customData))")
    }
}
