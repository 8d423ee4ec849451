import GtkKit

/// The accessible name and description last given to a widget that shows model after model (a
/// cell, a form's control), so that only a change is given again: setting the same name or
/// description would still tell every listening assistive technology that it changed, at each
/// configure.
struct AccessibleLabels {
    private var name: String?
    private var description: String?

    /// Gives `widget` `name` and `description`, each only when it differs from the last one given.
    @MainActor
    mutating func give(name: String, description: String, to widget: Widget) {
        if name != self.name {
            self.name = name
            widget.accessibleName = name
        }
        if description != self.description {
            self.description = description
            widget.accessibleDescription = description
        }
    }
}
