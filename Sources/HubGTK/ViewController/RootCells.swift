import HubFramework

/// The cells of a view's root components (body, header and overlays), one per wrapper, made the
/// first time a wrapper needs one.
///
/// The recycler and the header and overlays share it: a wrapper the pool hands out as the header
/// may have had a cell as a body component before, and keeps it. The view controller makes it and
/// gives it to both, and hears the cells' input (``inputHandler``), as the pool's wrappers report to
/// their delegate.
@MainActor
final class RootCells {
    private var cells: [ObjectIdentifier: Cell] = [:]
    /// Hears the input on the cells made from now on (held weakly by each).
    weak var inputHandler: (any CellInputHandler)?

    private func makeCell() -> Cell { Cell(handler: inputHandler) }

    /// The cell of `wrapper`, made the first time.
    func cell(for wrapper: ComponentWrapper) -> Cell {
        let key = ObjectIdentifier(wrapper)
        if let cell = cells[key] { return cell }
        let cell = makeCell()
        cells[key] = cell
        return cell
    }

    /// The cell of `wrapper` when it has one, without making it.
    func existingCell(for wrapper: ComponentWrapper) -> Cell? { cells[ObjectIdentifier(wrapper)] }

    /// Takes `wrapper`'s cell off the screen and forgets it (the wrapper is being discarded).
    func discardCell(of wrapper: ComponentWrapper) {
        let key = ObjectIdentifier(wrapper)
        cells[key]?.detachFromOverlay()
        cells[key]?.tearDown()
        cells[key] = nil
    }

    /// Releases every cell.
    func tearDown() {
        for cell in cells.values { cell.tearDown() }
        cells.removeAll()
    }
}
