/*
 * The plain GTK peer of hub-bench's "start" section: what GTK 3 itself takes to show, in a running
 * window, the rows a view of a hundred components has on screen, built from the same widgets as the
 * hub's row component (an event box holding a horizontal box of an image, a vertical box of a title
 * and a subtitle label, an accessory label and a chevron image). A recycling view creates only the
 * rows that are visible, so the peer creates those: as many 64-pixel rows as the 1024x768 window's
 * content area shows, plus one.
 *
 * The window is the viewer's shape (a header bar with an entry, a scrolled window below). After its
 * first frame and half a second of idling, the rows are created and shown; the time to the end of
 * the frame that shows them (after-paint, then a round trip to the X server) is `firstRows`. The
 * rows are destroyed and made again, and that frame is `secondRows`. Printed as `@@key=value`
 * lines, in seconds, as hub-bench's own children print theirs.
 *
 * With `--view STYLESHEET...`, it shows instead what the hub's 100-component view shows in its
 * first frame, from the same GTK widgets the hub's components are made of, styled by the same
 * style sheets (the framework's, the shell's and the viewer's, loaded at start as the viewer loads
 * them). First the header: an overlay of a drawing area painted dark and a title in 30-point bold,
 * with the title's text shadow. Then, on the canvas's background, the body in the document's order
 * until the visible area is full: rows with a title, a subtitle, an accessory text and a chevron,
 * 64 pixels high; a label "Section N" (110 % text, measured by GTK); rows with an icon (the theme's
 * "starred", 24 pixels, painted on a rounded grey square) and a title, 48 pixels high. Rows are as
 * wide as the hub's readable width (800 pixels at most), centred. The components follow the
 * pattern of five of hub-bench's `StartBench.smallDocument`; the two must change together.
 *
 * Built by `make bench`: cc rows-peer.c $(pkg-config --cflags --libs gtk+-3.0)
 */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static GtkWidget *window, *scrolled, *holder, *rows_box;
static guint64 started;
/* 0: waiting to create rows, 1: rows created, waiting for their frame. */
static int phase;
static int round_number;
/* --view: the hub view's first screen, styled by the hub's style sheets. */
static gboolean view_mode;
static GdkPixbuf *star;

static guint64 now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (guint64)ts.tv_sec * 1000000000ull + (guint64)ts.tv_nsec;
}

static GtkWidget *make_row(int number) {
    GtkWidget *cell = gtk_event_box_new();
    gtk_event_box_set_visible_window(GTK_EVENT_BOX(cell), FALSE);
    gtk_widget_set_can_focus(cell, TRUE);
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    GtkWidget *image = gtk_image_new_from_icon_name("starred-symbolic", GTK_ICON_SIZE_DND);
    GtkWidget *texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    char title_text[64], subtitle_text[64], accessory_text[16];
    snprintf(title_text, sizeof title_text, "Item %d", number);
    snprintf(subtitle_text, sizeof subtitle_text, "A short line about item %d", number);
    snprintf(accessory_text, sizeof accessory_text, "%d", number);
    GtkWidget *title = gtk_label_new(title_text);
    GtkWidget *subtitle = gtk_label_new(subtitle_text);
    GtkWidget *labels[] = { title, subtitle };
    for (int index = 0; index < 2; index++) {
        gtk_label_set_xalign(GTK_LABEL(labels[index]), 0);
        gtk_label_set_ellipsize(GTK_LABEL(labels[index]), PANGO_ELLIPSIZE_END);
        gtk_box_pack_start(GTK_BOX(texts), labels[index], FALSE, FALSE, 0);
    }
    GtkWidget *accessory = gtk_label_new(accessory_text);
    GtkWidget *chevron = gtk_image_new_from_icon_name("go-next-symbolic", GTK_ICON_SIZE_MENU);
    gtk_box_pack_start(GTK_BOX(row), image, FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(row), texts, TRUE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(row), accessory, FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(row), chevron, FALSE, FALSE, 0);
    gtk_container_add(GTK_CONTAINER(cell), row);
    gtk_widget_set_size_request(cell, -1, 64);
    return cell;
}

/* The hub's ImageView: a drawing area that paints its background, clipped to rounded corners, and
 * a placeholder icon centred in it. */
static gboolean draw_image(GtkWidget *widget, cairo_t *cr, gpointer data) {
    double radius = GPOINTER_TO_INT(data);
    double width = gtk_widget_get_allocated_width(widget), height = gtk_widget_get_allocated_height(widget);
    cairo_save(cr);
    if (radius > 0) {
        cairo_new_sub_path(cr);
        cairo_arc(cr, width - radius, radius, radius, -G_PI / 2, 0);
        cairo_arc(cr, width - radius, height - radius, radius, 0, G_PI / 2);
        cairo_arc(cr, radius, height - radius, radius, G_PI / 2, G_PI);
        cairo_arc(cr, radius, radius, radius, G_PI, 3 * G_PI / 2);
        cairo_close_path(cr);
        cairo_clip(cr);
        cairo_set_source_rgba(cr, 0.5, 0.5, 0.5, 0.25);
        cairo_paint(cr);
        if (star) {
            gdk_cairo_set_source_pixbuf(cr, star, (width - gdk_pixbuf_get_width(star)) / 2,
                                        (height - gdk_pixbuf_get_height(star)) / 2);
            cairo_paint_with_alpha(cr, 0.55);
        }
    } else {
        cairo_set_source_rgb(cr, 0.2, 0.2, 0.22);
        cairo_paint(cr);
    }
    cairo_restore(cr);
    return FALSE;
}

