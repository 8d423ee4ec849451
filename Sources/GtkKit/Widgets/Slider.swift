internal import CGtk

/// A horizontal slider that picks a number in a range (GtkScale).
///
/// Its values are `minimum + k × step` within the range, rounded to ``NumberRangeWidget/digits``
/// decimal places (see ``NumberRangeWidget``): a drag moves from one to the next, calling
/// ``NumberRangeWidget/onValueChanged`` at each step it crosses; the arrow keys move by one step,
/// Page Up and Page Down by ten. Right to left, the minimum is at the right.
///
/// ```swift
/// let volume = Slider(minimum: 0, maximum: 100, step: 5)
/// volume.accessibleName = "Volume"
/// volume.value = model.volume
/// volume.onValueChanged = { [weak self] value in self?.model.volume = value }
/// ```
@MainActor
open class Slider: NumberRangeWidget {
    /// A slider from `minimum` to `maximum` by `step` (see ``NumberRangeWidget/minimum``,
    /// ``NumberRangeWidget/maximum`` and ``NumberRangeWidget/step`` for the numbers it refuses), at
    /// `minimum`, with whole numbers, not showing its value.
    public init(minimum: Double = 0, maximum: Double = 100, step: Double = 1) {
        let adjustment = NumberAdjustment.make(minimum: minimum, maximum: maximum, step: step)
        let scale = gtk_scale_new(GTK_ORIENTATION_HORIZONTAL, adjustment)!
        super.init(owning: scale, adjustment: adjustment,
                   setValue: { gtk_range_set_value(hub_range(scale), $0) },
                   digits: { Int(gtk_scale_get_digits(hub_scale(scale))) },
                   setDigits: { gtk_scale_set_digits(hub_scale(scale), Int32($0)) })
        gtk_scale_set_digits(hub_scale(gtkWidget), 0)
        gtk_scale_set_draw_value(hub_scale(gtkWidget), 0)
    }

    /// Whether the slider shows its value above it (false unless set). Assistive technologies read
    /// the value either way; GTK reports the value shown as the slider's accessible description,
    /// in place of ``Widget/accessibleDescription``.
    public var showsValue: Bool {
        get { gtk_scale_get_draw_value(hub_scale(gtkWidget)) != 0 }
        set { gtk_scale_set_draw_value(hub_scale(gtkWidget), newValue ? 1 : 0) }
    }
}
