import Foundation
import HubFramework

/// The patches that came for the view (a request's answer, an event of its stream), applied in the
/// order they came to the view's document as it is then: each read and applied off the main thread
/// (``/HubFramework/ViewModelPatch``), the next one begun when the one before it was shown. A patch
/// with a problem changes nothing and is reported with where its problems are.
///
/// It is made with what reading a patch needs; each patch comes with who hears how it went.
@MainActor
final class ViewPatches {
    /// Hears how a patch went: the patched document to show, or why it was refused.
    typealias Outcome = @MainActor (Result<ViewModel, Refusal>) -> Void
    /// Why a patch changed nothing.
    struct Refusal: Error {
        let message: String
    }

    private let source: () -> ViewModel?
    private let schema: () -> JSONSchema
    private let clientCapabilities: ClientCapabilities?
    private let limits: ContentLimits
    /// The patches waiting for the one before them, in order, with who hears each.
    private var waiting: [(data: Data, outcome: Outcome)] = []
    /// Whether one is being read and applied.
    private var isApplying = false

    /// - Parameters:
    ///   - source: the view's document as it is now (what the loader gave, with the patches before).
    ///   - schema: the schema the view's document was read with.
    ///   - clientCapabilities: the client the view's document was read for: a patch's components get
    ///     their fallbacks as the document's did.
    init(source: @escaping () -> ViewModel?, schema: @escaping () -> JSONSchema,
         clientCapabilities: ClientCapabilities?, limits: ContentLimits)
    {
        self.source = source
        self.schema = schema
        self.clientCapabilities = clientCapabilities
        self.limits = limits
    }

    /// Whether a patch is being applied or waits.
    var isBusy: Bool { isApplying || !waiting.isEmpty }

    /// Applies `data` after the patches before it; `outcome` hears how it went, on the main thread.
    func apply(_ data: Data, outcome: @escaping Outcome) {
        waiting.append((data, outcome))
        applyNext()
    }

    /// Forgets the patches not yet applied (the view is torn down).
    func cancel() { waiting = [] }

    private func applyNext() {
        guard !isApplying, !waiting.isEmpty else { return }
        guard let source = source() else {
            let (_, outcome) = waiting.removeFirst()
            outcome(.failure(Refusal(message: "a patch came before the view had a document to patch; it was dropped")))
            return applyNext()
        }
        let (data, outcome) = waiting.removeFirst()
        let schema = schema()
        let client = clientCapabilities
        let limits = limits
        isApplying = true
        Task.detached(priority: .userInitiated) {
            let result = Result { () throws(ViewModelPatchError) -> ViewModel in
                try ViewModelPatch(data: data, schema: schema, clientCapabilities: client, limits: limits).applied(to: source)
            }
            await MainActor.run { [weak self] in
                guard let self else { return }
                isApplying = false
                outcome(result.mapError { error in
                    Refusal(message: "a patch was refused, and the view left as it was: "
                        + error.problems.prefix(5).map(\.description).joined(separator: "; "))
                })
                applyNext()
            }
        }
    }
}
