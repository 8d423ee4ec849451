import Foundation
import HubFramework
import HubGTK

// The command line is read inside GApplication's own handling, so that a second launch still reaches
// the running app: the launched process reads it first and answers `--help`, `--version` and bad
// arguments, or runs `--screenshot`, without registering; otherwise GApplication registers and hands
// the arguments to the primary instance — this process or the running app — which opens the URIs.
extension HubApplication {
    /// The app's command line: its name, version and options (the live-editing ones with
    /// ``isLiveEditingEnabled``).
    public var commandLine: HubCommandLine {
        HubCommandLine(commandName: commandName, title: title, version: version, startURI: startURI,
                       acceptsLiveEditingOptions: isLiveEditingEnabled, acceptsManifestOption: isManifestOptionEnabled)
    }

    /// In the launched process, before it registers: answers what needs no running app, and notes the
    /// live-editing setting in case this process becomes the primary instance.
    func handleLocally(_ arguments: [String]) -> Int32? {
        switch commandLine.launch(arguments: Array(arguments.dropFirst())) {
        case .exit(let status, let message):
            let stream = status == 0 ? StandardStreamWriter.standardOutput : StandardStreamWriter.standardError
            stream.write(message + "\n")
            return status
        case .run(let options):
            if let path = options.manifestPath {
                if let status = loadManifestFromCommandLine(path) { return status }
                // A backend app is an app of its own: it never hands its launch to a running
                // instance of this one, which shows other features.
                application.isUnique = false
            }
            // Only the process that becomes the primary instance shows views, and so prints their
            // impressions: a launch handed to a running instance is told so by `handle(_:)`.
            if options.logsImpressions || appSettings.logsImpressions { logsImpressions = true }
            // A screenshot is a process of its own: it never goes to a running instance.
            if options.screenshotPath != nil { return ScreenshotRunner.run(self, options: options) }
            if isLiveEditingEnabled {
                // The command line wins; the settings (with settingsSchemaID) say what it does not.
                liveSetting = options.mentionsLiveService
                    ? (options.liveEnabled ? .port(options.livePort) : .disabled)
                    : appSettings.liveSetting ?? .port(options.livePort)
            }
            return nil
        }
    }

    /// In the primary instance, for its own launch and every launch forwarded to it: opens the URIs
    /// (or shows the window). What it prints goes to the launched process's terminal.
    func handle(_ launch: ApplicationCommandLine) -> Int32 {
        // The launched process has read these arguments already; they are read again because only
        // the arguments travel to the primary instance.
        let options: HubCommandLine.Options
        switch commandLine.launch(arguments: Array(launch.arguments.dropFirst()), columns: launch.isRemote ? 80 : nil) {
        case .exit(let status, let message):
            if status == 0 { launch.print(message + "\n") } else { launch.printError(message + "\n") }
            return status
        case .run(let parsed):
            options = parsed
        }
        if let path = options.manifestPath, manifest == nil {
            // Only a launch this process read itself gets here with a manifest (such a launch never
            // goes to a running instance), and it loaded the manifest then; this covers callers
            // that hand the shell a command line directly.
            do {
                try loadManifest(contentsOf: launch.url(forArgument: path) ?? URL(fileURLWithPath: path))
            } catch {
                launch.printError(String(describing: error).split(separator: "\n").map { "\(commandName): \($0)\n" }.joined())
                return 1
            }
        }
        if options.screenshotPath != nil {
            // Translators: %1$s is the command's name, %2$s the app's.
            launch.printError(localized("%1$s: --screenshot runs in a process of its own, not in the running %2$s",
                                        commandName, title) + "\n")
            return HubCommandLine.usageErrorStatus
        }
        if launch.isRemote, options.mentionsLiveService {
            // Translators: %1$s is the command's name, %2$s the app's.
            launch.printError(localized("%1$s: the running %2$s keeps its live-editing service as it was started; --live-port and --no-live apply when %2$s is not running yet",
                                        commandName, title) + "\n")
        }
        if options.logsImpressions, !logsImpressions {
            if launch.isRemote {
                // Translators: %1$s is the command's name, %2$s the app's.
                launch.printError(localized("%1$s: the running %2$s prints impressions only when it was started with --log-impressions",
                                            commandName, title) + "\n")
            } else {
                logsImpressions = true
            }
        }
        if options.uris.isEmpty {
            application.activate()
        } else {
            // Relative paths are relative to the launched process's folder, not the primary instance's.
            // A URI opens as it was typed (the error page quotes it so).
            open(options.uris.map {
                ApplicationCommandLine.isURI($0) ? $0 : launch.url(forArgument: $0)?.absoluteString ?? $0
            })
        }
        return 0
    }

    /// `--manifest FILE`: loads it, or prints why it cannot be used (each line as `APP: …`, the form of
    /// the shell's other failures) and returns the exit status, 1.
    func loadManifestFromCommandLine(_ path: String) -> Int32? {
        do {
            // Messages name the file as it was typed.
            try loadManifest(try BackendManifest(contentsOf: URL(fileURLWithPath: path), name: path))
            return nil
        } catch {
            let lines = String(describing: error).split(separator: "\n").map { "\(commandName): \($0)\n" }
            StandardStreamWriter.standardError.write(lines.joined())
            return 1
        }
    }
}
