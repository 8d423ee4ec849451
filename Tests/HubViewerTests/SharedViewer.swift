import Foundation
import HubApp
import HubGTKTestSupport
import HubViewer
import XCTest

/// One viewer application for the whole test process: a registered GApplication stays exported
/// on the session bus, so tests share it and start each from an empty navigation stack.
@MainActor
enum SharedViewer {
    private static var app: HubApplication?

    static func fresh() -> HubApplication {
        if let app {
            app.navigator.tearDown()
            app.activate()
            return app
        }
        let app = make()
        XCTAssertNoThrow(try app.application.register())
        app.startup()
        app.activate()
        self.app = app
        return app
    }

    /// The shell as `Sources/hub-viewer/main.swift` builds it, but on the test process's shared
    /// application (GTK registers one application per process) and with a manual connectivity
    /// resolver, which keeps tests independent of the machine's network.
    private static func make() -> HubApplication {
        let hub = HubApplication.makeHub(resourcesDirectory: ResourceLocator.resourcesDirectory,
                                         connectivityStateResolver: ManualConnectivityStateResolver())
        let app = HubApplication(application: SharedApplication.application, title: Viewer.title,
                                 startURI: Viewer.startURI, version: Viewer.version, hub: hub)
        app.commandName = "hub-viewer"
        app.showsAddressBar = true
        app.isLiveEditingEnabled = true
        app.isShowcaseEnabled = true
        app.isFileOpeningEnabled = true
        app.onStartup = { ViewerStyle.load() }
        // GTK's settings are the process's: the viewer of the whole test process does not follow
        // the system's style, so that it does not answer the fake settings portals of the style
        // tests that run after it (HighContrastTests turns it on for its own run).
        app.followsSystemStyle = false
        DemoFeatures.register(in: app.hub)
        return app
    }
}
