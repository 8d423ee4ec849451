internal import CGtk
import Foundation

/// One launch's command line, as the primary instance of an ``Application`` receives it in
/// ``Application/onCommandLine`` — from its own launch or forwarded by another process.
///
/// What it prints goes to the terminal of the process that was launched, and that process exits
/// with the status the handler returns once this object is released.
@MainActor
public final class ApplicationCommandLine {
    private let commandLine: UnsafeMutablePointer<GApplicationCommandLine>

    init(_ commandLine: UnsafeMutablePointer<GApplicationCommandLine>) {
        self.commandLine = commandLine
        g_object_ref(UnsafeMutableRawPointer(commandLine))
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(commandLine))
    }

    /// The arguments of the launch, the program name first.
    public var arguments: [String] {
        var count: Int32 = 0
        guard let argv = g_application_command_line_get_arguments(commandLine, &count) else { return [] }
        defer { g_strfreev(argv) }
        return (0..<Int(count)).compactMap { argv[$0].map { String(cString: $0) } }
    }

    /// The launching process's working directory, when it sent one.
    public var workingDirectory: String? {
        g_application_command_line_get_cwd(commandLine).map { String(cString: $0) }
    }

    /// True when another process was launched and forwarded this command line.
    public var isRemote: Bool {
        g_application_command_line_get_is_remote(commandLine) != 0
    }

    /// What `argument` names as a URI: a URI stays exactly as written, and a path is taken relative
    /// to the launching process's working directory, the way GIO reads file arguments (`view.json`
    /// becomes `file:///that/folder/view.json`). Nil when Foundation cannot read it.
    ///
    /// A URI does not go through GIO: GIO would make `file://otherhost/path` the local `/path`,
    /// dropping the host the framework refuses to read from, and would percent-encode characters
    /// that the error page should quote as they were typed.
    public func url(forArgument argument: String) -> URL? {
        if Self.isURI(argument) { return URL(string: argument) }
        return Self.uri(of: g_application_command_line_create_file_for_arg(commandLine, argument))
    }

    /// What `argument` names as a URI, read the same way as ``url(forArgument:)``, with a path taken
    /// relative to `directory` (the process's own working directory when nil): for a process that
    /// reads its own arguments, such as `--screenshot`.
    public static func url(forArgument argument: String, relativeTo directory: String? = nil) -> URL? {
        if isURI(argument) { return URL(string: argument) }
        let folder = directory ?? FileManager.default.currentDirectoryPath
        return uri(of: g_file_new_for_commandline_arg_and_cwd(argument, folder))
    }

    /// Whether `argument` is a URI rather than a path: it starts with a scheme
    /// (`letter *( letter / digit / "+" / "-" / "." ) ":"`). Open such an argument as written.
    public static func isURI(_ argument: String) -> Bool {
        guard let colon = argument.firstIndex(of: ":"), let first = argument.unicodeScalars.first,
            first.isASCII, first.properties.isAlphabetic
        else { return false }
        return argument[..<colon].unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
        }
    }

    private static func uri(of file: OpaquePointer?) -> URL? {
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let uri = g_file_get_uri(file) else { return nil }
        defer { g_free(uri) }
        return URL(string: String(cString: uri))
    }

    /// Writes `text` on the launching process's standard output (no newline is added).
    public func print(_ text: String) {
        hub_command_line_print(commandLine, text)
    }

    /// Writes `text` on the launching process's standard error (no newline is added).
    public func printError(_ text: String) {
        hub_command_line_printerr(commandLine, text)
    }
}
