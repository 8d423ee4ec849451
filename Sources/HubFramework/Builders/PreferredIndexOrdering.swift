/// Orders component model builders for building, honouring their preferred indexes.
///
/// Starting from creation order, the builders with a preferred index are taken in ascending order
/// of that index (on a tie, in creation order, so the later builder wins the position) and each is
/// moved to its preferred index, or to the end when the list is shorter. Negative indexes count as 0.
/// Example: A(2) B C(3) D(1) E(0) → E D A C B. Costs O(n·k) for k builders with a preferred index.
enum PreferredIndexOrdering {
    static func order(_ builders: [ComponentModelBuilder]) -> [ComponentModelBuilder] {
        let placed = builders.enumerated()
            .compactMap { offset, builder in builder.preferredIndex.map { (index: max(0, $0), offset: offset, builder: builder) } }
            .sorted { ($0.index, $0.offset) < ($1.index, $1.offset) }
        guard !placed.isEmpty else { return builders }
        var ordered = builders
        for entry in placed {
            guard let current = ordered.firstIndex(where: { $0 === entry.builder }) else { continue }
            ordered.remove(at: current)
            if entry.index >= ordered.count {
                ordered.append(entry.builder)
            } else {
                ordered.insert(entry.builder, at: entry.index)
            }
        }
        return ordered
    }
}
