# HubFramework for GTK — the two commands a newcomer needs are `make run` and `make test`.
SHELL := /bin/bash
# Both install missing Debian packages first (with apt-get, as root or through sudo).

SWIFT        ?= swift
CONFIG       ?= debug
BUILD_FLAGS  ?=
# System packages: GTK 3 headers, a virtual X server for tests, a private D-Bus session,
# input synthesis for end-to-end tests, imagemagick for screenshots, python3 for the
# documentation coverage check, python3-jsonschema to hold the view documents' JSON Schema
# against hub-validate (tools/check-view-schema.py), the validators `make test` runs on what
# `make install` writes (desktop-file-validate, appstreamcli), libsoup 3 and glib-networking (its
# TLS and proxy modules) for the HTTP client, json-glib, simdjson and a C++ compiler for the GtkTreeView peers
# `make bench` compares the hub view with (Benchmarks/Peers), and the accessibility bus with a
# client library for the accessibility test (at-spi2-core, libatspi's GObject introspection data
# and Python's bindings), openssl for the certificate of the TLS test, gettext's tools for the
# translations (xgettext, msgfmt: tools/translations.sh), and GNOME's desktop schemas
# (gsettings-desktop-schemas: `color-scheme` and `high-contrast`, which apps follow where there is
# no settings portal; the style tests' fake portal, tools/fake-settings-portal.py, runs on python3-gi), and GLib's
# glib-compile-resources (libglib2.0-dev-bin) for the framework's resource bundle (tools/resources.sh).
APT_PACKAGES := libgtk-3-dev xvfb xauth dbus dbus-x11 xdotool imagemagick adwaita-icon-theme \
                fonts-cantarell python3 python3-jsonschema desktop-file-utils appstream \
                libsoup-3.0-dev glib-networking libjson-glib-dev libsimdjson-dev g++ at-spi2-core \
                gir1.2-atspi-2.0 python3-gi openssl locales gettext gsettings-desktop-schemas \
                libglib2.0-dev-bin \
                fonts-noto-color-emoji fonts-nanum fonts-lohit-deva fonts-lohit-beng-bengali fonts-lohit-taml \
                fonts-tlwg-garuda
XVFB         := xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp"
# The tests read the app schemas of data/ compiled into SCHEMA_DIR (GIO reads GSETTINGS_SCHEMA_DIR
# once, at its first use in a process, so the variable is set before the tests start).
SCHEMA_DIR   := $(CURDIR)/.build/schemas
# The tests turn GTK's accessibility bridge off (NO_AT_BRIDGE=1), all but the accessibility test and
# the backend app's, which drive the viewer through it.
# The documents apps keep on disk (DocumentCache) go to a folder of the build, not the user's cache,
# and so do the recent files the viewers the tests start note the files they open in.
A11Y_TEST_ENV := env GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR=$(SCHEMA_DIR) GDK_BACKEND=x11 \
                 XDG_CACHE_HOME=$(CURDIR)/.build/test-cache XDG_DATA_HOME=$(CURDIR)/.build/test-data
