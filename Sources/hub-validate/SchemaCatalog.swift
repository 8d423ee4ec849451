import HubFramework

/// The JSON schemas `--schema` can name.
///
/// Custom schemas are Swift code (paths with blocks) that an app registers in its own
/// `JSONSchemaRegistry` at run time, so a separate tool cannot load them. The framework itself has
/// one schema, the default one; an app that wants its custom schemas checked adds them here.
enum SchemaCatalog {
    static let defaultName = "default"

    /// Every name `--schema` accepts.
    static let names = [defaultName]

    /// The schema called `name`, or nil when there is none.
    static func schema(named name: String) -> JSONSchema? {
        switch name {
        case defaultName:
            // The viewer's component defaults; the defaults decide nothing a document can get wrong.
            return JSONSchema(componentDefaults: ComponentDefaults(namespace: defaultComponentNamespace, name: "row",
                category: .row), iconImageResolver: nil, localImageResolver: AnyNameImageResolver())
        default:
            return nil
        }
    }
}

/// Accepts every local image name. Which names exist depends on the app that shows the document
/// (its resources, its resolver), which the validator does not know; without any resolver the
/// reader would report every `local` image as unusable.
private struct AnyNameImageResolver: LocalImageResolver {
    private final class NamedImage: Image {
        let size = Size.zero
    }

    func image(named name: String) -> (any Image)? {
        NamedImage()
    }
}
