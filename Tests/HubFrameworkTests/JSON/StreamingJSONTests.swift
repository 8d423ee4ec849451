import Foundation
import XCTest

@testable import HubFramework

/// Large documents have their body components added as they are parsed: the result must be the
/// same as reading the whole tree first.
final class StreamingJSONTests: XCTestCase {
    private let schema = LoadingFixtures.schema()

    /// A document over the streaming threshold, with a few broken rows in it.
    private func document(rows: Int, topLevelArray: Bool = false) -> Data {
        var parts: [String] = []
        for index in 0..<rows {
            switch index % 1000 {
            case 7: parts.append("42")  // not an object
            case 8: parts.append(#"{"id": "r\#(index)", "text": {"title": 5}}"#)  // wrong type
            default: parts.append(#"{"id": "r\#(index)", "component": {"id": "default:row"}, "text": {"title": "Row \#(index)"}}"#)
            }
        }
        let body = "[" + parts.joined(separator: ",\n") + "]"
        let text = topLevelArray ? body : #"{"title": "Big", "custom": {"k": 1}, "body": \#(body), "overlays": [{"id": "o"}]}"#
        let data = Data(text.utf8)
        XCTAssertGreaterThan(data.count, ViewModelBuilder.streamingThreshold)
        return data
    }

    private func readWholeTree(_ data: Data) throws -> (ViewModel, [JSONProblem]) {
        let builder = schema.makeViewModelBuilder()
        let value = try JSONParser().parse(data)
        let problems: [JSONProblem]
        switch value {
        case .object(let object): problems = builder.addJSON(dictionary: object)
        default:
            // An array: through the small-document path, one body component per element.
            problems = try builder.addJSON(data: Data(("{\"body\": " + String(decoding: data, as: UTF8.self) + "}").utf8),
                                           limits: ContentLimits(maximumDocumentBytes: .max))
        }
        return (builder.build(), problems)
    }

    func testAStreamedDocumentGivesTheSameViewModelAndProblems() throws {
        let data = document(rows: 20_000)
        let streamed = schema.makeViewModelBuilder()
        let problems = try streamed.addJSON(data: data)
        let (expected, expectedProblems) = try readWholeTree(data)
        XCTAssertEqual(streamed.build(), expected)
        XCTAssertEqual(Set(problems), Set(expectedProblems))
        XCTAssertTrue(problems.contains(JSONProblem(path: "body[7]", message: "expected an object, found a number")), "\(problems.prefix(4))")
        XCTAssertEqual(streamed.build().navigationTitle, "Big")
        XCTAssertEqual(streamed.build().overlayComponentModels.count, 1)
    }

    func testAStreamedTopLevelArrayGivesTheSameBody() throws {
        let data = document(rows: 20_000, topLevelArray: true)
        let streamed = schema.makeViewModelBuilder()
        let problems = try streamed.addJSON(data: data)
        let model = streamed.build()
        XCTAssertEqual(model.bodyComponentModels.count, 20_000 - 20)
        XCTAssertTrue(problems.contains(JSONProblem(path: "[1007]", message: "expected an object, found a number")), "\(problems.prefix(4))")
    }

    func testAnInvalidEndLeavesTheBuilderAsItWas() {
        var data = document(rows: 20_000)
        data.removeLast(2)  // cut the closing brackets
        let builder = schema.makeViewModelBuilder()
        XCTAssertThrowsError(try builder.addJSON(data: data))
        XCTAssertEqual(builder.numberOfBodyComponentModelBuilders, 0, "the rows added while parsing are removed again")
    }
}
