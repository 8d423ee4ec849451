/// The body components of a view model, in order (``ViewModel/bodyComponentModels``): a
/// random-access collection of ``ComponentModel``s, indexed from zero.
///
/// A body is the one part of a view that can hold a million components, and most code needs a few
/// of them at a time: the rows near the viewport, the one that was selected. The list is the
/// boundary behind which the framework keeps them: read it as a collection (`count`, a subscript,
/// `for … in`, `first`, `last`, `map`), and make an array of it with `Array(list)` only when one is
/// needed, which costs a pass over the whole body.
///
/// Two lists are equal when their models are equal in order (``ComponentModel/==(_:_:)``: content,
/// not position). The list is immutable and can be shared between threads.
public struct ComponentModelList: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral,
    CustomStringConvertible
{
    private let models: [ComponentModel]

    /// The list of `models`, in order.
    package init(_ models: [ComponentModel]) {
        self.models = models
    }

    /// The list of `models`, in order; `[]` is the empty list, so that `viewModel?.bodyComponentModels ?? []`
    /// reads as it did when the body was an array.
    public init(arrayLiteral models: ComponentModel...) {
        self.models = models
    }

    /// The position of the first model: always zero.
    public var startIndex: Int { 0 }

    /// One past the position of the last model: the number of models.
    public var endIndex: Int { models.count }

    /// The number of models.
    public var count: Int { models.count }

    /// Whether the list holds no model.
    public var isEmpty: Bool { models.isEmpty }

    /// The model at `position`, which must be in `indices`.
    public subscript(position: Int) -> ComponentModel { models[position] }

    /// The models as an array, for code in the framework that still hands one on.
    package var array: [ComponentModel] { models }

    public var description: String { "ComponentModelList(\(models.count) models)" }
}
