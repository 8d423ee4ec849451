import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import HubGTK

/// Records what an image loader delivers.
@MainActor
final class ImageLoaderRecorder: ImageLoaderDelegate {
    var loaded: [(request: ImageRequest, image: any HubFramework.Image)] = []
    var failed: [(request: ImageRequest, error: ImageLoadingError)] = []
    var callbackCount: Int { loaded.count + failed.count }

    func imageLoader(_ loader: any ImageLoader, didLoad image: any HubFramework.Image, for request: ImageRequest) {
        loaded.append((request, image))
    }

    func imageLoader(_ loader: any ImageLoader, didFailToLoad request: ImageRequest, error: ImageLoadingError) {
        failed.append((request, error))
    }
}

/// Peak resident memory of this process, resettable (Linux: /proc/self/clear_refs and VmHWM).
enum PeakMemory {
    /// Resets the high-water mark; false when the kernel does not allow it.
    static func reset() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
    }

    /// VmHWM in bytes.
    static var peakBytes: Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        let digits = line.filter(\.isNumber)
        return (Int(digits) ?? 0) * 1024
    }

    /// VmRSS in bytes.
    static var currentBytes: Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return (Int(line.filter(\.isNumber)) ?? 0) * 1024
    }
}
