import Foundation
import XCTest

@testable import HubFramework

/// The function library, family by family: results and the errors of bad values.
final class ExpressionFunctionTests: XCTestCase {
    private typealias F = ExpressionFixture

    func testStringFunctions() {
        XCTAssertEqual(F.value("@{len('Grüße 👩‍💻')}"), .integer(7), "characters, as a person counts them")
        XCTAssertEqual(F.value("@{contains(toLowerCase(t), toLowerCase(q))}", ["t": .string("Berlin Mitte"), "q": .string("MIT")]),
                       .boolean(true))
        XCTAssertEqual(F.value("@{contains('abc', '')}"), .boolean(true))
        XCTAssertEqual(F.value("@{substring('Grüße', 1, 4)}"), .string("rüß"))
        XCTAssertEqual(F.errorMessage("@{substring('abc', 2, 1)}"), "Failed to evaluate [substring('abc', 2, 1)]. Indexes should be in ascending order.")
        XCTAssertEqual(F.value("@{replaceAll('a.b.c', '.', '::')}"), .string("a::b::c"))
        XCTAssertEqual(F.value("@{replaceAll('abc', '', '-')}"), .string("abc"))
        XCTAssertEqual(F.value("@{index('añb añb', 'b')}"), .integer(2))
        XCTAssertEqual(F.value("@{lastIndex('añb añb', 'b')}"), .integer(6))
        XCTAssertEqual(F.value("@{lastIndex('aaa', 'aa')}"), .integer(1))
        XCTAssertEqual(F.value("@{index('abc', 'x')}"), .integer(-1))
        XCTAssertEqual(F.value("@{encodeUri('a b/é')}"), .string("a%20b%2F%C3%A9"))
        XCTAssertEqual(F.value("@{decodeUri('a%20b%2F%C3%A9')}"), .string("a b/é"))
        XCTAssertEqual(F.errorMessage("@{decodeUri('%E9')}"), "Failed to evaluate [decodeUri('%E9')]. The decoded bytes are not UTF-8.")
        XCTAssertEqual(F.errorMessage("@{decodeUri('%G0')}"), "Failed to evaluate [decodeUri('%G0')]. Malformed percent sequence at byte 0.")
        XCTAssertEqual(F.value("@{trim(' \t x y \n')}"), .string("x y"))
        XCTAssertEqual(F.value("@{trimLeft('  x ')}"), .string("x "))
        XCTAssertEqual(F.value("@{trimRight('  x ')}"), .string("  x"))
        XCTAssertEqual(F.value("@{trim('   ')}"), .string(""))
        XCTAssertEqual(F.value("@{toUpperCase('straße')}"), .string("STRASSE"))
        XCTAssertEqual(F.value("@{toLowerCase('ÀB')}"), .string("àb"))
        XCTAssertEqual(F.value("@{padStart(7, 3, '0')}"), .string("007"))
        XCTAssertEqual(F.value("@{padEnd('ab', 5, 'xy')}"), .string("abxyx"))
        XCTAssertEqual(F.value("@{padStart('abc', 2, '0')}"), .string("abc"))
    }

