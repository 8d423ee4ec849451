/// What changed in a view's state since it was last applied: the variables that took new values,
/// whether the environment changed, and whether the person left an input or tried to submit a form
/// (validation messages show). A view applies its state again only to the components whose
/// bindings read something that changed (``ViewStateEvaluator``).
package struct StateChange: Sendable, Equatable {
    /// The variables (and `.environment`) that changed.
    var sources: Set<BindingScope.Source> = []
    /// An input was left or a form submitted: inputs' messages may show.
    package var interaction = false
    /// A request began or ended: the components that send requests show whether they are busy.
    package var requests = false
    /// Everything may have changed: every component is evaluated again (new declarations, another
    /// state object).
    package var everything = false

    init(sources: Set<BindingScope.Source> = [], interaction: Bool = false, requests: Bool = false,
         everything: Bool = false)
    {
        self.sources = sources
        self.interaction = interaction
        self.requests = requests
        self.everything = everything
    }

    /// Nothing changed.
    package static let none = StateChange()
    /// Every component is evaluated again.
    package static let all = StateChange(everything: true)
    /// The environment changed (the width class, the colour scheme…).
    package static let environment = StateChange(sources: [.environment])

    /// Both changes, for an evaluation that has to catch up with two.
    package mutating func formUnion(_ other: StateChange) {
        sources.formUnion(other.sources)
        interaction = interaction || other.interaction
        requests = requests || other.requests
        everything = everything || other.everything
    }

    package var isEmpty: Bool { sources.isEmpty && !interaction && !requests && !everything }
}
