import CGtk

/// What a widget is to assistive technologies (screen readers announce it).
///
/// GTK chooses a role for each kind of widget; set one on containers that stand for something
/// else, such as a box that is a list item or a heading.
public enum AccessibleRole: Sendable, Equatable {
    case unknown
    case panel
    case label
    case heading
    case image
    case pushButton
    case toggleButton
    case text
    case entry
    case list
    case listItem
    case table
    case tableCell
    case frame
    case filler
    case dialog
    case statusBar
    case progressBar
    case scrollPane
    case toolBar
    case section
    case article
    case form
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
