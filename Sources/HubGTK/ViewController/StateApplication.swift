import Foundation
import HubFramework

/// Applies the view's state to what its loader delivered, and again whenever the state changes: the
/// loader's view model is the *source*; what the view shows is the source with the state's values
/// (``/HubFramework/ViewStateEvaluator``): texts filled in, hidden components left out. A change
/// of state renders through the view controller's one render path, as new content does: the diff,
/// not a new view, so the scroll position and the keyboard focus stay.
///
/// A large view is evaluated off the main thread, and so is one whose expressions take more than
/// ``mainThreadSteps`` (tried on the main thread first, then again off it); while that runs, the
/// window goes on showing what it showed, and a newer change supersedes an evaluation under way
/// (the latest keystroke wins).
///
/// It is made with the limits of evaluation alone. Each request to evaluate comes with who hears
/// the result; an evaluation under way delivers to the latest.
@MainActor
final class StateApplication {
    /// Hears a view model the state was applied to, with the expressions that failed there for the
    /// first time in the view (each place once).
    typealias Delivery = @MainActor (ViewModel, _ newFailures: [String]) -> Void

    /// Views with more body components than this are evaluated on a background thread.
    static let backgroundThreshold = 4_000
    /// The most steps an evaluation takes on the main thread, some 20 ms in a debug build: a view
    /// of a few hundred components whose expressions each take thousands of steps (a hostile one
    /// held the window for seconds at each change) is evaluated off it instead.
    static let mainThreadSteps = 100_000

    private let evaluator: ViewStateEvaluator
    /// Who hears the evaluation under way: the latest request's.
    private var deliver: Delivery?
    /// The state of the latest request: an evaluation that ends after the state changed evaluates
    /// again with it (the view's state may have been replaced meanwhile, by a navigator).
    private weak var latestState: ViewState?
    /// What the loader delivered last.
    private(set) var source: ViewModel?
    /// The evaluation under way on a background thread, if any.
    private var pending: Token?
    /// What changed since the last evaluation began: evaluated when the one under way ends, or at
    /// once.
    private var pendingChange = StateChange.none
    /// The last evaluation's results, so that the next evaluates only what a change reaches. While
    /// a background evaluation runs, it is that thread's.
    private var memo = StateEvaluationMemo()
    /// The places whose failure was reported already (each once per view, however often it fails
    /// again as the state changes).
    private var reported: Set<String> = []

    /// - Parameter limits: the bounds of evaluation.
    init(limits: ContentLimits) {
        evaluator = ViewStateEvaluator(limits: limits)
    }

    /// True while an evaluation runs on a background thread.
    var isEvaluating: Bool { pending != nil }

    /// The loader delivered `viewModel`: `state` takes on its declarations (keeping the values of
    /// variables declared as before), and `deliver` hears it with the state applied: at once, or
    /// when an evaluation off the main thread ends.
    func sourceArrived(_ viewModel: ViewModel, state: ViewState, deliver: @escaping Delivery) {
        self.deliver = deliver
        latestState = state
        source = viewModel
        state.adopt(viewModel.stateDeclarations, components: viewModel.componentStateDeclarations)
        pendingChange = StateChange.all
        if pending == nil { evaluate(with: state) }
    }

    /// The state changed (`change` says what): the view shows the source with the new values,
    /// evaluating again only the components that read what changed; `deliver` hears it.
    func stateChanged(_ state: ViewState, change: StateChange = .all, deliver: @escaping Delivery) {
        // A view that binds nothing shows its source as it is, whatever the state.
        guard let source, source.bindsState else { return }
        self.deliver = deliver
        latestState = state
        pendingChange.formUnion(change)
        // An evaluation under way catches up when it ends.
        if pending == nil { evaluate(with: state) }
    }

    /// Whether every input of `form` is valid now; when not, the form counts as submitted, so that
    /// its inputs show their messages.
    func formIsValid(_ form: String, state: ViewState) -> Bool {
        guard let source else { return true }
        let valid = evaluator.formValidity(of: source, with: state.snapshot(), stepLimit: Self.mainThreadSteps)[form] ?? true
        if !valid { state.formWasSubmitted(form) }
        return valid
    }

    /// Drops the source (the view's content was discarded); an evaluation under way is not delivered.
    func discard() {
        source = nil
        deliver = nil
        pending = nil
        pendingChange = StateChange.none
        // An evaluation under way keeps the memo it has; the next one starts with a new memo.
        memo = StateEvaluationMemo()
    }

    private func evaluate(with state: ViewState) {
        guard let source else { return }
        let change = pendingChange
        pendingChange = StateChange.none
        // A view that binds nothing is shown as it came.
        guard source.bindsState else {
            pending = nil
            deliver?(source, [])
            return
        }
        let snapshot = state.snapshot()
        if source.bodyComponentModels.count <= Self.backgroundThreshold {
            let evaluation = evaluator.evaluate(source, with: snapshot, memo: memo, change: change,
                                                stepLimit: Self.mainThreadSteps)
            if !evaluation.isIncomplete {
                pending = nil
                finish(evaluation)
                return
            }
            // More than the main thread's share: evaluated in full off it (the memo was reset, so
            // every component is).
        }
        let token = Token()
        pending = token
        let evaluator = self.evaluator
        let memo = self.memo
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let evaluation = evaluator.evaluate(source, with: snapshot, memo: memo, change: change)
            MainThread.perform {
                guard let self, self.pending === token else { return }
                self.pending = nil
                if !self.pendingChange.isEmpty, let state = self.latestState {
                    // The state changed meanwhile: what was evaluated is already old. (The memo is
                    // up to date with what was evaluated: the next evaluation starts from there.)
                    self.evaluate(with: state)
                    return
                }
                self.finish(evaluation)
            }
        }
    }

    private func finish(_ evaluation: StateEvaluation) {
        let new = evaluation.failures.filter { reported.insert($0.location).inserted }
        deliver?(evaluation.viewModel, new.map(\.description))
    }

    /// Identifies one background evaluation (compared by identity).
    private final class Token: Sendable {}
}
