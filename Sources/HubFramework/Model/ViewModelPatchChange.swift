/// One change of a patch (``ViewModelPatch``), as read from its text: what it does, to which
/// component, with the components it adds read (templates expanded) but not yet checked against a
/// view or built, since what their expressions may read depends on where they go.
enum ViewModelPatchChange: Sendable {
    /// `{"replace": ID, "with": [...]}`: the component with the id gives way to these (none removes it).
    case replace(Target, with: [Component])
    /// `{"remove": ID}`.
    case remove(Target)
    /// `{"insert": [...], "before" | "after" | "into": ID}`.
    case insert([Component], Place)

    /// The id a change names, and where in the patch it is named.
    struct Target: Sendable {
        let identifier: String
        let location: JSONLocation
    }

    /// Where an `insert` puts its components.
    enum Place: Sendable {
        /// Before the component with the id, among its siblings.
        case before(Target)
        /// After the component with the id, among its siblings.
        case after(Target)
        /// At the end of the children of the component with the id.
        case into(Target)
        /// At the end of the view's body (`"into": "body"`) or overlays (`"into": "overlays"`).
        case intoList(ViewModelPatchList, at: JSONLocation)
    }

    /// A component a change adds, read into a builder that is never changed: applying the patch
    /// works on a copy, so that one patch may be applied to several view models.
    struct Component: Sendable {
        let builder: ComponentModelBuilder
        /// Where it is in the patch.
        let location: JSONLocation
    }

    /// The components the change adds.
    var components: [Component] {
        switch self {
        case .replace(_, let with): with
        case .remove: []
        case .insert(let components, _): components
        }
    }

    /// The ids the change names as its target.
    var targets: [String] {
        switch self {
        case .replace(let target, _), .remove(let target): [target.identifier]
        case .insert(_, .before(let target)), .insert(_, .after(let target)), .insert(_, .into(let target)):
            [target.identifier]
        case .insert(_, .intoList): []
        }
    }
}

/// The three places of a view where its top-level components are: the header, the body, the
/// overlays.
enum ViewModelPatchList: Sendable, Equatable {
    case header, body, overlays

    /// The type of the components there.
    var componentType: ComponentType {
        switch self {
        case .header: .header
        case .body: .body
        case .overlays: .overlay
        }
    }

    /// How messages name it.
    var name: String {
        switch self {
        case .header: "header"
        case .body: "body"
        case .overlays: "overlays"
        }
    }
}
