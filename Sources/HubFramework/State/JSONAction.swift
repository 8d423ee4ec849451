import Foundation

/// An action a document writes in a target's `actions` (`{"type": "set", …}`), compiled against the
/// variables in the component's scope. ``ActionInterpreter`` runs a list of them when the component
/// is selected (or its input asks), in order.
///
/// | `type` | members | what it does |
/// |---|---|---|
/// | `set` | `variable`, `value` | sets the variable to the value (an expression or a literal of its type) |
/// | `toggle` | `variable` | flips a boolean variable |
/// | `append` | `variable`, `value` | appends the value to an array variable |
/// | `remove` | `variable`, `value` or `index` | removes every element equal to the value, or the one at the index, from an array variable |
/// | `if` | `condition`, `then`, `else` | runs one of two lists |
/// | `open` | `uri` | opens a URI (held to the view's content origin) |
/// | `submit` | `form`, `then`, and a `request`'s members but `body` | when every input of the form is valid, runs `then`, then sends the form's values when it has a `url`; else shows their messages |
/// | `request` | `method`, `url`, `body`, `headers`, `onSuccess`, `onError`, `onFinish` | sends a request to the document's server (``RequestAction``) |
/// | `namespace:name` | `data` | performs the registered action with `data` (its templates evaluated) as custom data |
indirect enum JSONAction: Sendable {
    case set(VariableReference, BoundJSON)
    case toggle(VariableReference)
    case append(VariableReference, BoundJSON)
    case remove(VariableReference, BoundJSON)
    case removeAt(VariableReference, ExpressionTemplate)
    case condition(ExpressionTemplate, then: [JSONAction], otherwise: [JSONAction])
    case open(ExpressionTemplate)
    case submit(form: String, then: [JSONAction], request: RequestAction?)
    case request(RequestAction)
    case perform(Identifier, data: BoundJSON?)
}

extension JSONAction {
    /// Whether the action may send a request: a `request`, a `submit` with a `url`, or either of them
    /// in the lists it runs.
    var sendsRequest: Bool {
        switch self {
        case .request: true
        case .submit(_, let then, let request): request != nil || then.contains { $0.sendsRequest }
        case .condition(_, let then, let otherwise): (then + otherwise).contains { $0.sendsRequest }
        default: false
        }
    }
}

/// A variable an action changes: where it lives, its type, and its slot in the scope it was
/// compiled in (to read it).
struct VariableReference: Sendable, Hashable {
    let name: String
    let source: BindingScope.Source
    let type: ExpressionType
}

/// One entry of a target's `actions`, in order: a registered action by identifier, or actions a
/// document wrote.
enum TargetActionStep: Sendable {
    case identifier(Identifier)
    case program(JSONAction)
}
