/*
 * The plain GTK peer of hub-bench's "find" section: what a GTK 3 program written the ordinary way
 * takes to find a row by typing. A GtkTreeView shows a GtkListStore of "Row 1" … "Row N" (each with
 * the subtitle "The subtitle of row N") with its interactive search (type-ahead) on the title
 * column: every change of the search entry walks the model from its first row, on the main thread,
 * comparing each title with the text typed (GTK's own equal function: both normalized and case
 * folded, a prefix match), then selects the first row that matches and scrolls to it.
 *
 * The program types the query itself into the tree view's own search entry, one character at a time
 * ("Row 999999" by default), each character PAUSE_MS after the frame that showed the previous one's
 * row, and measures:
 *   keystrokes  for each character, seconds from inserting it into the search entry to the end of
 *               the first frame that shows its row (the frame clock's after-paint, then a round trip
 *               to the X server): the cursor is on the first row whose title starts with the text
 *               typed so far, and that row is in the view's visible range. Comma-separated.
 *   searches    for each character, the seconds the entry's change took (GTK's search: the walk of
 *               the model, the selection and the scroll), comma-separated: part of the above.
 *   stall       the longest gap between two runs of a 2 ms main-loop timeout from the first
 *               character to the last one's frame, seconds.
 *   reached     the number of the row the cursor is on after the last character.
 * and rows, firstFrame, filled, peakRSS as the other peers.
 *
 * Usage: find-peer N [QUERY [PAUSE_MS]]   (QUERY "Row 999999", PAUSE_MS 100 by default)
 * Built by `make bench`: cc find-peer.c $(pkg-config --cflags --libs gtk+-3.0)
 */
#include "peer-typing.h"

enum { COLUMN_TITLE, COLUMN_SUBTITLE, COLUMN_COUNT };

static long rows;

static GtkWidget *tree_view, *search_entry;
/* Per prefix of the query: the number of the first row whose title starts with it (0: none). */
static long *expected_row;
static double *search_times;
static gboolean painted_rows;

/* The first row whose title starts with each prefix of the query, in any case (the titles and the
 * query are ASCII): counted without GTK, so that where the view goes is checked against something it
 * did not compute. */
static void compute_expectations(void) {
    expected_row = g_new0(long, keystroke_count);
    char title[64];
    for (int k = 0; k < keystroke_count; k++) {
        size_t length = (size_t)(g_utf8_offset_to_pointer(query, k + 1) - query);
        for (long number = 1; number <= rows; number++) {
            snprintf(title, sizeof title, "Row %ld", number);
            if (strlen(title) >= length && g_ascii_strncasecmp(title, query, length) == 0) {
                expected_row[k] = number;
                break;
            }
        }
    }
}

/* The row the cursor is on (counted from 1), 0 for none. */
static long cursor_row(void) {
    GtkTreePath *path = NULL;
    gtk_tree_view_get_cursor(GTK_TREE_VIEW(tree_view), &path, NULL);
    if (!path) return 0;
    long row = gtk_tree_path_get_indices(path)[0] + 1;
    gtk_tree_path_free(path);
    return row;
}

/* Whether the view shows the row of the first `k` + 1 characters: the cursor is on it, and it is in
 * the visible range. */
static gboolean view_shows_prefix(int k) {
    long row = cursor_row();
    if (row != expected_row[k]) return FALSE;
    GtkTreePath *start = NULL, *end = NULL;
    gboolean shows = FALSE;
    if (gtk_tree_view_get_visible_range(GTK_TREE_VIEW(tree_view), &start, &end)) {
        long first = gtk_tree_path_get_indices(start)[0] + 1, last = gtk_tree_path_get_indices(end)[0] + 1;
        shows = row >= first && row <= last;
    }
    if (start) gtk_tree_path_free(start);
    if (end) gtk_tree_path_free(end);
    return shows;
}

static gboolean keystroke_timed_out(gpointer data) {
    (void)data;
    char detail[256];
    snprintf(detail, sizeof detail, "after %d characters the cursor is on row %ld, row %ld expected", typed, cursor_row(),
             expected_row[typed - 1]);
    fail("no frame showed the row within 30 s", detail);
}

static gboolean type_next(gpointer data) {
    (void)data;
    /* The search entry's "changed" handler (gtk_tree_view_search_init) searches before the insertion
     * returns: what the insertion took is the search's time. */
    double search = type_character(search_entry, 30, keystroke_timed_out);
    search_times[typed - 1] = search;
    return G_SOURCE_REMOVE;
}

static gboolean finish(gpointer data) {
    (void)data;
    print_list("keystrokes", keystroke_times);
    print_list("searches", search_times);
    printf("@@stall=%.6f\n", (double)longest_stall / 1e9);
    printf("@@reached=%ld\n", cursor_row());
    printf("@@peakRSS=%lld\n", status_bytes("VmHWM:"));
    fflush(stdout);
    exit(0);
    return G_SOURCE_REMOVE;
}

