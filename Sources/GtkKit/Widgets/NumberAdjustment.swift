internal import CGtk

/// The numbers a ``Slider`` or a ``SpinButton`` takes, kept in the widget's GtkAdjustment: a range,
/// a step, and a value on the step's grid within the range.
///
/// The rules both widgets document are here: a number that is not finite is ignored, a step that
/// is not positive too; a minimum above the maximum raises the maximum to it (and a maximum below
/// the minimum lowers the minimum); a value is moved onto the grid `minimum + k × step` within the
/// range, then rounded to the digits the widget shows, so that the value a closure gets is the
/// value the user sees.
@MainActor
struct NumberAdjustment {
    /// The widget's adjustment, which the widget keeps.
    let adjustment: UnsafeMutablePointer<GtkAdjustment>

    /// The most digits after the decimal point a widget shows (and rounds its values to).
    static let largestDigits = 10

    var minimum: Double { gtk_adjustment_get_lower(adjustment) }
    var maximum: Double { gtk_adjustment_get_upper(adjustment) }
    var step: Double { gtk_adjustment_get_step_increment(adjustment) }
    var value: Double { gtk_adjustment_get_value(adjustment) }

    /// A new floating adjustment for the widget to take, its value at `minimum`.
    static func make(minimum: Double, maximum: Double, step: Double) -> UnsafeMutablePointer<GtkAdjustment> {
        let lower = minimum.isFinite ? minimum : 0
        let upper = maximum.isFinite ? max(maximum, lower) : max(100, lower)
        let step = step.isFinite && step > 0 ? step : 1
        return gtk_adjustment_new(lower, lower, upper, step, step * 10, 0)
    }

    /// Sets the range and the step (nil keeps one as it is), and moves the value into the range and
    /// onto the step's grid. GTK emits `value-changed` when the value moves.
    func configure(minimum: Double? = nil, maximum: Double? = nil, step: Double? = nil, digits: Int) {
        var lower = self.minimum
        var upper = self.maximum
        if let minimum, minimum.isFinite {
            lower = minimum
            upper = max(upper, minimum)
        }
        if let maximum, maximum.isFinite {
            upper = maximum
            lower = min(lower, maximum)
        }
        var increment = self.step
        if let step, step.isFinite, step > 0 { increment = step }
        let value = Self.snapped(self.value, minimum: lower, maximum: upper, step: increment, digits: digits)
        gtk_adjustment_configure(adjustment, value, lower, upper, increment, increment * 10, 0)
    }

    /// `value` as the widget holds it: in the range, on the step's grid, rounded to `digits`.
    /// Nil when `value` is not finite.
    func snapped(_ value: Double, digits: Int) -> Double? {
        guard value.isFinite else { return nil }
        return Self.snapped(value, minimum: minimum, maximum: maximum, step: step, digits: digits)
    }

    private static func snapped(_ value: Double, minimum: Double, maximum: Double, step: Double, digits: Int) -> Double {
        let clamped = min(max(value, minimum), maximum)
        let steps = ((clamped - minimum) / step).rounded()
        var onGrid = minimum + steps * step
        // The last point of the grid within the range, when the range is not a whole number of steps.
        if onGrid > maximum { onGrid = minimum + (steps - 1) * step }
        // A range of more steps than a double counts exactly: the value as it is.
        if !onGrid.isFinite || steps.magnitude > 1e15 { onGrid = clamped }
        onGrid = min(max(onGrid, minimum), maximum)
        let scale = pow10(min(max(digits, 0), largestDigits))
        let rounded = (onGrid * scale).rounded() / scale
        return rounded.isFinite ? min(max(rounded, minimum), maximum) : onGrid
    }

    private static func pow10(_ exponent: Int) -> Double {
        (0..<exponent).reduce(1) { result, _ in result * 10 }
    }
}
