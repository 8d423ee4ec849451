import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import HubGTK

/// Proves that GTK's main loop runs work sent to libdispatch's main queue once the bridge is installed.
/// Each test runs `gtk_main()` and only the bridged work can quit it; a watchdog quits after 5 s and fails.
final class MainLoopBridgeTests: GtkTestCase, @unchecked Sendable {
    @MainActor
    private func runGtkMain(watchdogSeconds: UInt32 = 5) -> Bool {
        var timedOut = false
        let watchdog = GSource.timeout(milliseconds: watchdogSeconds * 1000) {
            timedOut = true
            gtk_main_quit()
            return false
        }
        gtk_main()
        if !timedOut { GSource.cancel(watchdog) }
        return !timedOut
    }

    func testBridgeIsInstalled() {
        onMain {
            XCTAssertTrue(GtkRuntime.isMainQueueBridgeInstalled)
        }
    }

    func testMainQueueBlockRunsUnderGtkMain() {
        onMain {
            var ran = false
            DispatchQueue.main.async {
                ran = true
                gtk_main_quit()
            }
            XCTAssertTrue(runGtkMain(), "DispatchQueue.main block never ran under gtk_main")
            XCTAssertTrue(ran)
        }
    }

    func testBlockFromBackgroundThreadRunsOnMainThread() {
        onMain {
            nonisolated(unsafe) var ranOnMain = false
            DispatchQueue.global().async {
                DispatchQueue.main.async {
                    ranOnMain = Thread.isMainThread
                    gtk_main_quit()
                }
            }
            XCTAssertTrue(runGtkMain())
            XCTAssertTrue(ranOnMain)
        }
    }

    func testMainActorTaskRunsUnderGtkMain() {
        onMain {
            var value = 0
            Task { @MainActor in
                try? await Task.sleep(nanoseconds: 10_000_000)
                value = 42
                gtk_main_quit()
            }
            XCTAssertTrue(runGtkMain(), "@MainActor task never resumed under gtk_main")
            XCTAssertEqual(value, 42)
        }
    }

    func testCoreMainThreadHelperDeliversFromBackground() {
        onMain {
            nonisolated(unsafe) var delivered = false
            DispatchQueue.global().async {
                MainThread.perform {
                    delivered = Thread.isMainThread
                    gtk_main_quit()
                }
            }
            XCTAssertTrue(runGtkMain())
            XCTAssertTrue(delivered)
        }
    }

    func testManyBlocksAllRunInOrder() {
        onMain {
            var seen: [Int] = []
            for i in 0..<500 {
                DispatchQueue.main.async {
                    seen.append(i)
                    if i == 499 { gtk_main_quit() }
                }
            }
            XCTAssertTrue(runGtkMain())
            XCTAssertEqual(seen, Array(0..<500))
        }
    }
}
