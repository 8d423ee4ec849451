import Foundation

/// What the actions that follow a `request` or a `submit` read of its answer, as `response.…`:
///
/// | name | type | value |
/// |---|---|---|
/// | `response.status` | integer | the HTTP status, 0 when no answer came |
/// | `response.ok` | boolean | whether the request succeeded: a 2xx answer the view could use |
/// | `response.body` | dict | the answer's JSON object, an empty dict when it is not one |
/// | `response.text` | string | the answer's text, cut to 4,096 bytes |
/// | `response.error` | string | why it failed, empty when it succeeded |
///
/// They are declared only in a request's `onSuccess`, `onError` and `onFinish` lists, and cannot be
/// changed by an action.
package struct ResponseValues: Sendable, Equatable {
    /// The fields, each one a variable of the handlers' scope.
    enum Field: String, Sendable, Hashable, CaseIterable {
        case status, ok, body, text, error

        /// The variable's name: `response.status`.
        var name: String { "response." + rawValue }

        var type: ExpressionType {
            switch self {
            case .status: .integer
            case .ok: .boolean
            case .body: .dictionary
            case .text, .error: .string
            }
        }
    }

    /// The most bytes of `response.text`.
    static let maximumTextBytes = 4_096

    package var status: Int
    package var ok: Bool
    package var body: JSONObject
    package var text: String
    package var error: String

    package init(status: Int, ok: Bool, body: JSONObject = [:], text: String = "", error: String = "") {
        self.status = status
        self.ok = ok
        self.body = body
        self.text = text.cut(toUTF8Count: Self.maximumTextBytes)
        self.error = error
    }

    /// The value of `field`.
    func value(of field: Field) -> ExpressionValue {
        switch field {
        case .status: .integer(status)
        case .ok: .boolean(ok)
        case .body: .dictionary(body)
        case .text: .string(text)
        case .error: .string(error)
        }
    }
}
