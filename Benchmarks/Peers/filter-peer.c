/*
 * The plain GTK peer of hub-bench's "filter" section: what a GTK 3 program written the ordinary
 * way takes to filter N rows as someone types. A search entry sits above a GtkTreeView over a
 * GtkTreeModelFilter of a GtkListStore holding "Item 1" … "Item N"; a row is visible when its title
 * contains the entry's text, case-insensitively, and every change of the entry refilters
 * (gtk_tree_model_filter_refilter, on the main thread: that is how GTK 3 filters, and it blocks the
 * main loop for as long as it takes).
 *
 * The program types the query itself, one character at a time ("9", then "99" for the default
 * query), each character PAUSE_MS after the frame that showed the previous one, and measures:
 *   keystrokes  for each character, seconds from inserting it into the entry to the end of the
 *               first frame that shows the filtered rows (the frame clock's after-paint, then a
 *               round trip to the X server, as the other peers end their frames); "shows" is
 *               checked: the filter holds as many rows as contain the text typed so far, and the
 *               first row the view shows is the first of them. Comma-separated, in typing order.
 *   refilters   for each character, the seconds gtk_tree_model_filter_refilter took (a part of
 *               the above), comma-separated.
 *   stall       the longest gap between two runs of a 2 ms main-loop timeout (hub-bench's
 *               StallRecorder, ScaleBenchChild.swift) from the first character to the last one's
 *               frame, seconds: how long the window could not paint or take input.
 *   shown       rows the filter holds after the last character; every one is checked to contain
 *               the query.
 *   expected    rows whose title contains the query, counted by a loop of its own over the numbers
 *               (not through GTK); the program fails when the two differ.
 * and, as the other peers: rows, firstFrame (spawn → first frame with rows, HUB_BENCH_SPAWN_NS),
 * filled, peakRSS (VmHWM after the typing), each as an `@@key=value` line on stdout.
 *
 * Usage: filter-peer N [QUERY [PAUSE_MS]]   (QUERY "99", PAUSE_MS 100 by default)
 * Built by `make bench`: cc filter-peer.c $(pkg-config --cflags --libs gtk+-3.0)
 */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { COLUMN_TITLE, COLUMN_COUNT };

static guint64 spawn_ns;
static long rows;
static const char *query;
static guint pause_ms = 100;

static GtkWidget *entry, *tree_view;
static GtkTreeModel *filter;
/* The entry's text in lower case, made once per refilter in the changed handler. */
static char *lowered_query;
static double last_refilter;

/* Characters in the query, and typed so far. */
static int keystroke_count, typed;
/* Per prefix of the query (index k: its first k + 1 characters), computed before the typing. */
static long *expected_count, *expected_first;
static double *keystroke_times, *refilter_times;
static gboolean painted_rows, awaiting_frame;
static guint64 keystroke_start;

/* The stall recorder: the longest gap between two runs of a 2 ms timeout. */
static guint stall_source;
static guint64 stall_last, longest_stall;

static guint64 now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (guint64)ts.tv_sec * 1000000000ull + (guint64)ts.tv_nsec;
}

static double seconds(guint64 start, guint64 end) { return (double)(end - start) / 1e9; }

