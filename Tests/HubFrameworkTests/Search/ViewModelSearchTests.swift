import Foundation
import XCTest

@testable import HubFramework

/// Find's matching: the words of a query in a component's texts, case and accents folded in the
/// locale's rules (Turkish's two i's, Hebrew's points, the marks that set the direction of
/// right-to-left text), children in reading order, the matches found from a place, a query that
/// narrows the last one, and a search that stops when cancelled.
final class ViewModelSearchTests: XCTestCase {
    private let english = Locale(identifier: "en_US")
    private let turkish = Locale(identifier: "tr_TR")

    /// A view of rows with these titles (`row-N`), each with the subtitle "Subtitle N".
    private func rows(_ titles: [String]) -> ViewModel {
        let builder = ModelFixtures.viewModelBuilder()
        for (index, title) in titles.enumerated() {
            let row = builder.bodyComponentModelBuilder(withIdentifier: "row-\(index)")
            row.title = title
            row.subtitle = "Subtitle \(index)"
        }
        return builder.build()
    }

    private func found(_ query: String, in viewModel: ViewModel, locale: Locale? = nil) -> [[Int]] {
        guard let result = ViewModelSearch(query, locale: locale ?? english).run(in: viewModel) else { return [] }
        return (0..<result.count).map { result.indexPath(ofMatch: $0) }
    }

    func testCaseAndAccentsDoNotCount() {
        let view = rows(["Café Crème", "CAFE", "cafe au lait", "Coffee", "Straße"])
        XCTAssertEqual(found("cafe", in: view), [[0], [1], [2]])
        XCTAssertEqual(found("CRÈME", in: view), [[0]])
        XCTAssertEqual(found("creme", in: view), [[0]])
        // Case folding, not just lower case: ß is ss.
        XCTAssertEqual(found("STRASSE", in: view), [[4]])
        XCTAssertEqual(found("straße", in: view), [[4]])
    }

    /// A long body keeps its plain rows as records (ComponentRowStore): they are searched where
    /// their texts lie, with the same folding, beside rows kept as models, and a narrowing search
    /// reads them the same way.
    func testTheRecordsOfALongBodyAreSearchedLikeModels() throws {
        let count = ComponentModelBuilderList.storedBodyThreshold + 500
        var titles = (0..<count).map { "Row \($0)" }
        titles[700] = "Café Crème"
        titles[1_200] = "STRASSE"
        let builder = ModelFixtures.viewModelBuilder()
        for (index, title) in titles.enumerated() {
            let row = builder.bodyComponentModelBuilder(withIdentifier: "row-\(index)")
            row.title = title
            row.subtitle = "Subtitle \(index)"
            // A row with children is kept as its model, and searched through it.
            if index == 900 { row.childBuilder(withIdentifier: "crème").title = "Crème" }
        }
        let view = builder.build()
        XCTAssertNotNil(view.bodyComponentModels.store)
        XCTAssertTrue(view.bodyComponentModels.isRecord(at: 700))
        XCTAssertEqual(found("creme", in: view), [[700], [900, 0]])
        XCTAssertEqual(found("straße", in: view), [[1_200]])
        XCTAssertEqual(found("subtitle 1499", in: view), [[1_499]])
        // Each word in any of a row's texts.
        let expected = titles.indices.filter { index in
            titles[index].lowercased().contains("row") && (titles[index] + " Subtitle \(index)").contains("14")
        }.map { [$0] }
        XCTAssertEqual(found("row 14", in: view), expected)
        let first = try XCTUnwrap(ViewModelSearch("row 1", locale: english).run(in: view))
        let narrowed = try XCTUnwrap(ViewModelSearch("row 14", locale: english).run(in: view, narrowing: first))
        XCTAssertEqual((0..<narrowed.count).map { narrowed.indexPath(ofMatch: $0) }, expected)
    }

    func testEachWordInAnyOrderInAnyText() {
        let view = rows(["Row number 42", "Row number 420", "Number 42 row", "Row 7"])
        XCTAssertEqual(found("row 42", in: view), [[0], [1], [2]])
        XCTAssertEqual(found("42 ROW", in: view), [[0], [1], [2]])
        // The title and the subtitle together: "row" in the title, "3" in "Subtitle 3".
        XCTAssertEqual(found("row 3", in: view), [[3]])
        XCTAssertEqual(found("  row   7 ", in: view), [[3]])
    }

    func testAccessoryAndDescriptionAreSearched() {
        let builder = ModelFixtures.viewModelBuilder()
        let bread = builder.bodyComponentModelBuilder(withIdentifier: "bread")
        bread.title = "Rye"
        bread.accessoryTitle = "€4.20"
        let cake = builder.bodyComponentModelBuilder(withIdentifier: "cake")
        cake.title = "Cake"
        cake.descriptionText = "With cinnamon"
        let view = builder.build()
        XCTAssertEqual(found("4.20", in: view), [[0]])
        XCTAssertEqual(found("CINNAMON", in: view), [[1]])
    }

