import Foundation
import HubFramework

/// Does what the view's server answers ask of the view, a request's answer or an event of its
/// stream: new values for its variables, messages beside the inputs of a form, a patch (applied in
/// order off the main thread by its `ViewPatches`), a new document (read off the main thread with
/// the feature's schema and limits).
///
/// It is made with what reading those needs and the view's problem log. Each answer comes with the
/// state it sets and who shows the document it brings.
@MainActor
final class ServerAnswers {
    /// Shows a document an answer brought, or the view's document patched.
    typealias Show = @MainActor (ViewModel) -> Void

    private let patches: ViewPatches
    private let makeBuilder: @MainActor () -> ViewModelBuilder
    private let limits: ContentLimits
    private let log: ViewProblemLog

    /// - Parameters:
    ///   - patches: applies the patches answers bring, in order.
    ///   - makeBuilder: a fresh builder with the feature's schema, which a document is read into.
    ///   - limits: the bounds a document is read within.
    ///   - log: hears what went wrong.
    init(patches: ViewPatches, makeBuilder: @escaping @MainActor () -> ViewModelBuilder, limits: ContentLimits,
         log: ViewProblemLog)
    {
        self.patches = patches
        self.makeBuilder = makeBuilder
        self.limits = limits
        self.log = log
    }

    /// Whether a patch is being applied or waits.
    var isBusy: Bool { patches.isBusy }

    /// Forgets the patches not yet applied (the view is torn down).
    func cancel() { patches.cancel() }

    /// Does what `answer` asks of the view whose variables `state` holds: new values, messages
    /// beside the inputs of `form`, a patch, a new document (which `show` shows). `logging` hears
    /// what could not be done.
    func apply(_ answer: ServerAnswer, form: String?, to state: ViewState, show: @escaping Show,
               logging: (String) -> Void)
    {
        switch answer {
        case .values(let values, let errors):
            state.batch {
                for name in values.keys.sorted() {
                    guard let variable = state.declarations.variable(named: name) ?? state.app?.declarations.variable(named: name),
                        let value = ExpressionValue(json: values[name]!, as: variable.type), state.setValue(value, for: name)
                    else {
                        logging("state.\(name) is not a declared variable of the view or the app, or not of its type; "
                            + "it was not set")
                        continue
                    }
                }
                if let form { state.setServerMessages(errors, form: form) }
            }
        case .document(let data): read(data, show: show)
        case .patch(let data):
            patches.apply(data) { [log] outcome in
                switch outcome {
                case .success(let patched): show(patched)
                case .failure(let refusal): log.serverProblem(refusal.message)
                }
            }
        case .nothing: break
        }
    }

    /// Events of the view's stream came: what they ask happens in order, as one render.
    func eventsArrived(_ deliveries: [EventStreamSession.Delivery], to state: ViewState, show: @escaping Show) {
        state.batch {
            for delivery in deliveries {
                for problem in delivery.problems { log.serverProblem("an event: \(problem)") }
                apply(delivery.answer, form: nil, to: state, show: show, logging: { log.serverProblem($0) })
            }
        }
    }

    /// Reads `data`, a view document an answer sent, off the main thread, and shows it (`show`) as
    /// a reload's would be.
    private func read(_ data: Data, show: @escaping Show) {
        let builder = makeBuilder()
        let limits = limits
        let log = log
        Task.detached(priority: .userInitiated) { [builder] in
            let problems: [JSONProblem]
            do {
                problems = try builder.addJSON(data: data, limits: limits)
            } catch {
                await MainActor.run { log.warning("the document a request's answer sent cannot be read: \(error)") }
                return
            }
            let viewModel = builder.build()
            await MainActor.run {
                for problem in problems.prefix(20) { log.warning("the answered document: \(problem)") }
                show(viewModel)
            }
        }
    }
}
