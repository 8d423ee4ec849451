import Foundation
import XCTest
@testable import HubFramework

final class ImpressionThresholdsTests: XCTestCase {
    func testTheDefaultsAreHalfTheAreaFor800Milliseconds() {
        XCTAssertEqual(ImpressionThresholds.default.visibleFraction, 0.5)
        XCTAssertEqual(ImpressionThresholds.default.duration, .milliseconds(800))
        XCTAssertEqual(ImpressionThresholds.default.description, "50% for 800 ms")
    }

    func testValuesGivenInCodeAreClamped() {
        XCTAssertEqual(ImpressionThresholds(visibleFraction: 2).visibleFraction, 1)
        XCTAssertGreaterThan(ImpressionThresholds(visibleFraction: 0).visibleFraction, 0)
        XCTAssertGreaterThan(ImpressionThresholds(visibleFraction: -1).visibleFraction, 0)
        XCTAssertEqual(ImpressionThresholds(visibleFraction: .nan).visibleFraction, 0.5)
        XCTAssertEqual(ImpressionThresholds(duration: .seconds(-1)).duration, .zero)
        XCTAssertEqual(ImpressionThresholds(duration: .seconds(86_400)).duration, ImpressionThresholds.maximumDuration)
        var thresholds = ImpressionThresholds()
        thresholds.visibleFraction = 7
        thresholds.duration = .seconds(-3)
        XCTAssertEqual(thresholds, ImpressionThresholds(visibleFraction: 1, duration: .zero))
    }

    func testLoggingOverridesEachValueItGivesValidly() {
        let view = ImpressionThresholds(visibleFraction: 0.3, duration: .milliseconds(200))
        XCTAssertEqual(view.overridden(byLogging: nil), view)
        XCTAssertEqual(view.overridden(byLogging: ["item": "x"]), view)
        XCTAssertEqual(view.overridden(byLogging: ["impression": ["visiblePercentage": 75]]),
                       ImpressionThresholds(visibleFraction: 0.75, duration: .milliseconds(200)))
        XCTAssertEqual(view.overridden(byLogging: ["impression": ["durationMilliseconds": 1500]]),
                       ImpressionThresholds(visibleFraction: 0.3, duration: .milliseconds(1500)))
        XCTAssertEqual(view.overridden(byLogging: ["impression": ["visiblePercentage": 100, "durationMilliseconds": 0]]),
                       ImpressionThresholds(visibleFraction: 1, duration: .zero))
        XCTAssertEqual(view.overridden(byLogging: ["impression": ["durationMilliseconds": 2.5]]).duration,
                       .microseconds(2500))
    }

    func testInvalidLoggingValuesAreIgnoredInFavourOfTheViews() {
        let view = ImpressionThresholds(visibleFraction: 0.3, duration: .milliseconds(200))
        let invalid: [JSONObject] = [
            ["impression": "fast"],
            ["impression": ["visiblePercentage": 0]],
            ["impression": ["visiblePercentage": -20]],
            ["impression": ["visiblePercentage": 101]],
            ["impression": ["visiblePercentage": "50"]],
            ["impression": ["visiblePercentage": nil]],
            ["impression": ["durationMilliseconds": -1]],
            ["impression": ["durationMilliseconds": 3_600_001]],
            ["impression": ["durationMilliseconds": true]],
            ["impression": ["duration": 100, "visible": 10]],
        ]
        for logging in invalid {
            XCTAssertEqual(view.overridden(byLogging: logging), view, "\(logging)")
        }
        XCTAssertEqual(view.overridden(byLogging: ["impression": ["visiblePercentage": 101, "durationMilliseconds": 50]]),
                       ImpressionThresholds(visibleFraction: 0.3, duration: .milliseconds(50)),
                       "the valid one of two values applies")
    }
}
