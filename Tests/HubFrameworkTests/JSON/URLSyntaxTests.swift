import Foundation
import XCTest

@testable import HubFramework

/// `URLSyntax.isPlainAbsolute` lets a row keep its URL as text, parsed when its model is made: it
/// must never say yes to a text the reader's own parse (`JSONValueCheck.url(from:)`) refuses.
final class URLSyntaxTests: XCTestCase {
    private func check(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { URLSyntax.isPlainAbsolute($0) }
    }

    func testCommonURLsPass() {
        for text in ["https://example.com/images/1.jpg", "http://localhost:8000/view.json?page=2#top", "bench:item:5",
                     "hub-demo:root", "mailto:someone", "app:/a/b%20c", "HTTP://EXAMPLE.COM/", "a:", "a://",
                     "spotify:track:1a2B3c", "https://example.com/a?b=c&d=e#f?g/h", "x-y.z+w://h_o~st/p"]
        {
            XCTAssertTrue(check(text), text)
            XCTAssertNotNil(JSONValueCheck.url(from: text), text)
        }
    }

    func testWhatItRefuses() {
        // Some parse (it only says yes for what surely does), some do not.
        for text in ["", "/relative", "relative/path", "1a:b", ":b", "a:b#c#d", "a:%zz", "a:%4", "a:b c", "http://a:1:2/",
                     "http://[::1]/", "http://user@host/", "http://a/|", "http://a/{}", "http://a/\\", "http://a/\"",
                     "http://a/<>", "http://a/^", "http://a/`", "http://h:123456/", "a:b\u{7F}", "a:é", "http://exa%41mple/"]
        {
            XCTAssertFalse(check(text), text)
        }
    }

    /// Random texts over an alphabet of every kind of byte the check looks at: whatever it passes,
    /// Foundation parses. Seeded, so that a text that fails fails every run.
    func testEveryTextItPassesParses() {
        let alphabet = Array("aZ09+-.:/?#@%[]_~!$&'()*,;= |{}\\\"^`<>fF".utf8)
        var generator = SeededGenerator(seed: 38)
        var passed = 0
        for _ in 0..<200_000 {
            var bytes: [UInt8] = [UInt8(ascii: "h")]
            if Bool.random(using: &generator) { bytes += Array("ttp://".utf8) }
            for _ in 0..<Int.random(in: 0...14, using: &generator) {
                bytes.append(alphabet.randomElement(using: &generator)!)
            }
            let text = String(decoding: bytes, as: UTF8.self)
            if check(text) {
                passed += 1
                XCTAssertNotNil(JSONValueCheck.url(from: text), text)
            }
        }
        XCTAssertGreaterThan(passed, 1_000, "the texts tried include many that pass")
    }
}
