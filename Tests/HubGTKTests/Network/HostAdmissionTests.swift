import XCTest
@testable import GtkKit

/// The image client's per-host admission: a few transfers per host at once, the rest first come
/// first served, a transfer that leaves (ended, or left unanswered) lets the next one start, and a
/// cancelled waiting transfer gives up its place. Hosts do not share places.
final class HostAdmissionTests: XCTestCase {
    private final class Probe {}

    func testTransfersPastTheLimitWaitTheirTurnInOrder() {
        let admission = HostAdmission(limit: 2)
        var started: [Int] = []
        let probes = (0..<5).map { _ in Probe() }  // alive, so that their identifiers stay distinct
        let ids = probes.map(ObjectIdentifier.init)
        XCTAssertTrue(admission.enter("http://a:80", id: ids[0]) { started.append(0) })
        XCTAssertTrue(admission.enter("http://a:80", id: ids[1]) { started.append(1) })
        XCTAssertFalse(admission.enter("http://a:80", id: ids[2]) { started.append(2) })
        XCTAssertFalse(admission.enter("http://a:80", id: ids[3]) { started.append(3) })
        XCTAssertTrue(admission.enter("http://b:80", id: ids[4]) { started.append(4) }, "another host has its own places")
        XCTAssertTrue(admission.load(of: "http://a:80") == (2, 2))

        admission.leave("http://a:80")
        XCTAssertEqual(started, [2], "the first one waiting starts")
        admission.withdraw("http://a:80", id: ids[3])
        admission.leave("http://a:80")
        XCTAssertEqual(started, [2], "a withdrawn transfer never starts")
        XCTAssertTrue(admission.load(of: "http://a:80") == (1, 0))
        admission.leave("http://a:80")
        XCTAssertTrue(admission.load(of: "http://a:80") == (0, 0))
        withExtendedLifetime(probes) {}
    }

    /// A newcomer does not overtake the transfers already waiting, even when a place is free for
    /// the moment between a leave and the next start.
    func testANewcomerQueuesBehindThoseWaiting() {
        let admission = HostAdmission(limit: 1)
        var started: [String] = []
        XCTAssertTrue(admission.enter("h", id: ObjectIdentifier(Probe())) { started.append("first") })
        XCTAssertFalse(admission.enter("h", id: ObjectIdentifier(Probe())) { started.append("second") })
        admission.leave("h")
        XCTAssertFalse(admission.enter("h", id: ObjectIdentifier(Probe())) { started.append("third") })
        XCTAssertEqual(started, ["second"])
    }
}
