// swift-tools-version:6.0
// The getting-started guide's Cities app, as an app developer builds it: its own package, with
// HubFramework for GTK as a dependency (here by relative path; from a release, by URL).
import PackageDescription

let package = Package(
    name: "Cities",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "HubFramework", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "cities",
            dependencies: [.product(name: "HubApp", package: "HubFramework")],
            path: "Sources/Cities",
            resources: [.copy("Resources")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
