internal import CGtk

/// What a ``Slider`` or a ``SpinButton`` tells of its value: each change the user makes, put on the
/// step's grid and told once (a change GTK makes within a step, or a number typed that leaves the
/// value as it was, tells nothing), and none of the changes code makes, so that a closure that
/// stores the value where it came from cannot loop.
///
/// It reaches the widget only through the pointers it is given (the widget's adjustment, and
/// closures over the widget's GTK object), so the widget that owns it holds no cycle.
@MainActor
final class NumberChangeReporter {
    private let adjustment: UnsafeMutablePointer<GtkAdjustment>
    /// Sets the widget's value the widget's own way (a spin button also updates its text).
    private let setValue: @MainActor (Double) -> Void
    /// The digits the widget shows, and rounds its values to.
    private let digits: @MainActor () -> Int
    private var isSettingValue = false
    /// The value last told or set.
    private var lastValue: Double
    /// Hears the user's changes.
    var onValueChanged: (@MainActor (Double) -> Void)?

    init(adjustment: UnsafeMutablePointer<GtkAdjustment>, setValue: @escaping @MainActor (Double) -> Void,
         digits: @escaping @MainActor () -> Int)
    {
        self.adjustment = adjustment
        self.setValue = setValue
        self.digits = digits
        lastValue = gtk_adjustment_get_value(adjustment)
    }

    /// The widget's numbers, kept in its adjustment.
    var numbers: NumberAdjustment { NumberAdjustment(adjustment: adjustment) }

    /// Sets the value from code: in the range and on the grid, without telling; a value that is not
    /// finite is ignored.
    func set(_ value: Double) {
        guard let snapped = numbers.snapped(value, digits: digits()) else { return }
        withoutChangeNotification { setValue(snapped) }
    }

    /// Runs `change`, made by code, without telling of the changes it makes.
    func withoutChangeNotification(_ change: () -> Void) {
        let wasSetting = isSettingValue
        isSettingValue = true
        change()
        isSettingValue = wasSetting
        lastValue = numbers.value
    }

    /// The widget's `value-changed`: a change made by code is only noted; the user's is put on the
    /// grid, then told when it differs from the last value.
    func valueChanged() {
        if isSettingValue {
            lastValue = numbers.value
            return
        }
        if let snapped = numbers.snapped(numbers.value, digits: digits()), snapped != numbers.value {
            isSettingValue = true
            setValue(snapped)
            isSettingValue = false
        }
        let value = numbers.value
        guard value != lastValue else { return }
        lastValue = value
        onValueChanged?(value)
    }
}
