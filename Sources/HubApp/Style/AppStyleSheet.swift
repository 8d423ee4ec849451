// The shell's stylesheet, compiled into the module like HubGTK's (Sources/HubGTK/Style/
// FrameworkStyleSheet.swift): an app built on the shell is styled wherever its binary is installed
// or copied, with no resource file to find at run time.
extension AppStyle {
    /// The rules for the shell's own components (`hub-live-problems*`, `hub-showcase-heading*`).
    static let css = """
        /* HubApp — styles of the shell's own components. Colours come from the GTK theme
           (@theme_*), so light and dark themes both work. */

        /* Live editing: the problems of a rejected document, over the last good one. */
        .hub-live-problems,
        .hub-overlay > .hub-live-problems {
            padding: 16px;
            border: 2px solid @error_color;
            border-radius: 10px;
            background-color: @theme_bg_color;
            /* GTK 3 does not redraw a shadow outside a widget that shrinks: the panel changes size
               with every rejected document, so it has a border instead. */
            box-shadow: none;
        }
        .hub-live-problems-heading {
            /* The theme's text colour: the themes' red (@error_color) is too dark to read on a dark
               background; the border says that something is wrong. */
            font-weight: bold;
        }
        .hub-live-problems-list {
            font-family: monospace;
            font-size: 95%;
        }

        /* The component showcase: a heading above each component. */
        .hub-showcase-heading {
            padding: 8px 18px;
            background-color: alpha(@theme_fg_color, 0.05);
            border-top: 1px solid alpha(@theme_fg_color, 0.15);
        }
        .hub-showcase-heading-title {
            font-weight: bold;
        }
        .hub-showcase-heading-identifier {
            font-family: monospace;
        }
        .hub-showcase-heading-detail {
            font-size: smaller;
        }
        """
}