    func testTurkishDottedAndDotlessI() {
        let view = rows(["İSTANBUL", "ıspanak", "Istanbul", "istanbul"])
        // In Turkish "İ" is the capital of "i", and "I" the capital of "ı".
        XCTAssertEqual(found("istanbul", in: view, locale: turkish), [[0], [3]])
        XCTAssertEqual(found("ıstanbul", in: view, locale: turkish), [[2]])
        XCTAssertEqual(found("ISPANAK", in: view, locale: turkish), [[1]])
        // Elsewhere "I" is the capital of "i", and "İ" an i with a dot.
        XCTAssertEqual(found("istanbul", in: view, locale: english), [[0], [2], [3]])
    }

    func testRightToLeftTextWithPointsAndDirectionMarks() {
        // Hebrew with its points (niqqud), Arabic with its vowel marks, and a right-to-left mark
        // (U+200F) inside a word, as text copied from a right-to-left document carries.
        let view = rows(["שָׁלוֹם עוֹלָם", "مَرْحَبًا بِكُم", "של\u{200F}ום", "Shalom"])
        XCTAssertEqual(found("שלום", in: view), [[0], [2]])
        XCTAssertEqual(found("עולם שלום", in: view), [[0]])
        XCTAssertEqual(found("مرحبا", in: view), [[1]])
        XCTAssertEqual(found("שָׁלוֹם", in: view), [[0], [2]])
    }

    func testNoMatchAndNoWords() throws {
        let view = rows(["Apple", "Banana"])
        let result = try XCTUnwrap(ViewModelSearch("cherry", locale: english).run(in: view))
        XCTAssertTrue(result.isEmpty)
        XCTAssertEqual(result.count, 0)
        XCTAssertNil(result.firstMatch(atOrAfter: [0]))
        XCTAssertTrue(ViewModelSearch("   ", locale: english).isEmpty)
        XCTAssertEqual(ViewModelSearch(" ", locale: english).run(in: view)?.count, 0)
        // A word of marks alone folds to nothing: it finds nothing rather than everything.
        XCTAssertTrue(ViewModelSearch("\u{301}", locale: english).isEmpty)
    }

    func testChildrenInReadingOrder() {
        let builder = ModelFixtures.viewModelBuilder()
        let first = builder.bodyComponentModelBuilder(withIdentifier: "first")
        first.title = "Breads"
        first.childBuilder(withIdentifier: "rye").title = "Rye bread"
        let wheat = first.childBuilder(withIdentifier: "wheat")
        wheat.title = "Wheat"
        wheat.childBuilder(withIdentifier: "bun").title = "Sweet bread bun"
        builder.bodyComponentModelBuilder(withIdentifier: "second").title = "Bread of the day"
        let view = builder.build()
        XCTAssertEqual(found("bread", in: view), [[0], [0, 0], [0, 1, 0], [1]])
        let result = ViewModelSearch("bread", locale: english).run(in: view)
        XCTAssertEqual(result?.bodyIndex(ofMatch: 2), 0)
        XCTAssertEqual(result?.firstMatch(atOrAfter: [0, 1]), 2)
        XCTAssertEqual(result?.match(at: [0, 0]), 1)
        XCTAssertNil(result?.match(at: [0, 1]))
    }

    func testFirstMatchFromAPlace() throws {
        let view = rows((0..<100).map { $0 % 10 == 3 ? "Match \($0)" : "Other \($0)" })
        let result = try XCTUnwrap(ViewModelSearch("match", locale: english).run(in: view))
        XCTAssertEqual(result.count, 10)
        XCTAssertEqual(result.firstMatch(atOrAfter: [0]), 0)
        XCTAssertEqual(result.firstMatch(atOrAfter: [3]), 0)
        XCTAssertEqual(result.firstMatch(atOrAfter: [4]), 1)
        XCTAssertEqual(result.firstMatch(atOrAfter: [93]), 9)
        XCTAssertNil(result.firstMatch(atOrAfter: [94]))
        XCTAssertEqual(result.indexPath(ofMatch: 9), [93])
    }

    func testNarrowingFindsWhatAFullSearchFinds() throws {
        let view = rows((1...5000).map { "Row number \($0)" })
        let row = try XCTUnwrap(ViewModelSearch("row", locale: english).run(in: view))
        XCTAssertEqual(row.count, 5000)
        let grown = ViewModelSearch("row 49", locale: english)
        XCTAssertTrue(grown.narrows(ViewModelSearch("row", locale: english)))
        XCTAssertTrue(ViewModelSearch("row 499", locale: english).narrows(grown))
        XCTAssertFalse(ViewModelSearch("rows", locale: english).narrows(ViewModelSearch("row 4", locale: english)))
        XCTAssertFalse(ViewModelSearch("row", locale: turkish).narrows(ViewModelSearch("row", locale: english)))
        let narrowed = try XCTUnwrap(grown.run(in: view, narrowing: row))
        XCTAssertEqual(narrowed, grown.run(in: view))
        // "49" in the title's number, or in the subtitle's (the row's index, one less).
        XCTAssertEqual(narrowed.count, (1...5000).filter { String($0).contains("49") || String($0 - 1).contains("49") }.count)
    }

    func testCancelledSearchStops() {
        let view = rows((1...20_000).map { "Row \($0)" })
        var asked = 0
        let result = ViewModelSearch("row", locale: english).run(in: view) {
            asked += 1
            return true
        }
        XCTAssertNil(result)
        XCTAssertEqual(asked, 1, "the search stops the first time it is told to")
    }
}
