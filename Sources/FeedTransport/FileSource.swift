import FeedCore
import FoundationEssentials
import Glibc

/// A feed named by a path: a regular file is mapped (and checked against the limit
/// before a byte is read); anything else that can be opened, a FIFO or a device, is read
/// as a stream, up to the limit.
public enum FileSource {
    public enum Contents {
        case mapped(MappedFile)
        case streamed(Data)
    }

    public static func open(_ path: String, maxSize: Int) async throws -> Contents {
        // Non-blocking, so that opening a FIFO with no writer yet does not wait here.
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw error(errno, path: path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw error(errno, path: path) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw Failure.isDirectory(path: path)
        case S_IFREG:
            let size = Int(status.st_size)
            guard size <= maxSize else { throw Failure.tooLarge(limit: maxSize, what: path) }
            return .mapped(try MappedFile(descriptor: descriptor, path: path, size: size))
        default:
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            return .streamed(try await StreamReader.read(descriptor, what: path, maxSize: maxSize))
        }
    }

    static func error(_ number: Int32, path: String) -> Failure {
        switch number {
        case ENOENT: .notFound(path: path)
        case EACCES, EPERM: .permissionDenied(path: path)
        default: .unreadable(what: path, reason: String(cString: strerror(number)))
        }
    }
}
