/// Receives the scrolling events of a `ScrollCanvas`.
@MainActor
package protocol ScrollCanvasDelegate: AnyObject {
    /// The visible part of the content moved or changed size; place children for the new viewport.
    func scrollCanvasViewportDidChange(_ canvas: ScrollCanvas)
    /// The user started a scroll gesture (wheel, touchpad, scrollbar or keys).
    func scrollCanvasWillBeginScrolling(_ canvas: ScrollCanvas)
    /// A gesture ended; `target` is where momentum will bring the offset. The delegate may change it.
    func scrollCanvas(_ canvas: ScrollCanvas, willEndScrollingWithVelocity velocity: Double,
                      targetOffset target: inout Double)
    /// The content stopped moving (after momentum, if any).
    func scrollCanvasDidEndScrolling(_ canvas: ScrollCanvas)
    /// Asked before every offset change; returning false vetoes it.
    func scrollCanvasShouldScroll(_ canvas: ScrollCanvas) -> Bool
}

extension ScrollCanvasDelegate {
    package func scrollCanvasWillBeginScrolling(_ canvas: ScrollCanvas) {}
    package func scrollCanvas(_ canvas: ScrollCanvas, willEndScrollingWithVelocity velocity: Double,
                             targetOffset target: inout Double) {}
    package func scrollCanvasDidEndScrolling(_ canvas: ScrollCanvas) {}
    package func scrollCanvasShouldScroll(_ canvas: ScrollCanvas) -> Bool { true }
}
