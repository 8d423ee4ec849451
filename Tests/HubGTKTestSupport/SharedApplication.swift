import HubGTK

/// The one application a test process registers. GTK 3 refuses a second registration in a process
/// (each one exports an object at the same D-Bus path, `/org/gtk/Profiler`, and the second export
/// fails), so the tests that need a registered application — windows need one — share this one.
@MainActor
package enum SharedApplication {
    /// An anonymous application (never unique), registered on first use.
    package static let application: Application = {
        let application = Application(id: nil, isUnique: false)
        do {
            try application.register()
        } catch {
            preconditionFailure("the tests' application cannot register: \(error)")
        }
        return application
    }()
}
