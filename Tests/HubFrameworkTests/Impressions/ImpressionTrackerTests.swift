import Foundation
import XCTest
@testable import HubFramework

/// Every rule of `ImpressionTracker` on a manual clock (milliseconds from a fixed start), with the
/// default thresholds (50 % for 800 ms) unless a test says otherwise.
final class ImpressionTrackerTests: XCTestCase {
    // MARK: Fraction and duration

    func testAComponentVisibleForTheDurationIsReportedOnceAtItsDeadline() {
        let script = ImpressionScript()
        let rows = impressionViewModel(body: ["a", "b"]).bodyComponentModels
        XCTAssertEqual(script.update(rows, at: 0), [])
        XCTAssertEqual(script.nextDeadline, 800)
        XCTAssertEqual(script.advance(to: 799), [], "not before the duration")
        XCTAssertEqual(script.advance(to: 800), ["body[0] a", "body[1] b"])
        XCTAssertNil(script.nextDeadline, "nothing left to wait for")
        // Staying visible, and any number of updates that change nothing, report nothing more.
        XCTAssertEqual(script.update(rows, at: 900), [])
        XCTAssertEqual(script.advance(to: 5000), [])
        XCTAssertEqual(script.update(rows, at: 10_000), [])
        XCTAssertEqual(script.reported, ["body[0] a", "body[1] b"])
        let first = script.impressions[0]
        XCTAssertEqual(first.appearanceStart, script.at(0))
        XCTAssertEqual(first.visibleDuration, .milliseconds(800))
        XCTAssertEqual(first.visibleFraction, 1)
        XCTAssertEqual(first.loggingData, ["item": "a"])
        XCTAssertEqual(first.thresholds, .default)
    }

    func testLessThanTheFractionNeverBeginsAnAppearanceAndExactlyTheFractionDoes() {
        let script = ImpressionScript()
        let rows = impressionViewModel(body: ["under", "exact"]).bodyComponentModels
        script.update(rows, fractions: [0.49, 0.5], at: 0)
        XCTAssertEqual(script.advance(to: 10_000), ["body[1] exact"])
        XCTAssertEqual(script.tracker.appearanceCount, 1, "the row under the fraction has no appearance")
    }

    func testFallingBelowTheFractionEndsTheAppearanceAndTheNextOneStartsAfresh() {
        let script = ImpressionScript()
        let row = impressionViewModel(body: ["a"]).bodyComponentModels
        script.update(row, fractions: [1], at: 0)
        script.update(row, fractions: [0.3], at: 500)
        XCTAssertNil(script.nextDeadline, "the appearance ended")
        script.update(row, fractions: [0.8], at: 600)
        XCTAssertEqual(script.nextDeadline, 1400, "a new appearance: a whole duration from its start")
        XCTAssertEqual(script.advance(to: 1399), [])
        XCTAssertEqual(script.advance(to: 1400), ["body[0] a"])
        XCTAssertEqual(script.impressions.first?.appearanceStart, script.at(600))
        XCTAssertEqual(script.impressions.first?.visibleFraction, 0.8)
    }

    func testAVisibleFractionThatChangesButStaysAboveTheThresholdContinuesTheAppearance() {
        let script = ImpressionScript()
        let row = impressionViewModel(body: ["a"]).bodyComponentModels
        script.update(row, fractions: [0.6], at: 0)
        script.update(row, fractions: [1], at: 300)
        script.update(row, fractions: [0.55], at: 600)
        XCTAssertEqual(script.advance(to: 800), ["body[0] a"])
        XCTAssertEqual(script.impressions.first?.visibleFraction, 0.55, "the fraction when it was reported")
    }

    func testAnUpdateAfterTheDeadlineReportsTheAppearanceEvenWhenItEndsIt() {
        // The timer was late (a busy main loop): the row was visible until this update, for 900 ms.
        let script = ImpressionScript()
        let row = impressionViewModel(body: ["a"]).bodyComponentModels
        script.update(row, at: 0)
        XCTAssertEqual(script.update([], at: 900), ["body[0] a"])
        XCTAssertEqual(script.impressions.first?.visibleDuration, .milliseconds(900))
        XCTAssertEqual(script.update(row, at: 1000), [], "a new appearance, not yet due")
        XCTAssertEqual(script.advance(to: 1800), ["body[0] a"])
    }

    // MARK: Appearances

    func testScrollingAwayAndBackIsANewAppearanceReportedAgain() {
        let script = ImpressionScript()
        let rows = impressionViewModel(body: (0..<10).map { "r\($0)" }).bodyComponentModels
        script.update(Array(rows[0..<4]), at: 0)
        script.advance(to: 800)
        script.update(Array(rows[6..<10]), at: 1000)  // scrolled down: rows 0–3 left
        script.advance(to: 1800)
        script.update(Array(rows[0..<4]), at: 2000)  // and back up
        script.advance(to: 2800)
        XCTAssertEqual(script.reported, [
            "body[0] r0", "body[1] r1", "body[2] r2", "body[3] r3",
            "body[6] r6", "body[7] r7", "body[8] r8", "body[9] r9",
            "body[0] r0", "body[1] r1", "body[2] r2", "body[3] r3",
        ])
    }

