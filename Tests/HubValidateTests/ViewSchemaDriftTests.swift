import Foundation
import HubFramework
import XCTest

/// `Resources/schema/hub-view.schema.json` against the Swift default schema, key by key: every path of
/// `ViewModelJSONSchema`, `ComponentModelJSONSchema`, `ComponentImageDataJSONSchema` and
/// `ComponentTargetJSONSchema` must be in the JSON Schema with the type the reader checks, every key of
/// the JSON Schema must be one the reader reads, and every key must have a description. The Swift
/// schemas are read by reflection, so a key added to them fails here until the JSON Schema has it.
/// The keys the framework reads beside the schema's paths (a component's `visible`, `state` and
/// `input`, a view's `state`) come from the reader's own list (`UnknownKeyCheck.defaultKeys`, made
/// from the field tables of ComponentFields.swift), and the members of state declarations, inputs,
/// validators, action objects and manifests from their readers' lists: a key added to one of them,
/// or to the JSON Schema alone, fails here.
final class ViewSchemaDriftTests: XCTestCase {
    private static let schemaURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Resources/schema/hub-view.schema.json").standardizedFileURL
    private static let manifestSchemaURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Resources/schema/hub-manifest.schema.json").standardizedFileURL

    private var definitions: JSONObject = [:]

    override func setUpWithError() throws {
        guard case .object(let schema) = try JSONParser().parse(try Data(contentsOf: Self.schemaURL)),
              case .object(let definitions)? = schema["$defs"] else { throw XCTSkip("no $defs in the schema") }
        self.definitions = definitions
    }

    /// The Swift schemas' paths by JSON Schema definition: description (`images.main`, `body[*]`) and
    /// the type its destination checks.
    private var swiftPaths: [(definition: String, path: String, type: String)] {
        let schemas: [(String, Any)] = [("view", ViewModelJSONSchema()), ("component", ComponentModelJSONSchema()),
            ("imageData", ComponentImageDataJSONSchema()), ("target", ComponentTargetJSONSchema())]
        var paths: [(String, String, String)] = []
        for (definition, schema) in schemas {
            for child in Mirror(reflecting: schema).children {
                let type: String
                switch child.value {
                case is JSONStringPath: type = "string"
                case is JSONURLPath: type = "url"
                case is JSONDictionaryPath: type = "object"
                default: type = "unknown \(Swift.type(of: child.value))"
                }
                paths.append((definition, String(describing: child.value), type))
            }
        }
        return paths
    }

    /// Follows a `$ref` to its definition (one level: the schema's references are all local).
    private func resolved(_ node: JSONObject) -> JSONObject {
        guard case .string(let reference)? = node["$ref"], reference.hasPrefix("#/$defs/"),
              case .object(let target)? = definitions[String(reference.dropFirst("#/$defs/".count))] else { return node }
        return target
    }

    /// The types a node accepts: its own `type`, and those of the definition it refers to and of the
    /// branches of its `anyOf` or `oneOf`; `url` for a reference to the URL definition.
    private func acceptedTypes(_ node: JSONObject) -> Set<String> {
        var types: Set<String> = []
        if case .string(let type)? = node["type"] { types.insert(type) }
        if node["$ref"] == .string("#/$defs/url") { types.insert("url") }
        if node["$ref"] != nil { types.formUnion(acceptedTypes(resolved(node))) }
        for combination in ["anyOf", "oneOf"] {
            guard case .array(let branches)? = node[combination] else { continue }
            for case .object(let branch) in branches { types.formUnion(acceptedTypes(branch)) }
        }
        return types
    }

    /// The keys of the `properties` of a definition (or of a node).
    private func propertyKeys(_ node: JSONObject?) -> Set<String> {
        guard let node, case .object(let properties)? = resolved(node)["properties"] else { return [] }
        return Set(properties.keys)
    }

    private func definition(_ name: String) -> JSONObject? {
        definitions[name]?.objectValue
    }