    func testCaseMappingIsStringsOwnForEveryScalar() {
        // The fast case mapping gives exactly what String's does, for every scalar of the first
        // three planes, in strings of 64 neighbours (ASCII mixed in).
        var scalars: [Unicode.Scalar] = []
        for value in 0..<0x30000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            scalars.append(scalar)
            if scalars.count == 64 || value == 0x2FFFF {
                let text = "Ab" + String(String.UnicodeScalarView(scalars)) + "cD"
                XCTAssertEqual(ExpressionTextSearch.lowercased(text), text.lowercased(), "from U+\(String(value, radix: 16))")
                XCTAssertEqual(ExpressionTextSearch.uppercased(text), text.uppercased(), "from U+\(String(value, radix: 16))")
                scalars.removeAll()
            }
        }
        let plain = "no capitals — at all"
        XCTAssertEqual(ExpressionTextSearch.lowercased(plain), plain)
    }

    func testLongPatternsAreSearchedInLinearTime() {
        // Knuth–Morris–Pratt for patterns over 32 bytes: no quadratic blow-up on repetitive text.
        let text = String(repeating: "a", count: 60_000) + "b"
        let pattern = String(repeating: "a", count: 5_000) + "b"
        let start = Date()
        XCTAssertEqual(F.value("@{index(t, p)}", ["t": .string(text), "p": .string(pattern)]), .integer(55_000))
        XCTAssertEqual(F.value("@{lastIndex(t, p)}", ["t": .string(text), "p": .string(pattern)]), .integer(55_000))
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    }

    func testConversions() {
        XCTAssertEqual(F.value("@{toString(12)} @{toString(1.5)} @{toString(true)} @{toString(1e23)}"), .string("12 1.5 true 1.0E23"))
        XCTAssertEqual(F.value("@{toString(a)}", ["a": .array(["x", 1, 1.5, true, nil])]), .string(#"["x",1,1.5,true,null]"#))
        XCTAssertEqual(F.value("@{toString(d)}", ["d": .dictionary(["b": 1, "a": ["c": "d"]])]), .string(#"{"a":{"c":"d"},"b":1}"#))
        XCTAssertEqual(F.value("@{toInteger(-2.9)}"), .integer(-2))
        XCTAssertEqual(F.value("@{toInteger('+42')}"), .integer(42))
        XCTAssertEqual(F.value("@{toInteger(true)}"), .integer(1))
        XCTAssertEqual(F.errorMessage("@{toInteger(' 42')}"), "Failed to evaluate [toInteger(' 42')]. Unable to convert value to Integer.")
        XCTAssertEqual(F.errorMessage("@{toInteger(1e19)}"), "Failed to evaluate [toInteger(1.0E19)]. Unable to convert value to Integer.")
        XCTAssertEqual(F.value("@{toNumber('-.5e1')}"), .number(-5))
        XCTAssertEqual(F.errorMessage("@{toNumber('NaN')}"), "Failed to evaluate [toNumber('NaN')]. Unable to convert value to Number.")
        XCTAssertEqual(F.errorMessage("@{toNumber('1e999')}"), "Failed to evaluate [toNumber('1e999')]. Unable to convert value to Number.")
        XCTAssertEqual(F.value("@{toBoolean('true')}"), .boolean(true))
        XCTAssertEqual(F.value("@{toBoolean(0)}"), .boolean(false))
        XCTAssertEqual(F.errorMessage("@{toBoolean(2)}"), "Failed to evaluate [toBoolean(2)]. Unable to convert value to Boolean.")
    }

    func testMath() {
        XCTAssertEqual(F.value("@{abs(-3)} @{abs(-2.5)} @{signum(-7)} @{signum(0.0)}"), .string("3 2.5 -1 0.0"))
        XCTAssertEqual(F.errorMessage("@{abs(minInteger())}"), "Failed to evaluate [abs(-9223372036854775808)]. Integer overflow.")
        XCTAssertEqual(F.value("@{max(3, 9, 4)} @{min(2.5, 1)}"), .string("9 1.0"))
        XCTAssertEqual(F.value("@{sum(1, 2, 3)} @{sub(10, 1, 2)} @{mul(2, 3, 4)}"), .string("6 7 24"))
        XCTAssertEqual(F.errorMessage("@{sum(maxInteger(), 1)}"), "Failed to evaluate [sum(9223372036854775807, 1)]. Integer overflow.")
        XCTAssertEqual(F.value("@{div(-7, 2)} @{mod(-7, 2)} @{div(7.0, 2)} @{mod(7.5, 2)}"), .string("-3 -1 3.5 1.5"))
        XCTAssertEqual(F.errorMessage("@{div(1, 0)}"), "Failed to evaluate [div(1, 0)]. Division by zero is not supported.")
        XCTAssertEqual(F.value("@{copySign(7, -1)} @{copySign(-7, 0)} @{copySign(1.5, -0.0)}"), .string("-7 -7 -1.5"))
        XCTAssertEqual(F.value("@{round(2.5)} @{round(-2.5)} @{floor(-0.5)} @{ceil(-0.5)}"), .string("3.0 -3.0 -1.0 -0.0"))
        XCTAssertEqual(F.value("@{maxInteger()} @{minNumber()}"), .string("9223372036854775807 4.9E-324"))
    }

    func testDateTimes() {
        XCTAssertEqual(F.value("@{parseUnixTime(86400 + 3661)}"), .datetime(Date(timeIntervalSince1970: 90061)))
        XCTAssertEqual(F.value("@{toString(parseUnixTime(951782400))}"), .string("2000-02-29 00:00:00"))
        XCTAssertEqual(F.value("@{toString(setDay(parseUnixTime(951782400), -1))}"), .string("2000-01-31 00:00:00"))
        XCTAssertEqual(F.value("@{toString(setMonth(parseUnixTime(0), 12))} @{getDayOfWeek(parseUnixTime(0))}"),
                       .string("1970-12-01 00:00:00 4"))
        XCTAssertEqual(F.value("@{getYear(parseUnixTime(-1))} @{getMillis(addMillis(parseUnixTime(0), -1))}"), .string("1969 999"))
        XCTAssertEqual(F.errorMessage("@{setMonth(parseUnixTime(0), 13)}"),
                       "Failed to evaluate [setMonth(1970-01-01 00:00:00, 13)]. Expecting month in [1..12], instead got 13.")
        XCTAssertEqual(F.errorMessage("@{setDay(parseUnixTime(0), 32)}"),
                       "Failed to evaluate [setDay(1970-01-01 00:00:00, 32)]. Unable to set day 32 for date 1970-01-01 00:00:00.")
        XCTAssertEqual(F.errorMessage("@{parseUnixTime(maxInteger())}"),
                       "Failed to evaluate [parseUnixTime(9223372036854775807)]. The time is out of range.")
        XCTAssertEqual(F.value("@{formatDateAsUTCWithLocale(parseUnixTime(3933296), 'EEEE d MMMM y, HH:mm', 'en-US')}"),
                       .string("Sunday 15 February 1970, 12:34"))
        XCTAssertEqual(F.value("@{formatDateAsUTC(parseUnixTime(0), 'MMMM')}", environment: ExpressionEnvironment(locale: "de-DE")),
                       .string("Januar"), "formatDateAsUTC formats in env.locale")
        XCTAssertEqual(F.value("@{parseUnixTime(1) > parseUnixTime(0)} @{parseUnixTime(0) == parseUnixTime(0)}"), .string("true true"))
    }

    func testDecimalFormat() {
        XCTAssertEqual(F.value("@{decimalFormat(1234567.891, '#,##0.00')}"), .string("1,234,567.89"))
        XCTAssertEqual(F.value("@{decimalFormat(1234567.891, '#,##0.00')}", environment: ExpressionEnvironment(locale: "de-DE")),
                       .string("1.234.567,89"))
        XCTAssertEqual(F.value("@{decimalFormat(0.125, '0.00')} @{decimalFormat(0.135, '0.00')}"), .string("0.12 0.14"),
                       "half-even rounding")
        XCTAssertEqual(F.value("@{decimalFormat(-3, '000')} @{decimalFormat(0.5, '#%')} @{decimalFormat(2, '0.##')}"),
                       .string("-003 50% 2"))
        XCTAssertEqual(F.value("@{decimalFormat(9.99, '\\'$\\'0.0')}"), .string("$10.0"))
        XCTAssertEqual(F.errorMessage("@{decimalFormat(1, 'abc')}"), "Failed to evaluate [decimalFormat(1.0, 'abc')]. Malformed decimal format pattern 'abc'.")
    }

    func testArrayAndDictAccess() {
        let values: [String: ExpressionValue] = ["a": .array(["x", 2, 2.5, true, ["n": 1], [1], nil]),
                                                 "d": .dictionary(["p": ["q": "deep"], "i": 3, "n": 3.5, "z": nil])]
        XCTAssertEqual(F.value("@{getStringFromArray(a, 0)} @{getIntegerFromArray(a, 1)} @{getNumberFromArray(a, 1)}", values),
                       .string("x 2 2.0"))
        XCTAssertEqual(F.value("@{getOptStringFromArray(a, 1, 'none')} @{getOptIntegerFromArray(a, 99, -1)} @{len(a)}", values),
                       .string("none -1 7"))
        XCTAssertEqual(F.value("@{getDictFromArray(a, 4)}", values), .dictionary(["n": 1]))
        XCTAssertEqual(F.value("@{getOptArrayFromArray(a, 0)}", values), .array([]))
        XCTAssertEqual(F.errorMessage("@{getIntegerFromArray(a, 2)}", values),
                       "Failed to evaluate [getIntegerFromArray(<array>, 2)]. Incorrect value type: expected Integer, got Number.")
        XCTAssertEqual(F.errorMessage("@{getBooleanFromArray(a, 6)}", values),
                       "Failed to evaluate [getBooleanFromArray(<array>, 6)]. Incorrect value type: expected Boolean, got Null.")
        XCTAssertEqual(F.value("@{getStringFromDict(d, 'p', 'q')} @{getIntegerFromDict(d, 'i')}", values), .string("deep 3"))
        XCTAssertEqual(F.value("@{getOptStringFromDict('none', d, 'p', 'x')} @{getOptNumberFromDict(0.5, d, 'z')}", values),
                       .string("none 0.5"))
        XCTAssertEqual(F.errorMessage("@{getStringFromDict(d, 'p', 'x')}", values),
                       #"Failed to evaluate [getStringFromDict(<dict>, 'p', 'x')]. Missing property "x" in the dict."#)
        XCTAssertEqual(F.errorMessage("@{getIntegerFromDict(d, 'n')}", values),
                       "Failed to evaluate [getIntegerFromDict(<dict>, 'n')]. Cannot convert value to integer.")
        XCTAssertEqual(F.errorMessage("@{getBooleanFromDict(d, 'i')}", values),
                       #"Failed to evaluate [getBooleanFromDict(<dict>, 'i')]. Incorrect value type: expected "boolean", got "number"."#)
    }

    func testTheGuideListsEverySignature() throws {
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../docs/json.md").standardized
        let text = try String(contentsOf: guide, encoding: .utf8)
        for signature in ExpressionFunctionLibrary.standard.signatures {
            XCTAssertTrue(text.contains("| `\(signature.description)` | \(signature.summary.replacingOccurrences(of: "|", with: "\\|")) |"),
                          "docs/json.md (Functions) does not list \(signature)")
        }
    }

    func testEverySignatureHasASummaryAndADistinctParameterList() {
        let signatures = ExpressionFunctionLibrary.standard.signatures
        XCTAssertGreaterThan(signatures.count, 90)
        for signature in signatures {
            XCTAssertFalse(signature.summary.isEmpty, signature.description)
        }
        let keys = signatures.map { "\($0.name)(\($0.parameters.map(\.rawValue)))\($0.isVariadic)" }
        XCTAssertEqual(Set(keys).count, keys.count, "two signatures of one function take the same arguments")
    }
}
