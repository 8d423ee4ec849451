import Foundation
import XCTest

@testable import HubFramework

/// Values: their text (as templates and `toString` write them), JSON, and reading them from JSON.
final class ExpressionValueTests: XCTestCase {
    func testNumbersAreWrittenAsDivKitWritesThem() {
        let cases: [(Double, String)] = [
            (5, "5.0"), (-5, "-5.0"), (3.1415, "3.1415"), (0, "0.0"), (-0.0, "-0.0"), (0.001, "0.001"),
            (0.0009, "9.0E-4"), (1234567, "1234567.0"), (9_999_999.5, "9999999.5"), (1e7, "1.0E7"),
            (12345678.9, "1.23456789E7"), (1e23, "1.0E23"), (3.1415e64, "3.1415E64"), (0.1 + 0.2, "0.30000000000000004"),
            (.greatestFiniteMagnitude, "1.7976931348623157E308"), (.leastNonzeroMagnitude, "4.9E-324"),
        ]
        for (number, text) in cases {
            XCTAssertEqual(ExpressionValue.number(number).text, text, "\(number)")
        }
    }

    func testTextOfOtherTypes() {
        XCTAssertEqual(ExpressionValue.integer(-12).text, "-12")
        XCTAssertEqual(ExpressionValue.boolean(false).text, "false")
        XCTAssertEqual(ExpressionValue.datetime(Date(timeIntervalSince1970: -62_135_596_800)).text, "0001-01-01 00:00:00")
        XCTAssertEqual(ExpressionValue.datetime(Date(timeIntervalSince1970: 253_402_300_799)).text, "9999-12-31 23:59:59")
        XCTAssertEqual(ExpressionValue.array([1, "a"]).text, #"[1,"a"]"#)
        XCTAssertEqual(ExpressionValue.string("x").description, "x")
    }

    func testReadingFromJSON() {
        XCTAssertEqual(ExpressionValue(json: 3, as: .integer), .integer(3))
        XCTAssertNil(ExpressionValue(json: 3.5, as: .integer))
        XCTAssertNil(ExpressionValue(json: .number(1e19), as: .integer))
        XCTAssertEqual(ExpressionValue(json: 3, as: .number), .number(3))
        XCTAssertNil(ExpressionValue(json: 1, as: .boolean))
        XCTAssertEqual(ExpressionValue(json: "2022-03-04 05:06:07", as: .datetime)?.text, "2022-03-04 05:06:07")
        XCTAssertNil(ExpressionValue(json: "2022-02-30 00:00:00", as: .datetime))
        XCTAssertEqual(ExpressionValue(json: 1500, as: .datetime), .datetime(Date(timeIntervalSince1970: 1.5)))
        XCTAssertEqual(ExpressionValue(json: ["a": 1], as: .dictionary), .dictionary(["a": 1]))
        XCTAssertNil(ExpressionValue(json: ["a": 1], as: .array))
        XCTAssertEqual(ExpressionValue.integer(4).jsonValue, .number(4))
        XCTAssertEqual(ExpressionValue.defaultValue(of: .dictionary), .dictionary([:]))
    }

    func testCalendarArithmeticRoundTrips() {
        // Every 97th day over ±800 years: days → civil date → days.
        for days in stride(from: -292_000, through: 292_000, by: 97) {
            let (year, month, day) = ExpressionDateTime.civil(fromDays: days)
            XCTAssertEqual(ExpressionDateTime.days(fromCivil: year, month, day), days)
            XCTAssertTrue((1...ExpressionDateTime.daysInMonth(year: year, month: month)).contains(day))
        }
    }
}
