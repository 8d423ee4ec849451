/// A model that can write itself as JSON in the default schema's keys (whatever schema it was
/// read with). Absent and empty values are left out. Local images and the custom data of image
/// data are not written: the output reads back into an equal model only without them.
public protocol JSONSerializable {
    /// The model as a JSON object in the default keys; write it as text with ``JSONWriter``.
    func serialize() -> JSONObject
}

extension ViewModel: JSONSerializable {
    /// `id`, `title`, `direction`, `events`, `header`, `body`, `overlays`, `custom`.
    public func serialize() -> JSONObject {
        var json: JSONObject = [:]
        if let identifier { json["id"] = .string(identifier) }
        if let title = navigationItem?.title { json["title"] = .string(title) }
        if let layoutDirection { json["direction"] = .string(layoutDirection.rawValue) }
        if let eventStreamURL { json["events"] = .string(eventStreamURL) }
        if let header = headerComponentModel { json["header"] = .object(header.serialize()) }
        if !bodyComponentModels.isEmpty { json["body"] = .array(bodyComponentModels.map { .object($0.serialize()) }) }
        if !overlayComponentModels.isEmpty {
            json["overlays"] = .array(overlayComponentModels.map { .object($0.serialize()) })
        }
        if let customData { json["custom"] = .object(customData) }
        return json
    }
}

extension ComponentModel: JSONSerializable {
    /// `id`, `group`, `component` (always), `text`, `images`, `target`, `metadata`, `logging`,
    /// `custom`, `children`.
    public func serialize() -> JSONObject {
        var json: JSONObject = [
            "id": .string(identifier),
            "component": ["id": .string(componentIdentifier.identifierString), "category": .string(componentCategory.rawValue)],
        ]
        if let groupIdentifier { json["group"] = .string(groupIdentifier) }

        var text: JSONObject = [:]
        if let title { text["title"] = .string(title) }
        if let subtitle { text["subtitle"] = .string(subtitle) }
        if let accessoryTitle { text["accessory"] = .string(accessoryTitle) }
        if let descriptionText { text["description"] = .string(descriptionText) }
        if !text.isEmpty { json["text"] = .object(text) }

        var images: JSONObject = [:]
        if let main = mainImageData?.serialize(), !main.isEmpty { images["main"] = .object(main) }
        if let background = backgroundImageData?.serialize(), !background.isEmpty { images["background"] = .object(background) }
        if let icon { images["icon"] = .string(icon.identifier) }
        var custom: JSONObject = [:]
        for (identifier, data) in customImageData {
            let serialized = data.serialize()
            if !serialized.isEmpty { custom[identifier] = .object(serialized) }
        }
        if !custom.isEmpty { images["custom"] = .object(custom) }
        if !images.isEmpty { json["images"] = .object(images) }

        if let target { json["target"] = .object(target.serialize()) }
        if let metadata { json["metadata"] = .object(metadata) }
        if let loggingData { json["logging"] = .object(loggingData) }
        if let customData { json["custom"] = .object(customData) }
        if !children.isEmpty { json["children"] = .array(children.map { .object($0.serialize()) }) }
        return json
    }
}

extension ComponentImageData: JSONSerializable {
    /// `uri` and `placeholder`; the local image and custom data are not serialized.
    public func serialize() -> JSONObject {
        var json: JSONObject = [:]
        if let url { json["uri"] = .string(url.absoluteString) }
        if let placeholderIcon { json["placeholder"] = .string(placeholderIcon.identifier) }
        return json
    }
}

extension ComponentTarget: JSONSerializable {
    /// `uri`, `view`, `actions`, `custom`.
    public func serialize() -> JSONObject {
        var json: JSONObject = [:]
        if let uri { json["uri"] = .string(uri.absoluteString) }
        if let initialViewModel { json["view"] = .object(initialViewModel.serialize()) }
        if let actionIdentifiers { json["actions"] = .array(actionIdentifiers.map { .string($0.identifierString) }) }
        if let customData { json["custom"] = .object(customData) }
        return json
    }
}
