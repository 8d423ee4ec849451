import Foundation

/// What the answer to a document's `request` or `submit` asks of the view, read from its JSON:
///
/// | the answer's object has | the view |
/// |---|---|
/// | `"patch"` | applies the patch to what it shows (``ViewModelPatch``); the answer's other members are for the actions |
/// | `"body"`, `"header"` or `"overlays"` | shows it as its new document, as a reload would |
/// | `"state"` and/or `"errors"` | sets the view's variables (`{"state": {"count": 4}}`) and shows the messages beside the form's inputs (`{"errors": {"email": "That address is taken"}}`, by the inputs' variable names) |
///
/// Anything else (an empty body, text, another object) asks nothing of the view; the actions
/// that follow the request read it as `response.…` all the same.
package enum ServerAnswer: Sendable, Equatable {
    /// A patch: the answer's bytes, read by the view against what it shows.
    case patch(Data)
    /// A view document: the answer's bytes, read as the view's document.
    case document(Data)
    /// Values for the view's variables, and messages for the inputs of the form sent, by variable
    /// name (either may be empty).
    case values(state: JSONObject, errors: [String: String])
    /// Nothing for the view.
    case nothing

    /// The keys that make an answer a view document.
    static let documentKeys: Set<String> = ["body", "header", "overlays"]

    /// What `object`, the answer's JSON (`data` its bytes), asks; `problems` hears what is wrong
    /// with its `state` or `errors`.
    static func read(_ object: JSONObject, data: Data, problems: (String) -> Void) -> ServerAnswer {
        if object["patch"] != nil {
            // The patch and what it reads (its templates); the answer's other members (a message for
            // `response.body`) are not the patch's.
            let own: Set<String> = ["patch", "templates", "$schema"]
            guard object.keys.contains(where: { !own.contains($0) }) else { return .patch(data) }
            let patch = object.filter { own.contains($0.key) }
            return .patch(Data(JSONWriter().string(for: .object(patch)).utf8))
        }
        if !documentKeys.isDisjoint(with: object.keys) { return .document(data) }
        var state: JSONObject = [:]
        var errors: [String: String] = [:]
        if let value = object["state"] {
            if case .object(let members) = value { state = members } else { problems("\"state\" is not an object") }
        }
        if let value = object["errors"] {
            if case .object(let members) = value {
                for (name, message) in members {
                    if case .string(let text) = message { errors[name] = text } else { problems("errors.\(name) is not a string") }
                }
            } else {
                problems("\"errors\" is not an object")
            }
        }
        return state.isEmpty && errors.isEmpty ? .nothing : .values(state: state, errors: errors)
    }
}
