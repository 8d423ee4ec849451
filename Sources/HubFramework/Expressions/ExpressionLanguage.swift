/// The expression language of view documents as a whole (docs/json.md, "The expression language").
public enum ExpressionLanguage {
    /// The version of the language this framework compiles and evaluates.
    ///
    /// It goes up when the language gains what an older client cannot read: a function, an
    /// operator, a type. A client names it in its `Hub-Client` header (``ClientCapabilities/expressions``),
    /// and a component that needs a newer language says so with `"requires": {"expressions": 2}`, so
    /// that an older client shows its `fallback` instead of reporting an unknown function.
    public static let version = 1
}