    func testEveryKeyOfTheSwiftSchemaIsInTheJSONSchemaWithItsType() throws {
        let paths = swiftPaths
        XCTAssertEqual(paths.count, 7 + 17 + 4 + 4, "a Swift schema gained or lost a key: update the JSON Schema")
        for (definition, path, type) in paths {
            guard case .object(var node)? = definitions[definition] else { XCTFail("no $defs/\(definition)"); continue }
            var found = true
            for step in path.split(separator: ".") {
                let isEach = step.hasSuffix("[*]")
                let key = isEach ? String(step.dropLast(3)) : String(step)
                guard case .object(let properties)? = resolved(node)["properties"], case .object(let child)? = properties[key] else {
                    XCTFail("\(definition): \(path) is missing from the JSON Schema")
                    found = false
                    break
                }
                node = child
                if isEach {
                    guard resolved(node)["type"] == .string("array"), case .object(let items)? = resolved(node)["items"] else {
                        XCTFail("\(definition): \(path): \(key) is not an array with items")
                        found = false
                        break
                    }
                    node = items
                }
            }
            guard found else { continue }
            // A URL or a text may be an expression template too (a string holding `@{`), and an
            // action a document writes an object: the reader's type is one of those the node accepts.
            XCTAssertTrue(acceptedTypes(node).contains(type), "\(definition): \(path) does not accept a \(type)")
        }
    }

    func testEveryKeyOfTheJSONSchemaIsReadAndDescribed() throws {
        var known: Set<String> = []
        for (definition, path, _) in swiftPaths {
            var prefix = definition
            for step in path.replacingOccurrences(of: "[*]", with: "").split(separator: ".") {
                prefix += "." + step
                known.insert(prefix)
            }
        }
        // Templates are read beside the schema's paths (`ComponentTemplates`), for the default keys;
        // the framework's own keys beside them too (the reader's list, checked key for key below).
        known.formUnion(["view.templates", "component.template", "view.state", "view.events", "component.visible",
                         "component.state", "component.input", "component.requires", "component.fallback"])
        var checked = 0
        func visit(_ node: JSONObject, at path: String) {
            if case .object(let items)? = node["items"] { visit(items, at: path) }
            guard case .object(let properties)? = node["properties"] else { return }
            for (key, value) in properties {
                guard case .object(let property) = value else { continue }
                checked += 1
                if case .string(let text)? = property["description"] {
                    XCTAssertGreaterThan(text.count, 5, "\(path).\(key)")
                } else {
                    XCTFail("\(path).\(key) has no description")
                }
                if key == "$schema" && path == "view" { continue }
                XCTAssertTrue(known.contains("\(path).\(key)"), "\(path).\(key) is not a key the reader reads")
                visit(property, at: "\(path).\(key)")
            }
        }
        for definition in ["view", "component", "imageData", "target"] {
            guard case .object(let node)? = definitions[definition] else { XCTFail("no $defs/\(definition)"); continue }
            XCTAssertNotNil(node["description"], definition)
            visit(node, at: definition)
        }
        XCTAssertEqual(checked, 45)
    }