TEST_ENV     := $(A11Y_TEST_ENV) NO_AT_BRIDGE=1
VIEWER_ARGS  ?=
# The getting-started app, a package of its own that depends on this one by path; make test builds
# it and compares its screenshot with a golden image.
EXAMPLE      := Examples/Cities
# The library targets with a DocC catalog (Sources/<target>/<target>.docc); `make docs` builds them
# into one archive and checks that each one's public API is documented. One line per target.
DOC_TARGETS   = HubFramework
DOC_TARGETS  += GtkKit
DOC_TARGETS  += HubGTK
DOC_TARGETS  += HubApp
DOCS_OUTPUT  ?= .build/documentation/HubFramework.doccarchive
# `make install`: the usual GNU variables. DESTDIR stages the files for a package (then the schemas
# are not compiled: the package's own trigger does it on the target system). INSTALL_CONFIG is the
# build installed, release by default; the install test uses the debug build `make test` has made.
PREFIX         ?= /usr/local
DESTDIR        ?=
INSTALL_CONFIG ?= release
# The Swift runtime (libswiftCore, Foundation) linked in too, so that the installed executables need
# nothing from the toolchain's folder; the install test leaves it out to reuse the debug build. Only the two products are built: the
# test-support targets import XCTest, which has no static build.
INSTALL_FLAGS  ?= --static-swift-stdlib
APP_ID         := org.hubframework.Viewer
SHARE          := $(DESTDIR)$(PREFIX)/share
# The languages of po/ (po/LINGUAS); each one's catalogue is installed as share/locale/LANG/LC_MESSAGES.
LINGUAS        := $(shell cat po/LINGUAS)
# Every file `make install` writes, so that `make uninstall` removes exactly these.
INSTALLED_FILES = $(DESTDIR)$(PREFIX)/bin/hub-viewer $(DESTDIR)$(PREFIX)/bin/hublive \
                  $(DESTDIR)$(PREFIX)/bin/hub-validate \
                  $(SHARE)/applications/$(APP_ID).desktop \
                  $(SHARE)/metainfo/$(APP_ID).metainfo.xml \
                  $(SHARE)/icons/hicolor/scalable/apps/$(APP_ID).svg \
                  $(SHARE)/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
                  $(SHARE)/glib-2.0/schemas/$(APP_ID).gschema.xml \
                  $(foreach language,$(LINGUAS),$(SHARE)/locale/$(language)/LC_MESSAGES/hubframework.mo)

.PHONY: all deps build run demo-backend test check docs bench screenshot clean install uninstall sanitize fuzz soak

all: build

# Installs only what is missing; silent when everything is already there.
deps:
	@missing=""; \
	for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing missing Debian packages:$$missing"; \
	  SUDO=""; if [ "$$(id -u)" -ne 0 ]; then SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null || \
	    { echo "apt-get failed: install these packages by hand:$$missing"; exit 1; }; \
	fi

# The translations are compiled next to the executables (bin/locale), where they find them in a
# build; `make install` puts them in share/locale.
build: deps
	@$(SWIFT) build -c $(CONFIG) $(BUILD_FLAGS) 2>&1 | grep -a -v "prohibited flag(s): -pthread"; exit $${PIPESTATUS[0]}
	@tools/translations.sh build "$$($(SWIFT) build -c $(CONFIG) $(BUILD_FLAGS) --show-bin-path)"

# Opens the viewer on its default view. Without a display it says so instead of failing obscurely.
run: build
	@if [ -z "$$DISPLAY" ] && [ -z "$$WAYLAND_DISPLAY" ]; then \
	  echo "No display found (DISPLAY/WAYLAND_DISPLAY unset): run 'make run' from a desktop session."; exit 1; \
	fi
	@"$$($(SWIFT) build -c $(CONFIG) --show-bin-path)/hub-viewer" $(VIEWER_ARGS)

# The backend-defined demo app: Examples/backend/ served on 127.0.0.1:$(BACKEND_PORT) by its own
# server (Examples/backend/server.py, Python's standard library only: the views, and the answers to
# what they send: a sign-up, orders changed by patches, the oven's event stream), and the viewer on
# its manifest (docs/backend-apps.md). The server stops with the viewer.
BACKEND_PORT := 8765
demo-backend: build
	@if [ -z "$$DISPLAY" ] && [ -z "$$WAYLAND_DISPLAY" ]; then \
	  echo "No display found (DISPLAY/WAYLAND_DISPLAY unset): run 'make demo-backend' from a desktop session."; exit 1; \
	fi
	@python3 Examples/backend/server.py --port $(BACKEND_PORT) >/dev/null 2>&1 & \
	  server=$$!; trap 'kill $$server 2>/dev/null' EXIT INT TERM; sleep 0.5; \
	  "$$($(SWIFT) build -c $(CONFIG) --show-bin-path)/hub-viewer" --manifest Examples/backend/app.json $(VIEWER_ARGS)

