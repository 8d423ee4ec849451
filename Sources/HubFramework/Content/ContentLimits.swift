import Foundation

/// The bounds every document must stay within, so that a broken or hostile document (from a file,
/// a server or the live socket) ends in a clear error or a located warning instead of a frozen
/// window or unbounded memory.
///
/// The defaults are far beyond anything a real view needs (a million-row view opens with them) and
/// small enough that the process stays responsive and its memory bounded when a document hits
/// them. Apps change them through ``HubManager/Configuration/contentLimits``, which the chain gives to
/// every operation that reads documents (``ContentOperationReadingDocuments``, such as
/// ``JSONContentOperation``).
///
/// | limit | default | when it is passed |
/// |---|---|---|
/// | ``maximumDocumentBytes`` | 256 MiB | the load fails with an error naming the limit |
/// | ``maximumNestingDepth`` | 512 | the document is rejected (`JSONError.tooDeep`) |
/// | ``maximumNumberLength`` | 100 characters | the document is rejected (`JSONError.numberTooLong`) |
/// | ``maximumTextLength`` | 4,096 bytes of UTF-8 | the text is cut, with an ellipsis and a located warning |
/// | ``maximumComponentCount`` | 5,000,000 | later components are dropped, with a located warning |
/// | ``maximumConnectSeconds`` | 10 s | an HTTP load whose response has not begun fails (`ContentLoadingError.noResponse`) |
/// | ``maximumLoadSeconds`` | 15 s | an HTTP load not finished fails (`ContentLoadingError.timeout`) |
/// | ``maximumRedirects`` | 10 | the load fails with a "too many redirects" transport error |
/// | ``maximumExpressionLength`` | 8,192 bytes of UTF-8 | the string is not compiled; a located problem says so |
/// | ``maximumExpressionDepth`` | 32 | the expression is not compiled; a located problem says so |
/// | ``maximumExpressionSteps`` | 10,000 | the evaluation fails (``ExpressionError/Kind/stepBudgetExhausted``) |
/// | ``maximumExpressionValueBytes`` | 64 KiB | the evaluation fails (``ExpressionError/Kind/valueTooLarge``) |
/// | ``maximumViewEvaluationSteps`` | 20,000,000 per evaluation of a view | the expressions after it show empty; a located problem says where |
/// | ``maximumViewEvaluationBytes`` | 64 MiB per evaluation of a view | the expressions after it show empty; a located problem says where |
/// | ``maximumStateVariables`` | 1,000 per scope | later declarations are ignored, with a located problem |
/// | ``maximumStateValueBytes`` | 1 MiB | a declaration is ignored, or a change refused, with a located problem |
/// | ``maximumActionSteps`` | 1,000 per event | the actions after it are not run; a located problem says so |
/// | ``maximumActionEvaluationSteps`` | 1,000,000 per event | the actions after it are not run; a located problem says so |
/// | ``maximumActionsPerList`` | 1,000 | the actions after it are ignored, with a located problem |
/// | ``maximumActionNesting`` | 16 lists | a deeper `if` or `submit` is ignored, with a located problem |
/// | ``maximumRequestBodyBytes`` | 1 MiB | the request is not sent; its `onError` runs |
/// | ``maximumResponseBytes`` | 8 MiB after decoding | the response is dropped; its `onError` runs |
/// | ``maximumRequestSeconds`` | 30 s | the request fails; its `onError` runs |
/// | ``maximumRequestsInFlight`` | 8 per view | the request is not sent; its `onError` runs |
/// | ``maximumEventBytes`` | 1 MiB | the event stream is closed and opened again later |
/// | ``maximumEventsPerSecond`` | 100 | the event stream is closed and opened again later |
/// | ``maximumEventStreamReconnects`` | 10 in a row | the view stops listening; the log says why |
/// | ``maximumPatchBytes`` | 16 MiB | the patch is rejected (``ViewModelPatchError``), before it is parsed |
/// | ``maximumPatchChanges`` | 10,000 per patch | the patch is rejected, before any change is read |
/// | ``maximumPatchComponents`` | 100,000 per patch | the patch is rejected, before any component is built |
///
/// The limits of expressions, state and actions are properties with defaults, set after creating the limits
/// (`limits.maximumExpressionSteps = 1_000`); values below 1 count as 1 where they are used.
public struct ContentLimits: Sendable, Equatable {
    /// The largest document read, in bytes: a file's size, an HTTP body after decompression, a live
    /// frame. Default 256 MiB (a million rows of about 130 bytes each take 130 MB).
    public var maximumDocumentBytes: Int
    /// The deepest nesting of JSON arrays and objects. Default 512.
    public var maximumNestingDepth: Int
    /// The longest JSON number literal, in characters. Default 100: a `Double` has 17 significant
    /// digits, so no useful number is longer, and a 100,000-digit literal is refused at once instead
    /// of being converted.
    public var maximumNumberLength: Int
    /// The longest text kept for display (titles, subtitles, descriptions, accessory titles, the
    /// view's title), in bytes of UTF-8. Default 4,096: a screenful of text in a component, and what
    /// GTK lays out and wraps within about three frames (a wrapping label of 16 KiB held the main
    /// loop for 110–150 ms; HubGTK's labels cut at 4,096 bytes whatever this says). Longer texts
    /// are cut at a character boundary and end with "…"; the cut is reported where it happened.
    public var maximumTextLength: Int
    /// The most body components a document may add to a view. Default 5,000,000.
    public var maximumComponentCount: Int
    /// Seconds an HTTP document load may wait for the server's response to begin: resolving the
    /// host, connecting, TLS and the server sending its status line and headers. Default 10. A
    /// server that accepts the connection and never answers fails after this, with an error that
    /// says so, instead of after the whole ``maximumLoadSeconds``.
    public var maximumConnectSeconds: TimeInterval
    /// Seconds a whole HTTP document load may take, from the request to the last byte of the body,
    /// however steadily the bytes trickle in. Default 15. A `JSONContentOperation` created with an
    /// explicit `timeout` uses that instead.
    public var maximumLoadSeconds: TimeInterval
    /// The most HTTP redirects followed for one document. Default 10; a redirect loop fails with a
    /// "too many redirects" error once it is passed.
    public var maximumRedirects: Int
    /// The longest string value that is compiled as an expression template (one holding `@{`), in
    /// bytes of UTF-8. Default 8,192: far more than a real expression needs, small enough that
    /// compiling one takes microseconds. A longer template is a located problem, not compiled.
    public var maximumExpressionLength: Int = 8_192
    /// The deepest nesting of an expression: parentheses, function arguments, conditional branches
    /// and string literals each add a level. Default 32, far more than real expressions nest. It
    /// bounds the compiler's and the evaluator's recursion, so that no text can exhaust a thread's
    /// stack: a level costs a few KiB of stack in a debug build (less in a release build), and twice
    /// the default depth still fits the 512 KiB of a secondary thread on macOS. A deeper expression
    /// is a located problem.
    public var maximumExpressionDepth: Int = 32
    /// The most steps one evaluation may take: one per literal, variable, operator or call
    /// evaluated, and one more per 64 bytes of strings (or values of arrays and dicts) a call or an
    /// operator reads, compares or builds, so that a step is a bounded amount of work whatever the
    /// values. Default 10,000, more than any expression within ``maximumExpressionLength`` takes on
    /// ordinary values; callers that evaluate on a deadline lower it (``ExpressionBudget``).
    public var maximumExpressionSteps: Int = 10_000
    /// The largest string one evaluation may build, in bytes of UTF-8. Default 64 KiB (texts shown
    /// are cut to ``maximumTextLength`` anyway). Sizes are computed before a string is built, so a
    /// `padStart(s, 1000000000, 'x')` fails at once instead of allocating.
    public var maximumExpressionValueBytes: Int = 65_536
    /// The most steps all the expressions of one evaluation of a view may take together (a view is
    /// evaluated when it arrives and after each change of its state, evaluating again only the
    /// components that read what changed). Default 20,000,000: a million rows of 20 steps each,
    /// a few seconds off the main thread in a debug build. Each expression has its own
    /// ``maximumExpressionSteps``, but there is no end to how many a document makes (a template
    /// used 50,000 times copies its expressions into every use). The expressions after it show
    /// their type's empty value, with one located problem that says where it ran out.
    public var maximumViewEvaluationSteps: Int = 20_000_000
    /// The most bytes of text all the expressions of one evaluation of a view may give together
    /// (texts, URIs, strings in `custom` data: what the evaluated view holds). Default 64 MiB: a
    /// million rows of 64 bytes. Each expression builds at most ``maximumExpressionValueBytes``,
    /// but 500 rows of 20 `"@{s + s}"` in their `custom` data held 640 MB built from a 130 KB
    /// document. The expressions after it show their type's empty value, with one located problem.
    public var maximumViewEvaluationBytes: Int = 64 << 20
    /// The most variables one scope declares: a view's `state`, a component's, or a backend app's.
    /// Default 1,000; later declarations are ignored, with a located problem.
    public var maximumStateVariables: Int = 1_000
    /// The largest value a variable may hold, in bytes of its JSON text. Default 1 MiB: an array of
    /// a few thousand items. A larger initial value is ignored (the type's empty value stands) and a
    /// larger new value is refused, each with a located problem.
    public var maximumStateValueBytes: Int = 1 << 20
    /// The most actions one event (a selection, an input's change) may run, counting each action of
    /// a list and of the branches a condition takes. Default 1,000; the rest are not run, with a
    /// located problem. Actions never run other actions by themselves: a changed variable re-renders
    /// the view, it does not trigger actions, so no document can make actions run without end.
    public var maximumActionSteps: Int = 1_000
    /// The most steps the expressions of one event's actions may take together, with the checks of
    /// the values they set (measuring a value takes a step per JSON value and per 64 bytes).
    /// Default 1,000,000: at worst about a second and a half on the main thread, where actions run,
    /// in a debug build (an event that swaps two arrays of 200,000 elements stops after four
    /// swaps), while each expression alone may take ``maximumExpressionSteps`` and a value be
    /// ``maximumStateValueBytes`` large (a thousand `append`s to an array of a megabyte measured a
    /// gigabyte). The actions after it are not run, with a located problem.
    public var maximumActionEvaluationSteps: Int = 1_000_000
    /// The most actions one list holds: a target's `actions`, or the `then` or `else` of an `if`, or
    /// the `then` of a `submit`. Default 1,000, as many as one event may run
    /// (``maximumActionSteps``). The actions after it are ignored, with a located problem where the
    /// document is read.
    public var maximumActionsPerList: Int = 1_000
    /// The deepest nesting of action lists: an `if` or a `submit` inside the list of another. Default
    /// 16. It bounds the recursion of compiling and running actions; a deeper `if` or `submit` is
    /// ignored, with a located problem where the document is read.
    public var maximumActionNesting: Int = 16
    /// The largest body a document's `request` or `submit` sends, in bytes of JSON. Default 1 MiB:
    /// a form with a megabyte of text is not a form. A larger one is not sent, and its `onError`
    /// runs.
    public var maximumRequestBodyBytes: Int = 1 << 20
    /// The largest response to a `request` or `submit` read, in bytes after decoding (a gzip bomb
    /// is cut off as it inflates). Default 8 MiB: an answer is a view, a patch or a few values. A
    /// larger one is dropped and the request's `onError` runs.
    public var maximumResponseBytes: Int = 8 << 20
    /// The longest a `request` or `submit` may take, from sending to the last byte of its answer,
    /// redirects included. Default 30 s. It then fails, and its `onError` runs.
    public var maximumRequestSeconds: TimeInterval = 30
    /// How many requests one view may have in flight at once. Default 8. One more is not sent,
    /// and its `onError` runs. (A component never has more than one: it is busy until its answer.)
    public var maximumRequestsInFlight: Int = 8
    /// The largest event a view's event stream may send (its `data` and type), in bytes. Default
    /// 1 MiB: an event is a patch or a few values. The stream is closed as soon as one grows past
    /// it, before it is held whole, and opened again after a while.
    public var maximumEventBytes: Int = 1 << 20
    /// The most events a view's event stream may send in one second. Default 100, more than a view
    /// can show: a stream that sends more is closed and opened again after a while, so that a flood
    /// never holds up the window.
    public var maximumEventsPerSecond: Int = 100
    /// How many times in a row a view opens its event stream again after it failed (no answer, a
    /// dropped connection, a limit passed), waiting longer each time (1 s, 2 s, 4 s… up to 60 s).
    /// Default 10; then the view stops listening, and the log says why. A connection that delivered
    /// an event starts the count again.
    public var maximumEventStreamReconnects: Int = 10
    /// The largest patch read (``ViewModelPatch``), in bytes. Default 16 MiB: a patch changes part of
    /// a view that is already shown, so it is far smaller than a document may be
    /// (``maximumDocumentBytes``); a larger one is rejected before it is parsed.
    public var maximumPatchBytes: Int = 16 << 20
    /// The most changes one patch makes (`replace`, `remove`, `insert`). Default 10,000; a patch
    /// with more is rejected, counted before any change is read. Each change that names a component
    /// in the body looks for it there, so the count bounds what applying a patch costs.
    public var maximumPatchChanges: Int = 10_000
    /// The most components one patch adds, counting their children at every depth. Default 100,000:
    /// a page of a long list many times over. A patch with more is rejected, counted in its text
    /// before any component is built (and counted again after its templates are expanded, since a
    /// template's children add components too).
    public var maximumPatchComponents: Int = 100_000

