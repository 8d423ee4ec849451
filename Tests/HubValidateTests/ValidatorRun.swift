import Foundation
import XCTest

/// One run of the built `hub-validate`, with what it wrote and how it exited.
struct ValidatorRun {
    let status: Int32
    let standardOutput: String
    let standardError: String

    /// The fixtures, read from the source tree: `Fixtures/validate` next to this file.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/validate")

    /// `hub-validate` next to the test bundle, where `swift build --build-tests` puts the package's executables.
    static var executable: URL {
        get throws {
            var candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
                .deletingLastPathComponent().appendingPathComponent("hub-validate")]
            for bundle in Bundle.allBundles {
                candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("hub-validate"))
            }
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw XCTSkip("hub-validate is not built (swift build --build-tests builds it)")
            }
            return found
        }
    }

    /// Runs `hub-validate arguments` in `directory` (the fixtures by default), feeding it `input`.
    init(_ arguments: [String], in directory: URL = ValidatorRun.fixtures, input: Data? = nil) throws {
        let process = Process()
        process.executableURL = try Self.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        let error = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        // Both pipes are drained while the process runs, so a long report cannot fill one and block it.
        let group = DispatchGroup()
        nonisolated(unsafe) var outputData = Data()
        nonisolated(unsafe) var errorData = Data()
        DispatchQueue.global().async(group: group) { outputData = output.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errorData = error.fileHandleForReading.readDataToEndOfFile() }
        if let input {
            inputPipe.fileHandleForWriting.write(input)
            try inputPipe.fileHandleForWriting.close()
        }
        group.wait()
        process.waitUntilExit()
        status = process.terminationStatus
        standardOutput = String(decoding: outputData, as: UTF8.self)
        standardError = String(decoding: errorData, as: UTF8.self)
    }
}