static GtkWidget *styled(GtkWidget *widget, const char *css_class) {
    gtk_style_context_add_class(gtk_widget_get_style_context(widget), css_class);
    return widget;
}

/* A cell of the hub's canvas: an event box that takes the focus, holding one component's widget. */
static GtkWidget *cell_holding(GtkWidget *child, int width, int height) {
    GtkWidget *cell = styled(gtk_event_box_new(), "hub-cell");
    gtk_event_box_set_visible_window(GTK_EVENT_BOX(cell), FALSE);
    gtk_widget_set_can_focus(cell, TRUE);
    gtk_container_add(GTK_CONTAINER(cell), child);
    gtk_widget_set_size_request(cell, width, height);
    gtk_widget_set_halign(cell, GTK_ALIGN_CENTER);
    return cell;
}

static GtkWidget *make_header(int width) {
    GtkWidget *overlay = styled(gtk_overlay_new(), "hub-header-component");
    GtkWidget *background = gtk_drawing_area_new();
    g_signal_connect(background, "draw", G_CALLBACK(draw_image), GINT_TO_POINTER(0));
    gtk_container_add(GTK_CONTAINER(overlay), background);
    GtkWidget *title = styled(gtk_label_new(NULL), "hub-header-title");
    gtk_label_set_ellipsize(GTK_LABEL(title), PANGO_ELLIPSIZE_END);
    gtk_label_set_markup(GTK_LABEL(title), "<span size=\"30720\" weight=\"bold\">A view of 100 components</span>");
    gtk_overlay_add_overlay(GTK_OVERLAY(overlay), title);
    return cell_holding(overlay, width, 250);
}

/* A row as the hub's row component makes it: `index` is the component's place in the document. */
static GtkWidget *make_styled_row(int index, int width) {
    gboolean icon_row = index % 5 == 4;
    GtkWidget *row = styled(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12), "hub-row");
    GtkWidget *image = gtk_drawing_area_new();
    gtk_widget_set_size_request(image, 40, 40);
    gtk_widget_set_valign(image, GTK_ALIGN_CENTER);
    g_signal_connect(image, "draw", G_CALLBACK(draw_image), GINT_TO_POINTER(6));
    GtkWidget *texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    gtk_widget_set_valign(texts, GTK_ALIGN_CENTER);
    char text[64];
    snprintf(text, sizeof text, "Item %d", index + 1);
    GtkWidget *title = styled(gtk_label_new(text), "hub-row-title");
    snprintf(text, sizeof text, "A short line about item %d", index + 1);
    GtkWidget *subtitle = styled(styled(gtk_label_new(text), "hub-row-subtitle"), "dim-label");
    GtkWidget *labels[] = { title, subtitle };
    for (int label = 0; label < 2; label++) {
        gtk_label_set_xalign(GTK_LABEL(labels[label]), 0);
        gtk_label_set_ellipsize(GTK_LABEL(labels[label]), PANGO_ELLIPSIZE_END);
        gtk_label_set_single_line_mode(GTK_LABEL(labels[label]), TRUE);
        gtk_box_pack_start(GTK_BOX(texts), labels[label], FALSE, FALSE, 0);
    }
    snprintf(text, sizeof text, "%d", index);
    GtkWidget *accessory = styled(gtk_label_new(text), "dim-label");
    GtkWidget *chevron = styled(gtk_image_new_from_icon_name("go-next-symbolic", GTK_ICON_SIZE_MENU), "dim-label");
    gtk_box_pack_start(GTK_BOX(row), image, FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(row), texts, TRUE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(row), accessory, FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(row), chevron, FALSE, FALSE, 0);
    gtk_widget_show_all(row);
    /* What the document's row has not: an icon row has no subtitle, accessory or target; the
     * other rows have no image. */
    gtk_widget_set_visible(image, icon_row);
    gtk_widget_set_visible(subtitle, !icon_row);
    gtk_widget_set_visible(accessory, !icon_row);
    gtk_widget_set_visible(chevron, !icon_row);
    return cell_holding(row, width, icon_row ? 48 : 64);
}

static GtkWidget *make_label(int index, int width) {
    char text[64];
    snprintf(text, sizeof text, "Section %d", index / 5 + 1);
    GtkWidget *label = styled(gtk_label_new(text), "hub-label");
    gtk_label_set_line_wrap(GTK_LABEL(label), TRUE);
    gtk_label_set_justify(GTK_LABEL(label), GTK_JUSTIFY_CENTER);
    gtk_widget_show(label);
    return cell_holding(label, width, -1);
}

/* The hub view's first screen: the header, then the body's components until the visible area is
 * full, each shown as it is made. */
