import Foundation
import XCTest
@testable import HubFramework

/// How a view URI pattern matches: the documented rule (each placeholder, from the first, takes the
/// longest value that lets the rest match), and in time linear in the URI's length times the
/// pattern's, whatever the pattern (docs/backend-apps.md, docs/security.md "URI patterns").
final class URIPatternTests: XCTestCase {
    /// Generous for a debug build on a loaded machine; the old matcher took seconds to minutes.
    private static let timeBound = 0.005

    private func match(_ pattern: String, _ uri: String) throws -> [String: String]? {
        try URIPattern(pattern).match(try XCTUnwrap(URL(string: uri), uri))
    }

    func testEachPlaceholderTakesTheLongestValueThatLetsTheRestMatch() throws {
        XCTAssertEqual(try match("app:{a}-{b}.x", "app:one-two-three.x"), ["a": "one-two", "b": "three"])
        XCTAssertEqual(try match("app:{a}{b}", "app:xyz"), ["a": "xy", "b": "z"])
        XCTAssertEqual(try match("app:{a}{b}{c}", "app:abcdef"), ["a": "abcd", "b": "e", "c": "f"])
        XCTAssertEqual(try match("app:{a}{b}", "app:ab."), ["a": "a", "b": "b."], "b is never . on its own")
        XCTAssertEqual(try match("app:{a}{b}", "app:ab.."), ["a": "a", "b": "b.."])
        XCTAssertNil(try match("app:{a}{b}", "app:x.."), "x. with . or x with ..: either way a dot value")
        XCTAssertEqual(try match("app:{a}/{b}", "app:one/two"), ["a": "one", "b": "two"])
        XCTAssertEqual(try match("app:{a}.{b}", "app:a...b"), ["a": "a..", "b": "b"])
        XCTAssertNil(try match("app:{a}.{b}", "app:..."), "a is . or .. either way")
        XCTAssertEqual(try match("app:item", "app:item"), [:])
        XCTAssertNil(try match("app:item", "app:items"))
        XCTAssertNil(try match("app:{a}", "app:"))
        XCTAssertNil(try match("app:{a}", "app:one?x"))
        XCTAssertNil(try match("app:{a}", "app:one#x"))
    }

    /// The matcher agrees with a plain backtracking one (the rule as written, and the matcher this
    /// project had before) on every short URI over a small alphabet, for patterns of every shape.
    func testTheMatcherAgreesWithBacktrackingOnEveryShortURI() throws {
        let patterns = ["s:{a}", "s:{a}{b}", "s:{a}.{b}", "s:{a}/{b}", "s:{a}{b}.{c}", "s:.{a}{b}/",
                        "s:{a}{b}{c}", "s:x{a}x{b}x", "s:{a}..{b}", "s:{a}/x/{b}{c}", "s:/{a}"]
        let alphabet: [Character] = ["x", ".", "/", "?"]
        var uris = [""]
        var all = [""]
        for _ in 1...6 {
            uris = uris.flatMap { uri in alphabet.map { uri + String($0) } }
            all += uris
        }
        for text in patterns {
            let pattern = try URIPattern(text)
            for rest in all {
                let uri = "s:" + rest
                var steps = 0
                XCTAssertEqual(pattern.match(uri, steps: &steps), Self.backtrackingMatch(Substring(uri), pattern.parts[...]),
                               "\(text) against \(uri)")
            }
        }
    }

    func testSixAdjacentPlaceholdersAgainstA66CharacterURIAreLinear() throws {
        let pattern = try URIPattern("app:{a}{b}{c}{d}{e}{f}x")
        let uri = "app:" + String(repeating: "a", count: 62)
        XCTAssertEqual(uri.count, 66)
        try assertLinear(pattern, uri, matches: false)
        try assertLinear(pattern, uri + "x", matches: true)
    }

    func testTwoAdjacentPlaceholdersAgainstA16KiBURIAreLinear() throws {
        let long = String(repeating: "a", count: 16 * 1024)
        try assertLinear(try URIPattern("app:{a}{b}.json"), "app:" + long, matches: false)
        try assertLinear(try URIPattern("app:{a}{b}"), "app:" + long + "/", matches: false)
        try assertLinear(try URIPattern("app:{a}{b}"), "app:" + long, matches: true)
    }

