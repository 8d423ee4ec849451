internal import CGtk

/// What a widget is to assistive technologies (screen readers announce it).
///
/// GTK chooses a role for each kind of widget; set one on containers that stand for something
/// else, such as a box that is a list item or a heading.
public enum AccessibleRole: Sendable, Equatable {
    /// No role, or one GTK does not name; setting it leaves the widget without a meaningful role.
    case unknown
    /// A group of widgets with no more specific meaning (GTK boxes report this).
    case panel
    /// Static text.
    case label
    /// The title of a section.
    case heading
    /// A picture or an icon.
    case image
    /// A button that does something when pressed.
    case pushButton
    /// A button that stays pressed or released.
    case toggleButton
    /// Text that may span several lines.
    case text
    /// A field the user types into.
    case entry
    /// A list of items, such as the view controller's scrolling body.
    case list
    /// One item of a list, such as each component cell of a view.
    case listItem
    /// Data in rows and columns.
    case table
    /// One cell of a table.
    case tableCell
    /// A top-level window.
    case frame
    /// A widget that only takes up space or holds others, with nothing to announce.
    case filler
    /// A dialog window.
    case dialog
    /// A bar that reports status.
    case statusBar
    /// Shows how far a task has got.
    case progressBar
    /// An area that scrolls its content.
    case scrollPane
    /// A bar of tools or buttons.
    case toolBar
    /// A part of a document or view.
    case section
    /// A self-contained piece of content, such as an entry in a feed.
    case article
    /// A group of fields to fill in.
    case form
    /// A role GTK reports that this enumeration does not name; reading only, setting it means no role.
    case other

    init(_ role: AtkRole) {
        switch role {
        case ATK_ROLE_PANEL: self = .panel
        case ATK_ROLE_LABEL: self = .label
        case ATK_ROLE_HEADING: self = .heading
        case ATK_ROLE_IMAGE, ATK_ROLE_ICON: self = .image
        case ATK_ROLE_PUSH_BUTTON: self = .pushButton
        case ATK_ROLE_TOGGLE_BUTTON: self = .toggleButton
        case ATK_ROLE_TEXT: self = .text
        case ATK_ROLE_ENTRY: self = .entry
        case ATK_ROLE_LIST: self = .list
        case ATK_ROLE_LIST_ITEM: self = .listItem
        case ATK_ROLE_TABLE: self = .table
        case ATK_ROLE_TABLE_CELL: self = .tableCell
        case ATK_ROLE_FRAME: self = .frame
        case ATK_ROLE_FILLER: self = .filler
        case ATK_ROLE_DIALOG: self = .dialog
        case ATK_ROLE_STATUSBAR: self = .statusBar
        case ATK_ROLE_PROGRESS_BAR: self = .progressBar
        case ATK_ROLE_SCROLL_PANE: self = .scrollPane
        case ATK_ROLE_TOOL_BAR: self = .toolBar
        case ATK_ROLE_SECTION: self = .section
        case ATK_ROLE_ARTICLE: self = .article
        case ATK_ROLE_FORM: self = .form
        case ATK_ROLE_UNKNOWN, ATK_ROLE_INVALID: self = .unknown
        default: self = .other
        }
    }

    var atkRole: AtkRole {
        switch self {
        case .unknown, .other: ATK_ROLE_UNKNOWN
        case .panel: ATK_ROLE_PANEL
        case .label: ATK_ROLE_LABEL
        case .heading: ATK_ROLE_HEADING
        case .image: ATK_ROLE_IMAGE
        case .pushButton: ATK_ROLE_PUSH_BUTTON
        case .toggleButton: ATK_ROLE_TOGGLE_BUTTON
        case .text: ATK_ROLE_TEXT
        case .entry: ATK_ROLE_ENTRY
        case .list: ATK_ROLE_LIST
        case .listItem: ATK_ROLE_LIST_ITEM
        case .table: ATK_ROLE_TABLE
        case .tableCell: ATK_ROLE_TABLE_CELL
        case .frame: ATK_ROLE_FRAME
        case .filler: ATK_ROLE_FILLER
        case .dialog: ATK_ROLE_DIALOG
        case .statusBar: ATK_ROLE_STATUSBAR
        case .progressBar: ATK_ROLE_PROGRESS_BAR
        case .scrollPane: ATK_ROLE_SCROLL_PANE
        case .toolBar: ATK_ROLE_TOOL_BAR
        case .section: ATK_ROLE_SECTION
        case .article: ATK_ROLE_ARTICLE
        case .form: ATK_ROLE_FORM
        }
    }
}
