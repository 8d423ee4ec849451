import CGtk
import Foundation
import XCTest
@testable import HubGTK

/// Base class for tests that need a display. They run serially on the main thread, under Xvfb
/// (see `make test`). When no display can be opened the test is skipped with a clear reason.
///
/// XCTest on Linux cannot call `@MainActor` test methods directly, so tests are plain methods that
/// wrap their body in `onMain { … }` (they already run on the main thread; this only tells the compiler).
class GtkTestCase: XCTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        let hasDisplay = MainActor.assumeIsolated { GtkRuntime.initialize() }
        guard hasDisplay else {
            throw XCTSkip("No display: GTK tests run under Xvfb via `make test`")
        }
    }

    /// Runs a test body on the main actor.
    func onMain<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
        try MainActor.assumeIsolated { try body() }
    }

    /// Pumps GLib's main context until `condition` holds; fails the test after `timeout` seconds.
    @MainActor
    func pump(until condition: () -> Bool, timeout: Double = 5, _ message: String = "condition",
              file: StaticString = #filePath, line: UInt = #line)
    {
        if !GtkRuntime.iterate(until: condition, timeout: timeout) {
            XCTFail("Timed out after \(timeout)s waiting for \(message)", file: file, line: line)
        }
    }

    /// Pumps the main context for a fixed time (lets GTK lay out and draw).
    @MainActor
    func pump(for seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        _ = GtkRuntime.iterate(until: { Date() >= deadline }, timeout: seconds + 1)
    }
}
