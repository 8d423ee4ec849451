import Foundation
import XCTest

/// A GResource bundle compiled for a test with `glib-compile-resources` (from GLib's development
/// tools, which `make deps` installs with GTK's headers): `files`, paths relative to `prefix`, with
/// their contents, compiled into `bundle.gresource` in a folder of the test's own.
package struct CompiledResources {
    /// The compiled bundle.
    package let url: URL
    /// The folder of the sources and the bundle; remove it when done.
    package let folder: URL

    package init(prefix: String, files: [String: String]) throws {
        let compiler = URL(fileURLWithPath: "/usr/bin/glib-compile-resources")
        guard FileManager.default.isExecutableFile(atPath: compiler.path) else {
            throw XCTSkip("glib-compile-resources is not installed (make deps installs it)")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("style-resources-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var manifest = "<gresources><gresource prefix=\"\(prefix)\">"
        for (path, contents) in files.sorted(by: { $0.key < $1.key }) {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: file, atomically: true, encoding: .utf8)
            manifest += "<file>\(path)</file>"
        }
        manifest += "</gresource></gresources>"
        let manifestURL = folder.appendingPathComponent("bundle.gresource.xml")
        try manifest.write(to: manifestURL, atomically: true, encoding: .utf8)
        url = folder.appendingPathComponent("bundle.gresource")
        let process = Process()
        process.executableURL = compiler
        process.arguments = ["--sourcedir=\(folder.path)", "--target=\(url.path)", manifestURL.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "glib-compile-resources failed"])
        }
    }

    /// Removes the sources and the bundle.
    package func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