__attribute__((noreturn)) static void fail(const char *message, const char *detail) {
    fprintf(stderr, "filter-peer: %s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
    exit(1);
}

/* A field of /proc/self/status ("VmHWM:") in bytes; 0 when missing. */
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

static void stall_tick(void) {
    guint64 now = now_ns();
    if (now - stall_last > longest_stall) longest_stall = now - stall_last;
    stall_last = now;
}

static gboolean stall_timeout(gpointer data) {
    (void)data;
    stall_tick();
    return G_SOURCE_CONTINUE;
}

/* The visible function, as a typical application writes it: the query is lowered once per refilter
 * (in the changed handler), each title is lowered on every call (g_utf8_strdown, the lower case the
 * expression language's toLowerCase means, allocated and freed), and then searched with strstr. An
 * empty query shows every row without looking at it. */
static gboolean row_visible(GtkTreeModel *model, GtkTreeIter *iter, gpointer data) {
    (void)data;
    if (!lowered_query || !*lowered_query) return TRUE;
    char *title = NULL;
    gtk_tree_model_get(model, iter, COLUMN_TITLE, &title, -1);
    if (!title) return FALSE;
    char *lowered = g_utf8_strdown(title, -1);
    gboolean visible = strstr(lowered, lowered_query) != NULL;
    g_free(lowered);
    g_free(title);
    return visible;
}

/* "changed", not GtkSearchEntry's "search-changed": that one fires 150 ms after the last change,
 * a wait GTK adds on purpose that would count against the peer. */
static void query_changed(GtkEditable *editable, gpointer data) {
    (void)data;
    g_free(lowered_query);
    lowered_query = g_utf8_strdown(gtk_entry_get_text(GTK_ENTRY(editable)), -1);
    guint64 start = now_ns();
    gtk_tree_model_filter_refilter(GTK_TREE_MODEL_FILTER(filter));
    last_refilter = seconds(start, now_ns());
    /* A frame even when the filter changed nothing the view shows. */
    gtk_widget_queue_draw(tree_view);
}

/* The rows whose title "Item i" contains each prefix of the query, lowered with ASCII rules (the
 * titles are ASCII): a count and the first match, without GTK, so that what the filter shows is
 * checked against something it did not compute. */
static void compute_expectations(void) {
    expected_count = g_new0(long, keystroke_count);
    expected_first = g_new0(long, keystroke_count);
    char title[64];
    for (int k = 0; k < keystroke_count; k++) {
        const char *end = g_utf8_offset_to_pointer(query, k + 1);
        char *prefix = g_ascii_strdown(query, end - query);
        for (long number = 1; number <= rows; number++) {
            snprintf(title, sizeof title, "item %ld", number);
            if (strstr(title, prefix)) {
                if (expected_count[k]++ == 0) expected_first[k] = number;
            }
        }
        g_free(prefix);
    }
}

/* Whether the view now shows the rows for the first `k` + 1 characters: the filter holds as many
 * rows as the independent count, and the first row on screen is the first match (the view is
 * scrolled to the top throughout). */
static gboolean view_shows_prefix(int k) {
    long count = gtk_tree_model_iter_n_children(filter, NULL);
    if (count != expected_count[k]) return FALSE;
    GtkTreePath *start = NULL, *end = NULL;
    gboolean has_rows = gtk_tree_view_get_visible_range(GTK_TREE_VIEW(tree_view), &start, &end);
    gboolean shows = FALSE;
    if (!has_rows) {
        shows = count == 0;
    } else if (count > 0) {
        GtkTreeIter iter;
        char *title = NULL;
        if (gtk_tree_model_get_iter(filter, &iter, start)) gtk_tree_model_get(filter, &iter, COLUMN_TITLE, &title, -1);
        char wanted[64];
        snprintf(wanted, sizeof wanted, "Item %ld", expected_first[k]);
        shows = title && strcmp(title, wanted) == 0;
        g_free(title);
    }
    if (start) gtk_tree_path_free(start);
    if (end) gtk_tree_path_free(end);
    return shows;
}

/* Fails, saying what the view holds, when the rows for the text typed so far are not on screen 10 s
 * after the refilter returned (which changes the model and the view's rows before it returns). */
static guint keystroke_watchdog;

static gboolean keystroke_timed_out(gpointer data) {
    (void)data;
    int k = typed - 1;
    const char *end = g_utf8_offset_to_pointer(query, typed);
    char *prefix = g_strndup(query, end - query);
    char detail[256];
    snprintf(detail, sizeof detail, "after \"%s\" the filter holds %d rows, %ld expected, the first \"Item %ld\"", prefix,
             gtk_tree_model_iter_n_children(filter, NULL), expected_count[k], expected_first[k]);
    fail("no frame showed the filtered rows within 10 s", detail);
}

static gboolean type_next(gpointer data) {
    (void)data;
    const char *character = g_utf8_offset_to_pointer(query, typed);
    const char *after = g_utf8_next_char(character);
    gint position = (gint)g_utf8_strlen(gtk_entry_get_text(GTK_ENTRY(entry)), -1);
    if (typed == 0) {
        longest_stall = 0;
        stall_last = now_ns();
        stall_source = g_timeout_add(2, stall_timeout, NULL);
    }
    typed++;
    awaiting_frame = TRUE;
    keystroke_start = now_ns();
    /* What a key press does: the character goes in at the end; "changed" refilters before this
     * returns. */
    gtk_editable_insert_text(GTK_EDITABLE(entry), character, (gint)(after - character), &position);
    refilter_times[typed - 1] = last_refilter;
    keystroke_watchdog = g_timeout_add_seconds(10, keystroke_timed_out, NULL);
    return G_SOURCE_REMOVE;
}

static void print_list(const char *key, const double *values) {
    printf("@@%s=", key);
    for (int k = 0; k < keystroke_count; k++) printf("%s%.6f", k ? "," : "", values[k]);
    printf("\n");
}

/* After the last character's frame: every row the filter holds contains the query, and there are as
 * many as the independent count says. Not timed. */
static gboolean finish(gpointer data) {
    (void)data;
    long shown = 0, wrong = 0;
    GtkTreeIter iter;
    for (gboolean more = gtk_tree_model_get_iter_first(filter, &iter); more; more = gtk_tree_model_iter_next(filter, &iter)) {
        char *title = NULL;
        gtk_tree_model_get(filter, &iter, COLUMN_TITLE, &title, -1);
        char *lowered = title ? g_utf8_strdown(title, -1) : NULL;
        if (!lowered || !strstr(lowered, lowered_query)) wrong++;
        g_free(lowered);
        g_free(title);
        shown++;
    }
    print_list("keystrokes", keystroke_times);
    print_list("refilters", refilter_times);
    printf("@@stall=%.6f\n", (double)longest_stall / 1e9);
    printf("@@shown=%ld\n", shown);
    printf("@@expected=%ld\n", expected_count[keystroke_count - 1]);
    printf("@@peakRSS=%lld\n", status_bytes("VmHWM:"));
    fflush(stdout);
    if (wrong > 0) fail("rows shown that do not contain the query", NULL);
    if (shown != expected_count[keystroke_count - 1]) fail("the filter shows another number of rows than expected", NULL);
    exit(0);
    return G_SOURCE_REMOVE;
}

static void after_paint(GdkFrameClock *clock, gpointer data) {
    (void)clock;
    (void)data;
    if (!painted_rows) {
        gdk_display_sync(gdk_display_get_default());
        GtkTreePath *start = NULL, *end = NULL;
        gboolean has_rows = gtk_widget_get_mapped(tree_view)
            && gtk_tree_view_get_visible_range(GTK_TREE_VIEW(tree_view), &start, &end);
        if (start) gtk_tree_path_free(start);
        if (end) gtk_tree_path_free(end);
        if (!has_rows && rows > 0) return;
        painted_rows = TRUE;
        printf("@@firstFrame=%.6f\n", seconds(spawn_ns, now_ns()));
        fflush(stdout);
        /* After the first frame, so that it does not count in it; before the typing and its timing. */
        compute_expectations();
        /* Half a second of idle window before the first character, as someone looks before typing. */
        g_timeout_add(500, type_next, NULL);
        return;
    }
    if (!awaiting_frame) return;
    gdk_display_sync(gdk_display_get_default());
    guint64 frame_end = now_ns();
    int k = typed - 1;
    if (!view_shows_prefix(k)) return;
    awaiting_frame = FALSE;
    g_source_remove(keystroke_watchdog);
    keystroke_times[k] = seconds(keystroke_start, frame_end);
    if (typed < keystroke_count) {
        g_timeout_add(pause_ms, type_next, NULL);
    } else {
        stall_tick();
        g_source_remove(stall_source);
        g_idle_add(finish, NULL);
    }
}

static gboolean timed_out(gpointer data) {
    (void)data;
    fail("the typing did not end within 600 s", NULL);
}

int main(int argc, char **argv) {
    const char *spawn = getenv("HUB_BENCH_SPAWN_NS");
    spawn_ns = spawn ? strtoull(spawn, NULL, 10) : now_ns();
    if (!gtk_init_check(&argc, &argv)) fail("cannot open a display", NULL);
    if (argc < 2 || argc > 4) fail("usage: filter-peer N [QUERY [PAUSE_MS]]", NULL);
    char *end = NULL;
    rows = strtol(argv[1], &end, 10);
    if (!end || *end || rows < 0) fail("not a row count", argv[1]);
    query = argc > 2 ? argv[2] : "99";
    if (!g_utf8_validate(query, -1, NULL) || !*query) fail("the query must be non-empty UTF-8", query);
    if (argc > 3) {
        long pause = strtol(argv[3], &end, 10);
        if (!end || *end || pause < 0) fail("not a pause in milliseconds", argv[3]);
        pause_ms = (guint)pause;
    }
    keystroke_count = (int)g_utf8_strlen(query, -1);
    keystroke_times = g_new0(double, keystroke_count);
    refilter_times = g_new0(double, keystroke_count);
    lowered_query = g_strdup("");

    /* The store is filled, then attached: the view never hears about rows one at a time. */
    GtkListStore *store = gtk_list_store_new(COLUMN_COUNT, G_TYPE_STRING);
    char title[64];
    for (long number = 1; number <= rows; number++) {
        snprintf(title, sizeof title, "Item %ld", number);
        GtkTreeIter iter;
        gtk_list_store_insert_with_values(store, &iter, -1, COLUMN_TITLE, title, -1);
    }
    filter = gtk_tree_model_filter_new(GTK_TREE_MODEL(store), NULL);
    g_object_unref(store);
    gtk_tree_model_filter_set_visible_func(GTK_TREE_MODEL_FILTER(filter), row_visible, NULL, NULL);
    printf("@@rows=%ld\n", rows);
    printf("@@filled=%.6f\n", seconds(spawn_ns, now_ns()));

    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_title(GTK_WINDOW(window), "GtkTreeModelFilter peer");
    gtk_window_set_default_size(GTK_WINDOW(window), 1024, 768);
    gtk_window_move(GTK_WINDOW(window), 0, 0);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    entry = gtk_search_entry_new();
    g_signal_connect(entry, "changed", G_CALLBACK(query_changed), NULL);
    GtkWidget *scrolled = gtk_scrolled_window_new(NULL, NULL);
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    tree_view = gtk_tree_view_new_with_model(filter);
    /* Every row has the same height, which spares the view from measuring all of them. */
    gtk_tree_view_set_fixed_height_mode(GTK_TREE_VIEW(tree_view), TRUE);
    GtkCellRenderer *renderer = gtk_cell_renderer_text_new();
    GtkTreeViewColumn *column = gtk_tree_view_column_new_with_attributes("Title", renderer, "text", COLUMN_TITLE, NULL);
    gtk_tree_view_column_set_sizing(column, GTK_TREE_VIEW_COLUMN_FIXED);
    gtk_tree_view_column_set_fixed_width(column, 480);
    gtk_tree_view_append_column(GTK_TREE_VIEW(tree_view), column);
    gtk_container_add(GTK_CONTAINER(scrolled), tree_view);
    gtk_box_pack_start(GTK_BOX(box), entry, FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(box), scrolled, TRUE, TRUE, 0);
    gtk_container_add(GTK_CONTAINER(window), box);
    g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);

    gtk_widget_realize(window);
    GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
    if (!clock) fail("no frame clock", NULL);
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), NULL);
    g_timeout_add_seconds(600, timed_out, NULL);
    gtk_widget_show_all(window);
    gtk_main();
    return 0;
}
