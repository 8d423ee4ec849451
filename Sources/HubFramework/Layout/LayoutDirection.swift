/// The direction components flow in, along a row: the reading direction of the view's language.
///
/// Right to left mirrors the whole horizontal placement of a ``ComponentLayout``: the first
/// component of a row is at its right end, compact components fill rows from the right, and every
/// left margin and inset becomes a right one. Vertical placement does not change, so content offsets
/// and their preservation are the same in both directions.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    /// Left to right, as in English.
    case leftToRight = "ltr"
    /// Right to left, as in Hebrew and Arabic.
    case rightToLeft = "rtl"
}
