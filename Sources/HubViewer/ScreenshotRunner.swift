import CGtk
import Foundation
import HubFramework
import HubGTK

/// `hub-viewer --screenshot FILE.png --size WxH URI`: opens the URI in a window of that size,
/// waits until the view has loaded (and images had a moment to arrive), writes the window as a
/// PNG and exits. Exits non-zero when the URI cannot be shown or the file cannot be written.
/// For one component of the showcase (`showcase:NAMESPACE:NAME`) the picture is cropped to the
/// component.
@MainActor
public enum ScreenshotRunner {
    public static func run(options: ViewerOptions) -> Int32 {
        guard let path = options.screenshotPath else { return 2 }
        guard GtkRuntime.initialize() else {
            FileHandle.standardError.write(Data("hub-viewer: cannot open a display for --screenshot\n".utf8))
            return 1
        }
        let app = ViewerApplication(unique: false)
        var error: UnsafeMutablePointer<GError>? = nil
        guard g_application_register(hub_g_application(app.application), nil, &error) != 0 else {
            FileHandle.standardError.write(Data("hub-viewer: cannot register the application\n".utf8))
            return 1
        }
        ViewerStyle.load()
        let window = app.activate()
        gtk_window_resize(hub_window(window.window), Int32(options.width), Int32(options.height))
        let uri = options.uris.first ?? DemoFeatures.rootURI.absoluteString
        let opened = app.navigator.open(uri)
        guard let page = app.navigator.currentPage else { return 1 }
        let loaded = GtkRuntime.iterate(until: { !page.viewController.isLoading && page.viewController.viewModel != nil },
                                        timeout: 20)
        // Let layout, drawing and local images settle.
        let settle = Date().addingTimeInterval(0.8)
        GtkRuntime.iterate(until: { Date() >= settle }, timeout: 2)
        guard opened, loaded, !page.isErrorPage else {
            FileHandle.standardError.write(Data("hub-viewer: \(uri) did not load\n".utf8))
            return 1
        }
        if let failure = page.viewController.visibleStateDescription, failure != "loading" {
            FileHandle.standardError.write(Data("hub-viewer: \(uri) failed: \(failure)\n".utf8))
            return 1
        }
        var crop: (x: Int32, y: Int32, width: Int32, height: Int32)?
        if ShowcaseFeature.componentIdentifier(in: page.viewController.viewURI) != nil,
            let cell = page.viewController.cellWidget(atBodyIndex: 0) ?? page.viewController.headerCellWidget
        {
            var x: Int32 = 0
            var y: Int32 = 0
            if gtk_widget_translate_coordinates(cell, window.window, 0, 0, &x, &y) != 0 {
                crop = (x, y, gtk_widget_get_allocated_width(cell), gtk_widget_get_allocated_height(cell))
            }
        }
        guard Gtk.writePNG(of: window.window, to: path, crop: crop) else {
            FileHandle.standardError.write(Data("hub-viewer: cannot write \(path)\n".utf8))
            return 1
        }
        gtk_widget_destroy(window.window)
        return 0
    }
}