static void make_view(void) {
    int visible = gtk_widget_get_allocated_height(scrolled);
    int full_width = gtk_widget_get_allocated_width(scrolled);
    int readable = full_width < 800 ? full_width : 800;
    if (!star) {
        star = gtk_icon_theme_load_icon(gtk_icon_theme_get_default(), "starred", 24, 0, NULL);
    }
    rows_box = styled(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0), "hub-canvas");
    GtkWidget *header = make_header(full_width);
    gtk_box_pack_start(GTK_BOX(rows_box), header, FALSE, FALSE, 0);
    int height = 250;
    for (int index = 0; height < visible; index++) {
        GtkWidget *cell = index % 5 == 3 ? make_label(index, full_width) : make_styled_row(index, readable);
        gtk_box_pack_start(GTK_BOX(rows_box), cell, FALSE, FALSE, 0);
        gtk_widget_show(cell);
        if (index % 5 == 3) {
            /* A label is as high as its text, which the hub measures too (TextMeasurer); a row's
             * height is its component's. */
            int minimum = 0, natural = 0;
            gtk_widget_get_preferred_height_for_width(cell, full_width, &minimum, &natural);
            height += natural;
        } else {
            height += index % 5 == 4 ? 48 : 64;
        }
    }
    gtk_container_add(GTK_CONTAINER(holder), rows_box);
    gtk_widget_show(header);
    gtk_widget_show_all(gtk_bin_get_child(GTK_BIN(header)));
    gtk_widget_show(rows_box);
}

static void make_rows(void) {
    int visible = gtk_widget_get_allocated_height(scrolled) / 64 + 1;
    rows_box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    for (int number = 1; number <= visible; number++) {
        gtk_box_pack_start(GTK_BOX(rows_box), make_row(number), FALSE, FALSE, 0);
    }
    gtk_container_add(GTK_CONTAINER(holder), rows_box);
    gtk_widget_show_all(rows_box);
}

static void after_paint(GdkFrameClock *clock, gpointer data) {
    (void)clock;
    (void)data;
    if (phase != 1) return;
    gdk_display_sync(gdk_display_get_default());
    printf("@@%s=%.6f\n", round_number == 1 ? "firstRows" : "secondRows", (double)(now_ns() - started) / 1e9);
    fflush(stdout);
    phase = 0;
}

/* Every 500 ms: make the rows (again), or stop after two rounds. */
static gboolean tick(gpointer data) {
    (void)data;
    if (phase != 0) return G_SOURCE_CONTINUE;
    if (rows_box) {
        gtk_widget_destroy(rows_box);
        rows_box = NULL;
    }
    if (round_number == 2) {
        gtk_main_quit();
        return G_SOURCE_REMOVE;
    }
    round_number++;
    phase = 1;
    started = now_ns();
    if (view_mode) {
        make_view();
    } else {
        make_rows();
    }
    return G_SOURCE_CONTINUE;
}

static gboolean timed_out(gpointer data) {
    (void)data;
    fprintf(stderr, "rows-peer: no frame with rows after 30 s\n");
    exit(1);
}

int main(int argc, char **argv) {
    if (!gtk_init_check(&argc, &argv)) {
        fprintf(stderr, "rows-peer: cannot open a display\n");
        return 1;
    }
    /* --view: the style sheets the viewer loads at start, each above the theme as the viewer adds
     * it (the framework's below the application's). */
    if (argc > 1 && strcmp(argv[1], "--view") == 0) {
        view_mode = TRUE;
        for (int index = 2; index < argc; index++) {
            GtkCssProvider *provider = gtk_css_provider_new();
            GError *error = NULL;
            if (!gtk_css_provider_load_from_path(provider, argv[index], &error)) {
                fprintf(stderr, "rows-peer: cannot load %s: %s\n", argv[index], error->message);
                return 1;
            }
            guint priority = index == 2
                ? (GTK_STYLE_PROVIDER_PRIORITY_SETTINGS + GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) / 2
                : GTK_STYLE_PROVIDER_PRIORITY_APPLICATION;
            gtk_style_context_add_provider_for_screen(gdk_screen_get_default(), GTK_STYLE_PROVIDER(provider), priority);
            g_object_unref(provider);
        }
    }
    window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_default_size(GTK_WINDOW(window), 1024, 768);
    GtkWidget *header = gtk_header_bar_new();
    gtk_header_bar_set_show_close_button(GTK_HEADER_BAR(header), TRUE);
    gtk_header_bar_set_custom_title(GTK_HEADER_BAR(header), gtk_entry_new());
    gtk_window_set_titlebar(GTK_WINDOW(window), header);
    scrolled = gtk_scrolled_window_new(NULL, NULL);
    holder = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_container_add(GTK_CONTAINER(scrolled), holder);
    gtk_container_add(GTK_CONTAINER(window), scrolled);
    gtk_widget_realize(window);
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(after_paint), NULL);
    gtk_widget_show_all(window);
    g_timeout_add(500, tick, NULL);
    g_timeout_add_seconds(30, timed_out, NULL);
    gtk_main();
    return 0;
}
