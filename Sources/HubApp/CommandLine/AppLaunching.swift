import HubFramework

/// What a launch asks of the app, which the application gives with each launch: the launch handler
/// holds none of it.
@MainActor
protocol AppLaunching: AnyObject {
    /// The app's title, start view, version, command name and manifest, as they are now (a
    /// manifest the launch loads changes them).
    var launchIdentity: AppIdentity { get }
    /// Runs a manifest in the app (`--manifest`).
    func loadManifest(_ manifest: BackendManifest) throws(RegistrationError)
    /// Takes the screenshot `--screenshot` asks for; returns the exit status.
    func takeScreenshot(_ options: HubCommandLine.Options) -> Int32
    /// Shows the window and opens URIs in it.
    func open(_ uris: [String])
}
