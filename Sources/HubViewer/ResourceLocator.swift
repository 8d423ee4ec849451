import Foundation

/// Finds the viewer's `Resources/` and `data/` folders: `HUB_VIEWER_RESOURCES` / `HUB_VIEWER_DATA`
/// when set, else next to (or above) the executable, else in the source checkout it was built from.
public enum ResourceLocator {
    /// The viewer's `Resources/` folder: its stylesheet, icon and images.
    public static var resourcesDirectory: URL { locate("Resources", environment: "HUB_VIEWER_RESOURCES") }
    /// The viewer's `data/` folder: the JSON documents of the demo features.
    public static var dataDirectory: URL { locate("data", environment: "HUB_VIEWER_DATA") }

    /// A file in `Resources/`.
    public static func resource(_ path: String) -> URL { resourcesDirectory.appendingPathComponent(path) }
    /// A file in `data/`.
    public static func data(_ path: String) -> URL { dataDirectory.appendingPathComponent(path) }

    private static func locate(_ name: String, environment: String) -> URL {
        let fileManager = FileManager.default
        if let override = ProcessInfo.processInfo.environment[environment], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        var candidates: [URL] = []
        var directory = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(directory.appendingPathComponent(name))
            candidates.append(directory.appendingPathComponent("share/hub-viewer/\(name)"))
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