    /// Creates limits; every count or size below 1 counts as 1 (redirects below 0 as 0: none are
    /// followed), every duration below 0.1 s as 0.1 s.
    public init(maximumDocumentBytes: Int = 256 << 20, maximumNestingDepth: Int = 512,
                maximumNumberLength: Int = 100, maximumTextLength: Int = 4_096,
                maximumComponentCount: Int = 5_000_000, maximumConnectSeconds: TimeInterval = 10,
                maximumLoadSeconds: TimeInterval = 15, maximumRedirects: Int = 10)
    {
        self.maximumDocumentBytes = max(1, maximumDocumentBytes)
        self.maximumNestingDepth = max(1, maximumNestingDepth)
        self.maximumNumberLength = max(1, maximumNumberLength)
        self.maximumTextLength = max(1, maximumTextLength)
        self.maximumComponentCount = max(1, maximumComponentCount)
        self.maximumConnectSeconds = Swift.max(0.1, maximumConnectSeconds)
        self.maximumLoadSeconds = Swift.max(0.1, maximumLoadSeconds)
        self.maximumRedirects = max(0, maximumRedirects)
    }

    /// The defaults described above.
    public static let `default` = ContentLimits()

    /// "1.5 KiB", "256 MiB"-style sizes for messages: binary units, one decimal below 10.
    static func describe(bytes: Int) -> String {
        let units = ["bytes", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        let rounded = value < 10 ? (value * 10).rounded() / 10 : value.rounded()
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
        return "\(text) \(units[unit])"
    }
}
