import ArgumentParser

/// `--size WxH`: a window size from 100×100 to 8000×8000.
struct WindowSize: ExpressibleByArgument, Sendable {
    static let range = 100...8000

    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            Self.range.contains(width), Self.range.contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }

    var defaultValueDescription: String { "\(width)x\(height)" }
}
