/// Orders component model builders for building, honouring their preferred indexes.
///
/// Starting from creation order, the builders with a preferred index are taken in ascending order
/// of that index (on a tie, in creation order, so the later builder wins the position) and each is
/// moved to its preferred index, or to the end when the list is shorter. Negative indexes count as 0.
/// Example: A(2) B C(3) D(1) E(0) → E D A C B. Costs O(n·k) for k builders with a preferred index.
enum PreferredIndexOrdering {
    /// `elements` (builders, or entries of a list some of which are builders) in that order;
    /// `preferredIndex` tells each one's.
    static func order<Element>(_ elements: [Element], preferredIndex: (Element) -> Int?) -> [Element] {
        let placed = elements.enumerated()
            .compactMap { offset, element in preferredIndex(element).map { (index: max(0, $0), offset: offset) } }
            .sorted { ($0.index, $0.offset) < ($1.index, $1.offset) }
        guard !placed.isEmpty else { return elements }
        // Positions in creation order, moved by offset (an element's identity).
        var ordered = Array(elements.indices)
        for entry in placed {
            guard let current = ordered.firstIndex(of: entry.offset) else { continue }
            ordered.remove(at: current)
            if entry.index >= ordered.count {
                ordered.append(entry.offset)
            } else {
                ordered.insert(entry.offset, at: entry.index)
            }
        }
        return ordered.map { elements[$0] }
    }
}
