import Foundation
import XCTest

/// The README's "A feature in 20 lines" is `Examples/cities-example/main.swift`, which the package
/// builds and `ExampleAppProcessTests` runs: the README's code compiles and works as long as the two
/// stay the same.
final class ReadmeExampleTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func testTheReadmesAppIsTheExampleVerbatim() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "## A feature in 20 lines"), "the README's section")
        let rest = readme[section.upperBound...]
        let open = try XCTUnwrap(rest.range(of: "```swift\n"), "the section's code block")
        let close = try XCTUnwrap(rest[open.upperBound...].range(of: "```"))
        let code = String(rest[open.upperBound..<close.lowerBound])

        let example = try String(contentsOf: Self.root.appendingPathComponent("Examples/cities-example/main.swift"),
                                 encoding: .utf8)
        // The example opens with comment lines and a blank line; the code follows.
        let body = example.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0.hasPrefix("//") || $0.isEmpty }.joined(separator: "\n")
        XCTAssertEqual(body, code)
    }
}
