import GtkKit

/// Hears the input on a view's cells: the view controller, which hands each event to its
/// `CellInput` with what follows it (a selection, a scroll), as it hears its components' wrappers.
@MainActor
protocol CellInputHandler: AnyObject {
    /// Enter or Space on the cell, or assistive technology's activate.
    func cellWasActivated(_ cell: Cell)
    func cell(_ cell: Cell, didReceiveKey key: KeyPress) -> Bool
    func cell(_ cell: Cell, didReceivePress event: PointerEvent) -> Bool
    func cell(_ cell: Cell, didReceiveRelease event: PointerEvent) -> Bool
    func cell(_ cell: Cell, didReceiveMotion event: PointerEvent) -> Bool
}
