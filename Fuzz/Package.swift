// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for the parts of the core that read untrusted bytes. A package of its own that
// depends on the main one by path: every module is built with `-sanitize=fuzzer,address` (coverage
// instrumentation and AddressSanitizer), which an ordinary `swift build` of the main package must
// not be. Each target's `main` hands its input function to libFuzzer's driver (FuzzDriver). Build
// and run them with `make fuzz`.
let package = Package(
    name: "HubFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "HubFramework", path: ".."),
    ],
    targets: [
        .target(name: "FuzzDriver", path: "Sources/FuzzDriver"),
        // The JSON reader: any bytes either parse or throw a located `JSONError`.
        .executableTarget(
            name: "fuzz-json-parser",
            dependencies: ["FuzzDriver", .product(name: "HubFramework", package: "HubFramework")],
            path: "Sources/fuzz-json-parser"
        ),
        // JSON → view model with the default schema, within the default content limits.
        .executableTarget(
            name: "fuzz-json-view-model",
            dependencies: ["FuzzDriver", .product(name: "HubFramework", package: "HubFramework")],
            path: "Sources/fuzz-json-view-model"
        ),
        // The live service's framing: a stream of bytes cut up at arbitrary places.
        .executableTarget(
            name: "fuzz-live-framing",
            dependencies: ["FuzzDriver", .product(name: "HubFramework", package: "HubFramework")],
            path: "Sources/fuzz-live-framing"
        ),
        // View URI predicates: arbitrary URI text against exact, prefix and pattern predicates.
        .executableTarget(
            name: "fuzz-view-uri-predicate",
            dependencies: ["FuzzDriver", .product(name: "HubFramework", package: "HubFramework")],
            path: "Sources/fuzz-view-uri-predicate"
        ),
        // URI spellings against the content origin policy: whatever a reader opens as a local file,
        // the policy must refuse to remote content.
        .executableTarget(
            name: "fuzz-uri-origin",
            dependencies: ["FuzzDriver", .product(name: "HubFramework", package: "HubFramework")],
            path: "Sources/fuzz-uri-origin"
        ),
        // Expression templates: any text compiles or gives located problems; what compiles
        // evaluates within its budget to a value of its type or an error.
        .executableTarget(
            name: "fuzz-expressions",
            dependencies: ["FuzzDriver", .product(name: "HubFramework", package: "HubFramework")],
            path: "Sources/fuzz-expressions"
        ),
        // Patches against a small view: any text is a patched view or located problems, a refused
        // patch changes nothing, and siblings never share an id.
        .executableTarget(
            name: "fuzz-patch",
            dependencies: ["FuzzDriver", .product(name: "HubFramework", package: "HubFramework")],
            path: "Sources/fuzz-patch"
        ),
    ],
    swiftLanguageModes: [.v6]
)
