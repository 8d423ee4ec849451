import HubGTK

/// What the Find bar says of a search: "3 of 1,204" (the match shown, and how many there are, in
/// the locale's digits and grouping), "No results", or nothing while there is no query.
enum FindStatus {
    /// The status of match `match` (counted from 0) of `count`; nil `match` with matches says how
    /// many there are ("1,204 results" would need a plural: the bar always shows one of them).
    static func text(match: Int?, count: Int, hasQuery: Bool) -> String {
        guard hasQuery else { return "" }
        guard count > 0 else {
            // Translators: the Find bar's status when no component of the view holds the words typed.
            return localized("No results")
        }
        let shown = LocalizedFormat.number(min(max(0, match ?? 0), count - 1) + 1)
        // Translators: the Find bar's status: the first %s is the number of the match shown, the
        // second how many there are ("3 of 1,204"). The numbers come written in the locale's way.
        return localized("%s of %s", shown, LocalizedFormat.number(count))
    }
}
