import Foundation
import HubFramework
import HubGTK

/// Apps defined entirely by a backend: a manifest gives the title, the start view and the features,
/// and every view's content comes from the feature's endpoint (docs/backend-apps.md).
extension HubApplication {
    /// An app that runs a backend manifest: its title and start view are the manifest's, and its
    /// features are registered on the hub.
    ///
    /// ```swift
    /// let manifest = try BackendManifest(contentsOf: URL(fileURLWithPath: "shop.json"))
    /// let app = try HubApplication(manifest: manifest, id: "com.example.Shop")
    /// exit(app.run())
    /// ```
    /// - Parameters:
    ///   - manifest: the app's description.
    ///   - id: the reverse-DNS application id; nil for an app that never registers on the session bus.
    ///   - version: what `--version` prints.
    ///   - hub: the hub to show views with; nil makes one with ``makeHub(resourcesDirectory:componentMargin:connectivityStateResolver:contentLimits:)``.
    /// - Throws: `RegistrationError` when a feature's identifier is taken in `hub`.
    public convenience init(manifest: BackendManifest, id: String?, version: String = "1.0", hub: Hub? = nil)
        throws(RegistrationError)
    {
        self.init(id: id, title: manifest.title, startURI: manifest.startURI, version: version, hub: hub)
        try loadManifest(manifest)
    }

    /// Runs a backend manifest in this app: registers its features (after the app's own, so the
    /// app's features win for the URIs both handle) and takes its title and start view. Call it
    /// before the window opens.
    /// - Parameter manifest: the app's description.
    /// - Throws: `RegistrationError` when a feature's identifier is taken; no feature is registered then.
    public func loadManifest(_ manifest: BackendManifest) throws(RegistrationError) {
        try manifest.register(in: hub.manager)
        self.manifest = manifest
        title = manifest.title
        startURI = manifest.startURI
        navigator.exampleURI = manifest.startURI
    }

    /// Reads a manifest file and runs it (``loadManifest(_:)``).
    /// - Parameter url: the manifest's `file:` URL.
    /// - Throws: `BackendManifestError` (every problem, located) for a bad manifest, `RegistrationError`
    ///   when a feature's identifier is taken.
    public func loadManifest(contentsOf url: URL) throws {
        try loadManifest(try BackendManifest(contentsOf: url))
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
