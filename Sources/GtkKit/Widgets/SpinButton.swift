internal import CGtk

/// A field for a number, with buttons that make it a step larger or smaller (GtkSpinButton).
///
/// Its values are `minimum + k × step` within the range, rounded to ``NumberRangeWidget/digits``
/// decimal places (see ``NumberRangeWidget``). It takes digits, a sign and a decimal point only; a
/// number typed is taken (put in the range and on the grid, and told to
/// ``NumberRangeWidget/onValueChanged``) when the user presses Enter or leaves the field. The
/// buttons and the arrow keys change it by one step, Page Up and Page Down by ten.
///
/// ```swift
/// let guests = SpinButton(minimum: 1, maximum: 12)
/// guests.accessibleName = "Guests"
/// guests.value = Double(model.guests)
/// guests.onValueChanged = { [weak self] value in self?.model.guests = Int(value) }
/// ```
@MainActor
open class SpinButton: NumberRangeWidget {
    /// A field from `minimum` to `maximum` by `step` (see ``NumberRangeWidget/minimum``,
    /// ``NumberRangeWidget/maximum`` and ``NumberRangeWidget/step`` for the numbers it refuses), at
    /// `minimum`, showing whole numbers.
    public init(minimum: Double = 0, maximum: Double = 100, step: Double = 1) {
        let adjustment = NumberAdjustment.make(minimum: minimum, maximum: maximum, step: step)
        let field = gtk_spin_button_new(adjustment, 0, 0)!
        super.init(owning: field, adjustment: adjustment,
                   setValue: { gtk_spin_button_set_value(hub_spin_button(field), $0) },
                   digits: { Int(gtk_spin_button_get_digits(hub_spin_button(field))) },
                   setDigits: { gtk_spin_button_set_digits(hub_spin_button(field), UInt32($0)) })
        let spin = hub_spin_button(gtkWidget)
        gtk_spin_button_set_numeric(spin, 1)
        gtk_spin_button_set_snap_to_ticks(spin, 1)
        gtk_spin_button_set_update_policy(spin, GTK_UPDATE_IF_VALID)
        gtk_entry_set_input_purpose(hub_entry(gtkWidget), GTK_INPUT_PURPOSE_NUMBER)
    }
}
