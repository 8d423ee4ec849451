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
 * C that C++ also takes. The clock, the error exit, /proc's figures and the window and tree view are
 * peer-support.h's, which the typing peers (filter-peer.c, find-peer.c) use too.
 */
#ifndef PEER_WINDOW_H
#define PEER_WINDOW_H

#include "peer-support.h"

#include <malloc.h>
#include <unistd.h>

enum { COLUMN_TITLE, COLUMN_SUBTITLE, COLUMN_COUNT };

static gboolean painted_rows;
static GtkWidget *tree_view;
/* Rows in the store: the peer's fill counts them. */
static int rows;

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
    peer_start(name);
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

    GtkWidget *window = peer_window_new(window_title);
    const char *titles[COLUMN_COUNT] = { "Title", "Subtitle" };
    /* The store is filled, then attached: the view never hears about rows one at a time. */
    GtkWidget *scrolled = scrolled_tree_view(GTK_TREE_MODEL(store), titles, COLUMN_COUNT, &tree_view);
    g_object_unref(store);
    gtk_container_add(GTK_CONTAINER(window), scrolled);
    show_and_watch_frames(window, after_paint, 60, timed_out);
    return 0;
}

#endif
