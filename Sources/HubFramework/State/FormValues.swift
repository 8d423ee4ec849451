import Foundation

/// The values a `submit` sends: those of the inputs of its form that the view shows (an input that
/// `visible` hides is not part of its form), by variable name, read from the state as it is now (a
/// large view shows values evaluated a keystroke ago).
package enum FormValues {
    /// The values of `form`'s inputs shown in `viewModel` (the view with the state applied), from
    /// `state`.
    @MainActor
    package static func collect(_ form: String, shownIn viewModel: ViewModel, state: ViewState) -> JSONObject {
        var values: JSONObject = [:]
        func visit(_ model: ComponentModel) {
            if let input = model.input, input.form == form, let binding = model.bindings?.input {
                values[input.variableName] = (state.value(of: binding.variable.source) ?? input.value).jsonValue
            }
            for child in model.children { visit(child) }
        }
        if let header = viewModel.headerComponentModel { visit(header) }
        for model in viewModel.bodyComponentModels.keptModels { visit(model) }
        for model in viewModel.overlayComponentModels { visit(model) }
        return values
    }
}
