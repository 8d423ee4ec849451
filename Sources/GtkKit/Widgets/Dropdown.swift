internal import CGtk

/// A button that opens a list of options to choose one from (GtkComboBoxText).
///
/// An option longer than the button is wide ends with "…" on it.
///
/// ```swift
/// let size = Dropdown()
/// size.accessibleName = "Size"
/// size.options = ["Small", "Medium", "Large"]
/// size.selectedIndex = 1
/// size.onChanged = { [weak self] index in self?.size = index }
/// ```
@MainActor
open class Dropdown: Widget {
    private let userChanges = UserChangeNotifier<@MainActor (Int?) -> Void>()
    private var optionTexts: [String] = []

    /// A dropdown without options.
    public init() {
        super.init(owning: gtk_combo_box_text_new())
        hub_combo_box_ellipsize_cells(hub_combo_box(gtkWidget))
    }

    /// The options, in the order shown; each is cut to ``Label/maximumTextLength`` when longer.
    /// Setting them replaces all the options and selects none, without calling ``onChanged``.
    public var options: [String] {
        get { optionTexts }
        set {
            optionTexts = newValue.map { DisplayText.cut($0, to: DisplayText.maximumLength) }
            userChanges.withoutNotification {
                let combo = hub_combo_box_text(gtkWidget)
                gtk_combo_box_text_remove_all(combo)
                for option in optionTexts { gtk_combo_box_text_append_text(combo, option) }
            }
        }
    }

    /// The index in ``options`` of the option selected, or nil when none is. Setting it does not
    /// call ``onChanged``: only the user's choices do, so a closure that stores the choice where it
    /// came from cannot loop. An index outside ``options`` selects none.
    public var selectedIndex: Int? {
        get {
            let index = gtk_combo_box_get_active(hub_combo_box(gtkWidget))
            return index >= 0 ? Int(index) : nil
        }
        set {
            let index = newValue.flatMap { optionTexts.indices.contains($0) ? Int32($0) : nil } ?? -1
            userChanges.withoutNotification { gtk_combo_box_set_active(hub_combo_box(gtkWidget), index) }
        }
    }

    /// Called with the index of the option the user chose (not when ``selectedIndex`` or
    /// ``options`` is set in code).
    public var onChanged: (@MainActor (Int?) -> Void)? {
        get { userChanges.handler }
        set {
            userChanges.setHandler(newValue, connecting: "changed", of: self) { [unowned self] handler in
                handler(self.selectedIndex)
            }
        }
    }
}
