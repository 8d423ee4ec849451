/// A component's `fallback`, and the choice, for a client, between a component and its fallback.
///
/// A component may say what it needs (`requires`, ``ComponentRequirements``) and what stands in for
/// it on a client that lacks any of that (`fallback`: another component object, read with the same
/// keys, or `"drop"`, which leaves the component out). With a client's ``ClientCapabilities`` the
/// reader shows the fallback when the client lacks
/// * something the component `requires`, or
/// * the component itself (its `component.id`), when it has a `fallback`;
///
/// and the fallback may have its own `requires` and `fallback`, tried in turn. A component without a
/// `fallback` stays as it is, whatever it lacks: the component's category fallback shows it when
/// its component is missing, as it always has. Unlike Adaptive Cards' `requires`, a child's missing
/// requirement is not passed up to its parent: the requirement is written on the component whose
/// fallback should stand in.
///
/// A fallback without an `id` takes the component's, so that the same component keeps its place
/// (and its state, and its scroll position) whichever of the two a client shows.
///
/// The choice is made once, as the document is read (`ComponentModelBuilder.applyComponent`), before
/// the component's builder is picked: a dropped component never gets one, and the models are those
/// of the components the client shows. What the client does not show is read all the same, into a
/// builder that is thrown away, so that a document's problems do not depend on the client reading
/// it. Without a client (a builder made without ``ClientCapabilities``), every component stays and
/// every fallback is only checked.
///
/// Components with neither member cost nothing: the one-pass reader reads the others through the
/// value tree (their two fields are `treeOnly`), and a long list rarely has any.
package enum ComponentFallback {
    /// The component's member that holds its fallback.
    package static let key = "fallback"
    /// The fallback that leaves the component out.
    package static let drop = "drop"

    /// What a `fallback` member holds.
    private enum Value {
        case drop
        case component(JSONObject)
    }

    /// Whether `json` needs a choice: it has `requires` or `fallback`, or the reader notes what every
    /// component becomes (`hub-validate --client`, which also wants the category fallbacks).
    static func applies(to json: JSONObject, context: BuilderContext) -> Bool {
        json[key] != nil || json[ComponentRequirements.key] != nil || context.fallbackNotes != nil
    }

    /// A component object to read, and where.
    struct Choice {
        var object: JSONObject
        var location: JSONLocation?
        /// Its nesting depth: a fallback is one level deeper than the component it stands for.
        var depth: Int
        /// The identifier of the component a fallback stands for, for a fallback without one.
        var inheritedIdentifier: String?
        /// Whether its members are still to be checked for unknown keys (a component expanded from a
        /// template had them checked with the template's use; a fallback never has).
        var checksKeys: Bool
        /// A fallback that uses a template: to be expanded, and chosen for in turn, before it is read.
        var usesTemplate = false
    }

    /// The component to read in place of `component` on the context's client (nil: none, it is
    /// dropped). Problems of `requires` and `fallback` go to `problems`; `check` is handed every
    /// component object the client will not show, to be read for its problems alone. A fallback that
    /// `usesTemplate` is returned as it is, marked: its members are only known once it is expanded.
    static func choose(_ component: Choice, problems: JSONProblemCollector, context: BuilderContext,
                       usesTemplate: (JSONObject) -> Bool, check: (Choice) -> Void) -> Choice?
    {
        var current = component
        while true {
            let requirements = current.object[ComponentRequirements.key].map {
                ComponentRequirements($0, at: .key(ComponentRequirements.key, in: current.location), problems: problems)
            }
            let fallbackLocation = JSONLocation.key(key, in: current.location)
            var fallback = current.object[key].flatMap { read($0, at: fallbackLocation, problems: problems) }
            if case .component? = fallback, current.depth >= JSONSchema.maximumComponentDepth {
                problems.report("components are nested deeper than \(JSONSchema.maximumComponentDepth) levels; this "
                    + "fallback was ignored", at: fallbackLocation)
                fallback = nil
            }
            let unusedFallback: Choice? = if case .component(let object)? = fallback {
                Choice(object: object, location: fallbackLocation, depth: current.depth + 1, inheritedIdentifier: nil,
                       checksKeys: true)
            } else {
                nil
            }
            guard let client = context.clientCapabilities else {
                // No client to choose for: the component stays, and its fallback is only checked.
                unusedFallback.map(check)
                return current
            }
            let identifier = componentIdentifier(of: current.object, context: context)
            let lacksComponent = !client.hasComponent(identifier)
            var missing = fallback != nil && lacksComponent ? ["the component \(quoted(identifier))"] : []
            missing += requirements?.missing(in: client) ?? []
            guard !missing.isEmpty, let fallback else {
                if lacksComponent {
                    let category = componentCategory(of: current.object, context: context)
                    context.fallbackNotes?.add(.categoryFallback, "the client lacks "
                        + "\(list(["the component \(quoted(identifier))"] + missing)) "
                        + "and it has no fallback: the fallback component of its category "
                        + "\(quoted(category.rawValue)) shows it", at: current.location)
                } else if !missing.isEmpty {
                    context.fallbackNotes?.add(.shownWithoutRequirement, "the client lacks \(list(missing)) and it "
                        + "has no fallback: it is shown as it is", at: current.location)
                }
                unusedFallback.map(check)
                return current
            }
            // Not shown, but read all the same: a document's problems are the same on every client.
            var unused = current
            unused.object[key] = nil  // the next step, or nothing at all for "drop"
            unused.object[ComponentRequirements.key] = nil  // read above
            check(unused)
            guard case .component(let object) = fallback else {
                context.fallbackNotes?.add(.dropped, "the client lacks \(list(missing)): the component is dropped (its "
                    + "fallback is \"drop\")", at: current.location)
                return nil
            }
            let fallbackUsesTemplate = usesTemplate(object)
            // A template's component is only known once it is expanded (its own note follows, if any).
            let shown = fallbackUsesTemplate ? "(template \(quoted(object[ComponentTemplates.instanceKey]?.stringValue ?? "")))"
                : quoted(componentIdentifier(of: object, context: context).identifierString)
            context.fallbackNotes?.add(.replaced, "the client lacks \(list(missing)): its fallback \(shown) shows it instead",
                                       at: current.location)
            let inherited = context.schema.componentModelSchema.identifierPath.first(in: .object(current.object),
                at: nil, problems: nil)?.value ?? current.inheritedIdentifier
            current = Choice(object: object, location: fallbackLocation, depth: current.depth + 1,
                             inheritedIdentifier: inherited, checksKeys: true, usesTemplate: fallbackUsesTemplate)
            if current.usesTemplate { return current }
        }
    }

    /// The fallback `value` (found at `location`) holds; what is neither is reported.
    private static func read(_ value: JSONValue, at location: JSONLocation, problems: JSONProblemCollector) -> Value? {
        switch value {
        case .string(drop): return .drop
        case .object(let object): return .component(object)
        case .string(let text):
            problems.report("expected a component object or \"\(drop)\", found \(quoted(text))", at: location)
        default:
            problems.reportTypeMismatch(expected: "a component object or \"\(drop)\"", found: value, at: location)
        }
        return nil
    }

    /// The component `json` names, as its builder would get it: a name alone is in the default
    /// namespace, none at all the component defaults'. (Read silently: the builder reports what is
    /// wrong with it.)
    private static func componentIdentifier(of json: JSONObject, context: BuilderContext) -> Identifier {
        let defaults = context.componentDefaults
        guard let text = context.schema.componentModelSchema.componentIdentifierPath.first(in: .object(json), at: nil,
                                                                                          problems: nil)?.value
        else { return Identifier(namespace: defaults.namespace, name: defaults.name) }
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        if parts.count == 1 { return Identifier(namespace: defaults.namespace, name: text) }
        return Identifier(namespace: String(parts[0]), name: String(parts[1]))
    }

    /// The category `json` names, or the component defaults'.
    private static func componentCategory(of json: JSONObject, context: BuilderContext) -> ComponentCategory {
        context.schema.componentModelSchema.componentCategoryPath.first(in: .object(json), at: nil, problems: nil)
            .map { ComponentCategory(rawValue: $0.value) } ?? context.componentDefaults.category
    }

    private static func quoted(_ identifier: Identifier) -> String { quoted(identifier.identifierString) }

    private static func quoted(_ text: String) -> String { ComponentRequirements.quoted(text) }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
