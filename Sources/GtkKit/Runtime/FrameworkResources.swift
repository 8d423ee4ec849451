internal import CHubResources

/// The framework's own resource bundle, linked into GtkKit (Sources/CHubResources, compiled from
/// data/resources by tools/resources.sh): HubGTK's style sheets under `/org/hubframework/HubGTK`
/// and HubApp's under `/org/hubframework/HubApp`. Registered once, by whoever needs it first.
@MainActor
package enum FrameworkResources {
    /// Where HubGTK's resources are.
    package static let hubGTKPath = "/org/hubframework/HubGTK"
    /// Where HubApp's resources are.
    package static let hubAppPath = "/org/hubframework/HubApp"

    private static var bundle: ResourceBundle?

    /// Registers the bundle unless it already is. It is built into the binary, so it cannot be
    /// missing; a bundle GLib refuses (a build from a broken generated file) is a programming error.
    package static func registerIfNeeded() {
        guard bundle == nil else { return }
        do {
            let bundle = try ResourceBundle(staticBytes: hub_framework_resources_data(),
                                            count: Int(hub_framework_resources_size()))
            bundle.register()
            self.bundle = bundle
        } catch {
            preconditionFailure("the framework's resource bundle is broken: \(error)")
        }
    }
}
