/*
 * What the peers that type share (filter-peer.c, find-peer.c): the query typed into an entry one
 * character at a time, each character `pause_ms` after the frame that showed the previous one's
 * result, the time from each character to that frame, and the stall recorder (the longest gap
 * between two runs of a 2 ms main-loop timeout, as hub-bench's StallRecorder in ScaleBenchChild.swift)
 * from the first character to the last one's frame.
 *
 * A peer reads its arguments with typing_arguments, waits for first_frame_with_rows, then types: its
 * own type_next calls type_character, and its after-paint handler calls keystroke_frame with what
 * "shows the result" means for it. It prints its lists with print_list.
 */
#ifndef PEER_TYPING_H
#define PEER_TYPING_H

#include "peer-support.h"

static const char *query;
static guint pause_ms = 100;
/* Characters in the query, and typed so far. */
static int keystroke_count, typed;
/* Per character: seconds from inserting it to the end of the first frame that shows its result. */
static double *keystroke_times;
static gboolean awaiting_frame;
static guint64 keystroke_start;
/* Fails, saying what the view holds, when the result of the last character is not on screen. */
static guint keystroke_watchdog;

/* The stall recorder: the longest gap between two runs of a 2 ms timeout. */
static guint stall_source;
static guint64 stall_last, longest_stall;

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

/* The arguments N [QUERY [PAUSE_MS]] (`usage` when they are not): returns N, a row count of at least
 * `minimum_rows`; the query is `default_query` when there is no QUERY. */
static long typing_arguments(int argc, char **argv, const char *usage, long minimum_rows, const char *default_query) {
    if (argc < 2 || argc > 4) fail(usage, NULL);
    char *end = NULL;
    long rows = strtol(argv[1], &end, 10);
    if (!end || *end || rows < minimum_rows) fail("not a row count", argv[1]);
    query = argc > 2 ? argv[2] : default_query;
    if (!g_utf8_validate(query, -1, NULL) || !*query) fail("the query must be non-empty UTF-8", query);
    if (argc > 3) {
        long pause = strtol(argv[3], &end, 10);
        if (!end || *end || pause < 0) fail("not a pause in milliseconds", argv[3]);
        pause_ms = (guint)pause;
    }
    keystroke_count = (int)g_utf8_strlen(query, -1);
    keystroke_times = g_new0(double, keystroke_count);
    return rows;
}

/* Whether this frame (in the frame clock's after-paint) is the first in which `tree_view` has rows
 * laid out, or there are none to lay out: then firstFrame, seconds since the spawn, is printed. */
static gboolean first_frame_with_rows(GtkWidget *tree_view, long rows) {
    gdk_display_sync(gdk_display_get_default());
    GtkTreePath *start = NULL, *end = NULL;
    gboolean has_rows = gtk_widget_get_mapped(tree_view)
        && gtk_tree_view_get_visible_range(GTK_TREE_VIEW(tree_view), &start, &end);
    if (start) gtk_tree_path_free(start);
    if (end) gtk_tree_path_free(end);
    if (!has_rows && rows > 0) return FALSE;
    printf("@@firstFrame=%.6f\n", seconds(spawn_ns, now_ns()));
    fflush(stdout);
    return TRUE;
}

/* Types the next character of the query into `entry`, at its end, as a key press does (the entry's
 * "changed" handlers run before this returns), and starts the watchdog: `timed_out` after
 * `watchdog_seconds`. The first character starts the stall recorder. Returns the seconds the insertion
 * took. */
static double type_character(GtkWidget *entry, guint watchdog_seconds, GSourceFunc timed_out) {
    const char *character = g_utf8_offset_to_pointer(query, typed);
    const char *after = g_utf8_next_char(character);
    if (typed == 0) {
        longest_stall = 0;
        stall_last = now_ns();
        stall_source = g_timeout_add(2, stall_timeout, NULL);
    }
    typed++;
    awaiting_frame = TRUE;
    keystroke_start = now_ns();
    gint position = (gint)g_utf8_strlen(gtk_entry_get_text(GTK_ENTRY(entry)), -1);
    gtk_editable_insert_text(GTK_EDITABLE(entry), character, (gint)(after - character), &position);
    double inserted = seconds(keystroke_start, now_ns());
    keystroke_watchdog = g_timeout_add_seconds(watchdog_seconds, timed_out, NULL);
    return inserted;
}

/* In the frame clock's after-paint while a character waits for its frame: when `view_shows_prefix`
 * says the view shows the result of the first k + 1 characters, the keystroke's time is taken (to the
 * end of the frame, after a round trip to the X server), then `type_next` runs `pause_ms` later, or,
 * after the last character, the stall recorder stops and `finish` runs when the loop is idle. */
static void keystroke_frame(gboolean (*view_shows_prefix)(int k), GSourceFunc type_next, GSourceFunc finish) {
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

/* `@@key=v1,v2,…`: one value per character, in typing order. */
static void print_list(const char *key, const double *values) {
    printf("@@%s=", key);
    for (int k = 0; k < keystroke_count; k++) printf("%s%.6f", k ? "," : "", values[k]);
    printf("\n");
}

static gboolean typing_timed_out(gpointer data) {
    (void)data;
    fail("the typing did not end within 600 s", NULL);
}

#endif
