import Foundation
import HubFramework
import HubGTK

/// `APP --screenshot FILE.png --size WxH URI`: opens the URI (the start URI when there is none) in a
/// window of that size, waits until the view has loaded (and images had a moment to arrive), writes
/// the window as a PNG and exits. Exits non-zero when the URI cannot be shown or the file cannot be
/// written. For one component of the showcase (`showcase:NAMESPACE:NAME`) the picture is cropped to
/// the component.
@MainActor
enum ScreenshotRunner {
    /// Takes the screenshot `options` ask for with `app`; returns the exit status (0 when the PNG was
    /// written).
    static func run(_ app: HubApplication, options: HubCommandLine.Options) -> Int32 {
        guard let path = options.screenshotPath else { return HubCommandLine.usageErrorStatus }
        // A picture is not a session: it neither opens at the user's remembered window nor leaves
        // its --size behind as the size the app opens at next time.
        app.settingsSchemaID = nil
        let fail = { (message: String) -> Int32 in
            // The command's own answer when it cannot do its job (what went wrong is the result the
            // user asked for, so it is printed, not logged): `APP: MESSAGE` and exit status 1.
            StandardStreamWriter.standardError.write("\(app.commandName): \(message)\n")
            return 1
        }
        guard GtkRuntime.initialize() else {
            return fail(localized("cannot open a display for --screenshot"))
        }
        // A process of its own, even while the app runs elsewhere: it never forwards to it, and it
        // starts up (styles, the shell's features) as the primary instance would.
        app.application.isUnique = false
        do {
            try app.application.register()
        } catch {
            return fail(localized("cannot register the application: %s", String(describing: error)))
        }
        // The picture is drawn in the person's style: wait for the settings portal's answer (it
        // comes on the main loop; the portal's own timeout bounds the wait).
        GtkRuntime.iterate(until: { app.systemStyle.hasSettled || !app.systemStyle.isFollowing }, timeout: 6)
        let window = app.activate()
        // GApplication runs its main loop after this handler as long as a window is open: every
        // way out closes it.
        defer { app.close() }
        window.window.resize(width: options.width, height: options.height)
        // A path names a file, relative to the working directory, as it does without --screenshot.
        let uri = options.uris.first.map {
            ApplicationCommandLine.isURI($0) ? $0 : ApplicationCommandLine.url(forArgument: $0)?.absoluteString ?? $0
        }
            ?? app.startURI.absoluteString
        let opened = app.navigator.open(uri)
        guard let page = app.navigator.currentPage else { return 1 }
        let loaded = GtkRuntime.iterate(until: { !page.viewController.isLoading && page.viewController.viewModel != nil },
                                        timeout: 20)
        // Let layout, drawing and local images settle.
        let settle = Date().addingTimeInterval(0.8)
        GtkRuntime.iterate(until: { Date() >= settle }, timeout: 2)
        guard opened, loaded, !page.isErrorPage else {
            return fail(localized("%s did not load", uri))
        }
        if let failure = page.viewController.visibleStateDescription, failure != "loading" {
            // Translators: %1$s is the view's URI, %2$s what went wrong.
            return fail(localized("%1$s failed: %2$s", uri, failure))
        }
        var crop: Rect?
        if app.isShowcaseEnabled, ShowcaseFeature.componentIdentifier(in: page.viewController.viewURI) != nil,
            let component = page.viewController.visibleView(forComponentOfType: .body, indexPath: [0])
                ?? page.viewController.visibleView(forComponentOfType: .header, indexPath: [0]),
            let origin = component.convert(.zero, to: window.window)
        {
            crop = Rect(origin: origin, size: component.allocatedSize)
        }
        do {
            try window.window.writePNG(to: URL(fileURLWithPath: path), crop: crop)
        } catch {
            return fail("\(error)")
        }
        return 0
    }
}
