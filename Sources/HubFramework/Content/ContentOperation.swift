import Foundation

/// A step of a view's content loading chain.
///
/// A feature supplies its operations (through content operation factories) in order; the loader
/// runs them one after another, each on its own copy of one view model builder. An operation adds
/// to or changes the builder, then tells its delegate that it finished or failed — right away or
/// later, from any thread.
///
/// Operations run on the main actor. An operation that finishes later should capture its delegate
/// when it starts (`let delegate = self.delegate`) and report through that reference: the loader
/// gives every execution its own delegate, so a late report from an execution that was cancelled
/// (by a reload, or by leaving the view) is ignored instead of finishing a newer run.
@MainActor
public protocol ContentOperation: AnyObject, Sendable {
    /// Set by the loader right before each execution. The loader keeps the delegate of an
    /// operation's latest execution alive, so the property may be `weak`.
    var delegate: (any ContentOperationDelegate)? { get set }

    /// Adds content to `viewModelBuilder`, then reports exactly once through `delegate`.
    ///
    /// Called on the main thread, for the first run of the chain and again whenever this operation
    /// or one before it is rescheduled, the view reloads or connectivity changes. The report may
    /// come before `perform` returns or later, from any thread.
    ///
    /// - Parameters:
    ///   - viewURI: the URI of the view being loaded; one operation object serves one view.
    ///   - featureInfo: the identifier and title of the feature the view belongs to.
    ///   - connectivityState: whether the app was online when this execution started.
    ///   - viewModelBuilder: this execution's own copy of what the operations before it built; it
    ///     belongs to the operation until it reports, and may be filled on another thread.
    ///   - previousError: the error the previous operation in the chain failed with, if any.
    ///     Finishing successfully silences it; failing (with it or another error) passes it on.
    func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                 viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)

    /// Called when the loader abandons the current execution (reload, or the view went away).
    /// Stop any work in flight; reports from the abandoned execution are ignored anyway.
    func cancel()

    /// Whether the operation may ever ask to run again (`contentOperationRequiresRescheduling`).
    /// True unless the operation says otherwise. The loader keeps a snapshot of an operation's
    /// input only while some operation at or after it may reschedule; when none may, it hands the
    /// builder on without keeping a copy, which lets a large view's builders go as soon as its view
    /// model is built.
    var mayRequestRescheduling: Bool { get }
}

extension ContentOperation {
    /// Does nothing: an operation that finishes synchronously has nothing to stop.
    public func cancel() {}

    /// True: an operation may ask to run again unless it declares otherwise.
    public var mayRequestRescheduling: Bool { true }
}

/// How an operation reports back. Every method may be called from any thread.
public protocol ContentOperationDelegate: AnyObject, Sendable {
    /// The operation finished adding its content.
    func contentOperationDidFinish(_ operation: any ContentOperation)
    /// The operation failed; the error becomes the next operation's `previousError`.
    func contentOperation(_ operation: any ContentOperation, didFailWithError error: any Error)
    /// Runs the operation again — and every operation after it — starting from the content the
    /// operation before it produced. Only possible after the operation's first execution.
    func contentOperationRequiresRescheduling(_ operation: any ContentOperation)
    /// The operation has added part of its content and goes on adding the rest: `partialContent`
    /// holds its input and what it has added so far, for the view to show early (the first screen of
    /// a long document). The operation must not change `partialContent` afterwards; it keeps adding
    /// to the builder it was given and reports as usual when it is done. Parts are optional and may
    /// be dropped (the loader shows the latest one it has time for); see "Parts" in
    /// docs/content-loading.md for how they travel through the rest of the chain.
    func contentOperation(_ operation: any ContentOperation, didAddPartOfContent partialContent: ViewModelBuilder)
}

extension ContentOperationDelegate {
    /// Ignores the part: a delegate that shows nothing early only waits for the whole content.
    public func contentOperation(_ operation: any ContentOperation, didAddPartOfContent partialContent: ViewModelBuilder) {}
}

/// An operation that can add skeleton content shown before the chain has loaded.
@MainActor
public protocol ContentOperationWithInitialContent: ContentOperation {
    /// Adds cheap placeholder content, synchronously. Called once per loader.
    func addInitialContent(forViewURI viewURI: URL, to viewModelBuilder: ViewModelBuilder)
}

/// An operation that can append further pages of content.
@MainActor
public protocol ContentOperationWithPaginatedContent: ContentOperation {
    /// Appends page `pageIndex` (1 for the first page after the main content). The builder holds
    /// everything loaded so far; add to it rather than replacing it. Report like `perform`.
    func appendContent(forPageIndex pageIndex: Int, to viewModelBuilder: ViewModelBuilder, viewURI: URL,
                       featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                       previousError: (any Error)?)
}

/// An operation that is told about every action performed in its view.
@MainActor
public protocol ContentOperationActionObserver: ContentOperation {
    /// Called for every action handled in the view — even one no action factory could create —
    /// so an operation can react (for example by storing state and rescheduling itself).
    func actionPerformed(with context: ActionContext, featureInfo: FeatureInfo, connectivityState: ConnectivityState)
}

/// An operation that can perform actions itself (trigger `.contentOperation`).
@MainActor
public protocol ContentOperationActionPerformer: ContentOperation {
    /// Set by the framework (the view controller). Held weakly by conforming types.
    var actionPerformer: (any ActionPerformer)? { get set }
}
