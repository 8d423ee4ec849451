/// The component every new component model builder starts with, until code or JSON says otherwise.
/// Taken from the component fallback handler when the manager (or config) is created.
public struct ComponentDefaults: Hashable, Sendable {
    /// The default component namespace (selects the component factory).
    public var namespace: String
    /// The default component name.
    public var name: String
    /// The default component category (selects the fallback component).
    public var category: ComponentCategory

    /// Creates defaults; the namespace and name should name a registered component.
    public init(namespace: String, name: String, category: ComponentCategory) {
        self.namespace = namespace
        self.name = name
        self.category = category
    }
}

/// The namespace the default fallback handler uses.
public let defaultComponentNamespace = "default"
