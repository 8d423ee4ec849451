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
#include "peer-typing.h"

enum { COLUMN_TITLE, COLUMN_COUNT };

static long rows;

static GtkWidget *entry, *tree_view;
static GtkTreeModel *filter;
/* The entry's text in lower case, made once per refilter in the changed handler. */
static char *lowered_query;
static double last_refilter;

/* Per prefix of the query (index k: its first k + 1 characters), computed before the typing. */
static long *expected_count, *expected_first;
static double *refilter_times;
static gboolean painted_rows;

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
    /* "changed" refilters before the insertion returns, and notes the refilter's own time. */
    type_character(entry, 10, keystroke_timed_out);
    refilter_times[typed - 1] = last_refilter;
    return G_SOURCE_REMOVE;
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
        if (!first_frame_with_rows(tree_view, rows)) return;
        painted_rows = TRUE;
        /* After the first frame, so that it does not count in it; before the typing and its timing. */
        compute_expectations();
        /* Half a second of idle window before the first character, as someone looks before typing. */
        g_timeout_add(500, type_next, NULL);
        return;
    }
    keystroke_frame(view_shows_prefix, type_next, finish);
}

int main(int argc, char **argv) {
    peer_start("filter-peer");
    if (!gtk_init_check(&argc, &argv)) fail("cannot open a display", NULL);
    rows = typing_arguments(argc, argv, "usage: filter-peer N [QUERY [PAUSE_MS]]", 0, "99");
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

    GtkWidget *window = peer_window_new("GtkTreeModelFilter peer");
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    entry = gtk_search_entry_new();
    g_signal_connect(entry, "changed", G_CALLBACK(query_changed), NULL);
    const char *titles[COLUMN_COUNT] = { "Title" };
    GtkWidget *scrolled = scrolled_tree_view(filter, titles, COLUMN_COUNT, &tree_view);
    gtk_box_pack_start(GTK_BOX(box), entry, FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(box), scrolled, TRUE, TRUE, 0);
    gtk_container_add(GTK_CONTAINER(window), box);
    show_and_watch_frames(window, after_paint, 600, typing_timed_out);
    return 0;
}
