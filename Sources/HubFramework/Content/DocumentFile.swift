import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads a document file with a size limit, refusing anything that is not a regular file.
///
/// `Data(contentsOf:)` would follow a FIFO and wait for a writer forever, read `/dev/zero` until
/// memory runs out, and read a 50 GB file whole before anyone could say it is too large. Opening
/// with `O_NONBLOCK` and checking the file's type and size with `fstat` on the same descriptor
/// (so the answer is about the file actually read) avoids all three.
enum DocumentFile {
    /// Why a file could not be read, as the end of a sentence ("…: it is a directory").
    struct Failure: Error, Equatable {
        let reason: String
    }

    static func read(path: String, maximumBytes: Int) -> Result<Data, Failure> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: return .failure(Failure(reason: "there is no such file"))
            case EACCES, EPERM: return .failure(Failure(reason: "permission denied"))
            case EISDIR: return .failure(Failure(reason: "it is a directory"))
            default: return .failure(Failure(reason: String(cString: strerror(errno))))
            }
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .failure(Failure(reason: String(cString: strerror(errno))))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(Failure(reason: "it is a directory"))
        default: return .failure(Failure(reason: "it is not a regular file (a device, a pipe or a socket)"))
        }
        let size = Int(info.st_size)
        guard size <= maximumBytes else {
            return .failure(Failure(reason: "it is \(ContentLimits.describe(bytes: size)), more than the limit of "
                + "\(ContentLimits.describe(bytes: maximumBytes)) for a document"))
        }
        // The size can change while the file is read (someone is writing it): read at most one
        // byte past the limit, so a file that grew is still refused instead of read without bound.
        let data: Data
        switch FileDescriptorRead.bytes(from: descriptor, upTo: min(size, maximumBytes) + 1) {
        case .success(let read): data = read
        case .failure(let failure): return .failure(Failure(reason: failure.reason))
        }
        guard data.count <= maximumBytes else {
            return .failure(Failure(reason: "it grew past the limit of \(ContentLimits.describe(bytes: maximumBytes)) "
                + "for a document while it was read"))
        }
        return .success(data)
    }
}
