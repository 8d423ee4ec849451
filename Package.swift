// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "HubFramework",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "HubFramework", targets: ["HubFramework"]),
        .library(name: "GtkKit", targets: ["GtkKit"]),
        .library(name: "HubGTK", targets: ["HubGTK"]),
        .library(name: "HubApp", targets: ["HubApp"]),
        .executable(name: "hub-viewer", targets: ["hub-viewer"]),
        .executable(name: "hublive", targets: ["hublive"]),
        .executable(name: "hub-validate", targets: ["hub-validate"]),
        .executable(name: "hub-bench", targets: ["HubBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // 1.16.2 is the version this was built and tested with (tests implement `LogHandler.log(event:)`).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `make docs`: the `generate-documentation` command for HubFramework's and HubGTK's DocC
        // catalogs. A plugin, so nothing of it is linked into the libraries.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Who speaks C is what the dependency lists below say. A target uses one of the C
        // modules (CGtk, CGio, CSoup, CHubResources) only by listing it: tools/check-c-imports.sh (`make check`)
        // holds every import of a C module to its target's list, the one rule the compiler does not
        // enforce (SwiftPM lets a target import a C module that any of its dependencies, however
        // indirect, lists). GtkKit and GioKit list them to build typed API on them, and import them
        // `internal`ly, so that none of their C reaches the targets above them; the GTK, shell and
        // viewer tests and the benchmarks list CGtk to inspect and drive GTK directly.
        //
        // GTK 3 through pkg-config, plus static inline helpers for the macros, casts and variadic
        // functions Swift cannot import.
        .systemLibrary(
            name: "CGtk",
            path: "Sources/CGtk",
            pkgConfig: "gtk+-3.0",
            providers: [.apt(["libgtk-3-dev"])]
        ),
        // GIO alone (gio-2.0, without GTK), for GioKit: GLib's main loop and file monitors without a
        // display, for hublive. Linking CGtk instead would load libgtk-3 and its display libraries
        // into a tool that never opens a window. libglib2.0-dev comes with libgtk-3-dev, so
        // `make deps` needs nothing more.
        .systemLibrary(
            name: "CGio",
            path: "Sources/CGio",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        // libsoup 3, GNOME's HTTP library, for GtkKit's HTTP client: a module of its own because its
        // headers come from their own pkg-config name.
        .systemLibrary(
            name: "CSoup",
            path: "Sources/CSoup",
            pkgConfig: "libsoup-3.0",
            providers: [.apt(["libsoup-3.0-dev"])]
        ),
        // The framework's GResource bundle (HubGTK's and HubApp's style sheets), compiled from
        // data/resources by tools/resources.sh into a C array, so that it is linked into every app
        // and needs no file at run time (docs/architecture.md, "Resources"). Plain C, without GLib's
        // headers; only GtkKit lists it, and hands the bytes to GLib.
        .target(
            name: "CHubResources",
            path: "Sources/CHubResources"
        ),
        // Toolkit-free core: Foundation and swift-log only. Builds in the Swift 6 language mode.
        .target(
            name: "HubFramework",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            path: "Sources/HubFramework"
        ),
        // The binding: typed widgets, the scroll canvas, images and pixbufs, signals, the main loop
        // and its dispatch bridge, settings, gettext, the HTTP client on libsoup, the network monitor
        // and GIO's socket service, on CGtk and CSoup. It imports them with `internal import`, so the
        // compiler refuses a C type in any of its `package` or `public` declarations: what the engine
        // needs from GTK is a typed member here. It speaks the core's geometry, so it depends on
        // HubFramework.
        .target(
            name: "GtkKit",
            dependencies: ["HubFramework", "CGtk", "CSoup", "CHubResources",
                           .product(name: "Logging", package: "swift-log")],
            path: "Sources/GtkKit"
        ),
        // GIO without GTK, for hublive: the file monitor that reports an edited file's saves and the
        // GLib main loop it waits in, typed. It imports CGio with `internal import`, as GtkKit does its
        // shims, so hublive is written without C, and loads no display library.
        .target(
            name: "GioKit",
            dependencies: ["HubFramework", "CGio", .product(name: "Logging", package: "swift-log")],
            path: "Sources/GioKit"
        ),
        // Rendering on GTK 3: the view controller, the layout on screen, the default components and
        // their stylesheet, written against GtkKit (re-exported, so `import HubGTK` brings the widgets).
        .target(
            name: "HubGTK",
            dependencies: ["HubFramework", "GtkKit", .product(name: "Logging", package: "swift-log")],
            path: "Sources/HubGTK"
        ),
        // A loopback HTTP server shared by the tests and benchmarks (not part of the product):
        // only test targets and HubBench depend on it, so nothing shipped links test code.
        .target(
            name: "HubTestSupport",
            path: "Sources/HubTestSupport"
        ),
        // The app shell: a single-instance GNOME application with a window, history, the command
        // line, live editing and the showcase, around a `Hub`. Apps (hub-viewer among them) register
        // their features and components and call `run()`. Its few CSS rules are in the framework's resource bundle (CHubResources).
        .target(
            name: "HubApp",
            dependencies: [
                "HubFramework", "HubGTK",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/HubApp"
        ),
        // The viewer's demo features, their components and the viewer's resources, written against
        // HubApp's public API only (hub-viewer is a client of the shell like any other app).
        .target(
            name: "HubViewer",
            dependencies: [
                "HubApp",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/HubViewer"
        ),
        .executableTarget(
            name: "hub-viewer",
            dependencies: ["HubViewer", "HubApp"],
            path: "Sources/hub-viewer"
        ),
        // The README's Cities feature as an app of its own, depending on HubApp alone: what an
        // outside package writes, and what HubAppTests runs to check the shell's command line for an
        // app that is not the viewer.
        .executableTarget(
            name: "cities-example",
            dependencies: ["HubApp"],
            path: "Examples/cities-example"
        ),
        .executableTarget(
            name: "hublive",
            dependencies: [
                "HubFramework",
                "GioKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/hublive"
        ),
        // Checks JSON documents with the viewer's own reader, for backends' CI and editors: the core
        // and the argument parser only, so it runs where there is no display and no GTK.
        .executableTarget(
            name: "hub-validate",
            dependencies: [
                "HubFramework",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/hub-validate"
        ),
        .executableTarget(
            name: "HubBench",
            // HubApp and HubViewer: the scale section opens documents in the viewer's own shell.
            // CGtk: besides GtkKit's typed API, the benchmarks drive GTK directly (the plain GtkBox and
            // GtkListBox they compare with, the frame loop, the widget count, the pixels on the X
            // server). A release build, so they cannot reach GtkKit's internals.
            dependencies: ["HubFramework", "HubGTK", "CGtk", "HubTestSupport", "HubApp", "HubViewer",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Benchmarks/HubBench"
        ),
        // GtkKit only for its HTTP client (`SoupHTTPClient`): the loading tests download over the
        // client the product uses. Nothing in them opens a display or starts GTK.
        .testTarget(
            name: "HubFrameworkTests",
            dependencies: ["HubFramework", "GtkKit", "HubTestSupport", .product(name: "Logging", package: "swift-log")],
            path: "Tests/HubFrameworkTests",
            resources: [.copy("Fixtures")]
        ),
        // What the GTK and viewer tests share: a test case that runs on GTK's main loop and
        // synthesizes input (CGtk: it makes GDK events). Only test targets depend on it. A library
        // target, built by `swift build -c release` too, so it does not `@testable import GtkKit`.
        .target(
            name: "HubGTKTestSupport",
            dependencies: ["HubGTK", "HubFramework", "CGtk"],
            path: "Tests/HubGTKTestSupport"
        ),
        // The GTK, shell and viewer tests inspect GTK state directly: CGtk, and GtkKit's internal
        // members (a widget's GTK pointer) through `@testable import GtkKit`.
        .testTarget(
            name: "HubGTKTests",
            dependencies: ["HubGTK", "GtkKit", "HubFramework", "CGtk", "HubTestSupport", "HubGTKTestSupport",
                           .product(name: "Logging", package: "swift-log")],
            path: "Tests/HubGTKTests"
        ),
        .testTarget(
            name: "HubAppTests",
            dependencies: ["HubApp", "HubGTK", "GtkKit", "HubFramework", "CGtk", "HubTestSupport", "HubGTKTestSupport"],
            path: "Tests/HubAppTests",
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "HubViewerTests",
            dependencies: ["HubViewer", "HubApp", "HubGTK", "GtkKit", "HubFramework", "CGtk", "HubTestSupport",
                           "HubGTKTestSupport"],
            path: "Tests/HubViewerTests",
            exclude: ["Golden"]
        ),
        // Runs the built hub-validate on the documents in Fixtures/validate and compares its output
        // with the expected files there (the fixtures are read from the source tree, not bundled).
        .testTarget(
            name: "HubValidateTests",
            dependencies: ["HubFramework"],
            path: "Tests/HubValidateTests",
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
