import Foundation

/// What a `request` action (or a `submit` with a `url`) sends, and the actions that follow its
/// answer, compiled against the component's scope:
///
/// ```json
/// {"type": "request", "method": "post", "url": "/basket",
///  "body": {"item": "@{id}", "count": "@{count}"},
///  "headers": {"X-Basket": "@{basket}"},
///  "onSuccess": [{"type": "set", "variable": "count", "value": "@{getIntegerFromDict(response.body, 'count')}"}],
///  "onError": [{"type": "set", "variable": "problem", "value": "@{response.error}"}],
///  "onFinish": []}
/// ```
///
/// `onSuccess` or `onError` runs when the answer is in, then `onFinish`; they read the answer as
/// `response.…` (``ResponseValues``).
struct RequestAction: Sendable {
    /// `GET`, `POST`, `PUT`, `PATCH` or `DELETE`.
    let method: String
    /// The URL, relative to the document's.
    let url: ExpressionTemplate
    /// The JSON body (a `request`'s); a `submit` sends its form's values instead.
    let body: BoundJSON?
    /// Header fields, each one of ``allowedHeader(_:)``.
    let headers: [(name: String, value: ExpressionTemplate)]
    let onSuccess: [JSONAction]
    let onError: [JSONAction]
    let onFinish: [JSONAction]
    /// The scope the three lists were compiled in: the component's, with `response.…`.
    let responseScope: BindingScope

    /// The methods a document may use.
    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE"]

    /// Whether a document may set the header `name`: `Accept`, `Authorization`, `If-Match`,
    /// `If-None-Match`, or one of its own (`X-…`). The others are the client's: its identity
    /// (`User-Agent`), the body's framing (`Content-Length`, `Content-Type`), where the request
    /// goes and comes from (`Host`, `Origin`, `Referer`) and what the cookie jar sends (`Cookie`).
    static func allowedHeader(_ name: String) -> Bool {
        let lower = name.lowercased()
        guard !lower.isEmpty, lower.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") }) else {
            return false
        }
        return ["accept", "authorization", "if-match", "if-none-match"].contains(lower) || lower.hasPrefix("x-")
    }
}

/// A request an event asked to send, its values evaluated: what the view carries out
/// (``ActionInterpreter/Effect/send(_:)``).
package struct PreparedRequest: Sendable {
    /// `GET`, `POST`, …
    package let method: String
    /// The URL as the document wrote it, maybe relative to the document's.
    package let url: String
    /// The JSON body, or nil for none (a `submit`'s form values are added by the view).
    package let body: JSONValue?
    /// The form a `submit` sends the values of; nil for a `request`.
    package let form: String?
    /// The header fields.
    package let headers: [String: String]
    /// The actions to run with the answer.
    package let handlers: RequestHandlers
    /// The variables the event's earlier actions changed, with the values they had before it: a
    /// failed request puts them back (an optimistic update rolled back).
    package let rollback: StateRollback
}

/// The actions that follow a request's answer, and the component they belong to.
package struct RequestHandlers: Sendable {
    let action: RequestAction
    /// The component whose target sent it: its texts are read and its identifier is busy until
    /// the answer.
    package let model: ComponentModel

    /// Whether the document handles a failed answer itself (it has `onError` actions): a failure is
    /// then part of the exchange (a 422 with messages for a form), not something gone wrong.
    package var handlesErrors: Bool { !action.onError.isEmpty }
}

/// The values some variables had before an event changed them.
package struct StateRollback: Sendable {
    var originals: [BindingScope.Source: ExpressionValue] = [:]
    /// The order they were first changed in (a dictionary has none).
    var order: [BindingScope.Source] = []

    /// Keeps `value` as `source`'s value before the event, unless the event changed it before.
    mutating func record(_ source: BindingScope.Source, original value: ExpressionValue?) {
        guard let value, originals[source] == nil else { return }
        originals[source] = value
        order.append(source)
    }

    /// Whether no variable changed.
    package var isEmpty: Bool { order.isEmpty }
}