# The source checks, rules a compiler does not enforce: a C shim imported only by a target that lists
# it in Package.swift (tools/check-c-imports.sh), the translations' template current with the
# sources, and the public API against the last release: every break swift's API digester finds must
# be named in CHANGELOG.md's Unreleased `### Breaking` list (tools/check-api-breaks.py), and the
# framework's resource bundle linked in (Sources/CHubResources/resources.c) current with its sources in
# data/resources (tools/resources.sh). The API check
# builds the package (the build `make test` then reuses) and, once per clone, the release in a
# checkout of its own, whose API dump it keeps in .build/api-baseline: 3 to 4 minutes from a fresh
# clone on the 2-core development machine, 10 to 30 s after that.
check: deps
	@tools/check-c-imports.sh
	@tools/resources.sh check
	@tools/translations.sh check
	@tools/check-api-breaks.py --self-test
	@SWIFT=$(SWIFT) tools/check-api-breaks.py

# Every test: the source checks, the API documentation (warning-free, every public symbol
# documented), the view documents' JSON Schema against hub-validate (a few seconds), the verdicts of
# `make sanitize`'s report check on recorded reports (Tests/Corpus/sanitizer-logs), the toolkit-free core and the GTK tests, serially, under Xvfb with a private D-Bus
# session, then `make install` of the debug build into a temporary folder (tools/test-install.sh,
# about 20 s), then the viewer as assistive technology sees it (tools/test-accessibility.py, about
# 10 s: with test-backend-app.py the only runs with GTK's accessibility bridge on), then the bakery
# app of Examples/backend driven as its user drives it against its own server on a loopback port:
# a sign-up the server checks, orders changed by the server's patches, the oven's event stream
# (tools/test-backend-app.py, about 10 s), and last the hostile-input corpus opened in
# the viewer, each document within a time and memory bound (tools/test-hostile-corpus.py, about 20 s).
# The documentation runs right after the
# build it reuses: about 20 s on the 2-core development machine the first time (the plugin builds
# its own tools), 15 s after that.
test: deps check
	@$(SWIFT) build --build-tests $(BUILD_FLAGS) 2>&1 | grep -a -v "prohibited flag(s): -pthread"; exit $${PIPESTATUS[0]}
	@tools/translations.sh build "$$($(SWIFT) build --show-bin-path $(BUILD_FLAGS))"
	@$(MAKE) --no-print-directory docs
	@tools/check-view-schema.py "$$($(SWIFT) build --show-bin-path $(BUILD_FLAGS))/hub-validate"
	@tools/check-sanitizer-logs.py --self-test Tests/Corpus/sanitizer-logs
	@$(SWIFT) build --package-path $(EXAMPLE) 2>&1 | grep -a -v "prohibited flag(s): -pthread"; exit $${PIPESTATUS[0]}
	@mkdir -p $(SCHEMA_DIR) && glib-compile-schemas --strict --targetdir=$(SCHEMA_DIR) data
	@dbus-run-session -- $(XVFB) $(TEST_ENV) HUB_EXAMPLE_CITIES="$$($(SWIFT) build --package-path $(EXAMPLE) --show-bin-path)/cities" \
	  $(SWIFT) test --skip-build --disable-swift-testing $(BUILD_FLAGS) 2>&1 \
	  | grep -a -v -e "prohibited flag(s): -pthread" -e "Failed to set fd limit"; exit $${PIPESTATUS[0]}
	@dbus-run-session -- $(XVFB) $(TEST_ENV) tools/test-install.sh 2>&1 | grep -a -v "Failed to set fd limit"; \
	  exit $${PIPESTATUS[0]}
	@dbus-run-session -- $(XVFB) $(A11Y_TEST_ENV) \
	  tools/test-accessibility.py "$$($(SWIFT) build --show-bin-path)/hub-viewer" 2>&1 \
	  | grep -a -v -e "Failed to set fd limit" -e "dbus-daemon" -e "SpiRegistry daemon"; exit $${PIPESTATUS[0]}
	@dbus-run-session -- $(XVFB) $(A11Y_TEST_ENV) \
	  tools/test-backend-app.py "$$($(SWIFT) build --show-bin-path)/hub-viewer" 2>&1 \
	  | grep -a -v -e "Failed to set fd limit" -e "dbus-daemon" -e "SpiRegistry daemon"; exit $${PIPESTATUS[0]}
	@dbus-run-session -- $(XVFB) $(TEST_ENV) \
	  /usr/bin/python3 tools/test-hostile-corpus.py "$$($(SWIFT) build --show-bin-path)/hub-viewer" 2>&1 \
	  | grep -a -v -e "Failed to set fd limit" -e "dbus-daemon"; exit $${PIPESTATUS[0]}

