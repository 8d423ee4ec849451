import Foundation
import Logging
import XCTest
@testable import HubFramework

/// `HUB_LOG_LEVEL` parsing and the once-only bootstrap. The process-wide `LoggingSystem` is left
/// alone here (it can be bootstrapped once per process); hublive's process test covers the real one.
final class HubLoggingTests: XCTestCase {
    func testEveryLevelNameIsAccepted() {
        let expected: [String: Logger.Level] = [
            "trace": .trace, "debug": .debug, "info": .info, "notice": .notice,
            "warning": .warning, "error": .error, "critical": .critical,
        ]
        for (name, level) in expected {
            XCTAssertEqual(HubLogging.level(named: name), level, name)
            let chosen = HubLogging.level(environment: ["HUB_LOG_LEVEL": name])
            XCTAssertEqual(chosen.level, level, name)
            XCTAssertNil(chosen.problem, name)
        }
    }

    func testCaseAndSurroundingSpacesAreIgnored() {
        XCTAssertEqual(HubLogging.level(named: "DEBUG"), .debug)
        XCTAssertEqual(HubLogging.level(named: " Notice\n"), .notice)
        XCTAssertEqual(HubLogging.level(environment: ["HUB_LOG_LEVEL": "  Error "]).level, .error)
    }

    func testUnsetOrEmptyGivesTheDefaultSilently() {
        XCTAssertEqual(HubLogging.defaultLevel, .warning)
        for environment in [[:], ["HUB_LOG_LEVEL": ""], ["HUB_LOG_LEVEL": "   "], ["OTHER": "debug"]] {
            let chosen = HubLogging.level(environment: environment)
            XCTAssertEqual(chosen.level, .warning, "\(environment)")
            XCTAssertNil(chosen.problem, "\(environment)")
        }
        XCTAssertNil(HubLogging.level(named: nil))
        XCTAssertNil(HubLogging.level(named: ""))
    }

    func testAnUnknownValueGivesTheDefaultAndSaysSo() {
        for value in ["verbose", "warn", "3", "debug,info", "tracé"] {
            XCTAssertNil(HubLogging.level(named: value), value)
            let chosen = HubLogging.level(environment: ["HUB_LOG_LEVEL": value])
            XCTAssertEqual(chosen.level, .warning, value)
            XCTAssertEqual(chosen.problem,
                           "HUB_LOG_LEVEL=\"\(value)\" is not one of trace, debug, info, notice, warning, error, "
                               + "critical; logging at warning")
        }
    }

    func testLabelsFollowTheConvention() {
        XCTAssertEqual(HubLogging.label("images"), "org.hubframework.images")
        XCTAssertEqual(HubLogging.logger("gtk.icons").label, "org.hubframework.gtk.icons")
    }

    func testTheHandlerHasTheChosenLevel() {
        XCTAssertEqual(HubLogging.handler(label: "x", level: .debug).logLevel, .debug)
        XCTAssertEqual(HubLogging.handler(label: "x", level: .critical).logLevel, .critical)
    }

    func testBootstrapInstallsOnceAndReportsAnUnknownLevelOnce() {
        let installed = Recorder<Logger.Level>()
        let reported = Recorder<String>()
        let bootstrap = HubLogging.Bootstrap(install: { installed.append($0) }, report: { reported.append($0) })

        XCTAssertEqual(bootstrap.run(environment: ["HUB_LOG_LEVEL": "loud"]), .warning)
        XCTAssertEqual(bootstrap.run(environment: ["HUB_LOG_LEVEL": "debug"]), .warning, "the first call decides")
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            XCTAssertEqual(bootstrap.run(environment: ["HUB_LOG_LEVEL": "trace"]), .warning)
        }
        XCTAssertEqual(installed.all, [.warning])
        XCTAssertEqual(reported.all.count, 1)
        XCTAssertTrue(reported.all.first?.hasPrefix("HUB_LOG_LEVEL=\"loud\" is not one of") == true)

        let valid = Recorder<Logger.Level>()
        let quiet = Recorder<String>()
        let other = HubLogging.Bootstrap(install: { valid.append($0) }, report: { quiet.append($0) })
        XCTAssertEqual(other.run(environment: ["HUB_LOG_LEVEL": "debug"]), .debug)
        XCTAssertEqual(valid.all, [.debug])
        XCTAssertEqual(quiet.all, [])
    }
}

private final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []
    func append(_ value: Value) { lock.withLock { values.append(value) } }
    var all: [Value] { lock.withLock { values } }
}
