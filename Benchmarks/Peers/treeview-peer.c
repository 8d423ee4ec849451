/*
 * The GtkTreeView peer of hub-bench's "scale" section: what a plain GTK 3 program written the fast
 * way takes to show the same JSON document of rows. It reads the file with json-glib, fills a
 * GtkListStore (title, subtitle) before attaching it to a GtkTreeView (so the view does not
 * update for every row), frees the parse tree, and shows the view in a GtkScrolledWindow in a
 * 1024x768 window.
 *
 * With `--rows-in-c N` it reads no file: the same N rows ("Row number i", "The subtitle of row i",
 * as in the document) are made in C and go into the store the same way. That is the floor of any
 * JSON peer: what GTK itself takes to show the rows.
 *
 * It prints `@@key=value` lines on stdout, as hub-bench's own child cases do:
 *   firstFrame  seconds from the moment the parent spawned it (HUB_BENCH_SPAWN_NS, CLOCK_MONOTONIC
 *               nanoseconds) to the end of the first frame painted with rows (after-paint, then a
 *               round trip to the X server so the server has drawn it too)
 *   rows        rows in the store
 *   peakRSS     VmHWM at that moment, bytes
 *   settledRSS  VmRSS after one second of idle main loop, bytes
 *   started, parsed, filled  seconds from the spawn to GTK being initialised, the file parsed, and
 *               the store filled (and the parse tree freed); no `parsed` with --rows-in-c
 * After the first frame it hands the freed heap back to the system (malloc_trim), so the settled
 * figure is what the program holds, not what the parse tree left behind.
 * and then exits. Usage: treeview-peer FILE.json | treeview-peer --rows-in-c N
 *
 * Built by `make bench`: cc treeview-peer.c $(pkg-config --cflags --libs gtk+-3.0 json-glib-1.0)
 */
#include <gtk/gtk.h>
#include <json-glib/json-glib.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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

static void fail(const char *message, const char *detail) {
    fprintf(stderr, "treeview-peer: %s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
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
    g_signal_handlers_disconnect_by_func(clock, after_paint, NULL);
    /* The heap pages the freed parse tree left behind go back to the system, so that the settled
     * resident set is what the program holds. Done after the first frame: at a million rows it takes
     * seconds, which a program that wants its rows on screen would not spend before showing them. */
    malloc_trim(0);
    g_timeout_add(1000, settled, NULL);
}

static gboolean timed_out(gpointer data) {
    (void)data;
    fail("no frame with rows after 60 s", NULL);
    return G_SOURCE_REMOVE;
}

static double since_spawn(void) { return (double)(now_ns() - spawn_ns) / 1e9; }

/* The rows of the document at `path`: json-glib parses it, the store is filled, the parse tree freed. */
static GtkListStore *rows_from_json(const char *path) {
    GError *error = NULL;
    JsonParser *parser = json_parser_new();
    if (!json_parser_load_from_file(parser, path, &error)) fail("cannot read the document", error->message);
    JsonNode *root = json_parser_get_root(parser);
    if (!root || !JSON_NODE_HOLDS_OBJECT(root)) fail("the document is not an object", path);
    JsonObject *document = json_node_get_object(root);
    if (!json_object_has_member(document, "body")) fail("the document has no body", path);
    JsonArray *body = json_object_get_array_member(document, "body");
    if (!body) fail("the body is not an array", path);

    printf("@@parsed=%.6f\n", since_spawn());
    GtkListStore *store = gtk_list_store_new(COLUMN_COUNT, G_TYPE_STRING, G_TYPE_STRING);
    guint length = json_array_get_length(body);
    for (guint index = 0; index < length; index++) {
        JsonObject *row = json_array_get_object_element(body, index);
        if (!row || !json_object_has_member(row, "text")) continue;
        JsonObject *text = json_object_get_object_member(row, "text");
        if (!text) continue;
        const char *title = json_object_get_string_member_with_default(text, "title", "");
        const char *subtitle = json_object_get_string_member_with_default(text, "subtitle", "");
        GtkTreeIter iter;
        gtk_list_store_insert_with_values(store, &iter, -1, COLUMN_TITLE, title, COLUMN_SUBTITLE, subtitle, -1);
        rows++;
    }
    /* The store holds its own copies of the strings: the parse tree can go before anything is shown. */
    g_object_unref(parser);
    return store;
}

/* `count` rows made in C, as the document has them: no file, no parsing. */
static GtkListStore *rows_made_in_c(const char *count_text) {
    char *end = NULL;
    long count = strtol(count_text, &end, 10);
    if (!end || *end || count < 0) fail("not a row count", count_text);
    GtkListStore *store = gtk_list_store_new(COLUMN_COUNT, G_TYPE_STRING, G_TYPE_STRING);
    char title[64], subtitle[64];
    for (long number = 1; number <= count; number++) {
        snprintf(title, sizeof title, "Row number %ld", number);
        snprintf(subtitle, sizeof subtitle, "The subtitle of row %ld", number);
        GtkTreeIter iter;
        gtk_list_store_insert_with_values(store, &iter, -1, COLUMN_TITLE, title, COLUMN_SUBTITLE, subtitle, -1);
        rows++;
    }
    return store;
}

int main(int argc, char **argv) {
    const char *spawn = getenv("HUB_BENCH_SPAWN_NS");
    spawn_ns = spawn ? strtoull(spawn, NULL, 10) : now_ns();
    /* GLib 2.74's slice allocator (json-glib allocates its nodes with it) keeps freed memory for
     * reuse and never hands it back, so the whole parse tree would stay resident after it is freed.
     * GLib reads G_SLICE when it loads, before main: run again with it set (newer GLib always uses
     * malloc). The exec is timed too, which only counts against this program. Rows made in C run
     * the same way, so that their store is held in the same allocator as the JSON peers'. */
    if (!getenv("G_SLICE")) {
        setenv("G_SLICE", "always-malloc", 1);
        execv("/proc/self/exe", argv);
    }
    gboolean rows_in_c = argc == 3 && strcmp(argv[1], "--rows-in-c") == 0;
    if (argc != 2 && !rows_in_c) fail("usage: treeview-peer FILE.json | treeview-peer --rows-in-c N", NULL);
    if (!gtk_init_check(&argc, &argv)) fail("cannot open a display", NULL);

    printf("@@started=%.6f\n", since_spawn());
    GtkListStore *store = rows_in_c ? rows_made_in_c(argv[2]) : rows_from_json(argv[1]);
    printf("@@filled=%.6f\n", since_spawn());

    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_title(GTK_WINDOW(window), "GtkTreeView peer");
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