    func testFastScrollingThroughReportsOnlyWhereItStops() {
        // 100 rows, four visible at a time, scrolled a row every 50 ms (each row is visible for
        // 200 ms): none is reported until the scrolling stops, then the four it stopped on are.
        let script = ImpressionScript()
        let rows = impressionViewModel(body: (0..<100).map { "r\($0)" }).bodyComponentModels
        var time = 0.0
        for top in 0...96 {
            XCTAssertEqual(script.update(Array(rows[top..<top + 4]), at: time), [], "at row \(top)")
            if let deadline = script.nextDeadline { XCTAssertEqual(script.advance(to: min(deadline, time + 49)), []) }
            time += 50
        }
        XCTAssertEqual(script.reported, [])
        script.advance(to: time + 800)
        XCTAssertEqual(script.reported, ["body[96] r96", "body[97] r97", "body[98] r98", "body[99] r99"])
    }

    func testAReloadThatKeepsTheIdentityContinuesTheAppearance() {
        let script = ImpressionScript()
        let before = impressionViewModel(body: ["a", "b", "c"])
        script.update(before.bodyComponentModels, at: 0)
        // New model objects for the same rows, in another order and with a new title: no new appearance.
        let after = impressionViewModel(body: ["new", "c", "b", "a"])
        script.update(after.bodyComponentModels, at: 500)
        XCTAssertEqual(script.advance(to: 800), ["body[1] c", "body[2] b", "body[3] a"])
        XCTAssertTrue(script.impressions[0].model === after.bodyComponentModels[1], "the latest model is reported")
        XCTAssertEqual(script.advance(to: 1300), ["body[0] new"])
        script.update(impressionViewModel(body: ["new", "c", "b", "a"]).bodyComponentModels, at: 2000)
        XCTAssertEqual(script.advance(to: 10_000), [], "each appearance exactly once")
    }

    func testAChangeOfIdentifierOrLoggingIsAnotherComponent() {
        let script = ImpressionScript()
        script.update(impressionViewModel(body: ["a", "b"]).bodyComponentModels, at: 0)
        script.advance(to: 800)
        // Same place, same widget in a view: `a` got another identifier, `b` other logging data.
        let changed = impressionViewModel(body: ["a2", "b"], logging: ["b": ["item": "b", "campaign": 7]])
        XCTAssertEqual(script.update(changed.bodyComponentModels, at: 1000), [])
        XCTAssertEqual(script.advance(to: 1800), ["body[0] a2", "body[1] b"])
        XCTAssertEqual(script.impressions.last?.loggingData, ["item": "b", "campaign": 7])
    }

    func testTheSameIdentifierAsHeaderBodyOrOverlayIsThreeComponents() {
        let script = ImpressionScript()
        let model = impressionViewModel(body: ["header", "overlay"], header: true, overlays: ["overlay"])
        let all = [model.headerComponentModel!] + model.bodyComponentModels + model.overlayComponentModels
        script.update(all, at: 0)
        XCTAssertEqual(script.advance(to: 800), ["header[0] header", "body[0] header", "body[1] overlay",
                                                 "overlay[0] overlay"],
                       "due together: header, body, overlays, each by index path")
    }

    func testChildrenAreIdentifiedThroughTheirParents() {
        let script = ImpressionScript()
        let model = impressionViewModel(body: ["p", "q"], children: ["p": ["x"], "q": ["x"]])
        let children = model.bodyComponentModels.flatMap(\.children)
        script.update(children, at: 0)
        XCTAssertEqual(script.advance(to: 800), ["body[0, 0] x", "body[1, 0] x"], "two children named x")
        XCTAssertEqual(ImpressionKey(model: children[0]).identifiers, ["p", "x"])
    }

    func testARepeatedIdentityCountsOnce() {
        let script = ImpressionScript()
        let row = impressionViewModel(body: ["a"]).bodyComponentModels[0]
        script.update([row, row], fractions: [0.2, 0.9], at: 0)
        XCTAssertEqual(script.advance(to: 800), ["body[0] a"])
        XCTAssertEqual(script.impressions.first?.visibleFraction, 0.9)
    }

    // MARK: Thresholds

    func testTheViewsThresholdsApply() {
        let script = ImpressionScript()
        script.viewThresholds = ImpressionThresholds(visibleFraction: 0.25, duration: .milliseconds(100))
        let rows = impressionViewModel(body: ["a", "b"]).bodyComponentModels
        script.update(rows, fractions: [0.3, 0.2], at: 0)
        XCTAssertEqual(script.nextDeadline, 100)
        XCTAssertEqual(script.advance(to: 100), ["body[0] a"])
        XCTAssertEqual(script.impressions.first?.thresholds, script.viewThresholds)
    }

