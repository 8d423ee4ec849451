import Foundation

/// Builds a large view off the main thread and delivers it, unless a newer run or `cancel()` came
/// first: a build that is no longer pending is dropped when it finishes.
@MainActor
final class BackgroundViewModelBuild {
    /// The build whose view model will be delivered; nil when none is pending.
    private var pending: Token?

    /// True while a build's view model is on its way.
    var isPending: Bool { pending != nil }

    /// Builds `builder` on a background thread and delivers the view model on the main thread.
    /// Nothing changes the builder meanwhile: the loader's next run starts from a fresh builder or a
    /// copy (which copies a shared component builder before changing it), so it is handed over.
    func start(_ builder: sending ViewModelBuilder, deliver: @escaping @MainActor (ViewModel) -> Void) {
        let token = Token()
        pending = token
        let handoff = BuilderHandoff(builder)
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            // Taken out of the handoff, the builder goes at the end of this statement, on this
            // thread: what a large view's builders took goes back to the system before the view
            // model is shown.
            let viewModel = handoff.take().build()
            FreedMemory.returnToSystem()
            MainThread.perform {
                guard let self, self.pending === token else { return }
                self.pending = nil
                deliver(viewModel)
            }
        }
    }

    /// Drops the build under way: its view model is not delivered.
    func cancel() { pending = nil }

    /// Identifies one build (compared by identity).
    private final class Token: Sendable {}
}

/// Carries a builder to the thread that builds it, which takes it out so that it is freed there.
/// `@unchecked`: the builder was sent (`start(_:deliver:)` takes it `sending`, so its caller keeps
/// no reference the compiler does not know about), and only the building thread reads it.
private final class BuilderHandoff: @unchecked Sendable {
    private var builder: ViewModelBuilder?
    init(_ builder: sending ViewModelBuilder) { self.builder = builder }
    func take() -> ViewModelBuilder {
        defer { builder = nil }
        return builder!
    }
}