# API documentation with DocC (swift-docc-plugin and the toolchain's docc), one combined archive
# so that HubGTK's pages link to HubFramework's symbols (written with a leading slash:
# ``/HubFramework/ViewModelBuilder``). Any DocC warning (an unresolved symbol
# link, an undocumented parameter) fails the build. Then every public symbol must have a doc
# comment: the check reads the symbol graphs the plugin has just extracted. Serve the archive with
# any static web server, e.g. `python3 -m http.server -d $(DOCS_OUTPUT)`, and open
# /documentation/hubframework.
# The plugin ignores a failing `docc merge` (it exits 0 without an archive), hence the last test.
docs: deps
	@mkdir -p $(dir $(DOCS_OUTPUT))
	@$(SWIFT) package --allow-writing-to-directory $(DOCS_OUTPUT) generate-documentation \
	  $(addprefix --target ,$(DOC_TARGETS)) --enable-experimental-combined-documentation \
	  --warnings-as-errors --output-path $(DOCS_OUTPUT) 2>&1 | grep -a -v "prohibited flag(s): -pthread"; \
	  exit $${PIPESTATUS[0]}
	@test -f $(DOCS_OUTPUT)/index.html || { echo "docs: no archive at $(DOCS_OUTPUT)"; exit 1; }
	@tools/check-doc-coverage.py $(DOC_TARGETS)

# Benchmarks, release build, printed as Markdown tables with the machine noted.
# hub-bench is linked as `make install` links the viewer ($(INSTALL_FLAGS)), so that its start-up
# figures are those of the installed app: the dynamic Swift runtime alone costs about 30 ms a launch.
bench: deps
	@$(SWIFT) build -c release $(INSTALL_FLAGS) --product hub-bench 2>&1 | grep -a -v "prohibited flag(s): -pthread"; exit $${PIPESTATUS[0]}
	@$(CC) -O2 -o .build/treeview-peer Benchmarks/Peers/treeview-peer.c $$(pkg-config --cflags --libs gtk+-3.0 json-glib-1.0)
	@$(CXX) -std=c++17 -O2 -o .build/simdjson-peer Benchmarks/Peers/simdjson-peer.cpp $$(pkg-config --cflags --libs gtk+-3.0 simdjson)
	@$(CC) -O2 -o .build/rows-peer Benchmarks/Peers/rows-peer.c $$(pkg-config --cflags --libs gtk+-3.0)
	@$(CC) -O2 -o .build/filter-peer Benchmarks/Peers/filter-peer.c $$(pkg-config --cflags --libs gtk+-3.0)
	@$(CC) -O2 -o .build/find-peer Benchmarks/Peers/find-peer.c $$(pkg-config --cflags --libs gtk+-3.0)
	@dbus-run-session -- $(XVFB) $(TEST_ENV) "$$($(SWIFT) build -c release $(INSTALL_FLAGS) --show-bin-path)/hub-bench" $(BENCH_ARGS) \
	  2>&1 | grep -a -v "Failed to set fd limit"