    /// The keys of the JSON Schema's view, component, image and target objects (their own, and
    /// those of the objects inside them: `component.text.title`) are exactly the keys the reader
    /// reads (`UnknownKeyCheck.defaultKeys`, from the tables of ComponentFields.swift), with the
    /// templates' keys and `$schema`: a field added to a table, or a key to the JSON Schema alone,
    /// fails here.
    func testTheJSONSchemasKeysAreExactlyTheReadersKeys() throws {
        var schemaKeys: Set<String> = []
        func visit(_ node: JSONObject, at path: String) {
            guard case .object(let properties)? = node["properties"] else { return }
            for (key, value) in properties {
                // An object of known keys (`text`) stands for its keys; free-form objects and
                // separately defined ones (`custom`, `state`) are keys themselves.
                if case .object(let property) = value, property["$ref"] == nil, property["properties"] != nil,
                    !["custom", "metadata", "logging"].contains(key)
                {
                    visit(property, at: "\(path).\(key)")
                } else {
                    schemaKeys.insert("\(path).\(key)")
                }
            }
        }
        for (definition, prefix) in [("view", "view"), ("component", "component"), ("imageData", "image"), ("target", "target")] {
            visit(try XCTUnwrap(self.definition(definition)), at: prefix)
        }
        let readerKeys = Set(UnknownKeyCheck.defaultKeys).union(["view.templates", "component.template"])
        XCTAssertEqual(schemaKeys.subtracting(readerKeys).sorted(), [], "keys of the JSON Schema the reader does not read")
        XCTAssertEqual(readerKeys.subtracting(schemaKeys).sorted(), [], "keys the reader reads that the JSON Schema lacks")
        XCTAssertTrue(readerKeys.isSuperset(of: ["view.state", "component.visible", "component.state", "component.input",
                                                 "component.requires", "component.fallback"]))
        // The framework's own keys, by what they hold.
        let view = try XCTUnwrap(definition("view")?["properties"]?.objectValue)
        let component = try XCTUnwrap(definition("component")?["properties"]?.objectValue)
        XCTAssertEqual(view["state"]?.objectValue?["$ref"], .string("#/$defs/stateDeclarations"))
        XCTAssertEqual(component["state"]?.objectValue?["$ref"], .string("#/$defs/stateDeclarations"))
        XCTAssertEqual(component["visible"]?.objectValue?["$ref"], .string("#/$defs/condition"))
        XCTAssertEqual(component["input"]?.objectValue?["$ref"], .string("#/$defs/input"))
        XCTAssertEqual(component["requires"]?.objectValue?["$ref"], .string("#/$defs/requirements"))
        // A string must be "drop", anything else a component (so that a mistake inside the component
        // is flagged where it is, as the reader reports it).
        let fallback = try XCTUnwrap(component["fallback"]?.objectValue)
        XCTAssertEqual(fallback["if"], .object(["type": "string"]))
        XCTAssertEqual(fallback["then"], .object(["const": .string(ComponentFallback.drop)]))
        XCTAssertEqual(fallback["else"], .object(["$ref": "#/$defs/component"]))
        XCTAssertEqual(acceptedTypes(try XCTUnwrap(definition("condition"))), ["boolean", "string"])
        XCTAssertEqual(acceptedTypes(try XCTUnwrap(definition("urlOrExpression"))), ["url", "string"])
    }

    /// State declarations: the long form's members and types, the limit on variables, the names.
    func testStateDeclarationsAreTheReadersOnes() throws {
        let longForm = try XCTUnwrap(definition("stateLongForm"))
        XCTAssertEqual(propertyKeys(longForm), StateDeclarationsReader.longFormKeys)
        XCTAssertEqual(longForm["additionalProperties"], .bool(false))
        guard case .array(let typeNames)? = longForm["properties"]?.objectValue?["type"]?.objectValue?["enum"] else {
            return XCTFail("stateLongForm.type has no enum")
        }
        let names = typeNames.compactMap(\.stringValue)
        XCTAssertEqual(names.count, typeNames.count)
        for name in names { XCTAssertNotNil(ExpressionType(declarationName: name), "the reader does not know the type \(name)") }
        for type in ExpressionType.allCases { XCTAssertTrue(names.contains(type.rawValue), "\(type.rawValue) is missing") }
        XCTAssertTrue(names.contains("object"))
        // Each type's value, checked by the `allOf` branch that names it.
        guard case .array(let branches)? = longForm["allOf"] else { return XCTFail("stateLongForm has no allOf") }
        let typed = branches.compactMap { $0.objectValue?["if"]?.objectValue?["properties"]?.objectValue?["type"]?.objectValue?["const"]?.stringValue }
        XCTAssertEqual(Set(typed), Set(names))
        let declarations = try XCTUnwrap(definition("stateDeclarations"))
        XCTAssertEqual(declarations["maxProperties"], .number(Double(ContentLimits.default.maximumStateVariables)))
        XCTAssertEqual(declarations["propertyNames"]?.objectValue?["$ref"], .string("#/$defs/variableName"))
        // The long form is told from a value as the reader tells it.
        let variable = try XCTUnwrap(definition("stateVariable"))
        guard case .array(let condition)? = variable["if"]?.objectValue?["propertyNames"]?.objectValue?["enum"] else {
            return XCTFail("stateVariable does not tell the long form by its members")
        }
        XCTAssertEqual(Set(condition.compactMap(\.stringValue)), StateDeclarationsReader.longFormKeys)
    }

