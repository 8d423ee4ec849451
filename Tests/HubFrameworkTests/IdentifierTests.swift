import XCTest
@testable import HubFramework

final class IdentifierTests: XCTestCase {
    func testPartsFromNamespaceAndName() {
        let identifier = Identifier(namespace: "namespace", name: "name")
        XCTAssertEqual(identifier.namespacePart, "namespace")
        XCTAssertEqual(identifier.namePart, "name")
        XCTAssertEqual(identifier.identifierString, "namespace:name")
        XCTAssertEqual(identifier.description, "namespace:name")
    }

    func testEqualityAndHash() {
        let a = Identifier(namespace: "namespace", name: "name")
        let b = Identifier(namespace: "namespace", name: "name")
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertNotEqual(a, Identifier(namespace: "other", name: "name"))
        XCTAssertNotEqual(a, Identifier(namespace: "namespace", name: "other"))
    }

    func testParsing() {
        let parsed = Identifier(string: "namespace:name")
        XCTAssertEqual(parsed?.namespacePart, "namespace")
        XCTAssertEqual(parsed?.namePart, "name")
        XCTAssertNil(Identifier(string: ""))
        XCTAssertNil(Identifier(string: "namespaceWithoutName"))
        XCTAssertNil(Identifier(string: "a:b:c"))
        let colonOnly = Identifier(string: ":")
        XCTAssertEqual(colonOnly?.namespacePart, "")
        XCTAssertEqual(colonOnly?.namePart, "")
    }
}
