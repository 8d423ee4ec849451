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
        // The only place that knows C: GTK 3 through pkg-config, plus static inline helpers
        // for the macros, casts and variadic functions Swift cannot import.
        .systemLibrary(
            name: "CGtk",
            path: "Sources/CGtk",
            pkgConfig: "gtk+-3.0",
            providers: [.apt(["libgtk-3-dev"])]
        ),
        // GIO alone (gio-2.0, without GTK), for command-line tools that need GLib's main loop and
        // file monitors but no display: hublive. Linking CGtk instead would load libgtk-3 and its
        // display libraries into a tool that never opens a window. libglib2.0-dev comes with
        // libgtk-3-dev, so `make deps` needs nothing more.
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
        // Toolkit-free core: Foundation and swift-log only. Builds in the Swift 6 language mode.
        .target(
            name: "HubFramework",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            path: "Sources/HubFramework"
        ),
        // The binding: the only Swift target that imports the C shims. Typed widgets, the scroll
        // canvas, images and pixbufs, signals, the main loop and its dispatch bridge, settings,
        // gettext, the HTTP client on libsoup, the network monitor and GIO's socket service. It
        // speaks the core's geometry, so it depends on HubFramework, and nothing above it can call C
        // because nothing above it imports the shims.
        .target(
            name: "GtkKit",
            dependencies: ["HubFramework", "CGtk", "CSoup", .product(name: "Logging", package: "swift-log")],
            path: "Sources/GtkKit"
        ),
        // GIO without GTK, for hublive: the file monitor that reports an edited file's saves and the
        // GLib main loop it waits in, typed. The only target besides GtkKit that imports a shim (CGio,
        // with `internal import`), so hublive, like everything above GtkKit, is written without C,
        // and loads no display library.
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
        // their features and components and call `run()`. Its few CSS rules are compiled in.
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
        // synthesizes input. Only test targets depend on it.
        .target(
            name: "HubGTKTestSupport",
            dependencies: ["HubGTK", "GtkKit", "HubFramework", "CGtk"],
            path: "Tests/HubGTKTestSupport"
        ),
        .testTarget(
            name: "HubGTKTests",
            dependencies: ["HubGTK", "GtkKit", "HubFramework", "CGtk", "HubTestSupport", "HubGTKTestSupport"],
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
