import XCTest

@testable import HubFramework

/// The table of a component list's identifier positions (`IdentifierPositions`), with the
/// identifiers kept outside it, as the list keeps them.
final class IdentifierPositionsTests: XCTestCase {
    /// A table and the identifiers it stands for, in position order.
    private struct Table {
        var positions = IdentifierPositions()
        var identifiers: [[UInt8]] = []
        /// How often the table asked whether a position holds the key.
        var comparisons = 0

        /// Adds `identifier` at the next position; its existing position when it has one.
        mutating func add(_ identifier: String) -> Int? {
            let bytes = Array(identifier.utf8)
            let search = Self.search(bytes, in: &positions, identifiers: identifiers, comparisons: &comparisons)
            switch search {
            case .found(let position):
                return position
            case .vacant(let vacancy):
                positions.fill(vacancy, with: self.identifiers.count)
                self.identifiers.append(bytes)
                return nil
            }
        }

        /// (Static, so that no copy of the identifiers outlives the search: appending to them would copy them all.)
        private static func search(_ bytes: [UInt8], in positions: inout IdentifierPositions, identifiers: [[UInt8]],
                                   comparisons: inout Int) -> IdentifierPositions.Search
        {
            bytes.withUnsafeBytes { key in
                positions.search(key, count: identifiers.count) { position in
                    comparisons += 1
                    return identifiers[position].elementsEqual(key)
                }
            }
        }

        func position(of identifier: String) -> Int? {
            let identifiers = identifiers
            return Array(identifier.utf8).withUnsafeBytes { key in
                positions.position(of: key) { identifiers[$0] == Array(key) }
            }
        }
    }

    func testEveryIdentifierIsFoundAtItsPositionThroughManyResizes() {
        var table = Table()
        let identifiers = ["", "a", "b", "ab", "ba", "a\u{0}", "é", "e\u{301}"] + (0..<20_000).map { "row-\($0)" }
        for (position, identifier) in identifiers.enumerated() {
            XCTAssertNil(table.add(identifier), identifier)
            XCTAssertEqual(table.identifiers.count, position + 1, "each new identifier takes the next position")
        }
        for (position, identifier) in identifiers.enumerated() {
            XCTAssertEqual(table.position(of: identifier), position, identifier)
            // A repeated identifier keeps its first position, and the table does not grow.
            XCTAssertEqual(table.add(identifier), position, identifier)
        }
        XCTAssertEqual(table.identifiers.count, identifiers.count)
        for missing in ["row-20000", "row--1", "c", "A", "row-1 ", " row-1"] {
            XCTAssertNil(table.position(of: missing), missing)
        }
    }

    func testTheHashBitsSpareAlmostEveryComparison() {
        var table = Table()
        for index in 0..<50_000 { XCTAssertNil(table.add("identifier \(index)")) }
        // Only identifiers whose 32 hash bits agree are compared: for new identifiers, hardly ever.
        XCTAssertLessThan(table.comparisons, 50)
        table.comparisons = 0
        for index in 0..<50_000 { XCTAssertEqual(table.add("identifier \(index)"), index) }
        // Each repeated identifier is compared with its own entry, and with another only where 32
        // bits of their hashes agree (a handful of pairs among 50,000, by chance).
        XCTAssertGreaterThanOrEqual(table.comparisons, 50_000)
        XCTAssertLessThan(table.comparisons, 50_050)
    }

    func testReservedRoomAndRemovingEverything() {
        var table = Table()
        table.positions.reserveCapacity(1_000)
        for index in 0..<1_000 { XCTAssertNil(table.add("\(index)")) }
        XCTAssertEqual(table.position(of: "999"), 999)
        table.positions.removeAll()
        XCTAssertNil(table.position(of: "999"))
        table.identifiers = []
        XCTAssertNil(table.add("999"))
        XCTAssertEqual(table.position(of: "999"), 0)
    }

