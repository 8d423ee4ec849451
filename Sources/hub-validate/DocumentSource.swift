import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where one document comes from: a file or standard input.
enum DocumentSource {
    case file(String)
    case standardInput

    /// Why a document could not be read, in a form that can be printed after its name.
    struct ReadError: Error {
        let reason: String
    }

    /// Turns the command-line arguments into documents, in order: `-` is standard input, a
    /// directory stands for every `.json` file below it (sorted by path, hidden entries skipped),
    /// anything else is a file. Only names are collected; each document is read when its turn comes.
    static func expand(_ arguments: [String]) -> [Result<DocumentSource, NamedReadError>] {
        var sources: [Result<DocumentSource, NamedReadError>] = []
        for argument in arguments {
            if argument == "-" {
                sources.append(.success(.standardInput))
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue else {
                sources.append(.success(.file(argument)))
                continue
            }
            let directory = URL(fileURLWithPath: argument, isDirectory: true)
            guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsHiddenFiles])
            else {
                sources.append(.failure(NamedReadError(name: argument, reason: "the directory cannot be listed")))
                continue
            }
            var files: [String] = []
            for case let url as URL in enumerator where url.pathExtension == "json" {
                if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                    files.append(Self.path(of: url, inDirectoryArgument: argument, directory: directory))
                }
            }
            if files.isEmpty {
                sources.append(.failure(NamedReadError(name: argument, reason: "the directory holds no .json file")))
            }
            sources += files.sorted().map { .success(.file($0)) }
        }
        return sources
    }

    /// `argument/relative/path.json`, so that names in the output start the way the user typed them.
    private static func path(of url: URL, inDirectoryArgument argument: String, directory: URL) -> String {
        let base = directory.standardizedFileURL.path
        let full = url.standardizedFileURL.path
        guard full.hasPrefix(base + "/") else { return full }
        let relative = String(full.dropFirst(base.count + 1))
        return argument.hasSuffix("/") ? argument + relative : argument + "/" + relative
    }

    /// Reads the whole document. Files are mapped rather than copied, so a large document costs
    /// address space, not a second copy in memory.
    func read() throws(ReadError) -> Data {
        switch self {
        case .standardInput:
            do {
                return try FileHandle.standardInput.readToEnd() ?? Data()
            } catch {
                throw ReadError(reason: "standard input cannot be read")
            }
        case .file(let path):
            // open(2) first, for the system's own reason when the file cannot be opened.
            let descriptor = open(path, O_RDONLY)
            if descriptor < 0 { throw ReadError(reason: String(cString: strerror(errno))) }
            var status = stat()
            let hasStatus = fstat(descriptor, &status) == 0
            close(descriptor)
            if hasStatus && (status.st_mode & S_IFMT) == S_IFDIR {
                throw ReadError(reason: String(cString: strerror(EISDIR)))
            }
            // An empty regular file is empty: Foundation's reader would allocate a buffer for it and
            // never free it (LeakSanitizer reports it). FIFOs and devices report size 0 too, so only
            // regular files take this path.
            if hasStatus && (status.st_mode & S_IFMT) == S_IFREG && status.st_size == 0 { return Data() }
            do {
                return try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
            } catch {
                throw ReadError(reason: "the file cannot be read")
            }
        }
    }
}

/// A document that could not be read, with the name it is reported under.
struct NamedReadError: Error {
    let name: String
    let reason: String
}