    /// A component's `requires`: its members are those `ComponentRequirements` reads, the object is
    /// closed as the reader reports its unknown members, and each member has the type the reader
    /// takes; a template may have `requires` and `fallback` too.
    func testRequirementsAreTheReadersOnes() throws {
        let requirements = try XCTUnwrap(definition("requirements"))
        XCTAssertEqual(requirements["additionalProperties"], .bool(false))
        let properties = try XCTUnwrap(requirements["properties"]?.objectValue)
        XCTAssertEqual(Array(properties.keys).sorted(), ComponentRequirements.keys.sorted())
        XCTAssertEqual(properties["expressions"]?.objectValue?["type"], .string("integer"))
        for key in ["components", "actions", "features"] {
            XCTAssertEqual(properties[key]?.objectValue?["type"], .string("array"), key)
            XCTAssertEqual(properties[key]?.objectValue?["items"]?.objectValue?["type"], .string("string"), key)
        }
        let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                iconImageResolver: nil)
        let problems = try schema.makeViewModelBuilder().addJSON(data: Data(#"[{"requires": {"zz-unknown": 1}}]"#.utf8))
        XCTAssertEqual(problems.map(\.description), [#"[0].requires: unknown key "zz-unknown""#])
        let template = try XCTUnwrap(definition("template")?["properties"]?.objectValue)
        XCTAssertNotNil(template["requires"])
        XCTAssertNotNil(template["fallback"])
    }

    /// An input's members, and its validators' kinds, are those `InputBindingReader` reads.
    func testInputsAndValidatorsAreTheReadersOnes() throws {
        let input = try XCTUnwrap(definition("input"))
        XCTAssertEqual(propertyKeys(input), Set(InputBindingReader.keys))
        XCTAssertEqual(input["additionalProperties"], .bool(false))
        let validator = try XCTUnwrap(definition("validator"))
        XCTAssertEqual(propertyKeys(validator), Set(InputBindingReader.validatorKinds + ["message"]))
        XCTAssertEqual(validator["additionalProperties"], .bool(false))
        guard case .array(let kinds)? = validator["anyOf"] else { return XCTFail("validator has no anyOf of kinds") }
        let required = kinds.compactMap { $0.objectValue?["required"]?.arrayValue?.first?.stringValue }
        XCTAssertEqual(required, InputBindingReader.validatorKinds, "one branch per kind, in the reader's order")
    }

    /// Action objects: one branch of `oneOf` per type, with the members `JSONActionCompiler` reads
    /// for it, and one for a registered `namespace:name` action.
    func testActionObjectsAreTheCompilersOnes() throws {
        let action = try XCTUnwrap(definition("action"))
        guard case .array(let branches)? = action["oneOf"] else { return XCTFail("action has no oneOf by type") }
        var types: [String] = []
        var registered = 0
        for case .object(let branch) in branches {
            XCTAssertEqual(branch["additionalProperties"], .bool(false))
            XCTAssertNotNil(branch["description"])
            let type = try XCTUnwrap(branch["properties"]?.objectValue?["type"]?.objectValue)
            if case .string(let name)? = type["const"] {
                types.append(name)
                XCTAssertEqual(propertyKeys(branch), Set(try XCTUnwrap(JSONActionCompiler.members[name])), name)
            } else {
                registered += 1
                XCTAssertEqual(type["pattern"], .string("^[^:]*:[^:]*$"))
                XCTAssertEqual(propertyKeys(branch), Set(JSONActionCompiler.registeredMembers))
            }
        }
        XCTAssertEqual(types, JSONActionCompiler.types)
        XCTAssertEqual(Set(JSONActionCompiler.members.keys), Set(JSONActionCompiler.types))
        XCTAssertEqual(registered, 1)
    }

    /// Every member of the definitions the framework's keys use is described, as the view's are.
    func testTheStateInputAndActionDefinitionsAreDescribed() throws {
        var checked = 0
        func visit(_ node: JSONObject, at path: String) {
            if case .object(let properties)? = node["properties"] {
                for (key, value) in properties {
                    guard case .object(let property) = value else { continue }
                    checked += 1
                    XCTAssertGreaterThan(property["description"]?.stringValue?.count ?? 0, 5, "\(path).\(key) has no description")
                }
            }
            // The action's branches (a validator's `anyOf` only says which members one needs).
            for case .object(let branch) in node["oneOf"]?.arrayValue ?? [] { visit(branch, at: path) }
        }
        for name in ["expression", "urlOrExpression", "condition", "variableName", "stateDeclarations", "stateVariable",
                     "stateLongForm", "input", "validator", "action"] {
            let node = try XCTUnwrap(definition(name), name)
            XCTAssertGreaterThan(node["description"]?.stringValue?.count ?? 0, 5, "\(name) has no description")
            visit(node, at: name)
        }
        // stateLongForm, input, validator, and the actions: set, toggle, append, remove, if, open,
        // submit, request, registered.
        XCTAssertEqual(checked, 2 + 10 + 8 + (3 + 2 + 3 + 4 + 4 + 2 + 9 + 8 + 2))
    }

    /// The manifest's members are `BackendManifestReader`'s, and its state is declared as a view's:
    /// its definitions are the view schema's, copied (a JSON Schema file cannot share them with
    /// another without a resolver).
    func testTheManifestSchemaIsTheReadersAndItsStateTheViews() throws {
        guard case .object(let manifest) = try JSONParser().parse(try Data(contentsOf: Self.manifestSchemaURL)),
              case .object(let manifestDefinitions)? = manifest["$defs"] else { return XCTFail("no manifest schema") }
        XCTAssertEqual(propertyKeys(manifest), BackendManifestReader.topLevelKeys)
        XCTAssertEqual(propertyKeys(manifestDefinitions["feature"]?.objectValue), BackendManifestReader.featureKeys)
        XCTAssertEqual(manifest["properties"]?.objectValue?["state"]?.objectValue?["$ref"], .string("#/$defs/stateDeclarations"))
        for name in ["variableName", "stateDeclarations", "stateVariable", "stateLongForm"] {
            XCTAssertEqual(manifestDefinitions[name], definitions[name], "the manifest schema's \(name) is not the view schema's")
        }
    }

    /// A patch (`ViewModelPatch`): the members of the patch document, of its `patch` and of each shape
    /// of change are the reader's (`ViewModelPatchReader`), every one closed and described, and the
    /// components a change adds are the view's components, by reference, as the reader reads them
    /// with the view's reader.
    func testThePatchDefinitionsAreTheReadersOnes() throws {
        let document = try XCTUnwrap(definition("patchDocument"))
        XCTAssertEqual(propertyKeys(document), Set(ViewModelPatchReader.documentKeys))
        XCTAssertEqual(propertyKeys(try XCTUnwrap(definition("patch"))), Set(ViewModelPatchReader.patchKeys))
        // The same templates as a view's; only the description says whose they are.
        let templates = try XCTUnwrap(document["properties"]?.objectValue?["templates"]?.objectValue)
        let viewTemplates = try XCTUnwrap(definition("view")?["properties"]?.objectValue?["templates"]?.objectValue)
        XCTAssertEqual(templates.filter { $0.key != "description" }, viewTemplates.filter { $0.key != "description" })
        guard case .array(let branches)? = definition("patchChange")?["oneOf"] else { return XCTFail("no change shapes") }
        let shapes = branches.compactMap(\.objectValue)
        XCTAssertEqual(shapes.map { propertyKeys($0) }, ViewModelPatchReader.changeShapes.map(Set.init))
        for node in [document, try XCTUnwrap(definition("patch"))] + shapes {
            XCTAssertEqual(node["additionalProperties"], .bool(false))
            for case .object(let property) in node["properties"]?.objectValue?.values.map({ $0 }) ?? [] {
                XCTAssertGreaterThan(property["description"]?.stringValue?.count ?? 0, 5)
            }
        }
        for (shape, key) in [(shapes[0], "with"), (shapes[2], "insert")] {
            XCTAssertEqual(shape["properties"]?.objectValue?[key]?.objectValue?["items"], .object(["$ref": .string("#/$defs/component")]))
        }
        guard case .object(let schema) = try JSONParser().parse(try Data(contentsOf: Self.schemaURL)),
              case .array(let documents)? = schema["oneOf"] else { return XCTFail("no top level") }
        XCTAssertTrue(documents.contains(.object(["$ref": .string("#/$defs/patchDocument")])))
    }

    /// The closed objects of the JSON Schema (`additionalProperties: false`) are exactly the objects
    /// whose unknown members the reader reports: a document with an extra member in each object of
    /// the schema gets the reader's "unknown key" warning there if and only if the schema closes it.
    /// Free-form objects (custom data, metadata, logging data, the map of custom images) stay open
    /// in both.
    func testClosedObjectsAreExactlyTheOnesWhoseUnknownKeysTheReaderReports() throws {
        let places: [String: [String]] = ["view": [], "component": ["body", "0"],
                                          "imageData": ["body", "0", "images", "main"], "target": ["body", "0", "target"]]
        let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                iconImageResolver: nil)
        var closed: [String] = []
        var open: [String] = []
        func document(placing member: JSONObject, at steps: [String]) -> JSONValue {
            guard let step = steps.first else { return .object(member) }
            let inner = document(placing: member, at: Array(steps.dropFirst()))
            return step == "0" ? .array([inner]) : .object([step: inner])
        }
        func visit(_ node: JSONObject, definition: String, steps: [String], path: String) throws {
            guard node["type"] == .string("object") || node["properties"] != nil else { return }
            let properties = node["properties"]?.objectValue ?? [:]
            // A component is closed unless it uses a template (whose values are its members too).
            let isClosed = node["additionalProperties"] == .bool(false) || node["unevaluatedProperties"] == .bool(false)
            (isClosed ? { closed.append(path) } : { open.append(path) })()
            let data = Data(JSONWriter().string(for: document(placing: ["zz-unknown": .number(1)],
                                                                at: places[definition]! + steps)).utf8)
            let problems = try schema.makeViewModelBuilder().addJSON(data: data)
            let reported = problems.contains { $0.message.hasPrefix(#"unknown key "zz-unknown""#) }
            XCTAssertEqual(reported, isClosed, "\(path): the reader \(reported ? "reports" : "ignores") unknown keys, "
                + "the schema \(isClosed ? "closes" : "leaves open") the object: \(problems)")
            for (key, value) in properties where key != "$schema" {
                guard case .object(let property) = value, property["$ref"] == nil else { continue }
                try visit(property, definition: definition, steps: steps + [key], path: "\(path).\(key)")
            }
        }
        for definition in ["view", "component", "imageData", "target"] {
            guard case .object(let node)? = definitions[definition] else { XCTFail("no $defs/\(definition)"); continue }
            try visit(node, definition: definition, steps: [], path: definition)
        }
        XCTAssertEqual(Set(closed), ["view", "component", "component.component", "component.text", "component.images",
                                     "imageData", "target"])
        // The map of templates is keyed by their names, like the map of custom images.
        XCTAssertEqual(Set(open), ["view.custom", "view.templates", "component.metadata", "component.logging", "component.custom",
                                   "component.images.custom", "imageData.custom", "target.custom"])
    }
}
