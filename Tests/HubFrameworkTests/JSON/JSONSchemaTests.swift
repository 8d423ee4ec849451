import Foundation
import XCTest

@testable import HubFramework

/// The default schema (it builds what the builders build, reads the documented keys, copies
/// deeply, comes from the factory), and custom schemas.
final class JSONSchemaTests: XCTestCase {
    func testSchemaAndBuilderProduceTheSameModel() {
        let schema = ModelFixtures.schema()
        let json: JSONObject = ["body": [["id": "a", "text": ["title": "One"]], ["id": "b", "text": ["title": "Two"]]]]
        let fromSchema = schema.viewModel(from: json)
        let builder = ViewModelBuilder(schema: schema, componentDefaults: ModelFixtures.defaults,
            iconImageResolver: schema.iconImageResolver)
        builder.addJSON(dictionary: json)
        let fromBuilder = builder.build()
        XCTAssertEqual(fromSchema.bodyComponentModels.count, 2)
        XCTAssertEqual(fromSchema.bodyComponentModels.map(\.title), fromBuilder.bodyComponentModels.map(\.title))
        XCTAssertEqual(fromSchema, fromBuilder)
    }

    func testSchemaParsesData() throws {
        let model = try ModelFixtures.schema().viewModel(from: ModelFixtures.data(#"{"title": "From data"}"#))
        XCTAssertEqual(model.navigationTitle, "From data")
        XCTAssertThrowsError(try ModelFixtures.schema().viewModel(from: ModelFixtures.data("nope")))
    }

    func testCopyHasDistinctSubSchemas() {
        let schema = ModelFixtures.schema()
        let copy = schema.copy()
        XCTAssertFalse(copy === schema)
        XCTAssertFalse(copy.viewModelSchema === schema.viewModelSchema)
        XCTAssertFalse(copy.componentModelSchema === schema.componentModelSchema)
        XCTAssertFalse(copy.componentImageDataSchema === schema.componentImageDataSchema)
        XCTAssertFalse(copy.componentTargetSchema === schema.componentTargetSchema)
        XCTAssertEqual(copy.componentDefaults, schema.componentDefaults)
    }

    func testChangingACopyLeavesTheOriginalAlone() {
        let schema = ModelFixtures.schema()
        let copy = schema.copy()
        copy.viewModelSchema.navigationBarTitlePath = copy.createNewPath().goTo("name").stringPath()
        XCTAssertEqual(schema.viewModel(from: ["title": "T", "name": "N"]).navigationTitle, "T")
        XCTAssertEqual(copy.viewModel(from: ["title": "T", "name": "N"]).navigationTitle, "N")
    }

    func testFactoryCreatesADefaultSchema() {
        let schema = JSONSchemaFactory.makeDefaultSchema(componentDefaults: ModelFixtures.defaults,
            iconImageResolver: ModelFixtures.IconResolver())
        XCTAssertEqual(schema.componentDefaults, ModelFixtures.defaults)
        XCTAssertNotNil(schema.iconImageResolver)
        XCTAssertEqual(schema.viewModelSchema.bodyComponentModelDictionariesPath.description, "body[*]")
        XCTAssertEqual(schema.componentModelSchema.componentIdentifierPath.description, "component.id")
        XCTAssertEqual(schema.componentImageDataSchema.urlPath.description, "uri")
        XCTAssertEqual(schema.componentTargetSchema.actionIdentifiersPath.description, "actions[*]")
    }

    func testEveryDefaultPathUsesTheDocumentedKey() {
        let schema = ModelFixtures.schema()
        let view = schema.viewModelSchema
        XCTAssertEqual([view.identifierPath.description, view.navigationBarTitlePath.description,
            view.headerComponentModelDictionaryPath.description, view.bodyComponentModelDictionariesPath.description,
            view.overlayComponentModelDictionariesPath.description, view.customDataPath.description],
            ["id", "title", "header", "body[*]", "overlays[*]", "custom"])
        let component = schema.componentModelSchema
        XCTAssertEqual([component.identifierPath.description, component.groupIdentifierPath.description,
            component.componentIdentifierPath.description, component.componentCategoryPath.description,
            component.titlePath.description, component.subtitlePath.description, component.accessoryTitlePath.description,
            component.descriptionTextPath.description, component.mainImageDataDictionaryPath.description,
            component.backgroundImageDataDictionaryPath.description, component.customImageDataDictionaryPath.description,
            component.iconIdentifierPath.description, component.targetDictionaryPath.description,
            component.metadataPath.description, component.loggingDataPath.description, component.customDataPath.description,
            component.childDictionariesPath.description],
            ["id", "group", "component.id", "component.category", "text.title", "text.subtitle", "text.accessory",
                "text.description", "images.main", "images.background", "images.custom", "images.icon", "target",
                "metadata", "logging", "custom", "children[*]"])
        let image = schema.componentImageDataSchema
        XCTAssertEqual([image.urlPath.description, image.placeholderIconIdentifierPath.description,
            image.localImageNamePath.description, image.customDataPath.description], ["uri", "placeholder", "local", "custom"])
        let target = schema.componentTargetSchema
        XCTAssertEqual([target.uriPath.description, target.initialViewModelDictionaryPath.description,
            target.actionIdentifiersPath.description, target.customDataPath.description], ["uri", "view", "actions[*]", "custom"])
    }

    func testCustomSchemaLikeTheGitHubSearchDemo() {
        let schema = ModelFixtures.schema()
        let path = schema.createNewPath()
        schema.viewModelSchema.bodyComponentModelDictionariesPath = path.goTo("items").forEach().dictionaryPath()
        schema.componentModelSchema.targetDictionaryPath = path.dictionaryPath()
        schema.componentModelSchema.titlePath = path.goTo("name").stringPath()
        schema.componentModelSchema.subtitlePath = path.goTo("owner").goTo("login")
            .runBlock { $0.stringValue.map { .string("Author: " + $0) } }.stringPath()
        schema.componentTargetSchema.uriPath = path.goTo("html_url").urlPath()

        let json: JSONObject = ["items": [
            ["name": "HubFramework", "owner": ["login": "spotify"], "html_url": "https://github.com/spotify/HubFramework"],
            ["name": "Other", "owner": nil, "html_url": "not a url"],
        ]]
        let builder = schema.makeViewModelBuilder()
        let problems = builder.addJSON(dictionary: json)
        let model = builder.build()
        XCTAssertEqual(model.bodyComponentModels.map(\.title), ["HubFramework", "Other"])
        XCTAssertEqual(model.bodyComponentModels[0].subtitle, "Author: spotify")
        XCTAssertNil(model.bodyComponentModels[1].subtitle)
        XCTAssertEqual(model.bodyComponentModels[0].target?.uri, URL(string: "https://github.com/spotify/HubFramework"))
        XCTAssertNil(model.bodyComponentModels[1].target?.uri)
        XCTAssertTrue(model.bodyComponentModels.allSatisfy { $0.identifier.hasPrefix("UnknownComponent:") })
        XCTAssertEqual(model.bodyComponentModels[0].componentIdentifier, Identifier(namespace: "namespace", name: "name"))
        XCTAssertEqual(problems, [
            JSONProblem(path: "items[1].owner", message: "expected an object, found null"),
            JSONProblem(path: "items[1].html_url",
                message: "expected a URL, found the string \"not a url\" which is not a valid URL"),
        ])
    }

    func testCombinedPathsInASchema() {
        let schema = ModelFixtures.schema()
        let path = schema.createNewPath()
        schema.viewModelSchema.bodyComponentModelDictionariesPath =
            path.goTo("featured").forEach().combine(with: path.goTo("regular").forEach()).dictionaryPath()
        let model = schema.viewModel(from: ["regular": [["id": "r"]], "featured": [["id": "f1"], ["id": "f2"]]])
        XCTAssertEqual(model.bodyComponentModels.map(\.identifier), ["f1", "f2", "r"])
    }
}

final class JSONSchemaRegistryTests: XCTestCase {
    private let registry = JSONSchemaRegistry(componentDefaults: ModelFixtures.defaults,
        iconImageResolver: ModelFixtures.IconResolver())

    func testRegisteredSchemaIsReturnedAndCanBeUnregistered() throws {
        let schema = registry.createNewSchema()
        try registry.registerCustomSchema(schema, forIdentifier: "custom")
        XCTAssertTrue(registry.customSchema(forIdentifier: "custom") === schema)
        registry.unregisterCustomSchema(withIdentifier: "custom")
        XCTAssertNil(registry.customSchema(forIdentifier: "custom"))
    }

    func testUnknownIdentifierHasNoSchema() {
        XCTAssertNil(registry.customSchema(forIdentifier: "unknown"))
    }

    func testRegisteringTheSameIdentifierTwiceThrows() throws {
        try registry.registerCustomSchema(registry.createNewSchema(), forIdentifier: "custom")
        XCTAssertThrowsError(try registry.registerCustomSchema(registry.createNewSchema(), forIdentifier: "custom")) { error in
            XCTAssertEqual(error as? RegistrationError, RegistrationError(kind: "JSON schema", identifier: "custom", reason: .duplicate))
            XCTAssertEqual("\(error)", "A JSON schema is already registered for 'custom'")
        }
    }

    func testIdentifierCanBeReusedAfterUnregistering() throws {
        try registry.registerCustomSchema(registry.createNewSchema(), forIdentifier: "custom")
        registry.unregisterCustomSchema(withIdentifier: "custom")
        XCTAssertNoThrow(try registry.registerCustomSchema(registry.createNewSchema(), forIdentifier: "custom"))
    }

    func testCopiedSchemaIsDistinctAndReadsTheSame() throws {
        let schema = registry.createNewSchema()
        schema.viewModelSchema.navigationBarTitlePath = schema.createNewPath().goTo("customTitle").stringPath()
        try registry.registerCustomSchema(schema, forIdentifier: "custom")
        let copy = try XCTUnwrap(registry.copySchema(withIdentifier: "custom"))
        XCTAssertFalse(copy === schema)
        let json: JSONObject = ["customTitle": "Hub it up!"]
        XCTAssertEqual(schema.viewModel(from: json).navigationTitle, "Hub it up!")
        XCTAssertEqual(copy.viewModel(from: json).navigationTitle, "Hub it up!")
    }

    func testCopyingAnUnknownSchemaGivesNil() {
        XCTAssertNil(registry.copySchema(withIdentifier: "unknown"))
    }

    func testNewSchemasAreCopiesOfTheDefault() {
        let schema = registry.createNewSchema()
        XCTAssertFalse(schema === registry.defaultSchema)
        XCTAssertEqual(schema.componentDefaults, ModelFixtures.defaults)
    }

    func testSchemaLookupFallsBackToTheDefault() throws {
        let custom = registry.createNewSchema()
        try registry.registerCustomSchema(custom, forIdentifier: "custom")
        XCTAssertTrue(registry.schema(forIdentifier: "custom") === custom)
        XCTAssertTrue(registry.schema(forIdentifier: "unknown") === registry.defaultSchema)
        XCTAssertTrue(registry.schema(forIdentifier: nil) === registry.defaultSchema)
    }
}
