/*
 * What the GtkTreeView peers of hub-bench's "scale" section share: everything but filling the
 * store. A peer fills a GtkListStore (title, subtitle) its own way, and run_peer attaches it to a
 * GtkTreeView in fixed-height mode (filled first, so the view does not update for every row),
 * shows the view in a GtkScrolledWindow in a 1024x768 window and measures.
 *
 * It prints `@@key=value` lines on stdout, as hub-bench's own child cases do:
 *   firstFrame  seconds from the moment the parent spawned it (HUB_BENCH_SPAWN_NS, CLOCK_MONOTONIC
 *               nanoseconds) to the end of the first frame painted with rows (after-paint, then a
 *               round trip to the X server so the server has drawn it too)
 *   rows        rows in the store
 *   peakRSS     VmHWM at that moment, bytes
 *   settledRSS  VmRSS after one second of idle main loop, bytes
 *   started, parsed, filled  seconds from the spawn to GTK being initialised, the file parsed, and
 *               the store filled (and the parse tree, if any, freed); `parsed` is printed by the
 *               peer's own fill, with since_spawn(), and only by the peers that parse
 * After the first frame it hands the freed heap back to the system (malloc_trim), so the settled
 * figure is what the program holds, not what the parse tree left behind. Then it exits.
 *
 * Included by treeview-peer.c (C) and simdjson-peer.cpp (C++17): plain static functions, in the
 * C that C++ also takes.
 */
#ifndef PEER_WINDOW_H
#define PEER_WINDOW_H

#include <gtk/gtk.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { COLUMN_TITLE, COLUMN_SUBTITLE, COLUMN_COUNT };

static const char *peer_name;
static guint64 spawn_ns;
static gboolean painted_rows;
static GtkWidget *tree_view;
/* Rows in the store: the peer's fill counts them. */
static int rows;

static guint64 now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (guint64)ts.tv_sec * 1000000000ull + (guint64)ts.tv_nsec;
}