    func testTheDocumentedPatternAgainstALongURIThatDoesNotMatchIsLinear() throws {
        let pattern = try URIPattern("app:product/{id}/reviews")
        let id = String(repeating: "1", count: 16 * 1024)
        try assertLinear(pattern, "app:product/\(id)/review", matches: false)
        try assertLinear(pattern, "app:product/\(id)/reviewsx", matches: false)
        try assertLinear(pattern, "app:product/\(id)/reviews", matches: true)
    }

    /// A registry of manifest features asked about a URI far longer than the navigator opens
    /// (16 KiB) still answers at once.
    @MainActor
    func testTheFeatureRegistryAnswersQuicklyForAnOverlongURI() throws {
        let manifest = try BackendManifest(data: Data(#"""
            {"title": "Shop", "start": "shop:home", "features": [
              {"uri": "shop:home", "endpoint": "https://example.com/home.json"},
              {"uri": "shop:product/{id}/reviews", "endpoint": "https://example.com/{id}/reviews.json"},
              {"uri": "shop:{a}{b}{c}{d}{e}{f}.x", "endpoint": "https://example.com/{a}.json"}
            ]}
            """#.utf8))
        let manager = HubManager(componentMargin: 0)
        try manifest.register(in: manager)
        for uri in ["shop:product/" + String(repeating: "9", count: 1 << 20) + "/review",
                    "shop:" + String(repeating: "a", count: 1 << 20)] {
            let url = try XCTUnwrap(URL(string: uri))
            let start = ProcessInfo.processInfo.systemUptime
            XCTAssertNil(manager.featureRegistry.featureRegistration(forViewURI: url))
            let elapsed = ProcessInfo.processInfo.systemUptime - start
            // Linear: about 64 times a 16 KiB URI's few milliseconds (the old matcher: hours).
            XCTAssertLessThan(elapsed, 2 * Sanitizer.slowdown, "a 1 MiB URI took \(Int(elapsed * 1000)) ms")
        }
    }

    /// Matches in at most one step per byte of the URI per byte of the pattern, and within
    /// `timeBound` (the best of three runs, so that another process on the machine does not fail it).
    private func assertLinear(_ pattern: URIPattern, _ uri: String, matches: Bool,
                              file: StaticString = #filePath, line: UInt = #line) throws
    {
        var steps = 0
        var values: [String: String]?
        var elapsed = Double.infinity
        for _ in 1...3 {
            steps = 0
            let start = ProcessInfo.processInfo.systemUptime
            values = pattern.match(uri, steps: &steps)
            elapsed = min(elapsed, ProcessInfo.processInfo.systemUptime - start)
        }
        XCTAssertEqual(values != nil, matches, "\(pattern)", file: file, line: line)
        let bound = (uri.utf8.count + 1) * (pattern.text.utf8.count + 1)
        XCTAssertLessThanOrEqual(steps, bound, "\(pattern) against \(uri.utf8.count) bytes", file: file, line: line)
        XCTAssertLessThan(elapsed, Self.timeBound * Sanitizer.slowdown, "\(pattern) against \(uri.utf8.count) bytes took \(elapsed * 1000) ms",
                          file: file, line: line)
    }

    /// The rule as written, by trying every value from the longest: exponential, so only for short URIs.
    private static func backtrackingMatch(_ text: Substring, _ parts: ArraySlice<URIPattern.Part>) -> [String: String]? {
        guard let part = parts.first else { return text.isEmpty ? [:] : nil }
        switch part {
        case .literal(let literal):
            guard text.hasPrefix(literal) else { return nil }
            return backtrackingMatch(text.dropFirst(literal.count), parts.dropFirst())
        case .placeholder(let name):
            let segment = text.prefix { !"/?#".contains($0) }
            for length in stride(from: segment.count, to: 0, by: -1) {
                let value = segment.prefix(length)
                if value != ".", value != "..", var values = backtrackingMatch(text.dropFirst(length), parts.dropFirst()) {
                    values[name] = String(value)
                    return values
                }
            }
            return nil
        }
    }
}
