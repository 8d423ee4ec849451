import Foundation
import XCTest

@testable import HubFramework

/// An error with a name, for checking which error went where.
struct LoadingTestError: Error, Equatable, CustomStringConvertible {
    let name: String
    init(_ name: String) { self.name = name }
    var description: String { "LoadingTestError(\(name))" }
}

/// The name of a `LoadingTestError`, or a description of anything else (nil stays nil).
func loadingErrorName(_ error: (any Error)?) -> String? {
    guard let error else { return nil }
    return (error as? LoadingTestError)?.name ?? "\(error)"
}

/// A content operation whose behaviour a test scripts.
///
/// It holds its delegate weakly (like the original's operations), so it also checks that the loader
/// keeps each execution's delegate alive. Subclasses add the optional protocols.
@MainActor
class LoadingTestOperation: ContentOperation {
    /// Like any operation that says nothing: it may ask to run again (subclasses may say otherwise).
    var mayRequestRescheduling: Bool { true }

    /// How `perform` ends.
    enum Completion {
        /// Reports success before `perform` returns.
        case finish
        /// Reports the error before `perform` returns.
        case fail(LoadingTestError)
        /// Reports nothing; the test calls `finish()` / `fail(_:)` later.
        case manual
        /// Reports success from a background queue after `delay` seconds.
        case finishInBackground(after: Double)
        /// Reports the error from a background queue after `delay` seconds.
        case failInBackground(LoadingTestError, after: Double)
        /// Never reports (an operation that hangs).
        case never
    }

    weak var delegate: (any ContentOperationDelegate)?

    let name: String
    var completion: Completion
    /// Adds the operation's content; gets the builder and the 1-based execution number.
    var content: (@MainActor (ViewModelBuilder, Int) -> Void)?

    private(set) var performCount = 0
    private(set) var cancelCount = 0
    private(set) var lastBuilder: ViewModelBuilder?
    private(set) var lastPreviousError: (any Error)?
    private(set) var previousErrorNames: [String?] = []
    private(set) var lastConnectivityState: ConnectivityState?
    private(set) var connectivityStates: [ConnectivityState] = []
    private(set) var lastFeatureInfo: FeatureInfo?
    private(set) var lastViewURI: URL?
    private(set) var builders: [ViewModelBuilder] = []
    /// The delegate captured when the latest execution started (what an asynchronous operation does).
    private(set) var capturedDelegate: (any ContentOperationDelegate)?
    /// False: the operation keeps no strong reference to any delegate (only the weak property), as a
    /// synchronous operation written in the simplest way would.
    var capturesDelegate = true

    init(_ name: String, completion: Completion = .finish,
         content: (@MainActor (ViewModelBuilder, Int) -> Void)? = nil)
    {
        self.name = name
        self.completion = completion
        self.content = content
    }

    /// Adds a body component `<name>` (or `identifier`) titled `title` when run.
    convenience init(_ name: String, completion: Completion = .finish, addsComponent identifier: String,
                     title: String? = nil)
    {
        self.init(name, completion: completion) { builder, _ in
            builder.bodyComponentModelBuilder(withIdentifier: identifier).title = title ?? identifier
        }
    }

    func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                 viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        performCount += 1
        record(builder: viewModelBuilder, previousError: previousError, connectivityState: connectivityState)
        lastFeatureInfo = featureInfo
        lastViewURI = viewURI
        content?(viewModelBuilder, performCount)
        complete()
    }

    func record(builder: ViewModelBuilder, previousError: (any Error)?, connectivityState: ConnectivityState) {
        lastBuilder = builder
        builders.append(builder)
        lastPreviousError = previousError
        previousErrorNames.append(loadingErrorName(previousError))
        lastConnectivityState = connectivityState
        connectivityStates.append(connectivityState)
        capturedDelegate = capturesDelegate ? delegate : nil
    }

    func complete() {
        let delegate = capturesDelegate ? capturedDelegate : self.delegate
        switch completion {
        case .finish:
            delegate?.contentOperationDidFinish(self)
        case .fail(let error):
            delegate?.contentOperation(self, didFailWithError: error)
        case .manual, .never:
            break
        case .finishInBackground(let delay):
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
                delegate?.contentOperationDidFinish(self)
            }
        case .failInBackground(let error, let delay):
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
                delegate?.contentOperation(self, didFailWithError: error)
            }
        }
    }

    /// Reports success through the delegate captured by the latest execution.
    func finish() { capturedDelegate?.contentOperationDidFinish(self) }
    /// Reports failure through the delegate captured by the latest execution.
    func fail(_ error: LoadingTestError) { capturedDelegate?.contentOperation(self, didFailWithError: error) }
    /// Reports what the latest execution's builder holds now as a part, through the delegate it captured.
    func reportPart() {
        guard let lastBuilder else { return }
        capturedDelegate?.contentOperation(self, didAddPartOfContent: lastBuilder.snapshot())
    }
    /// Asks for rescheduling through the current `delegate` property (as the guide's examples do).
    func reschedule() { delegate?.contentOperationRequiresRescheduling(self) }

    func cancel() { cancelCount += 1 }
}

