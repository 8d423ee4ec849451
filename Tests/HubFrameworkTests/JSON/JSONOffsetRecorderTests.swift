import Foundation
import XCTest

@testable import HubFramework

/// The recorder hub-validate locates problems with: the offset it notes for a path must start the
/// value the path names, whichever reader read the document (the parser, or the view reader in one
/// pass), and the path being read at an error must be the value the reader was in.
final class JSONOffsetRecorderTests: XCTestCase {
    private let document = #"""
        {"title": "A view", "body": [
          {"id": "a", "text": {"title": "One", "subtitle": null}},
          {"id": "b", "images": {"custom": {"my \"image\"": {"uri": 3}}}, "children": [1, [true, false], {}]},
          {"id": "a", "id": "c"}
        ], "custom": {"": [], "é": -1.5e3}}
        """#

    // MARK: Offsets of paths

    /// The offset noted for the path of every value in the document starts that very value: parsing
    /// from there gives the value the parsed tree has at that path.
    func testEveryValuesOffsetStartsThatValue() throws {
        let data = Data(document.utf8)
        let recorder = JSONOffsetRecorder()
        let tree = try JSONParser().parse(data, recording: recorder)
        var checked = 0
        func check(_ value: JSONValue, _ location: JSONLocation?) throws {
            XCTAssertEqual(try self.value(at: recorder.offset(of: location), in: data), value, JSONLocation.path(of: location))
            checked += 1
            switch value {
            case .object(let members): for (key, member) in members { try check(member, .key(key, in: location)) }
            case .array(let elements): for (index, element) in elements.enumerated() { try check(element, .index(index, in: location)) }
            default: break
            }
        }
        try check(tree, nil)
        XCTAssertGreaterThan(checked, 20)
    }

    func testARepeatedKeyIsFoundWhereTheParserTakesItFrom() throws {
        let data = Data(document.utf8)
        let recorder = JSONOffsetRecorder()
        _ = try JSONParser().parse(data, recording: recorder)
        let offset = recorder.offset(of: .key("id", in: .index(2, in: .key("body", in: nil))))
        XCTAssertEqual(try value(at: offset, in: data), .string("c"))
    }

    func testAMissingPathIsPlacedAtItsDeepestAncestor() throws {
        let data = Data(document.utf8)
        let recorder = JSONOffsetRecorder()
        _ = try JSONParser().parse(data, recording: recorder)
        let accessory = JSONLocation.key("accessory", in: .key("text", in: .index(0, in: .key("body", in: nil))))
        XCTAssertEqual(try value(at: recorder.offset(of: accessory), in: data),
                       .object(["title": .string("One"), "subtitle": .null]))
        XCTAssertEqual(recorder.offset(of: .key("here", in: .key("nothing", in: nil))), 0)
        XCTAssertEqual(recorder.offset(of: nil), 0)
        let spaced = JSONOffsetRecorder()
        _ = try JSONParser().parse(Data("\u{FEFF}  \n [1]".utf8), recording: spaced)
        XCTAssertEqual(spaced.offset(of: nil), 7)
    }

    /// A recorder bound to a depth notes the values down to it, as a recorder without a bound does,
    /// and places a deeper one at its deepest ancestor it noted; the path at an error is whole.
    func testABoundRecorderNotesTheFirstLevelsOnly() throws {
        let data = Data(document.utf8)
        let full = JSONOffsetRecorder()
        _ = try JSONParser().parse(data, recording: full)
        let bound = JSONOffsetRecorder(maximumDepth: 2)
        _ = try JSONParser().parse(data, recording: bound)
        let body = JSONLocation.key("body", in: nil)
        let second = JSONLocation.index(1, in: body)
        let deep = JSONLocation.key("uri", in: .key("my \"image\"", in: .key("custom", in: .key("images", in: second))))
        XCTAssertEqual(bound.offset(of: body), full.offset(of: body))
        XCTAssertEqual(bound.offset(of: second), full.offset(of: second))
        XCTAssertEqual(bound.offset(of: .key("id", in: second)), full.offset(of: second), "below the bound: its ancestor")
        XCTAssertEqual(bound.offset(of: deep), full.offset(of: second))
        XCTAssertNotEqual(full.offset(of: deep), full.offset(of: second))
        let stopped = JSONOffsetRecorder(maximumDepth: 0)
        XCTAssertThrowsError(try JSONParser().parse(Data(#"{"a": [1, {"b": [tru]}]}"#.utf8), recording: stopped))
        XCTAssertEqual(JSONLocation.path(of: stopped.pathBeingRead), "a[1].b[0]")
    }

    /// The offsets the view reader gives its problems lead to the values it skipped, in one pass
    /// (components read from bytes and through the tree) as through the value tree.
    func testProblemsOfTheReaderComeWithTheirValuesOffsets() throws {
        let data = Data(document.utf8)
        let problems = try LoadingFixtures.schema().makeViewModelBuilder()
            .addJSON(data: data, limits: .default, locatingProblemsWith: JSONOffsetRecorder())
        XCTAssertFalse(problems.isEmpty)
        let null = try XCTUnwrap(problems.first { $0.path == "body[0].text.subtitle" }?.offset)
        XCTAssertEqual(try value(at: null, in: data), .null)
        let uri = try XCTUnwrap(problems.first { $0.path == #"body[1].images.custom["my \"image\""].uri"# }?.offset)
        XCTAssertEqual(try value(at: uri, in: data), .number(3))
        let treeRecorder = JSONOffsetRecorder()
        let treeProblems = try LoadingFixtures.schema().makeViewModelBuilder()
            .addJSONThroughValueTree(data: data, limits: .default, recorder: treeRecorder)
        XCTAssertEqual(problems.map(\.offset), treeProblems.map { treeRecorder.offset(of: $0.pathLocation) })
    }

    /// Problems of a document read without a recorder (the viewer's) carry no offset.
    func testTheViewersProblemsCarryNoOffset() throws {
        let problems = try LoadingFixtures.schema().makeViewModelBuilder().addJSON(data: Data(document.utf8))
        XCTAssertFalse(problems.isEmpty)
        XCTAssertTrue(problems.allSatisfy { $0.offset == nil })
    }

    // MARK: The path at an error

    /// The path being read where the parser stops (a member's key once it is read, an element's
    /// index once it is due), and where the view reader stops on the same error.
    func testThePathAtAnErrorIsTheValueBeingRead() {
        let cases: [(String, String)] = [
            (#"{"a": [1, tru]}"#, "a[1]"),
            (#"{"a": {"b": }}"#, "a.b"),
            (#"{"a": {"b" 1}}"#, "a.b"),  // after a key: inside its value
            (#"{"a": 1 "b": 2}"#, ""),  // after a value: in its container
            (#"{"a" 1}"#, "a"),
            (#"{"a": [1, 2 3]}"#, "a"),
            (#"{"a": [}"#, "a[0]"),
            (#"[[1], [2, "#, "[1][1]"),
            (#"{"a": {"b": 1,}}"#, "a"),
            (#"{"x y": "\q"}"#, #"["x y"]"#),
            (#"[1] 2"#, ""),
            (#"{"body": [{"id": "a", "text": {"title": 1,}}]}"#, "body[0].text"),
            (#"{"body": [{"id": "a"} {"id": "b"}]}"#, "body"),
            (#"{"body": [{"id": "a"}, "#, "body[1]"),
            (#"{"body": [{"id": "a", "text": {"title": "\u12"}}]}"#, "body[0].text.title"),
            (#"[{"id": "a"}, {"id": "b", "custom": [1, 2,]}]"#, "[1].custom[2]"),
            (#"{"body": [], "title": nul}"#, "title"),
            (#"{"title": "t", "body": [{"id": "a"}]"#, ""),
        ]
        for (text, path) in cases {
            let parsed = JSONOffsetRecorder()
            XCTAssertThrowsError(try JSONParser().parse(Data(text.utf8), recording: parsed), text)
            XCTAssertEqual(JSONLocation.path(of: parsed.pathBeingRead), path, "the parser: \(text)")
            let read = JSONOffsetRecorder()
            XCTAssertThrowsError(try LoadingFixtures.schema().makeViewModelBuilder()
                .addJSON(data: Data(text.utf8), limits: .default, locatingProblemsWith: read), text)
            XCTAssertEqual(JSONLocation.path(of: read.pathBeingRead), path, "the view reader: \(text)")
        }
    }

    /// Every prefix of a view document, and a corruption at every byte, stop the view reader in one
    /// pass where they stop the parser, in the same value; a document both read gives its problems
    /// the same offsets both ways.
    func testTheViewReaderNotesWhatTheParserNotes() {
        let bytes = Array(document.utf8)
        var inputs: [[UInt8]] = (1...bytes.count).map { Array(bytes[..<$0]) }
        for position in 0..<bytes.count {
            for replacement in [UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "["), 0x0A, 0xFF] {
                var corrupted = bytes
                corrupted[position] = replacement
                inputs.append(corrupted)
            }
        }
        var failures = 0
        for input in inputs where failures < 5 {
            let data = Data(input)
            let onePass = JSONOffsetRecorder()
            let tree = JSONOffsetRecorder()
            let onePassResult = Result { () throws(JSONError) in
                try LoadingFixtures.schema().makeViewModelBuilder().addJSON(data: data, limits: .default,
                                                                            locatingProblemsWith: onePass)
            }
            let treeResult = Result { () throws(JSONError) in
                try LoadingFixtures.schema().makeViewModelBuilder().addJSONThroughValueTree(data: data, limits: .default,
                                                                                            recorder: tree)
            }
            let text = String(decoding: input, as: UTF8.self)
            switch (onePassResult, treeResult) {
            case (.success(let found), .success(let expected)):
                let expectedOffsets = expected.map { tree.offset(of: $0.pathLocation) }
                if found.map(\.offset) != expectedOffsets {
                    failures += 1
                    XCTFail("the offsets differ for \(text): \(found.map(\.offset)) vs \(expectedOffsets)")
                }
            case (.failure(let found), .failure(let expected)) where found == expected:
                if onePass.pathBeingRead != tree.pathBeingRead {
                    failures += 1
                    XCTFail("the paths at the error differ for \(text): \(JSONLocation.path(of: onePass.pathBeingRead)) vs "
                        + JSONLocation.path(of: tree.pathBeingRead))
                }
            default:
                failures += 1
                XCTFail("the outcomes differ for \(text): \(onePassResult) vs \(treeResult)")
            }
        }
    }

    // MARK: Helpers

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
