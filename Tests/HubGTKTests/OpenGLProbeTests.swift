import Foundation
import XCTest
@testable import GtkKit
import HubGTKTestSupport

/// GTK starts without probing OpenGL (docs/benchmarks.md, "Start and small views": the probe loads
/// the GL driver, about 30 ms of a launch under Xvfb), and the switch it is asked through,
/// `GDK_GL`, is the person's again once GTK has read it.
final class OpenGLProbeTests: GtkTestCase, @unchecked Sendable {
    func testGTKStartedWithoutLoadingAnOpenGLDriver() throws {
        // GtkTestCase started GTK through GtkRuntime.initialize(), as the app and the tools do.
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        let glLibraries = maps.split(separator: "\n").compactMap { $0.split(separator: " ").last }
            .filter { $0.contains("libGLX_") || $0.contains("_dri.so") || $0.contains("libLLVM") }
        XCTAssertEqual(Set(glLibraries.map(String.init)), [], "GTK loaded an OpenGL driver as it started")
        XCTAssertNil(ProcessInfo.processInfo.environment["GDK_GL"].flatMap { $0 == "disable" ? $0 : nil },
                     "GDK_GL was left in the environment of the programs the app launches")
    }

    func testTheVariableIsSetForGTKsStartOnlyAndThePersonsOwnIsKept() {
        onMain {
            let saved = getenv("GDK_GL").map { String(cString: $0) }
            defer {
                if let saved { setenv("GDK_GL", saved, 1) } else { unsetenv("GDK_GL") }
            }
            func variable() -> String? { getenv("GDK_GL").map { String(cString: $0) } }

            unsetenv("GDK_GL")
            OpenGLProbe.prepare(probes: false)
            XCTAssertEqual(variable(), "disable")
            OpenGLProbe.restore()
            XCTAssertNil(variable())

            OpenGLProbe.prepare(probes: true)
            XCTAssertNil(variable(), "an app that draws with OpenGL lets GTK probe it")
            OpenGLProbe.restore()

            setenv("GDK_GL", "always", 1)
            OpenGLProbe.prepare(probes: false)
            XCTAssertEqual(variable(), "always", "the person's own setting is theirs")
            OpenGLProbe.restore()
            XCTAssertEqual(variable(), "always", "and is not taken away")
        }
    }
}