/// A test operation that also appends pages.
@MainActor
final class LoadingPaginatedOperation: LoadingTestOperation, ContentOperationWithPaginatedContent {
    /// Adds the content of a page; gets the builder and the page index.
    var pageContent: (@MainActor (ViewModelBuilder, Int) -> Void)?
    /// How appending a page ends (default: like `completion`).
    var pageCompletion: Completion?
    private(set) var pageIndexes: [Int] = []
    private(set) var pagePreviousErrorNames: [String?] = []
    private(set) var lastPageBuilder: ViewModelBuilder?
    private(set) var pageBuilderBodyIdentifiers: [[String]] = []

    func appendContent(forPageIndex pageIndex: Int, to viewModelBuilder: ViewModelBuilder, viewURI: URL,
                       featureInfo: FeatureInfo, connectivityState: ConnectivityState, previousError: (any Error)?)
    {
        pageIndexes.append(pageIndex)
        pagePreviousErrorNames.append(loadingErrorName(previousError))
        pageBuilderBodyIdentifiers.append(viewModelBuilder.allBodyComponentModelBuilders().map(\.modelIdentifier))
        lastPageBuilder = viewModelBuilder
        record(builder: viewModelBuilder, previousError: previousError, connectivityState: connectivityState)
        pageContent?(viewModelBuilder, pageIndex)
        let saved = completion
        if let pageCompletion { completion = pageCompletion }
        complete()
        completion = saved
    }
}

/// A test operation that adds initial content.
@MainActor
final class LoadingInitialContentOperation: LoadingTestOperation, ContentOperationWithInitialContent {
    var initialContent: (@MainActor (ViewModelBuilder) -> Void)?
    private(set) var initialContentCount = 0
    private(set) var initialContentBuilders: [ViewModelBuilder] = []

    func addInitialContent(forViewURI viewURI: URL, to viewModelBuilder: ViewModelBuilder) {
        initialContentCount += 1
        initialContentBuilders.append(viewModelBuilder)
        initialContent?(viewModelBuilder)
    }
}

/// A test operation that observes actions and can perform them.
@MainActor
final class LoadingActionOperation: LoadingTestOperation, ContentOperationActionObserver,
    ContentOperationActionPerformer
{
    weak var actionPerformer: (any ActionPerformer)?
    private(set) var observedContexts: [ActionContext] = []
    private(set) var observedFeatureInfos: [FeatureInfo] = []
    private(set) var observedConnectivityStates: [ConnectivityState] = []
    /// Runs for every observed action.
    var onAction: (@MainActor (ActionContext) -> Void)?

    func actionPerformed(with context: ActionContext, featureInfo: FeatureInfo, connectivityState: ConnectivityState) {
        observedContexts.append(context)
        observedFeatureInfos.append(featureInfo)
        observedConnectivityStates.append(connectivityState)
        onAction?(context)
    }
}

/// Records what a loader delivers.
@MainActor
final class LoadingRecorder: ViewModelLoaderDelegate {
    private(set) var viewModels: [ViewModel] = []
    private(set) var errors: [any Error] = []
    /// "load" or "fail:<name>" per callback, in order.
    private(set) var events: [String] = []
    var onLoad: (@MainActor (ViewModel) -> Void)?
    var onFail: (@MainActor (any Error) -> Void)?

    var lastViewModel: ViewModel? { viewModels.last }
    var lastErrorName: String? { loadingErrorName(errors.last) }

    func viewModelLoader(_ loader: ViewModelLoader, didLoad viewModel: ViewModel) {
        XCTAssertTrue(Thread.isMainThread, "the loader delegate is called on the main thread")
        viewModels.append(viewModel)
        events.append("load")
        onLoad?(viewModel)
    }

    /// Parts go to `parts` and count as a "part" event; they are not in `viewModels`.
    private(set) var parts: [ViewModel] = []

    func viewModelLoader(_ loader: ViewModelLoader, didLoadPart viewModel: ViewModel) {
        XCTAssertTrue(Thread.isMainThread, "the loader delegate is called on the main thread")
        parts.append(viewModel)
        events.append("part")
    }

    func viewModelLoader(_ loader: ViewModelLoader, didFailLoadingWithError error: any Error) {
        XCTAssertTrue(Thread.isMainThread, "the loader delegate is called on the main thread")
        errors.append(error)
        events.append("fail:\(loadingErrorName(error) ?? "")")
        onFail?(error)
    }
}

