internal import CGtk

/// A horizontal slider that picks a number in a range (GtkScale).
///
/// Its values are `minimum + k × step` within the range, rounded to ``digits`` decimal places: a
/// drag moves from one to the next, the arrow keys by one step, Page Up and Page Down by ten. Right
/// to left, the minimum is at the right.
///
/// ```swift
/// let volume = Slider(minimum: 0, maximum: 100, step: 5)
/// volume.accessibleName = "Volume"
/// volume.value = model.volume
/// volume.onValueChanged = { [weak self] value in self?.model.volume = value }
/// ```
@MainActor
open class Slider: Widget {
    /// Tells the user's changes, and none made in code.
    private let reporter: NumberChangeReporter

    /// A slider from `minimum` to `maximum` by `step` (see ``minimum``, ``maximum`` and ``step`` for
    /// the numbers it refuses), at `minimum`, with whole numbers, not showing its value.
    public init(minimum: Double = 0, maximum: Double = 100, step: Double = 1) {
        let adjustment = NumberAdjustment.make(minimum: minimum, maximum: maximum, step: step)
        let scale = gtk_scale_new(GTK_ORIENTATION_HORIZONTAL, adjustment)!
        reporter = NumberChangeReporter(adjustment: adjustment,
                                        setValue: { gtk_range_set_value(hub_range(scale), $0) },
                                        digits: { Int(gtk_scale_get_digits(hub_scale(scale))) })
        super.init(owning: scale)
        gtk_scale_set_digits(hub_scale(gtkWidget), 0)
        gtk_scale_set_draw_value(hub_scale(gtkWidget), 0)
        // Always connected: a drag's values are put on the step's grid whether or not a closure listens.
        retain(GSignal.connect(gtkWidget, "value-changed") { [reporter] in reporter.valueChanged() })
    }

    private var numbers: NumberAdjustment { reporter.numbers }

    /// The smallest value. A number that is not finite is ignored; one above ``maximum`` raises the
    /// maximum to it. The value moves into the new range without calling ``onValueChanged``.
    public var minimum: Double {
        get { numbers.minimum }
        set { withoutChangeNotification { numbers.configure(minimum: newValue, digits: digits) } }
    }

    /// The largest value. A number that is not finite is ignored; one below ``minimum`` lowers the
    /// minimum to it. The value moves into the new range without calling ``onValueChanged``.
    public var maximum: Double {
        get { numbers.maximum }
        set { withoutChangeNotification { numbers.configure(maximum: newValue, digits: digits) } }
    }

    /// The difference between two values next to each other (1 unless set); a step that is not
    /// positive and finite is ignored. The value moves onto the new grid without calling
    /// ``onValueChanged``.
    public var step: Double {
        get { numbers.step }
        set { withoutChangeNotification { numbers.configure(step: newValue, digits: digits) } }
    }

    /// How many digits after the decimal point the slider shows, and rounds its values to: 0 unless
    /// set, at most 10.
    public var digits: Int {
        get { Int(gtk_scale_get_digits(hub_scale(gtkWidget))) }
        set {
            gtk_scale_set_digits(hub_scale(gtkWidget), Int32(min(max(newValue, 0), NumberAdjustment.largestDigits)))
            withoutChangeNotification { numbers.configure(digits: digits) }
        }
    }

    /// Whether the slider shows its value above it (false unless set). Assistive technologies read
    /// the value either way; GTK reports the value shown as the slider's accessible description,
    /// in place of ``Widget/accessibleDescription``.
    public var showsValue: Bool {
        get { gtk_scale_get_draw_value(hub_scale(gtkWidget)) != 0 }
        set { gtk_scale_set_draw_value(hub_scale(gtkWidget), newValue ? 1 : 0) }
    }

    /// The number chosen. Setting it does not call ``onValueChanged``: only the user's changes do,
    /// so a closure that stores the value where it came from cannot loop. A value set is put in the
    /// range and on the step's grid (read it back for the value the slider holds); one that is not
    /// finite is ignored.
    public var value: Double {
        get { numbers.value }
        set { reporter.set(newValue) }
    }

    /// Called with the new value when the user moves the slider (by pointer, keyboard or assistive
    /// technology; not when a property is set in code). A drag calls it at each step it crosses.
    public var onValueChanged: (@MainActor (Double) -> Void)? {
        get { reporter.onValueChanged }
        set { reporter.onValueChanged = newValue }
    }

    private func withoutChangeNotification(_ change: () -> Void) { reporter.withoutChangeNotification(change) }
}
