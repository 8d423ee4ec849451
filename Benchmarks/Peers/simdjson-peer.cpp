/*
 * The simdjson peer of hub-bench's "scale" section: treeview-peer.c with the JSON read by simdjson
 * instead of json-glib, to tell what reading JSON costs from what showing the rows costs. It parses
 * the file with simdjson's DOM API (the whole document into simdjson's tape, as json-glib builds its
 * tree), fills a GtkListStore (title, subtitle) before attaching it to a GtkTreeView in fixed-height
 * mode (so the view does not update for every row), frees the parser and its tape, and shows the
 * view in a GtkScrolledWindow in a 1024x768 window.
 *
 * It measures and prints exactly what treeview-peer.c does (peer-window.h, which both include), as
 * `@@key=value` lines on stdout: firstFrame, rows, peakRSS, settledRSS, started, parsed, filled.
 * Usage: simdjson-peer FILE.json
 *
 * `simdjson-peer --parse FILE.json N` shows nothing: it parses the file's bytes, read into memory
 * first, N times with the same DOM parser and prints the median time as `@@parseSeconds` and the
 * size as `@@bytes`, for hub-bench's loading section to print simdjson's rate beside its own
 * parser's on the same bytes.
 *
 * Built by `make bench`: c++ -std=c++17 simdjson-peer.cpp $(pkg-config --cflags --libs gtk+-3.0 simdjson)
 * (Debian: libsimdjson-dev).
 */
#include "peer-window.h"

#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <memory>
#include <vector>

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

/* `--parse FILE N`: the median of N DOM parses of the file's bytes, already in memory. */
static int parse_only(const char *path, int times) {
    using namespace simdjson;
    padded_string json;
    if (padded_string::load(path).get(json)) fail("cannot read the document", path);
    dom::parser parser;
    std::vector<double> seconds;
    for (int i = 0; i < std::max(1, times); i++) {
        auto start = std::chrono::steady_clock::now();
        dom::element root;
        error_code error = parser.parse(json).get(root);
        if (error) fail("cannot parse the document", error_message(error));
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(seconds.begin(), seconds.end());
    printf("@@parseSeconds=%.6f\n@@bytes=%zu\n", seconds[seconds.size() / 2], json.size());
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 4 && strcmp(argv[1], "--parse") == 0) return parse_only(argv[2], atoi(argv[3]));
    return run_peer("simdjson-peer", "simdjson GtkTreeView peer", argc, argv, argc == 2,
                    "usage: simdjson-peer FILE.json", rows_from_json, 1);
}
