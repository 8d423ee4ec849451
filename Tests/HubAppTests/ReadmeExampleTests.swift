import Foundation
import XCTest

/// The README's code is real code. "A feature in 20 lines" is `Examples/cities-example/main.swift`, which the package
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

    func testTheReadmeShowsTheCitiesExamplesMainVerbatim() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = "// Examples/Cities/Sources/Cities/main.swift\n"
        let start = try XCTUnwrap(readme.range(of: marker), "the README shows the example's main.swift")
        let close = try XCTUnwrap(readme[start.upperBound...].range(of: "```"))
        let shown = String(readme[start.upperBound..<close.lowerBound])
        let main = try String(contentsOf: Self.root.appendingPathComponent("Examples/Cities/Sources/Cities/main.swift"),
                              encoding: .utf8)
        XCTAssertEqual(shown, main)
        let lines = try ["main.swift", "CitiesComponents.swift", "CitiesFeature.swift"].reduce(0) { count, file in
            let source = try String(contentsOf: Self.root.appendingPathComponent("Examples/Cities/Sources/Cities/\(file)"),
                                    encoding: .utf8)
            XCTAssertFalse(source.contains("import CGtk") || source.contains("gtk_") || source.contains("Unsafe"), file)
            return count + source.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        }
        XCTAssertLessThanOrEqual(lines, 100, "the getting-started app fits in 100 lines of Swift")
    }
}
