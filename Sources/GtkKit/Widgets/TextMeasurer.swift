import HubFramework

/// Measures text the way a label with a given CSS class would draw it, for components whose
/// preferred size depends on their text (a component's `preferredViewSize(forDisplaying:containerViewSize:)`
/// runs before any widget shows the model).
@MainActor
public final class TextMeasurer {
    /// The measurer components share; it keeps one off-screen label per CSS class.
    public static let shared = TextMeasurer()
    private var labels: [String: Label] = [:]

    private func label(for cssClass: String) -> Label {
        if let label = labels[cssClass] { return label }
        let label = Label()
        label.wrapsLines = true
        label.addCSSClass(cssClass)
        labels[cssClass] = label
        return label
    }

    /// The size `text` takes when wrapped at `maxWidth`, in a label with `cssClass`.
    public func size(of text: String, maxWidth: Double, cssClass: String) -> Size {
        let label = self.label(for: cssClass)
        label.text = text
        return label.measuredTextSize(maximumWidth: maxWidth)
    }
}