    /// Identifiers are compared as Swift compares strings, as the rest of the framework does (a
    /// model's children, patches, the view's state): two normalizations of one text are one
    /// component, whether they come from code or from a document, as plain rows or as builders.
    func testIdentifiersEqualAsStringsAreOneComponent() throws {
        let builder = ModelFixtures.schema().makeViewModelBuilder()
        builder.bodyComponentModelBuilder(withIdentifier: "caf\u{E9}").title = "Precomposed"
        builder.bodyComponentModelBuilder(withIdentifier: "cafe\u{301}").subtitle = "Decomposed"
        builder.addBodyRow(withIdentifier: "r\u{E9}sum\u{E9}", title: "Row precomposed")
        builder.addBodyRow(withIdentifier: "re\u{301}sume\u{301}", title: "Row decomposed")
        builder.addBodyRow(withIdentifier: "\u{212A}elvin", title: "Kelvin sign")
        builder.addBodyRow(withIdentifier: "Kelvin", title: "Letter K")
        builder.addBodyRow(withIdentifier: "Kelvin ", title: "Another")
        let models = builder.build().bodyComponentModels
        XCTAssertEqual(models.map(\.title), ["Precomposed", "Row decomposed", "Letter K", "Another"])
        XCTAssertEqual(models.first?.subtitle, "Decomposed")
        XCTAssertTrue(builder.bodyComponentModelBuilderExists(withIdentifier: "re\u{301}sum\u{E9}"))
        let json = ModelFixtures.schema().makeViewModelBuilder()
        _ = try json.addJSON(data: Data(#"[{"id": "caf\u00e9", "text": {"title": "A"}}, {"id": "cafe\u0301", "text": {"subtitle": "B"}}, {"id": "x", "text": {"title": "X"}}]"#.utf8))
        let read = json.build().bodyComponentModels
        XCTAssertEqual(read.map(\.title), ["A", "X"])
        XCTAssertEqual(read.first?.subtitle, "B", "the same text, composed otherwise, is the same component")
    }

    /// A model finds each child by its own identifier (`ComponentModel.child(withIdentifier:)`, a
    /// `[String: Int]`), also when two were given in different normalizations of one text: the
    /// builder's list takes them for one child, as the model does. (When the list compared bytes,
    /// it kept two, and asked for the first by its own identifier, the model gave the second.)
    func testAChildIsFoundByItsOwnIdentifier() {
        let builder = ModelFixtures.schema().makeViewModelBuilder()
        let parent = builder.bodyComponentModelBuilder(withIdentifier: "parent")
        parent.childBuilder(withIdentifier: "caf\u{E9}").title = "Precomposed"
        parent.childBuilder(withIdentifier: "cafe\u{301}").title = "Decomposed"
        let model = builder.build().bodyComponentModels[0]
        for child in model.children {
            XCTAssertTrue(model.child(withIdentifier: child.identifier) === child, child.title ?? "")
        }
    }

    /// A list finds its entries by identifier whatever they are (builders, plain rows) and wherever
    /// they moved after a removal.
    func testAListFindsBuildersAndPlainRowsAfterRemovals() {
        let builder = ModelFixtures.schema().makeViewModelBuilder()
        for index in 0..<3_000 {
            if index % 3 == 0 {
                _ = builder.bodyComponentModelBuilder(withIdentifier: "row-\(index)")
            } else {
                builder.addBodyRow(withIdentifier: "row-\(index)", title: "Row \(index)")
            }
        }
        for index in stride(from: 0, to: 3_000, by: 7) {
            builder.removeBodyComponentModelBuilder(withIdentifier: "row-\(index)")
        }
        var expected = (0..<3_000).filter { $0 % 7 != 0 }.map { "row-\($0)" }
        XCTAssertEqual(builder.build().bodyComponentModels.map(\.identifier), expected)
        for index in 0..<3_000 {
            XCTAssertEqual(builder.bodyComponentModelBuilderExists(withIdentifier: "row-\(index)"), index % 7 != 0, "row-\(index)")
        }
        // A plain row asked for by identifier becomes its builder, in its place.
        builder.bodyComponentModelBuilder(withIdentifier: "row-1").title = "First"
        builder.addBodyRow(withIdentifier: "row-2", title: "Row 2 again")
        builder.addBodyRow(withIdentifier: "row-3000", title: "Last")
        expected.append("row-3000")
        let built = builder.build().bodyComponentModels
        XCTAssertEqual(built.map(\.identifier), expected)
        XCTAssertEqual(built[0].title, "First")
        XCTAssertEqual(built[1].title, "Row 2 again")
        XCTAssertEqual(built.last?.title, "Last")
    }
}
