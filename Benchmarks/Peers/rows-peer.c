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
 * Built by `make bench`: cc rows-peer.c $(pkg-config --cflags --libs gtk+-3.0)
 */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static GtkWidget *window, *scrolled, *holder, *rows_box;
static guint64 started;
/* 0: waiting to create rows, 1: rows created, waiting for their frame. */
static int phase;
static int round_number;

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
    make_rows();
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
