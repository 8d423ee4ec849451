import Foundation
import HubFramework
import XCTest

/// `Resources/schema/hub-view.schema.json` against the Swift default schema, key by key: every path of
/// `ViewModelJSONSchema`, `ComponentModelJSONSchema`, `ComponentImageDataJSONSchema` and
/// `ComponentTargetJSONSchema` must be in the JSON Schema with the type the reader checks, every key of
/// the JSON Schema must be one the reader reads, and every key must have a description. The Swift
/// schemas are read by reflection, so a key added to them fails here until the JSON Schema has it.
final class ViewSchemaDriftTests: XCTestCase {
    private static let schemaURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Resources/schema/hub-view.schema.json").standardizedFileURL

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
            switch type {
            case "url":
                XCTAssertEqual(node["$ref"], .string("#/$defs/url"), "\(definition): \(path) is not a URL")
            default:
                XCTAssertEqual(resolved(node)["type"], .string(type), "\(definition): \(path)")
            }
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
        // Templates are read beside the schema's paths (`ComponentTemplates`), for the default keys.
        known.formUnion(["view.templates", "component.template"])
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
        XCTAssertEqual(checked, 38)
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
