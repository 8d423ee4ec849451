import CGtk
import Foundation
import HubFramework
import HubGTK
import HubGTKTestSupport
import XCTest
@testable import HubViewer

/// One viewer application for the whole test process: a registered GApplication stays exported
/// on the session bus, so tests share it and start each from an empty navigation stack.
@MainActor
enum SharedViewer {
    private static var app: ViewerApplication?

    static func fresh() -> ViewerApplication {
        if let app {
            app.navigator.tearDown()
            app.activate()
            return app
        }
        // A manual connectivity resolver keeps tests independent of the machine's network.
        let app = ViewerApplication(unique: false, hub: ViewerHub.make(connectivity: ManualConnectivityStateResolver()),
                                    applicationID: nil)
        var error: UnsafeMutablePointer<GError>? = nil
        let registered = g_application_register(hub_g_application(app.application.gtkApplication), nil, &error)
        XCTAssertNotEqual(registered, 0, error.map { String(cString: $0.pointee.message) } ?? "no error")
        app.activate()
        self.app = app
        return app
    }
}