/// A mutable value that closures share (a captured `var` changed later would trip the
/// concurrency checker, since main-actor closures are sendable).
@MainActor
final class LoadingValue<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// Counts how often it was asked, and answers as told.
@MainActor
final class LoadingReloadPolicy: ContentReloadPolicy {
    var answer: Bool
    private(set) var askedViewURIs: [URL] = []
    init(answer: Bool) { self.answer = answer }
    func shouldReloadContent(forViewURI viewURI: URL, currentViewModel: ViewModel) -> Bool {
        askedViewURIs.append(viewURI)
        return answer
    }
}

/// A resolver whose state changes silently; `notify()` tells the observers (whether or not the
/// state changed), like a platform monitor whose notification arrives late.
@MainActor
final class LoadingConnectivityResolver: ConnectivityStateResolver {
    var state: ConnectivityState
    private var observers = WeakObserverList<any ConnectivityStateResolverObserver>()
    private(set) var resolveCount = 0

    init(state: ConnectivityState) { self.state = state }

    func resolveConnectivityState() -> ConnectivityState {
        resolveCount += 1
        return state
    }

    func addObserver(_ observer: any ConnectivityStateResolverObserver) { observers.add(observer) }
    func removeObserver(_ observer: any ConnectivityStateResolverObserver) { observers.remove(observer) }
    var observerCount: Int { observers.all.count }

    func notify() {
        for observer in observers.all { observer.connectivityStateResolverStateDidChange(self) }
    }
}

enum LoadingFixtures {
    static let viewURI = URL(string: "spotify:hub:framework")!
    static let featureInfo = FeatureInfo(identifier: "feature", title: "Feature title")
    static let componentDefaults = ComponentDefaults(namespace: "namespace", name: "name", category: "category")

    static func schema() -> JSONSchema {
        JSONSchema(componentDefaults: componentDefaults, iconImageResolver: nil, localImageResolver: nil)
    }

    /// A loader over `operations` with the test schema, plus its recorder (already its delegate).
    @MainActor
    static func loader(_ operations: [any ContentOperation],
                       resolver: any ConnectivityStateResolver = ManualConnectivityStateResolver(),
                       reloadPolicy: (any ContentReloadPolicy)? = nil, initialViewModel: ViewModel? = nil,
                       featureInfo: FeatureInfo = featureInfo) -> (ViewModelLoader, LoadingRecorder)
    {
        let schema = schema()
        let loader = try! ViewModelLoader(
            viewURI: viewURI, featureInfo: featureInfo, operations: operations,
            makeBuilder: { schema.makeViewModelBuilder() }, reloadPolicy: reloadPolicy,
            connectivityStateResolver: resolver, initialViewModel: initialViewModel)
        let recorder = LoadingRecorder()
        loader.delegate = recorder
        return (loader, recorder)
    }

    /// The identifiers of the body components.
    static func bodyIdentifiers(_ viewModel: ViewModel?) -> [String] {
        viewModel?.bodyComponentModels.map(\.identifier) ?? []
    }

    /// The titles of the body components.
    static func bodyTitles(_ viewModel: ViewModel?) -> [String] {
        viewModel?.bodyComponentModels.map { $0.title ?? "-" } ?? []
    }

    /// The identifiers of the body component builders.
    static func bodyIdentifiers(_ builder: ViewModelBuilder?) -> [String] {
        builder?.allBodyComponentModelBuilders().map(\.modelIdentifier) ?? []
    }
}

extension XCTestCase {
    /// Runs the main run loop until `condition` holds or `timeout` passes; false on timeout.
    /// For waits where an expectation would be awkward (the condition is main-thread state).
    func loadingSpin(timeout: TimeInterval = 5, until condition: @MainActor () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !MainActor.assumeIsolated(condition) {
            if Date() > deadline { return false }
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
        }
        return true
    }

    /// Performs `operation` for the fixtures' view as a loader would, waits until it reports, and
    /// returns the view model it built.
    @MainActor
    func performUntilReported(_ operation: JSONContentOperation, file: StaticString = #filePath,
                              line: UInt = #line) -> ViewModel {
        let delegate = CountingOperationDelegate()
        operation.delegate = delegate
        let builder = LoadingFixtures.schema().makeViewModelBuilder()
        operation.perform(forViewURI: LoadingFixtures.viewURI, featureInfo: LoadingFixtures.featureInfo,
                          connectivityState: .online, viewModelBuilder: builder, previousError: nil)
        XCTAssertTrue(loadingSpin(timeout: 5) { delegate.finished + delegate.failed > 0 }, file: file, line: line)
        return builder.build()
    }
}
