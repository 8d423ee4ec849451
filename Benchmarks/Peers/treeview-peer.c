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
 * It measures and prints what peer-window.h does, as `@@key=value` lines on stdout: firstFrame,
 * rows, peakRSS, settledRSS, started, parsed, filled; no `parsed` with --rows-in-c.
 * Usage: treeview-peer FILE.json | treeview-peer --rows-in-c N
 *
 * Built by `make bench`: cc treeview-peer.c $(pkg-config --cflags --libs gtk+-3.0 json-glib-1.0)
 */
#include "peer-window.h"

#include <json-glib/json-glib.h>

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
    gboolean rows_in_c = argc == 3 && strcmp(argv[1], "--rows-in-c") == 0;
    return run_peer("treeview-peer", "GtkTreeView peer", argc, argv, argc == 2 || rows_in_c,
                    "usage: treeview-peer FILE.json | treeview-peer --rows-in-c N",
                    rows_in_c ? rows_made_in_c : rows_from_json, rows_in_c ? 2 : 1);
}