/* A field of /proc/self/status ("VmHWM:", "VmRSS:") in bytes; 0 when missing. */
static long long status_bytes(const char *field) {
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

__attribute__((noreturn)) static void fail(const char *message, const char *detail) {
    fprintf(stderr, "%s: %s%s%s\n", peer_name, message, detail ? ": " : "", detail ? detail : "");
    exit(1);
}

static gboolean settled(gpointer data) {
    (void)data;
    printf("@@rows=%d\n", rows);
    printf("@@settledRSS=%lld\n", status_bytes("VmRSS:"));
    fflush(stdout);
    exit(0);
    return G_SOURCE_REMOVE;
}

/* The first frame in which the view has rows laid out: the time, the peak, then a second of idle
 * main loop before the settled resident set. */
static void after_paint(GdkFrameClock *clock, gpointer data) {
    (void)data;
    if (painted_rows) return;
    GdkDisplay *display = gdk_display_get_default();
    gdk_display_sync(display);
    GdkRectangle visible;
    gtk_tree_view_get_visible_rect(GTK_TREE_VIEW(tree_view), &visible);
    GtkTreePath *start = NULL, *end = NULL;
    gboolean has_rows = gtk_widget_get_mapped(tree_view) && visible.height > 1
        && gtk_tree_view_get_visible_range(GTK_TREE_VIEW(tree_view), &start, &end);
    if (start) gtk_tree_path_free(start);
    if (end) gtk_tree_path_free(end);
    if (!has_rows && rows > 0) return;
    painted_rows = TRUE;
    guint64 frame_end = now_ns();
    printf("@@firstFrame=%.6f\n", (double)(frame_end - spawn_ns) / 1e9);
    printf("@@peakRSS=%lld\n", status_bytes("VmHWM:"));
    fflush(stdout);
    g_signal_handlers_disconnect_by_func(clock, (gpointer)after_paint, NULL);
    /* The heap pages the freed parse tree (json-glib's tree, simdjson's parser) left behind go back
     * to the system, so that the settled resident set is what the program holds. Done after the
     * first frame: at a million rows it takes seconds, which a program that wants its rows on
     * screen would not spend before showing them. */
    malloc_trim(0);
    g_timeout_add(1000, settled, NULL);
}

static gboolean timed_out(gpointer data) {
    (void)data;
    fail("no frame with rows after 60 s", NULL);
    return G_SOURCE_REMOVE;
}

static double since_spawn(void) { return (double)(now_ns() - spawn_ns) / 1e9; }

/* A peer's main: `name` starts its error messages, `window_title` names its window. When
 * `arguments_ok` is false it fails with `usage` (after the re-exec, before GTK is initialised);
 * otherwise `fill` makes the store from argv[argument] as it is once GTK has read its own options. */
static int run_peer(const char *name, const char *window_title, int argc, char **argv, gboolean arguments_ok,
                    const char *usage, GtkListStore *(*fill)(const char *argument), int argument) {
    peer_name = name;
    const char *spawn = getenv("HUB_BENCH_SPAWN_NS");
    spawn_ns = spawn ? strtoull(spawn, NULL, 10) : now_ns();
    /* GLib 2.74's slice allocator (json-glib allocates its nodes with it) keeps freed memory for
     * reuse and never hands it back, so the whole parse tree would stay resident after it is freed.
     * GLib reads G_SLICE when it loads, before main: run again with it set (newer GLib always uses
     * malloc). The exec is timed too, which only counts against this program. The peers that do
     * not use json-glib (simdjson, rows made in C) run the same way, so that their store is held in
     * the same allocator as the json-glib peer's. */
    if (!getenv("G_SLICE")) {
        setenv("G_SLICE", "always-malloc", 1);
        execv("/proc/self/exe", argv);
    }
    if (!arguments_ok) fail(usage, NULL);
    if (!gtk_init_check(&argc, &argv)) fail("cannot open a display", NULL);

    printf("@@started=%.6f\n", since_spawn());
    GtkListStore *store = fill(argv[argument]);
    printf("@@filled=%.6f\n", since_spawn());

    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_title(GTK_WINDOW(window), window_title);
    gtk_window_set_default_size(GTK_WINDOW(window), 1024, 768);
    gtk_window_move(GTK_WINDOW(window), 0, 0);
    GtkWidget *scrolled = gtk_scrolled_window_new(NULL, NULL);
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    /* The store is filled, then attached: the view never hears about rows one at a time. */
    tree_view = gtk_tree_view_new_with_model(GTK_TREE_MODEL(store));
    g_object_unref(store);
    /* Every row has the same height, which spares the view from measuring all of them. */
    gtk_tree_view_set_fixed_height_mode(GTK_TREE_VIEW(tree_view), TRUE);
    const char *titles[COLUMN_COUNT] = { "Title", "Subtitle" };
    for (int column = 0; column < COLUMN_COUNT; column++) {
        GtkCellRenderer *renderer = gtk_cell_renderer_text_new();
        GtkTreeViewColumn *view_column = gtk_tree_view_column_new_with_attributes(titles[column], renderer,
                                                                                  "text", column, NULL);
        gtk_tree_view_column_set_sizing(view_column, GTK_TREE_VIEW_COLUMN_FIXED);
        gtk_tree_view_column_set_fixed_width(view_column, 480);
        gtk_tree_view_append_column(GTK_TREE_VIEW(tree_view), view_column);
    }
    gtk_container_add(GTK_CONTAINER(scrolled), tree_view);
    gtk_container_add(GTK_CONTAINER(window), scrolled);
    g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);

    gtk_widget_realize(window);
    GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
    if (!clock) fail("no frame clock", NULL);
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), NULL);
    g_timeout_add_seconds(60, timed_out, NULL);
    gtk_widget_show_all(window);
    gtk_main();
    return 0;
}

#endif
