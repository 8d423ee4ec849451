/*
 * What every GTK peer of hub-bench shares, whatever it measures: the clock, the error exit, the
 * resident memory /proc reports, and the 1024x768 window with a fixed-height GtkTreeView whose
 * frames a peer watches.
 *
 * Included by peer-window.h (the "scale" peers, C and C++17), filter-peer.c and find-peer.c (through
 * peer-typing.h): plain static functions, in the C that C++ also takes. Each is marked unused so that
 * a peer that needs only some of them compiles without warnings.
 */
#ifndef PEER_SUPPORT_H
#define PEER_SUPPORT_H

#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The peer's name: it starts every error message. */
static const char *peer_name;
/* When hub-bench spawned the peer (CLOCK_MONOTONIC nanoseconds), from which its times are taken. */
static guint64 spawn_ns;

G_GNUC_UNUSED static guint64 now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (guint64)ts.tv_sec * 1000000000ull + (guint64)ts.tv_nsec;
}

G_GNUC_UNUSED static double seconds(guint64 start, guint64 end) { return (double)(end - start) / 1e9; }

/* First thing in main: the peer's name, and the moment the parent spawned it (HUB_BENCH_SPAWN_NS;
 * now when it is not set). */
G_GNUC_UNUSED static void peer_start(const char *name) {
    peer_name = name;
    const char *spawn = getenv("HUB_BENCH_SPAWN_NS");
    spawn_ns = spawn ? strtoull(spawn, NULL, 10) : now_ns();
}

/* "NAME: message: detail" on stderr, and exit status 1: hub-bench reports the run as failed. */
G_GNUC_UNUSED __attribute__((noreturn)) static void fail(const char *message, const char *detail) {
    fprintf(stderr, "%s: %s%s%s\n", peer_name, message, detail ? ": " : "", detail ? detail : "");
    exit(1);
}

/* A field of /proc/self/status ("VmHWM:", "VmRSS:") in bytes; 0 when missing. */
G_GNUC_UNUSED static long long status_bytes(const char *field) {
    FILE *file = fopen("/proc/self/status", "r");
    if (!file) return 0;
    char line[256];
    long long kilobytes = 0;
    size_t length = strlen(field);
    while (fgets(line, sizeof line, file)) {
        if (strncmp(line, field, length) == 0) {
            kilobytes = atoll(line + length);
            break;
        }
    }
    fclose(file);
    return kilobytes * 1024;
}

/* A 1024x768 toplevel at the screen's corner, titled `title`, that ends the main loop when it goes. */
G_GNUC_UNUSED static GtkWidget *peer_window_new(const char *title) {
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_title(GTK_WINDOW(window), title);
    gtk_window_set_default_size(GTK_WINDOW(window), 1024, 768);
    gtk_window_move(GTK_WINDOW(window), 0, 0);
    g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
    return window;
}

/* A GtkTreeView of `model` in fixed-height mode, with a text column 480 pixels wide for each of the
 * model's first `count` columns, headed `titles`; in a scrolled window that scrolls vertically only,
 * which it returns. Every row has the same height, which spares the view from measuring all of them. */
G_GNUC_UNUSED static GtkWidget *scrolled_tree_view(GtkTreeModel *model, const char *const *titles, int count,
                                                   GtkWidget **tree_view) {
    GtkWidget *scrolled = gtk_scrolled_window_new(NULL, NULL);
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    GtkWidget *view = gtk_tree_view_new_with_model(model);
    gtk_tree_view_set_fixed_height_mode(GTK_TREE_VIEW(view), TRUE);
    for (int column = 0; column < count; column++) {
        GtkCellRenderer *renderer = gtk_cell_renderer_text_new();
        GtkTreeViewColumn *view_column = gtk_tree_view_column_new_with_attributes(titles[column], renderer,
                                                                                  "text", column, NULL);
        gtk_tree_view_column_set_sizing(view_column, GTK_TREE_VIEW_COLUMN_FIXED);
        gtk_tree_view_column_set_fixed_width(view_column, 480);
        gtk_tree_view_append_column(GTK_TREE_VIEW(view), view_column);
    }
    gtk_container_add(GTK_CONTAINER(scrolled), view);
    *tree_view = view;
    return scrolled;
}

/* Shows `window` with `after_paint` connected to its frame clock's after-paint (where a peer takes
 * its times), `timed_out` called after `limit` seconds, and runs the main loop. */
G_GNUC_UNUSED static void show_and_watch_frames(GtkWidget *window, void (*after_paint)(GdkFrameClock *, gpointer),
                                                guint limit, GSourceFunc timed_out) {
    gtk_widget_realize(window);
    GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
    if (!clock) fail("no frame clock", NULL);
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), NULL);
    g_timeout_add_seconds(limit, timed_out, NULL);
    gtk_widget_show_all(window);
    gtk_main();
}

#endif