# The soak alone: 1,000 navigations between the demo views and a document served over HTTP in one
# viewer, then resident memory, file descriptors, threads and widgets compared with their level
# after the first 50 (`make test` runs it too). Prints its figures.
soak: deps
	@$(SWIFT) build --build-tests $(BUILD_FLAGS) 2>&1 | grep -a -v "prohibited flag(s): -pthread"; exit $${PIPESTATUS[0]}
	@mkdir -p $(SCHEMA_DIR) && glib-compile-schemas --strict --targetdir=$(SCHEMA_DIR) data
	@dbus-run-session -- $(XVFB) $(TEST_ENV) $(SWIFT) test --skip-build --disable-swift-testing $(BUILD_FLAGS) \
	  --filter HubViewerTests.NavigationSoakTests 2>&1 \
	  | grep -a -v -e "prohibited flag(s): -pthread" -e "Failed to set fd limit"; exit $${PIPESTATUS[0]}

# The test suite under AddressSanitizer and LeakSanitizer, then the core's loading tests (the
# background loading and its cancellation, the loader, the JSON operation and its HTTP fetches, the
# live document) under ThreadSanitizer. Each sanitizer builds into a folder of its own (ASAN_BUILD,
# TSAN_BUILD), so the normal build is left alone.
# Every process (the test runner and the viewer, validator and example it starts) writes its
# sanitizer reports to a file of its own under SAN_LOGS, and tools/check-sanitizer-logs.py decides:
# any memory error or leak fails the run, except the weak-reference side tables of live objects,
# which LeakSanitizer cannot see are referenced (the script explains how it tells them from leaks).
# LeakSanitizer reads tools/lsan.supp: allocations that GTK, GLib, GIO's modules, fontconfig, Pango,
# XCTest and the Swift runtime make once and keep, each entry explained there. The quarantine of
# freed memory is kept small so that the tests' memory bounds still mean something. About 6 minutes
# of tests on the 2-core development machine after the two builds (about 5 minutes each from scratch).
ASAN_BUILD   ?= .build-asan
TSAN_BUILD   ?= .build-tsan
SAN_LOGS     ?= $(ASAN_BUILD)/sanitizer-logs
TSAN_TESTS   ?= HubFrameworkTests.BackgroundLoadingTests HubFrameworkTests.ViewModelLoaderTests \
                HubFrameworkTests.JSONContentOperationTests HubFrameworkTests.DocumentCacheTests \
                HubFrameworkTests.HostileDocumentServerTests HubFrameworkTests.LiveDocumentTests \
                HubFrameworkTests.HTTPLoadLifetimeTests HubFrameworkTests.ContentPartTests \
                HubFrameworkTests.StreamedDocumentTests HubFrameworkTests.LongListBuildTests \
                HubFrameworkTests.ServerExchangeTests HubFrameworkTests.EventStreamSessionTests
ASAN_OPTS    := detect_leaks=1:quarantine_size_mb=16:detect_stack_use_after_return=0:exitcode=0:log_path=$(CURDIR)/$(SAN_LOGS)/asan
ASAN_ENV     := LSAN_OPTIONS=suppressions=$(CURDIR)/tools/lsan.supp:print_suppressions=0
TSAN_ENV     := TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
ASAN_TEST     = dbus-run-session -- $(XVFB) $(TEST_ENV) $(ASAN_ENV) \
	  HUB_EXAMPLE_CITIES="$$($(SWIFT) build --package-path $(EXAMPLE) --show-bin-path)/cities" \
	  $(SWIFT) test --skip-build --disable-swift-testing --build-path $(ASAN_BUILD) $(BUILD_FLAGS)
