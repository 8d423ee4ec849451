internal import CGtk

/// A field for a number, with buttons that make it a step larger or smaller (GtkSpinButton).
///
/// Its values are `minimum + k × step` within the range, rounded to ``digits`` decimal places. It
/// takes digits, a sign and a decimal point only; a number typed is taken (put in the range and on
/// the grid) when the user presses Enter or leaves the field. The arrow keys change it by one step,
/// Page Up and Page Down by ten.
///
/// ```swift
/// let guests = SpinButton(minimum: 1, maximum: 12)
/// guests.accessibleName = "Guests"
/// guests.value = Double(model.guests)
/// guests.onValueChanged = { [weak self] value in self?.model.guests = Int(value) }
/// ```
@MainActor
open class SpinButton: Widget {
    /// Tells the user's changes, and none made in code.
    private let reporter: NumberChangeReporter

    /// A field from `minimum` to `maximum` by `step` (see ``minimum``, ``maximum`` and ``step`` for
    /// the numbers it refuses), at `minimum`, showing whole numbers.
    public init(minimum: Double = 0, maximum: Double = 100, step: Double = 1) {
        let adjustment = NumberAdjustment.make(minimum: minimum, maximum: maximum, step: step)
        let field = gtk_spin_button_new(adjustment, 0, 0)!
        reporter = NumberChangeReporter(adjustment: adjustment,
                                        setValue: { gtk_spin_button_set_value(hub_spin_button(field), $0) },
                                        digits: { Int(gtk_spin_button_get_digits(hub_spin_button(field))) })
        super.init(owning: field)
        let spin = hub_spin_button(gtkWidget)
        gtk_spin_button_set_numeric(spin, 1)
        gtk_spin_button_set_snap_to_ticks(spin, 1)
        gtk_spin_button_set_update_policy(spin, GTK_UPDATE_IF_VALID)
        gtk_entry_set_input_purpose(hub_entry(gtkWidget), GTK_INPUT_PURPOSE_NUMBER)
        // Always connected: the buttons' values are put on the rounded grid whether or not a closure listens.
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

    /// How many digits after the decimal point the field shows, and rounds its values to: 0 unless
    /// set, at most 10.
    public var digits: Int {
        get { Int(gtk_spin_button_get_digits(hub_spin_button(gtkWidget))) }
        set {
            let digits = UInt32(min(max(newValue, 0), NumberAdjustment.largestDigits))
            withoutChangeNotification {
                gtk_spin_button_set_digits(hub_spin_button(gtkWidget), digits)
                numbers.configure(digits: Int(digits))
            }
        }
    }

    /// The number in the field. Setting it does not call ``onValueChanged``: only the user's
    /// changes do, so a closure that stores the value where it came from cannot loop. A value set is
    /// put in the range and on the step's grid (read it back for the value the field holds); one
    /// that is not finite is ignored.
    public var value: Double {
        get { numbers.value }
        set { reporter.set(newValue) }
    }

    /// Called with the new value when the user changes the number (with the buttons, the keyboard
    /// or assistive technology, or by typing one and pressing Enter or leaving the field; not when a
    /// property is set in code).
    public var onValueChanged: (@MainActor (Double) -> Void)? {
        get { reporter.onValueChanged }
        set { reporter.onValueChanged = newValue }
    }

    private func withoutChangeNotification(_ change: () -> Void) { reporter.withoutChangeNotification(change) }
}
