/// The path of each field a binding may fill, relative to its component, in the keys of the schema
/// the component was read with (`text.title`, `images.main.uri`, `target.custom`): where an
/// expression that fails when it is evaluated is reported, as hub-validate reports its problems.
///
/// One table per schema, shared by every component compiled with it.
final class FieldPaths: Sendable {
    private let names: [FieldAddress: String]

    init(schema: JSONSchema) {
        func text(_ path: JSONPath) -> String {
            path.operations.compactMap { operation -> String? in
                if case .goTo(let key) = operation { key } else { nil }
            }.joined(separator: ".")
        }
        var names: [FieldAddress: String] = [:]
        for field in ComponentField.allCases {
            let component = text(field.path(in: schema.componentModelSchema))
            names[.component(field)] = component
            if field == .mainImage || field == .backgroundImage {
                for imageField in ImageField.allCases {
                    names[.image(field, imageField)] = component + "." + text(imageField.path(in: schema.componentImageDataSchema))
                }
            }
            if field == .target {
                for targetField in TargetField.allCases {
                    names[.target(targetField)] = component + "." + text(targetField.path(in: schema.componentTargetSchema))
                }
            }
        }
        self.names = names
    }

    /// The path of `address`, relative to its component.
    subscript(address: FieldAddress) -> String { names[address] ?? "" }
}
