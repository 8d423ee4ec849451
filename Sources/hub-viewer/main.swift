import Foundation
import HubViewer

// The thin executable: everything lives in the HubViewer library so tests can drive it.
let options: ViewerOptions
do {
    options = try ViewerOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("hub-viewer: \(error)\n\n\(ViewerOptions.usage)\n".utf8))
    exit(2)
}
if options.showHelp {
    print(ViewerOptions.usage)
    exit(0)
}
let status = MainActor.assumeIsolated { () -> Int32 in
    if options.screenshotPath != nil { return ScreenshotRunner.run(options: options) }
    let app = ViewerApplication()
    app.liveSetting = options.liveEnabled ? .port(options.livePort) : .disabled
    return app.run(arguments: [CommandLine.arguments[0]] + options.uris)
}
exit(status)
