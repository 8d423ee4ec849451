import Foundation

/// Finds the viewer's `Resources/`, `data/` and example folders: `HUB_VIEWER_RESOURCES` /
/// `HUB_VIEWER_DATA` / `HUB_VIEWER_EXAMPLES` when set, else where `make install` puts them
/// (`<prefix>/share/hub-viewer/resources`, `…/data` and `…/examples`
/// for `<prefix>/bin/hub-viewer`), else next to (or above) the executable, else in the source
/// checkout it was built from.
public enum ResourceLocator {
    /// The viewer's `Resources/` folder: its stylesheet, icon and images.
    public static var resourcesDirectory: URL {
        locate("Resources", installedAs: "resources", environment: "HUB_VIEWER_RESOURCES")
    }
    /// The viewer's `data/` folder: the JSON documents of the demo features.
    public static var dataDirectory: URL { locate("data", installedAs: "data", environment: "HUB_VIEWER_DATA") }

    /// The example views of `Examples/backend/views` (installed as `examples`): the bakery's, and
    /// the views that respond, which the showcase links to.
    public static var examplesDirectory: URL {
        locate("Examples/backend/views", installedAs: "examples", environment: "HUB_VIEWER_EXAMPLES")
    }

    /// A file in `Resources/`.
    public static func resource(_ path: String) -> URL { resourcesDirectory.appendingPathComponent(path) }
    /// A file in `data/`.
    public static func data(_ path: String) -> URL { dataDirectory.appendingPathComponent(path) }

    /// The running executable, symbolic links resolved. `/proc/self/exe` first: an installed viewer
    /// started from `PATH` has a bare `hub-viewer` as `argv[0]`, which names no directory.
    private static var executable: URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
    }

    private static func locate(_ name: String, installedAs installedName: String, environment: String) -> URL {
        let fileManager = FileManager.default
        if let override = ProcessInfo.processInfo.environment[environment], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        let binDirectory = executable.deletingLastPathComponent()
        // The installed layout (the Makefile's `install` target): <prefix>/bin → <prefix>/share.
        var candidates = [binDirectory.deletingLastPathComponent()
            .appendingPathComponent("share/hub-viewer/\(installedName)")]
        // A build folder inside a checkout (.build/<triple>/debug/hub-viewer) or a copied tree.
        var directory = binDirectory
        for _ in 0..<6 {
            candidates.append(directory.appendingPathComponent(name))
            directory.deleteLastPathComponent()
        }
        // The checkout this file was compiled in: Sources/HubViewer/ResourceLocator.swift → root.
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(checkout.appendingPathComponent(name))
        for candidate in candidates {
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
                return candidate
            }
        }
        return checkout.appendingPathComponent(name)
    }
}