/* Notes the first GtkEntry in a widget tree in search_entry. */
static void find_entry(GtkWidget *widget, gpointer data) {
    if (search_entry) return;
    if (GTK_IS_ENTRY(widget)) {
        search_entry = widget;
    } else if (GTK_IS_CONTAINER(widget)) {
        gtk_container_forall(GTK_CONTAINER(widget), find_entry, data);
    }
}

/* The interactive search as a person starts it: the tree view has the focus, and its search entry
 * comes up for the first character. */
static gboolean start_typing(gpointer data) {
    (void)data;
    /* The window has the keyboard focus, as the window someone types in does (without a window
     * manager, as under Xvfb, nobody gives it): the search starts only in a focused tree view. */
    GtkWidget *window = gtk_widget_get_toplevel(tree_view);
    GdkEvent *focus = gdk_event_new(GDK_FOCUS_CHANGE);
    focus->focus_change.window = g_object_ref(gtk_widget_get_window(window));
    focus->focus_change.send_event = TRUE;
    focus->focus_change.in = TRUE;
    gtk_widget_send_focus_change(window, focus);
    gdk_event_free(focus);
    gtk_widget_grab_focus(tree_view);
    gboolean handled = FALSE;
    g_signal_emit_by_name(tree_view, "start-interactive-search", &handled);
    /* The view's own entry, in the popup window the search just showed (gtk_tree_view_get_search_entry
     * returns NULL for the built-in one). */
    GList *toplevels = gtk_window_list_toplevels();
    for (GList *item = toplevels; item && !search_entry; item = item->next) {
        if (item->data != window && gtk_window_get_window_type(GTK_WINDOW(item->data)) == GTK_WINDOW_POPUP
            && gtk_widget_get_visible(GTK_WIDGET(item->data)))
        {
            gtk_container_forall(GTK_CONTAINER(item->data), find_entry, NULL);
        }
    }
    g_list_free(toplevels);
    if (!search_entry) fail("the tree view did not start its interactive search", handled ? "no entry" : NULL);
    return type_next(NULL);
}

static void after_paint(GdkFrameClock *clock, gpointer data) {
    (void)clock;
    (void)data;
    if (!painted_rows) {
        if (!first_frame_with_rows(tree_view, rows)) return;
        painted_rows = TRUE;
        compute_expectations();
        for (int k = 0; k < keystroke_count; k++) {
            if (expected_row[k] == 0) fail("no row starts with a prefix of the query", query);
        }
        /* Half a second of idle window before the first character, as someone looks before typing. */
        g_timeout_add(500, start_typing, NULL);
        return;
    }
    keystroke_frame(view_shows_prefix, type_next, finish);
}

int main(int argc, char **argv) {
    peer_start("find-peer");
    if (!gtk_init_check(&argc, &argv)) fail("cannot open a display", NULL);
    rows = typing_arguments(argc, argv, "usage: find-peer N [QUERY [PAUSE_MS]]", 1, "Row 999999");
    search_times = g_new0(double, keystroke_count);

    /* The store is filled, then attached: the view never hears about rows one at a time. */
    GtkListStore *store = gtk_list_store_new(COLUMN_COUNT, G_TYPE_STRING, G_TYPE_STRING);
    char title[64], subtitle[64];
    for (long number = 1; number <= rows; number++) {
        snprintf(title, sizeof title, "Row %ld", number);
        snprintf(subtitle, sizeof subtitle, "The subtitle of row %ld", number);
        GtkTreeIter iter;
        gtk_list_store_insert_with_values(store, &iter, -1, COLUMN_TITLE, title, COLUMN_SUBTITLE, subtitle, -1);
    }
    printf("@@rows=%ld\n", rows);
    printf("@@filled=%.6f\n", seconds(spawn_ns, now_ns()));

    GtkWidget *window = peer_window_new("GtkTreeView interactive search peer");
    const char *titles[COLUMN_COUNT] = { "Title", "Subtitle" };
    GtkWidget *scrolled = scrolled_tree_view(GTK_TREE_MODEL(store), titles, COLUMN_COUNT, &tree_view);
    g_object_unref(store);
    /* Type-ahead on the titles: GTK's default equal function. */
    gtk_tree_view_set_enable_search(GTK_TREE_VIEW(tree_view), TRUE);
    gtk_tree_view_set_search_column(GTK_TREE_VIEW(tree_view), COLUMN_TITLE);
    gtk_container_add(GTK_CONTAINER(window), scrolled);
    show_and_watch_frames(window, after_paint, 600, typing_timed_out);
    return 0;
}
