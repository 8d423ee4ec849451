/*
 * The simdjson peer of hub-bench's "scale" section: treeview-peer.c with the JSON read by simdjson
 * instead of json-glib, to tell what reading JSON costs from what showing the rows costs. It parses
 * the file with simdjson's DOM API (the whole document into simdjson's tape, as json-glib builds its
 * tree), fills a GtkListStore (title, subtitle) before attaching it to a GtkTreeView in fixed-height
 * mode (so the view does not update for every row), frees the parser and its tape, and shows the
 * view in a GtkScrolledWindow in a 1024x768 window.
 *
 * It measures and prints exactly what treeview-peer.c does, as `@@key=value` lines on stdout:
 *   firstFrame  seconds from the moment the parent spawned it (HUB_BENCH_SPAWN_NS, CLOCK_MONOTONIC
 *               nanoseconds) to the end of the first frame painted with rows (after-paint, then a
 *               round trip to the X server so the server has drawn it too)
 *   rows        rows in the store
 *   peakRSS     VmHWM at that moment, bytes
 *   settledRSS  VmRSS after one second of idle main loop, bytes
 *   started, parsed, filled  seconds from the spawn to GTK being initialised, the file parsed, and
 *               the store filled (and the parser freed)
 * After the first frame it hands the freed heap back to the system (malloc_trim), so the settled
 * figure is what the program holds, not what the parser left behind.
 * and then exits. Usage: simdjson-peer FILE.json
 *
 * Built by `make bench`: c++ -std=c++17 simdjson-peer.cpp $(pkg-config --cflags --libs gtk+-3.0 simdjson)
 * (Debian: libsimdjson-dev).
 */
#include <gtk/gtk.h>
#include <malloc.h>
#include <simdjson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <memory>

enum { COLUMN_TITLE, COLUMN_SUBTITLE, COLUMN_COUNT };

static guint64 spawn_ns;
static gboolean painted_rows;
static GtkWidget *tree_view;
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

[[noreturn]] static void fail(const char *message, const char *detail) {
    fprintf(stderr, "simdjson-peer: %s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
    exit(1);
}

static gboolean settled(gpointer) {
    printf("@@rows=%d\n", rows);
    printf("@@settledRSS=%lld\n", status_bytes("VmRSS:"));
    fflush(stdout);
    exit(0);
    return G_SOURCE_REMOVE;
}

/* The first frame in which the view has rows laid out: the time, the peak, then a second of idle
 * main loop before the settled resident set. */
static void after_paint(GdkFrameClock *clock, gpointer) {
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
    /* The heap pages the freed parser left behind go back to the system, so that the settled
     * resident set is what the program holds. Done after the first frame, as treeview-peer does. */
    malloc_trim(0);
    g_timeout_add(1000, settled, NULL);
}

static gboolean timed_out(gpointer) {
    fail("no frame with rows after 60 s", NULL);
    return G_SOURCE_REMOVE;
}

static double since_spawn(void) { return (double)(now_ns() - spawn_ns) / 1e9; }

/* The rows of the document at `path`: simdjson parses it, the store is filled, the parser freed. */
static GtkListStore *rows_from_json(const char *path) {
    using namespace simdjson;
    /* The parser owns the file's bytes, the tape and the strings: freed when it goes, below. */
    auto parser = std::make_unique<dom::parser>();
    dom::element root;
    error_code error = parser->load(path).get(root);
    if (error) fail("cannot read the document", error_message(error));
    dom::object document;
    if (root.get_object().get(document)) fail("the document is not an object", path);
    dom::element body_element;
    if (document["body"].get(body_element)) fail("the document has no body", path);
    dom::array body;
    if (body_element.get_array().get(body)) fail("the body is not an array", path);

    printf("@@parsed=%.6f\n", since_spawn());
    GtkListStore *store = gtk_list_store_new(COLUMN_COUNT, G_TYPE_STRING, G_TYPE_STRING);
    for (dom::element element : body) {
        dom::object row, text;
        if (element.get_object().get(row) || row["text"].get_object().get(text)) continue;
        /* simdjson's strings are NUL-terminated in its string buffer; as json-glib's peer, a missing
         * or non-string member is "". */
        const char *title = "", *subtitle = "";
        if (text["title"].get_c_str().get(title)) title = "";
        if (text["subtitle"].get_c_str().get(subtitle)) subtitle = "";
        GtkTreeIter iter;
        gtk_list_store_insert_with_values(store, &iter, -1, COLUMN_TITLE, title, COLUMN_SUBTITLE, subtitle, -1);
        rows++;
    }
    /* The store holds its own copies of the strings: the parser can go before anything is shown. */
    parser.reset();
    return store;
}

int main(int argc, char **argv) {
    const char *spawn = getenv("HUB_BENCH_SPAWN_NS");
    spawn_ns = spawn ? strtoull(spawn, NULL, 10) : now_ns();
    /* As treeview-peer: run again with GLib's slice allocator off (GLib 2.74's keeps freed memory
     * and never hands it back; newer GLib always uses malloc), so that the store is held in the same
     * allocator as the other peers'. GLib reads G_SLICE when it loads, before main. The exec is
     * timed too, which only counts against this program. */
    if (!getenv("G_SLICE")) {
        setenv("G_SLICE", "always-malloc", 1);
        execv("/proc/self/exe", argv);
    }
    if (argc != 2) fail("usage: simdjson-peer FILE.json", NULL);
    if (!gtk_init_check(&argc, &argv)) fail("cannot open a display", NULL);

    printf("@@started=%.6f\n", since_spawn());
    GtkListStore *store = rows_from_json(argv[1]);
    printf("@@filled=%.6f\n", since_spawn());

    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_title(GTK_WINDOW(window), "simdjson GtkTreeView peer");
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