sanitize: deps
	@$(SWIFT) build --build-tests --sanitize=address --build-path $(ASAN_BUILD) $(BUILD_FLAGS) 2>&1 \
	  | grep -a -v "prohibited flag(s): -pthread"; exit $${PIPESTATUS[0]}
	@tools/translations.sh build "$$($(SWIFT) build --build-path $(ASAN_BUILD) $(BUILD_FLAGS) --show-bin-path)"
	@$(SWIFT) build --package-path $(EXAMPLE) 2>&1 | grep -a -v "prohibited flag(s): -pthread"; exit $${PIPESTATUS[0]}
	@mkdir -p $(SCHEMA_DIR) && glib-compile-schemas --strict --targetdir=$(SCHEMA_DIR) data
	@rm -rf $(SAN_LOGS) && mkdir -p $(SAN_LOGS)
	@ASAN_OPTIONS=$(ASAN_OPTS) $(ASAN_TEST) 2>&1 \
	  | grep -a -v -e "prohibited flag(s): -pthread" -e "Failed to set fd limit"; exit $${PIPESTATUS[0]}
	@python3 tools/check-sanitizer-logs.py $(SAN_LOGS)
	@$(SWIFT) build --build-tests --sanitize=thread --build-path $(TSAN_BUILD) $(BUILD_FLAGS) 2>&1 \
	  | grep -a -v "prohibited flag(s): -pthread"; exit $${PIPESTATUS[0]}
	@for tests in $(TSAN_TESTS); do \
	  $(TEST_ENV) $(TSAN_ENV) $(SWIFT) test --skip-build --disable-swift-testing --build-path $(TSAN_BUILD) \
	    $(BUILD_FLAGS) --filter "$$tests" 2>&1 | grep -a -v "prohibited flag(s): -pthread"; \
	  [ $${PIPESTATUS[0]} -eq 0 ] || exit 1; \
	done

# libFuzzer targets (Fuzz/, a package that depends on this one by path) for the code that reads
# untrusted bytes: the JSON reader, JSON → view model with the default schema, the live protocol's
# framing, view URI predicates, expression templates and patches. Every module is built with -sanitize=fuzzer,address into
# FUZZ_BUILD; lld links them (gold fails on the fuzzer runtime with an internal error). Each target
# runs FUZZ_SECONDS seconds (or FUZZ_RUNS inputs, whichever comes first; -1: no limit) from the seed
# corpus in Fuzz/corpus/<target>; what it learns goes to FUZZ_BUILD/corpus/<target>, a crashing input
# to FUZZ_BUILD/crashes/<target>/ (then the target fails, with the end of its log). Keep a crash
# found as a regression test in the normal test suite, and its input in the seed corpus.
FUZZ_SECONDS ?= 60
FUZZ_RUNS    ?= -1
FUZZ_TARGETS ?= json-parser json-view-model live-framing view-uri-predicate uri-origin expressions patch
FUZZ_BUILD   ?= .build-fuzz
fuzz: deps
	@$(SWIFT) build --package-path Fuzz -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld \
	  --build-path $(FUZZ_BUILD) 2>&1 | grep -a -v "prohibited flag(s): -pthread"; exit $${PIPESTATUS[0]}
	@for target in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$target $(FUZZ_BUILD)/crashes/$$target $(FUZZ_BUILD)/logs; \
	  log=$(FUZZ_BUILD)/logs/$$target.log; \
	  $(FUZZ_BUILD)/release/fuzz-$$target -max_total_time=$(FUZZ_SECONDS) -runs=$(FUZZ_RUNS) -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_BUILD)/crashes/$$target/ $(FUZZ_BUILD)/corpus/$$target Fuzz/corpus/$$target >$$log 2>&1; \
	  status=$$?; \
	  runs=$$(sed -n 's/^stat::number_of_executed_units: *//p' $$log); \
	  rate=$$(sed -n 's/^stat::average_exec_per_sec: *//p' $$log); \
	  if [ $$status -ne 0 ]; then tail -40 $$log; echo "fuzz-$$target FAILED (exit $$status; log: $$log)"; exit 1; fi; \
	  echo "fuzz-$$target: $$runs inputs, $$rate inputs/s, no crash"; \
	done

