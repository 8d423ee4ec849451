// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "HubFramework",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "HubFramework", targets: ["HubFramework"]),
        .library(name: "HubGTK", targets: ["HubGTK"]),
        .executable(name: "hub-viewer", targets: ["hub-viewer"]),
        .executable(name: "hublive", targets: ["hublive"]),
        .executable(name: "hub-bench", targets: ["HubBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
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
        // Toolkit-free core: Foundation only. Builds in the Swift 6 language mode.
        .target(
            name: "HubFramework",
            path: "Sources/HubFramework"
        ),
        // Rendering on GTK 3. Its stylesheet for the default components ships with it and is
        // read through Bundle.module.
        .target(
            name: "HubGTK",
            dependencies: ["HubFramework", "CGtk"],
            path: "Sources/HubGTK",
            resources: [.copy("Resources/hub-gtk.css")]
        ),
        // A loopback HTTP server shared by the tests and benchmarks (not part of the product).
        .target(
            name: "HubTestSupport",
            path: "Sources/HubTestSupport"
        ),
        // The desktop viewer application and its demo features.
        .target(
            name: "HubViewer",
            dependencies: [
                "HubFramework", "HubGTK", "HubTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/HubViewer"
        ),
        .executableTarget(
            name: "hub-viewer",
            dependencies: ["HubViewer"],
            path: "Sources/hub-viewer"
        ),
        .executableTarget(
            name: "hublive",
            dependencies: [
                "HubFramework",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/hublive"
        ),
        .executableTarget(
            name: "HubBench",
            dependencies: ["HubFramework", "HubGTK", "CGtk", "HubTestSupport"],
            path: "Benchmarks/HubBench"
        ),
        .testTarget(
            name: "HubFrameworkTests",
            dependencies: ["HubFramework", "HubTestSupport"],
            path: "Tests/HubFrameworkTests",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "HubGTKTests",
            dependencies: ["HubGTK", "HubViewer", "HubFramework", "CGtk", "HubTestSupport"],
            path: "Tests/HubGTKTests",
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
