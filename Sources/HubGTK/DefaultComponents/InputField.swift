import GtkKit
import HubFramework

/// The frame of a default input component, laid out as a GNOME form lays out a field: the title
/// above a wide control (a text field, a slider) or beside a compact one (a switch, a dropdown),
/// the control, and below it the validation message in the theme's error colour.
///
/// It names the control to assistive technologies after the title (the control is what they
/// reach and read), and describes it with the message. A press on the title or the message is for
/// the control: the view hands it the focus (``ComponentWithInput/focusInput()``).
@MainActor
final class InputField {
    /// Where the title goes.
    enum TitlePlacement {
        /// Above the control, at its start; `accessory` (a slider's value) at the end of that line.
        case above
        /// At the start of the control's line, the control at its end.
        case beside
        /// Nowhere: the control shows the title itself (a check box's label, a button's).
        case none
    }

    /// The field: a column of the title, the control and the message.
    let view = Box(.vertical, spacing: InputField.spacing)
    let control: Widget
    let titleLabel = Label()
    let messageLabel = Label()

    /// Points between the title, the control and the message.
    static let spacing = 6

    /// The name and description last given to the control.
    private var accessibleLabels = AccessibleLabels()

    /// A field around `control`. `accessory`, for `.above`, sits at the end of the title's line.
    /// `holder`, when the control sits in another widget (a text area in the overlay that shows its
    /// placeholder), is what the field lays out in the control's place.
    init(control: Widget, holder: Widget? = nil, title placement: TitlePlacement, accessory: Widget? = nil) {
        self.control = control
        let placed = holder ?? control
        view.addCSSClass("hub-input")
        view.verticalAlignment = .center
        titleLabel.addCSSClass("hub-input-title")
        titleLabel.xAlignment = 0
        titleLabel.wrapsLines = true
        titleLabel.isExcludedFromShowAll = true
        messageLabel.addCSSClass("hub-input-message")
        // GTK's themes colour a label with this class in their error colour (Adwaita's label.error).
        messageLabel.addCSSClass("error")
        messageLabel.xAlignment = 0
        messageLabel.wrapsLines = true
        messageLabel.isExcludedFromShowAll = true
        switch placement {
        case .above:
            let line = Box(.horizontal, spacing: 12)
            line.append(titleLabel, expand: true)
            if let accessory {
                accessory.verticalAlignment = .end
                line.appendAtEnd(accessory)
            }
            view.append(line)
            view.append(placed)
        case .beside:
            let line = Box(.horizontal, spacing: 12)
            titleLabel.verticalAlignment = .center
            placed.verticalAlignment = .center
            line.append(titleLabel, expand: true)
            line.appendAtEnd(placed)
            view.append(line)
        case .none:
            view.append(placed)
        }
        view.append(messageLabel)
        view.showAll()
    }

    /// Shows `title` and `message` (each hidden when nil or empty), marks the control as in error
    /// while there is a message, and names the control after the title (`fallbackName`, such as the
    /// placeholder, when there is none) and describes it with the message.
    func show(title: String?, message: String?, fallbackName: String? = nil) {
        let title = title ?? ""
        let message = message ?? ""
        titleLabel.text = title
        titleLabel.isVisible = !title.isEmpty
        messageLabel.text = message
        messageLabel.isVisible = !message.isEmpty
        control.setCSSClass("error", !message.isEmpty)
        accessibleLabels.give(name: title.isEmpty ? fallbackName ?? "" : title, description: message, to: control)
    }

    /// The size of the field for `model`, measured on `measuring` (a component of the same kind kept
    /// for it, configured with `model`): as wide as a row (``ReadableWidth``), as high as GTK lays
    /// the title, the control and the message out at that width.
    ///
    /// Measuring lays the field out (about three times what measuring a label's text costs, and the
    /// view measures every field again when the state changes: 50–85 ms a keystroke in a form of
    /// 2,000 fields in the debug build, 5–16 ms with the heights kept), so the heights are kept by
    /// what they depend on: the kind, the width, the title, the message, what else of the model the
    /// kind shows beside its title (`detail`: a dropdown's options), and the stylesheets installed.
    static func preferredSize(of measuring: any Component, forDisplaying model: ComponentModel,
                              containerViewSize: Size, detail: [String] = []) -> Size
    {
        let width = ReadableWidth.width(in: containerViewSize.width)
        let key = MeasuredField(kind: ObjectIdentifier(type(of: measuring)), width: width, title: model.title,
                                message: model.input?.message, detail: detail, style: StyleSheet.generation)
        if let height = measured[key] { return Size(width: width, height: height) }
        if measuring.view == nil { measuring.loadView() }
        measuring.configureView(with: model, containerViewSize: containerViewSize)
        let height = (measuring.view?.naturalHeight(forWidth: width) ?? 0).rounded(.up)
        if measured.count >= measuredLimit { measured.removeAll(keepingCapacity: true) }
        measured[key] = height
        return Size(width: width, height: height)
    }

    /// What a field's height depends on.
    private struct MeasuredField: Hashable {
        let kind: ObjectIdentifier
        let width: Double
        let title: String?
        let message: String?
        let detail: [String]
        let style: Int
    }

    /// The heights measured, by what they depend on; emptied when it holds `measuredLimit`.
    private static var measured: [MeasuredField: Double] = [:]
    private static let measuredLimit = 4_096

}
