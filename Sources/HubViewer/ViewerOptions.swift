import Foundation
import HubFramework

/// The viewer's command line: `hub-viewer [--screenshot FILE.png] [--size WxH] [--live-port N]
/// [--no-live] [URI…]`.
public struct ViewerOptions: Equatable {
    public var uris: [String] = []
    public var screenshotPath: String?
    public var width = 1024
    public var height = 768
    public var livePort = LiveProtocol.defaultPort
    public var liveEnabled = true
    public var showHelp = false

    public static let usage = """
        Usage: hub-viewer [OPTIONS] [URI…]

        Opens view URIs (for example hub-demo:root, or file:///path/view.json) in the Hub viewer.
        A running viewer opens them in its window.

        Options:
          --screenshot FILE.png  Render the (first) URI once it has loaded, write a PNG, and exit
          --size WxH             Window size for --screenshot (default 1024x768)
          --live-port N          Port of the live-editing service on \(LiveProtocol.loopbackHost) (default \(LiveProtocol.defaultPort))
          --no-live              Do not start the live-editing service
          -h, --help             Show this help
        """

    public init() {}

    /// Parses the arguments after the program name.
    public init(arguments: [String]) throws {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "-h", "--help": showHelp = true
            case "--screenshot":
                guard let path = iterator.next() else { throw ViewerOptionsError.missingValue(argument) }
                screenshotPath = path
            case "--size":
                guard let value = iterator.next() else { throw ViewerOptionsError.missingValue(argument) }
                let parts = value.lowercased().split(separator: "x")
                guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (100...8000).contains(w),
                    (100...8000).contains(h)
                else { throw ViewerOptionsError.invalidValue(argument, value) }
                width = w
                height = h
            case "--live-port":
                guard let value = iterator.next() else { throw ViewerOptionsError.missingValue(argument) }
                guard let port = UInt16(value), port > 0 else { throw ViewerOptionsError.invalidValue(argument, value) }
                livePort = port
            case "--no-live": liveEnabled = false
            default:
                if argument.hasPrefix("--") { throw ViewerOptionsError.unknownOption(argument) }
                uris.append(argument)
            }
        }
    }
}

public enum ViewerOptionsError: Error, Equatable, CustomStringConvertible {
    case missingValue(String)
    case invalidValue(String, String)
    case unknownOption(String)

    public var description: String {
        switch self {
        case .missingValue(let option): return "\(option) needs a value"
        case .invalidValue(let option, let value): return "invalid value '\(value)' for \(option)"
        case .unknownOption(let option): return "unknown option \(option)"
        }
    }
}