# Installs the viewer, hublive and hub-validate with the viewer's resources and data (share/hub-viewer, where
# ResourceLocator looks next to bin/), its desktop entry, AppStream metadata, icons and GSettings
# schema. The executables link this package's libraries and (INSTALL_FLAGS) the Swift runtime
# statically: they need only the system's GTK, GLib and libsoup.
install: deps
	@for product in hub-viewer hublive hub-validate; do \
	  $(SWIFT) build -c $(INSTALL_CONFIG) $(BUILD_FLAGS) $(INSTALL_FLAGS) --product $$product 2>&1 \
	    | grep -a -v "prohibited flag(s): -pthread"; [ $${PIPESTATUS[0]} -eq 0 ] || exit 1; \
	done
	@bin="$$($(SWIFT) build -c $(INSTALL_CONFIG) $(BUILD_FLAGS) $(INSTALL_FLAGS) --show-bin-path)"; \
	install -Dm755 "$$bin/hub-viewer" "$(DESTDIR)$(PREFIX)/bin/hub-viewer" && \
	install -Dm755 "$$bin/hublive" "$(DESTDIR)$(PREFIX)/bin/hublive" && \
	install -Dm755 "$$bin/hub-validate" "$(DESTDIR)$(PREFIX)/bin/hub-validate"
	@rm -rf "$(SHARE)/hub-viewer"
	@mkdir -p "$(SHARE)/hub-viewer"
	@cp -R Resources "$(SHARE)/hub-viewer/resources"
	@cp -R data "$(SHARE)/hub-viewer/data"
	@cp -R Examples/backend/views "$(SHARE)/hub-viewer/examples"
	@rm -rf .build/translations && tools/translations.sh build .build/translations
	@install -Dm644 .build/translations/$(APP_ID).desktop "$(SHARE)/applications/$(APP_ID).desktop"
	@install -Dm644 .build/translations/$(APP_ID).metainfo.xml "$(SHARE)/metainfo/$(APP_ID).metainfo.xml"
	@for language in $(LINGUAS); do \
	  install -Dm644 .build/translations/locale/$$language/LC_MESSAGES/hubframework.mo \
	    "$(SHARE)/locale/$$language/LC_MESSAGES/hubframework.mo"; \
	done
	@install -Dm644 Resources/icons/$(APP_ID).svg "$(SHARE)/icons/hicolor/scalable/apps/$(APP_ID).svg"
	@install -Dm644 Resources/icons/$(APP_ID)-symbolic.svg \
	  "$(SHARE)/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg"
	@install -Dm644 data/$(APP_ID).gschema.xml "$(SHARE)/glib-2.0/schemas/$(APP_ID).gschema.xml"
	@if [ -z "$(DESTDIR)" ]; then glib-compile-schemas "$(SHARE)/glib-2.0/schemas"; fi
	@echo "Installed hub-viewer, hublive and hub-validate in $(DESTDIR)$(PREFIX)"

# Removes what `install` wrote; recompiles the schemas so that gschemas.compiled drops the
# viewer's, and leaves the shared folders (bin, share/applications, …) in place.
uninstall:
	@rm -f $(INSTALLED_FILES)
	@rm -rf "$(SHARE)/hub-viewer"
	@if [ -z "$(DESTDIR)" ] && [ -d "$(SHARE)/glib-2.0/schemas" ]; then \
	  glib-compile-schemas "$(SHARE)/glib-2.0/schemas"; fi
	@echo "Removed hub-viewer, hublive and hub-validate from $(DESTDIR)$(PREFIX)"

clean:
	$(SWIFT) package clean
