import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why a session token could not be written or read.
public struct LiveTokenFileError: Error, Sendable, CustomStringConvertible {
    /// The file or folder concerned.
    public let path: String
    /// What went wrong, for people.
    public let reason: String
    /// True when the file does not exist (no viewer listens on that port, or it stopped).
    public let isMissing: Bool

    /// Creates an error.
    /// - Parameters:
    ///   - path: the file or folder concerned.
    ///   - reason: what went wrong.
    ///   - isMissing: whether the file does not exist.
    public init(path: String, reason: String, isMissing: Bool = false) {
        self.path = path
        self.reason = reason
        self.isMissing = isMissing
    }

    /// The path and the reason.
    public var description: String { "\(path): \(reason)" }
}

/// Where the live service's session token is kept: one file per port, `live-<port>.token`, in a
/// folder only the user can enter.
///
/// The folder is `$XDG_RUNTIME_DIR/hubframework` (the per-login runtime folder, on a RAM file
/// system, emptied at logout). Where `XDG_RUNTIME_DIR` is not set (some containers, `su`, ssh
/// without a login manager) it is `$XDG_CACHE_HOME/hubframework`, or `~/.cache/hubframework`. The
/// folder is created with mode 0700 (an existing one of the user's is set to 0700, one owned by
/// someone else or a symbolic link is refused), and the file is written with mode 0600 under a
/// temporary name, then renamed, so a reader never sees half a token. A file owned by someone
/// else, or readable by others, is refused when read.
public struct LiveTokenFile: Sendable {
    /// The folder of the token files.
    public let directory: URL

    /// The token files in `directory`.
    /// - Parameter directory: the folder; it is created (mode 0700) when a token is written.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The token files in the default folder for `environment`.
    /// - Parameter environment: the process environment (`XDG_RUNTIME_DIR`, `XDG_CACHE_HOME`, `HOME`).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(directory: Self.defaultDirectory(environment: environment))
    }

    /// `$XDG_RUNTIME_DIR/hubframework`; without an absolute `XDG_RUNTIME_DIR`,
    /// `$XDG_CACHE_HOME/hubframework`, or `$HOME/.cache/hubframework`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return URL(fileURLWithPath: runtime, isDirectory: true).appendingPathComponent("hubframework", isDirectory: true)
        }
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache, isDirectory: true).appendingPathComponent("hubframework", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache/hubframework", isDirectory: true)
    }

    /// The token file of the service on `port`.
    public func url(forPort port: UInt16) -> URL {
        directory.appendingPathComponent("live-\(port).token", isDirectory: false)
    }

    /// Writes `token` as the token of the service on `port`, replacing an older one. Returns the
    /// file's URL.
    @discardableResult
    public func write(_ token: LiveSessionToken, port: UInt16) throws(LiveTokenFileError) -> URL {
        try preparePrivateDirectory()
        let url = url(forPort: port)
        var template = Array((url.path + ".XXXXXX").utf8CString)
        // mkstemp creates the file with mode 0600, exclusively: nobody else has it open.
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw error(url.path, "cannot create the token file") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: LiveTokenFileError?
        let bytes = Array((token.text + "\n").utf8)
        if fchmod(descriptor, 0o600) != 0 { failure = error(temporary, "cannot set the mode of the token file") }
        var offset = 0
        while failure == nil && offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 {
                failure = error(temporary, "cannot write the token file")
                break
            }
            offset += written
        }
        close(descriptor)
        if failure == nil && rename(temporary, url.path) != 0 { failure = error(url.path, "cannot put the token file in place") }
        if let failure {
            unlink(temporary)
            throw failure
        }
        return url
    }

    /// The token of the service on `port`.
    public func read(port: UInt16) throws(LiveTokenFileError) -> LiveSessionToken {
        try Self.read(at: url(forPort: port))
    }

    /// The token in the file at `url`, which must be a regular file of the user's that nobody else
    /// can read or write.
    public static func read(at url: URL) throws(LiveTokenFileError) -> LiveSessionToken {
        let path = url.path
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let missing = errno == ENOENT
            throw LiveTokenFileError(path: path, reason: String(cString: strerror(errno)), isMissing: missing)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw LiveTokenFileError(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw LiveTokenFileError(path: path, reason: "not a regular file")
        }
        guard info.st_uid == geteuid() else {
            throw LiveTokenFileError(path: path, reason: "owned by another user; not using it")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw LiveTokenFileError(path: path, reason: "other users can read or write it (mode "
                + String(info.st_mode & 0o777, radix: 8) + "); not using it")
        }
        var buffer = [UInt8](repeating: 0, count: 1024)
        var count = 0
        while count < buffer.count {
            let read = buffer[count...].withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { break }
            count += read
        }
        guard let token = LiveSessionToken(text: String(decoding: buffer[..<count], as: UTF8.self)) else {
            throw LiveTokenFileError(path: path, reason: "does not hold a session token")
        }
        return token
    }

    /// Deletes the token file of `port` if it still holds `token` (a newer session's file stays).
    public func remove(port: UInt16, ifItHolds token: LiveSessionToken) {
        let url = url(forPort: port)
        guard let current = try? Self.read(at: url), current.text == token.text else { return }
        unlink(url.path)
    }

    /// Creates the folder (and its missing parents) and makes sure only the user can enter it.
    private func preparePrivateDirectory() throws(LiveTokenFileError) {
        let path = directory.path
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            // Missing parents are made private too: they are the user's cache or runtime folders.
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST { throw error(prefix, "cannot create the folder") }
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { throw error(path, "cannot inspect the folder") }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw LiveTokenFileError(path: path, reason: "not a folder (or a symbolic link); not using it")
        }
        guard info.st_uid == geteuid() else {
            throw LiveTokenFileError(path: path, reason: "owned by another user; not using it")
        }
        if info.st_mode & 0o077 != 0 && chmod(path, 0o700) != 0 {
            throw error(path, "cannot make the folder private")
        }
    }

    private func error(_ path: String, _ what: String) -> LiveTokenFileError {
        LiveTokenFileError(path: path, reason: "\(what): \(String(cString: strerror(errno)))")
    }
}
