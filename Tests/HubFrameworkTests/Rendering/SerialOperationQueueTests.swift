import Foundation
import XCTest
@testable import HubFramework

/// Main-thread state shared between a test and the operations it queues.
@MainActor
private final class Log {
    var entries: [String] = []
    var completion: OperationCompletion?
}

/// HUBOperationQueueTests (§5, items 189–190) and the queue's threading rules.
///
/// XCTest runs test methods on the main thread; `MainActor.assumeIsolated` states that (test methods
/// themselves cannot be `@MainActor` with swift-corelibs-xctest's test discovery).
final class SerialOperationQueueTests: XCTestCase {
    // 189
    func testSynchronousOperationOnIdleQueueRunsImmediately() {
        MainActor.assumeIsolated {
            let queue = SerialOperationQueue()
            let log = Log()
            queue.add(.synchronous { log.entries.append("sync") })
            XCTAssertEqual(log.entries, ["sync"])
            XCTAssertTrue(queue.isIdle)
        }
    }

    // 190, added together
    func testSynchronousOperationWaitsForAsynchronousOneAddedBefore() {
        MainActor.assumeIsolated {
            let queue = SerialOperationQueue()
            let log = Log()
            queue.add([
                .asynchronous { completion in
                    log.entries.append("async started")
                    log.completion = completion
                },
                .synchronous { log.entries.append("sync") },
            ])
            XCTAssertEqual(log.entries, ["async started"])
            XCTAssertEqual(queue.operationCount, 2)
            log.completion?()
            XCTAssertEqual(log.entries, ["async started", "sync"], "completion on the main thread continues synchronously")
            XCTAssertTrue(queue.isIdle)
        }
    }

    // 190, the synchronous operation added while the asynchronous one runs
    func testSynchronousOperationAddedWhileAsynchronousOneRunsWaits() {
        MainActor.assumeIsolated {
            let queue = SerialOperationQueue()
            let log = Log()
            queue.add(.asynchronous { completion in log.completion = completion })
            queue.add(.synchronous { log.entries.append("sync") })
            XCTAssertEqual(log.entries, [])
            log.completion?()
            XCTAssertEqual(log.entries, ["sync"])
        }
    }

    func testCompletionFromBackgroundThreadHopsToMainThread() {
        let next = expectation(description: "next operation ran")
        let (queue, log) = MainActor.assumeIsolated { () -> (SerialOperationQueue, Log) in
            let queue = SerialOperationQueue()
            let log = Log()
            queue.add(.asynchronous { completion in
                DispatchQueue.global().async { completion() }
            })
            queue.add(.synchronous {
                log.entries.append(Thread.isMainThread ? "main" : "background")
                next.fulfill()
            })
            XCTAssertEqual(log.entries, [])
            return (queue, log)
        }
        wait(for: [next], timeout: 5)
        MainActor.assumeIsolated {
            XCTAssertEqual(log.entries, ["main"])
            XCTAssertTrue(queue.isIdle)
        }
    }

    func testRepeatedCompletionIsIgnored() {
        MainActor.assumeIsolated {
            let queue = SerialOperationQueue()
            let log = Log()
            var first: OperationCompletion?
            queue.add(.asynchronous { completion in first = completion })
            queue.add(.asynchronous { completion in
                log.entries.append("second started")
                log.completion = completion
            })
            queue.add(.synchronous { log.entries.append("third") })
            first?()
            first?()  // must not finish the second operation
            XCTAssertEqual(log.entries, ["second started"])
            log.completion?()
            XCTAssertEqual(log.entries, ["second started", "third"])
        }
    }

    func testOperationsAddedByAnOperationRunAfterIt() {
        MainActor.assumeIsolated {
            let queue = SerialOperationQueue()
            let log = Log()
            queue.add(.synchronous {
                log.entries.append("outer begins")
                queue.add(.synchronous { log.entries.append("inner") })
                log.entries.append("outer ends")
            })
            XCTAssertEqual(log.entries, ["outer begins", "outer ends", "inner"])
        }
    }

    func testManySynchronousOperationsRunInOrderWithoutDeepRecursion() {
        MainActor.assumeIsolated {
            let queue = SerialOperationQueue()
            let log = Log()
            queue.add(.asynchronous { completion in log.completion = completion })
            var counter = 0
            let count = 50_000
            for index in 0..<count {
                queue.add(.synchronous {
                    XCTAssertEqual(counter, index)
                    counter += 1
                })
            }
            XCTAssertEqual(queue.operationCount, count + 1)
            log.completion?()
            XCTAssertEqual(counter, count)
            XCTAssertTrue(queue.isIdle)
        }
    }

    func testCompletionAfterQueueIsGoneDoesNothing() {
        MainActor.assumeIsolated {
            let log = Log()
            var queue: SerialOperationQueue? = SerialOperationQueue()
            queue?.add(.asynchronous { completion in log.completion = completion })
            weak let weakQueue = queue
            queue = nil
            XCTAssertNil(weakQueue)
            log.completion?()
        }
    }
}
