import HubGTK

/// A `.ui` definition of the framework's own (`data/resources/HubApp`: the header bar, the primary
/// menu, the shortcuts window), read for the shell's windows.
///
/// These are linked into the framework (`Sources/CHubResources`), so one cannot be missing: a
/// definition GTK refuses, or one without a part the shell asks for, is a programming error (a
/// build from an edited file that `make check` would have caught), not bad input.
@MainActor
struct FrameworkDefinition {
    /// Where it is in the resources, for the message.
    let path: String
    private let builder: Builder

    /// Reads the definition at `path`, translated in the framework's domain.
    init(_ path: String) {
        self.path = path
        do {
            builder = try Builder(resource: path)
        } catch {
            preconditionFailure("the framework's definition \(path) is broken: \(error)")
        }
    }

    /// The part `id`, as `read` asks the builder for it.
    func part<Part>(_ id: String, _ read: (Builder, String) -> Part?) -> Part {
        guard let part = read(builder, id) else { preconditionFailure("\(path) lacks \(id)") }
        return part
    }
}