    func testAComponentsLoggingOverridesTheViewsThresholds() {
        let script = ImpressionScript()
        let model = impressionViewModel(body: ["strict", "quick", "half", "plain"], logging: [
            "strict": ["impression": ["visiblePercentage": 100, "durationMilliseconds": 2000]],
            "quick": ["impression": ["durationMilliseconds": 0]],
            "half": ["impression": ["visiblePercentage": 90]],
        ])
        let rows = model.bodyComponentModels
        XCTAssertEqual(script.update(rows, fractions: [1, 0.6, 0.95, 1], at: 0), ["body[1] quick"],
                       "a duration of 0 is reported at once")
        XCTAssertEqual(script.advance(to: 800), ["body[2] half", "body[3] plain"])
        XCTAssertEqual(script.advance(to: 1999), [])
        XCTAssertEqual(script.advance(to: 2000), ["body[0] strict"])
        // Less than its own 100 % ends the strict row's appearance, though 50 % would do for the view.
        script.update(rows, fractions: [0.99, 0.6, 0.95, 1], at: 3000)
        script.update(rows, fractions: [1, 0.6, 0.95, 1], at: 3100)
        XCTAssertEqual(script.advance(to: 5100), ["body[0] strict"])
    }

    // MARK: A view that is not shown

    func testNothingIsReportedWhileTheViewIsNotShownAndPendingAppearancesStartAgain() {
        let script = ImpressionScript()
        let rows = impressionViewModel(body: ["a", "b"]).bodyComponentModels
        script.update(rows, at: 0)
        XCTAssertEqual(script.update(rows, shown: false, at: 500), [], "hidden before the deadline")
        XCTAssertNil(script.nextDeadline, "no timer while hidden")
        XCTAssertEqual(script.advance(to: 5000), [])
        XCTAssertEqual(script.update(rows, shown: false, at: 6000), [], "updates while hidden change nothing")
        XCTAssertEqual(script.update(rows, at: 7000), [], "shown again: a whole duration from now")
        XCTAssertEqual(script.advance(to: 7799), [])
        XCTAssertEqual(script.advance(to: 7800), ["body[0] a", "body[1] b"])
    }

    func testAReportedComponentIsNotReportedAgainAfterTheViewWasHiddenUnlessItLeft() {
        let script = ImpressionScript()
        let rows = impressionViewModel(body: ["a", "b", "c"]).bodyComponentModels
        script.update(Array(rows[0..<2]), at: 0)
        script.advance(to: 800)
        script.update(Array(rows[0..<2]), shown: false, at: 1000)  // minimized
        // Shown again with the view scrolled by one row meanwhile: `b` stayed, `a` left, `c` came.
        XCTAssertEqual(script.update(Array(rows[1..<3]), at: 2000), [])
        XCTAssertEqual(script.advance(to: 2800), ["body[2] c"])
        script.update(Array(rows[0..<2]), at: 3000)
        XCTAssertEqual(script.advance(to: 3800), ["body[0] a"], "a came back: a new appearance")
        XCTAssertEqual(script.reported, ["body[0] a", "body[1] b", "body[2] c", "body[0] a"])
    }

    func testAnUpdateThatHidesTheViewAfterTheDeadlineStillReports() {
        let script = ImpressionScript()
        let row = impressionViewModel(body: ["a"]).bodyComponentModels
        script.update(row, at: 0)
        XCTAssertEqual(script.update(row, shown: false, at: 1000), ["body[0] a"],
                       "it had been visible for 1 s before the window went away")
    }

    func testResetEndsEveryAppearance() {
        let script = ImpressionScript()
        let row = impressionViewModel(body: ["a"]).bodyComponentModels
        script.update(row, at: 0)
        script.advance(to: 800)
        script.tracker.reset()
        XCTAssertEqual(script.tracker.appearanceCount, 0)
        script.update(row, at: 1000)
        XCTAssertEqual(script.advance(to: 1800), ["body[0] a"])
    }

    // MARK: Geometry

    func testTheVisibleFractionIsTheShareOfTheFrameInsideTheVisibleArea() {
        let viewport = Rect(x: 0, y: 100, width: 400, height: 300)
        func fraction(_ frame: Rect) -> Double { ImpressionCandidate.visibleFraction(of: frame, in: viewport) }
        XCTAssertEqual(fraction(Rect(x: 0, y: 150, width: 400, height: 50)), 1)
        XCTAssertEqual(fraction(Rect(x: 0, y: 75, width: 400, height: 50)), 0.5, "half above the top")
        XCTAssertEqual(fraction(Rect(x: 0, y: 390, width: 400, height: 40)), 0.25, "a quarter above the bottom")
        XCTAssertEqual(fraction(Rect(x: 300, y: 200, width: 200, height: 100)), 0.5, "half beyond the right edge")
        XCTAssertEqual(fraction(Rect(x: 0, y: 0, width: 400, height: 100)), 0, "touching is not visible")
        XCTAssertEqual(fraction(Rect(x: 0, y: 200, width: 400, height: 0)), 0, "an empty frame is never seen")
        XCTAssertEqual(fraction(Rect(x: 0, y: 0, width: 400, height: 1000)), 0.3, "taller than the viewport")
    }
}
