import GtkKit
// HubGTK's stylesheet, compiled into the module rather than shipped as a resource file: an app
// built on HubGTK gets styled default components wherever its binary is installed or copied,
// with no resource bundle to find at run time (SwiftPM's lookup stops the process when the
// bundle is missing).
extension FrameworkStyle {
    /// The rules for the view controller's states and the default components (`hub-*` classes).
    package static let css = """
        /* HubFramework for GTK — styles of the view controller and the default components. HubGTK
           installs this stylesheet itself (StyleSheet.Priority.framework: above the theme, below the
           application's CSS), so an application restyles any of these classes with rules of its own.
           Colours come from the GTK theme (@theme_*), so light and dark themes both work. */

        .hub-view,
        .hub-canvas {
            background-color: @theme_base_color;
        }

        /* Rows: a list look with a hairline between stacked rows. */
        .hub-row {
            padding: 0 18px;
            border-bottom: 1px solid alpha(@theme_fg_color, 0.08);
        }
        .hub-cell:active .hub-row,
        .hub-row:active {
            background-color: alpha(@theme_selected_bg_color, 0.18);
        }
        .hub-row:selected {
            background-color: alpha(@theme_selected_bg_color, 0.35);
        }
        .hub-row-title {
            font-weight: 600;
        }
        .hub-row-subtitle {
            font-size: smaller;
        }

        /* Labels: centred text. */
        .hub-label {
            padding: 8px;
            font-size: 110%;
        }

        /* Image cards. */
        .hub-image-card-title {
            color: white;
            font-weight: bold;
            padding: 10px 12px;
            background-image: linear-gradient(to bottom, alpha(black, 0), alpha(black, 0.55));
            border-radius: 0 0 8px 8px;
        }

        /* The collapsing header. */
        .hub-header-title {
            color: white;
            text-shadow: 0 1px 3px alpha(black, 0.6);
        }

        /* Find in the view: the cell of the component found (ComponentFinder), under the component. */
        .hub-cell.hub-find-match {
            background-color: alpha(@theme_selected_bg_color, 0.22);
            box-shadow: inset 0 0 0 2px @theme_selected_bg_color;
        }

        /* Search bar. */
        .hub-search-bar {
            padding: 0 15px;
            background-color: @theme_bg_color;
            border-bottom: 1px solid alpha(@theme_fg_color, 0.1);
        }

        /* Inputs (default:entry, textArea, switch, checkbox, dropdown, slider, spinButton, button):
           a form's field each, in a column as wide as the rows, titled above or beside its control,
           the validation message below in the theme's error colour (its own label.error). */
        .hub-input {
            padding: 9px 18px;
        }
        .hub-input-message {
            font-size: smaller;
        }
        /* The box lines up with the titles of the fields around it (themes give it a margin on
           both sides). */
        .hub-input > checkbutton check:dir(ltr) {
            margin-left: 0;
        }
        .hub-input > checkbutton check:dir(rtl) {
            margin-right: 0;
        }
        .hub-text-area {
            border: 1px solid alpha(@theme_fg_color, 0.25);
            border-radius: 5px;
            padding: 6px 8px;
        }
        .hub-text-area-placeholder {
            margin: 0;
        }

        /* Colour containers. */
        .hub-color-container { border-radius: 0; }
        .hub-color-red { background-color: #e66100; }
        .hub-color-blue { background-color: #3584e4; }
        .hub-color-green { background-color: #2ec27e; }
        .hub-color-yellow { background-color: #f6d32d; }

        /* Carousel. */
        .hub-carousel {
            background-color: transparent;
        }

        /* Loading and error states. */
        .hub-state {
            padding: 24px;
        }
        .hub-state.compact {
            background-color: @theme_bg_color;
            border-top: 1px solid alpha(@theme_fg_color, 0.15);
            padding: 12px;
        }
        .hub-error-title {
            font-weight: bold;
            font-size: 120%;
        }

        /* Overlays float above the content like a card. */
        .hub-overlay > * {
            background-color: alpha(@theme_bg_color, 0.95);
            border-radius: 10px;
            box-shadow: 0 2px 8px alpha(black, 0.25);
        }
        """
}
