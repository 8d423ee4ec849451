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
    private var isSettingValue = false
    /// The value last reported or set, so that taking a number typed that does not change the
    /// value reports nothing.
    private var lastValue: Double

    /// A field from `minimum` to `maximum` by `step` (see ``minimum``, ``maximum`` and ``step`` for
    /// the numbers it refuses), at `minimum`, showing whole numbers.
    public init(minimum: Double = 0, maximum: Double = 100, step: Double = 1) {
        let adjustment = NumberAdjustment.make(minimum: minimum, maximum: maximum, step: step)
        lastValue = gtk_adjustment_get_value(adjustment)
        super.init(owning: gtk_spin_button_new(adjustment, 0, 0))
        let spin = hub_spin_button(gtkWidget)
        gtk_spin_button_set_numeric(spin, 1)
        gtk_spin_button_set_snap_to_ticks(spin, 1)
        gtk_spin_button_set_update_policy(spin, GTK_UPDATE_IF_VALID)
        gtk_entry_set_input_purpose(hub_entry(gtkWidget), GTK_INPUT_PURPOSE_NUMBER)
        // Always connected: the buttons' values are put on the rounded grid whether or not a closure listens.
        retain(GSignal.connect(gtkWidget, "value-changed") { [unowned self] in self.userChangedValue() })
    }

    private var numbers: NumberAdjustment {
        NumberAdjustment(adjustment: gtk_spin_button_get_adjustment(hub_spin_button(gtkWidget)))
    }

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
        set {
            guard let value = numbers.snapped(newValue, digits: digits) else { return }
            withoutChangeNotification { gtk_spin_button_set_value(hub_spin_button(gtkWidget), value) }
        }
    }

    /// Called with the new value when the user changes the number (with the buttons, the keyboard
    /// or assistive technology, or by typing one and pressing Enter or leaving the field; not when a
    /// property is set in code).
    public var onValueChanged: (@MainActor (Double) -> Void)?

    /// `value-changed`: a change in code is only noted; the user's is put on the grid, then reported
    /// when it differs from the last value.
    private func userChangedValue() {
        if isSettingValue {
            lastValue = numbers.value
            return
        }
        if let snapped = numbers.snapped(numbers.value, digits: digits), snapped != numbers.value {
            isSettingValue = true
            gtk_spin_button_set_value(hub_spin_button(gtkWidget), snapped)
            isSettingValue = false
        }
        let value = numbers.value
        guard value != lastValue else { return }
        lastValue = value
        onValueChanged?(value)
    }

    /// Runs `change`, made by code, without calling ``onValueChanged`` for the changes it makes.
    private func withoutChangeNotification(_ change: () -> Void) {
        let wasSetting = isSettingValue
        isSettingValue = true
        change()
        isSettingValue = wasSetting
        lastValue = numbers.value
    }
}
