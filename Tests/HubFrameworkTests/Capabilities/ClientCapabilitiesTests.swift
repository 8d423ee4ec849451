@testable import HubFramework
import XCTest

/// What a client says it can show: what it answers, the header it sends (compact, ASCII, bounded),
/// and its JSON form.
final class ClientCapabilitiesTests: XCTestCase {
    private let client = ClientCapabilities(components: ["default:row", "maps:*", "default:label", "default:row"],
                                            actions: ["set", "request", "cities:*"], expressions: 1,
                                            features: ["state", "requests"], app: "atlas/2.1")

    func testItAnswersWhatItHas() {
        XCTAssertEqual(client.components, ["default:label", "default:row", "maps:*"], "sorted, once each")
        XCTAssertTrue(client.hasComponent(Identifier(namespace: "default", name: "row")))
        XCTAssertFalse(client.hasComponent(Identifier(namespace: "default", name: "carousel")))
        XCTAssertTrue(client.hasComponent(Identifier(namespace: "maps", name: "anything")), "a namespace of any name")
        XCTAssertTrue(client.hasAction("request"))
        XCTAssertFalse(client.hasAction("patch"))
        XCTAssertTrue(client.hasAction("cities:favourite"))
        XCTAssertFalse(client.hasAction("maps:zoom"))
        XCTAssertTrue(client.supportsExpressions(version: 1))
        XCTAssertFalse(client.supportsExpressions(version: 2))
        XCTAssertTrue(client.hasFeature("state"))
        XCTAssertFalse(client.hasFeature("holograms"))
    }

    func testTheHeaderIsCompactJSONInASCII() throws {
        XCTAssertEqual(ClientCapabilities.headerName, "Hub-Client")
        XCTAssertEqual(client.headerValue, #"{"actions":["cities:*","request","set"],"app":"atlas/2.1","#
            + #""components":["default:label","default:row","maps:*"],"expressions":1,"features":["requests","state"]}"#)
        let accented = ClientCapabilities(components: ["café:crème"], actions: [], app: "Zürich/1 🚋")
        XCTAssertTrue(accented.headerValue.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, accented.headerValue)
        XCTAssertTrue(accented.headerValue.contains(#""caf\u00e9:cr\u00e8me""#), accented.headerValue)
        XCTAssertTrue(accented.headerValue.contains(#"\ud83d\ude8b"#), accented.headerValue)
        // The escapes read back as the names.
        let read = try JSONParser().parse(accented.headerValue)
        XCTAssertEqual(read["app"], .string("Zürich/1 🚋"))
        XCTAssertEqual(read["components"], .array(["café:crème"]))
    }

    /// Hundreds of components keep the header within its bound: each namespace once, marked as
    /// abridged; with too many namespaces even for that, the app and its expressions alone.
    func testALongListIsAbridgedToStayWithinTheBound() throws {
        let many = (0..<600).map { "widgets\($0 % 3):component\($0)" }
        let abridged = ClientCapabilities(components: many, actions: ["set"], app: "big/1")
        XCTAssertLessThanOrEqual(abridged.headerValue.utf8.count, ClientCapabilities.maximumHeaderBytes)
        XCTAssertEqual(abridged.components.count, 600, "the value itself keeps every component")
        let header = try JSONParser().parse(abridged.headerValue)
        XCTAssertEqual(header["components"], .array(["widgets0:*", "widgets1:*", "widgets2:*"]))
        XCTAssertEqual(header["abridged"], .bool(true))
        XCTAssertEqual(header["actions"], .array(["set"]))
        XCTAssertEqual(header["app"], .string("big/1"))
        let namespaces = (0..<600).map { "namespace-number-\($0):component" }
        let shortest = ClientCapabilities(components: namespaces, actions: ["set"], app: "huge/1")
        XCTAssertEqual(shortest.headerValue, #"{"abridged":true,"app":"huge/1","expressions":1}"#)
        // A short list is never abridged.
        XCTAssertNil(try JSONParser().parse(client.headerValue)["abridged"])
    }

    func testItsJSONFormReadsBackAndMissingMembersAreEmpty() throws {
        let data = try JSONEncoder().encode(client)
        XCTAssertEqual(try JSONDecoder().decode(ClientCapabilities.self, from: data), client)
        XCTAssertEqual(try JSONParser().parse(data), client.jsonValue)
        let sparse = try JSONDecoder().decode(ClientCapabilities.self, from: Data(#"{"components": ["default:row"]}"#.utf8))
        XCTAssertEqual(sparse.components, ["default:row"])
        XCTAssertEqual(sparse.actions, [])
        XCTAssertEqual(sparse.expressions, 0)
        XCTAssertEqual(sparse.features, [])
        XCTAssertNil(sparse.app)
        for wrong in [#"{"components": ["row"]}"#, #"{"components": ["a:b:c"]}"#, #"{"actions": [""]}"#,
                      #"{"expressions": -1}"#, #"{"features": "state"}"#] {
            XCTAssertThrowsError(try JSONDecoder().decode(ClientCapabilities.self, from: Data(wrong.utf8)), wrong)
        }
    }

    func testExpressionLanguageVersion() {
        XCTAssertEqual(ExpressionLanguage.version, 1)
        XCTAssertEqual(ClientCapabilities(components: [], actions: []).expressions, ExpressionLanguage.version)
        XCTAssertEqual(ClientCapabilities(components: [], actions: []).features,
                       ["eventStreams", "patches", "requests", "state", "templates"])
    }
}
