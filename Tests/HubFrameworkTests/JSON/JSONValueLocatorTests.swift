import Foundation
import XCTest

@testable import HubFramework

/// The locator hub-validate places problems with: the scanner's walk must read exactly what the
/// parser reads (same errors at the same bytes), offsets must point at the values the paths name,
/// and the path at an error must be the value being read there.
final class JSONValueLocatorTests: XCTestCase {
    private let document = #"""
        {"title": "A view", "body": [
          {"id": "a", "text": {"title": "One", "subtitle": null}},
          {"id": "b", "images": {"custom": {"my \"image\"": {"uri": 3}}}, "children": [1, [true, false], {}]},
          {"id": "a", "id": "c"}
        ], "custom": {"": [], "é": -1.5e3}}
        """#

    // MARK: The walk reads what the parser reads

    /// Every prefix of a document, and a corruption at every byte, fail the walk with the parser's
    /// own error, or pass both.
    func testTheWalkFailsExactlyWhereTheParserFails() {
        let bytes = Array(document.utf8)
        var inputs: [[UInt8]] = (0...bytes.count).map { Array(bytes[..<$0]) }
        for position in stride(from: 0, to: bytes.count, by: 1) {
            for replacement in [UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: "\""), 0x0A, 0xFF] {
                var corrupted = bytes
                corrupted[position] = replacement
                inputs.append(corrupted)
            }
        }
        var failures = 0
        for input in inputs where !input.isEmpty {
            let parsed = Result { () throws(JSONError) in try JSONParser().parse(Data(input)) }
            let walked = walk(input, maximumDepth: JSONParser.defaultMaximumDepth)
            switch (parsed, walked) {
            case (.success, nil): break
            case (.failure(let error), let walkError?) where error == walkError: break
            default:
                failures += 1
                XCTFail("parse and walk differ for \(String(decoding: input, as: UTF8.self)): \(parsed) vs \(String(describing: walked))")
            }
            if failures > 5 { return }
        }
    }

    func testTheWalkHoldsTheParsersLimits() {
        let deep = Data((String(repeating: "[", count: 6) + String(repeating: "]", count: 6)).utf8)
        XCTAssertEqual(walk(Array(deep), maximumDepth: 5), .tooDeep(maximumDepth: 5, location: JSONSourceLocation(offset: 5, line: 1, column: 6)))
        XCTAssertNil(walk(Array(deep), maximumDepth: 6))
        var limits = ContentLimits.default
        limits.maximumNumberLength = 4
        XCTAssertEqual(JSONLocation.path(of: JSONValueLocator(data: Data(#"{"a": [1, 12345]}"#.utf8), limits: limits).pathAtError()), "a[1]")
    }

    // MARK: Offsets of paths

    /// The offset found for the path of every value in the document starts that very value: parsing
    /// from there gives the value the parsed tree has at that path.
    func testEveryValuesOffsetStartsThatValue() throws {
        let data = Data(document.utf8)
        let tree = try JSONParser().parse(data)
        var paths: [[JSONLocation.Component]] = []
        var values: [JSONValue] = []
        func collect(_ value: JSONValue, _ path: [JSONLocation.Component]) {
            paths.append(path)
            values.append(value)
            switch value {
            case .object(let members): for (key, member) in members { collect(member, path + [.key(key)]) }
            case .array(let elements): for (index, element) in elements.enumerated() { collect(element, path + [.index(index)]) }
            default: break
            }
        }
        collect(tree, [])
        XCTAssertGreaterThan(paths.count, 20)
        let offsets = JSONValueLocator(data: data).offsets(of: paths)
        for (index, offset) in offsets.enumerated() {
            XCTAssertEqual(try value(at: offset, in: data), values[index], "\(JSONLocation.path(of: paths[index]))")
        }
    }

    func testARepeatedKeyIsFoundWhereTheParserTakesItFrom() throws {
        let data = Data(document.utf8)
        let offset = JSONValueLocator(data: data).offsets(of: [[.key("body"), .index(2), .key("id")]])[0]
        XCTAssertEqual(try value(at: offset, in: data), .string("c"))
    }

    func testAMissingPathIsPlacedAtItsDeepestAncestor() throws {
        let data = Data(document.utf8)
        let locator = JSONValueLocator(data: data)
        let offsets = locator.offsets(of: [[.key("body"), .index(0), .key("text"), .key("accessory")],
                                           [.key("nothing"), .key("here")], []])
        XCTAssertEqual(try value(at: offsets[0], in: data), .object(["title": .string("One"), "subtitle": .null]))
        XCTAssertEqual(offsets[1], 0)
        XCTAssertEqual(offsets[2], 0)
        XCTAssertEqual(locator.firstValueOffset(), 0)
        XCTAssertEqual(JSONValueLocator(data: Data("\u{FEFF}  \n [1]".utf8)).firstValueOffset(), 7)
    }

    /// The steps a builder records with its problems lead to the values it skipped.
    func testProblemsOfTheReaderAreFoundByTheirSteps() throws {
        let data = Data(document.utf8)
        let problems = try LoadingFixtures.schema().makeViewModelBuilder().addJSON(data: data)
        XCTAssertFalse(problems.isEmpty)
        let offsets = JSONValueLocator(data: data).offsets(of: problems.map { JSONLocation.components(of: $0.pathLocation) })
        let nullOffset = offsets[try XCTUnwrap(problems.firstIndex { $0.path == "body[0].text.subtitle" })]
        XCTAssertEqual(try value(at: nullOffset, in: data), .null)
        let uriOffset = offsets[try XCTUnwrap(problems.firstIndex { $0.path == #"body[1].images.custom["my \"image\""].uri"# })]
        XCTAssertEqual(try value(at: uriOffset, in: data), .number(3))
    }

    // MARK: The path at an error

    func testThePathAtAnErrorIsTheValueBeingRead() {
        let cases: [(String, String)] = [
            (#"{"a": [1, tru]}"#, "a[1]"),
            (#"{"a": {"b": }}"#, "a.b"),
            (#"{"a": {"b" 1}}"#, "a.b"),  // after a key: inside its value
            (#"{"a": 1 "b": 2}"#, ""),  // after a value: in its container
            (#"{"a": [1, 2 3]}"#, "a"),
            (#"{"a": [}"#, "a[0]"),
            (#"[[1], [2, "#, "[1][1]"),
            (#"{"a": {"b": 1,}}"#, "a"),
            (#"{"x y": "\q"}"#, #"["x y"]"#),
            (#"[1] 2"#, ""),
            (#"{"a": 1}"#, ""),
        ]
        for (text, path) in cases {
            XCTAssertEqual(JSONLocation.path(of: JSONValueLocator(data: Data(text.utf8)).pathAtError()), path, text)
        }
    }

    // MARK: Helpers

    /// The walk's error for `bytes`, nil when it reads them to the end.
    private func walk(_ bytes: [UInt8], maximumDepth: Int) -> JSONError? {
        bytes.withUnsafeBufferPointer { buffer -> JSONError? in
            var scanner = JSONScanner(base: buffer.baseAddress!, count: buffer.count, maximumDepth: maximumDepth,
                                      maximumNumberLength: .max)
            var path: [JSONLocation.Component] = []
            do {
                try scanner.walkDocument(path: &path) { _, _ in }
                return nil
            } catch {
                return error as? JSONError
            }
        }
    }

    /// The one value that starts at `offset`.
    private func value(at offset: Int, in data: Data) throws -> JSONValue {
        try data.withUnsafeBytes { raw throws(JSONError) -> JSONValue in
            let bytes = raw.bindMemory(to: UInt8.self)
            var scanner = JSONScanner(base: bytes.baseAddress!, count: bytes.count, maximumDepth: 512,
                                      maximumNumberLength: .max)
            scanner.index = offset
            return try scanner.parseValue(enclosingDepth: 0)
        }
    }
}
