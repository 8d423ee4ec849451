internal import CGtk

/// A widget that picks a number in a range: what ``Slider`` and ``SpinButton`` share.
///
/// Its values are `minimum + k × step` within the range, rounded to ``digits`` decimal places; the
/// arrow keys change the value by one step, Page Up and Page Down by ten. The numbers live in the
/// GTK widget's GtkAdjustment, and only the user's changes reach ``onValueChanged``: setting a
/// property in code never calls it, so a closure that stores the value where it came from cannot
/// loop.
@MainActor
open class NumberRangeWidget: Widget {
    /// Tells the user's changes, and none made in code.
    private let reporter: NumberChangeReporter
    /// The digits the GTK widget shows, read and set its own way (GtkScale's and GtkSpinButton's
    /// calls differ).
    private let gtkDigits: @MainActor () -> Int
    private let setGTKDigits: @MainActor (Int) -> Void

    /// Takes ownership of `widget`, whose numbers are in `adjustment`. `setValue`, `digits` and
    /// `setDigits` are the widget's own calls; they capture the GTK widget, not this object.
    init(owning widget: UnsafeMutablePointer<GtkWidget>, adjustment: UnsafeMutablePointer<GtkAdjustment>,
         setValue: @escaping @MainActor (Double) -> Void, digits: @escaping @MainActor () -> Int,
         setDigits: @escaping @MainActor (Int) -> Void)
    {
        reporter = NumberChangeReporter(adjustment: adjustment, setValue: setValue, digits: digits)
        gtkDigits = digits
        setGTKDigits = setDigits
        super.init(owning: widget)
        // Always connected: the user's values are put on the step's grid whether or not a closure listens.
        retain(GSignal.connect(gtkWidget, "value-changed") { [reporter] in reporter.valueChanged() })
    }

    private var numbers: NumberAdjustment { reporter.numbers }

    /// The smallest value. A number that is not finite is ignored; one above ``maximum`` raises the
    /// maximum to it. The value moves into the new range without calling ``onValueChanged``.
    public var minimum: Double {
        get { numbers.minimum }
        set { reporter.withoutChangeNotification { numbers.configure(minimum: newValue, digits: digits) } }
    }

    /// The largest value. A number that is not finite is ignored; one below ``minimum`` lowers the
    /// minimum to it. The value moves into the new range without calling ``onValueChanged``.
    public var maximum: Double {
        get { numbers.maximum }
        set { reporter.withoutChangeNotification { numbers.configure(maximum: newValue, digits: digits) } }
    }

    /// The difference between two values next to each other (1 unless set); a step that is not
    /// positive and finite is ignored. The value moves onto the new grid without calling
    /// ``onValueChanged``.
    public var step: Double {
        get { numbers.step }
        set { reporter.withoutChangeNotification { numbers.configure(step: newValue, digits: digits) } }
    }

    /// How many digits after the decimal point the widget shows, and rounds its values to: 0 unless
    /// set, at most 10.
    public var digits: Int {
        get { gtkDigits() }
        set {
            let digits = min(max(newValue, 0), NumberAdjustment.largestDigits)
            reporter.withoutChangeNotification {
                setGTKDigits(digits)
                numbers.configure(digits: digits)
            }
        }
    }

    /// The number chosen. Setting it does not call ``onValueChanged``: only the user's changes do.
    /// A value set is put in the range and on the step's grid (read it back for the value the
    /// widget holds); one that is not finite is ignored.
    public var value: Double {
        get { numbers.value }
        set { reporter.set(newValue) }
    }

    /// Called with the new value when the user changes it (by pointer, keyboard or assistive
    /// technology; not when a property is set in code).
    public var onValueChanged: (@MainActor (Double) -> Void)? {
        get { reporter.onValueChanged }
        set { reporter.onValueChanged = newValue }
    }
}
