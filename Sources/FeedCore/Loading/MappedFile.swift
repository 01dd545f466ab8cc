import Foundation

/// A feed file mapped into memory, read only. The decoder says which bytes it is done
/// with and their pages go back to the system (`madvise`), so a 50 MB file does not stay
/// resident beside the posts decoded from it; bytes read again are paged in again.
final class MappedFile: Sendable {
    let data: Data
    /// The mapping's address, as a number: a pointer is not `Sendable`.
    private let address: UInt
    private let length: Int

    init(path: String) throws(FeedError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FeedError("no such file: \(path)")
        }
        if isDirectory.boolValue { throw FeedError("\(path) is a directory, not a feed file") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.error(errno, path: path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Self.error(errno, path: path) }
        length = Int(status.st_size)
        guard length > 0 else {
            (data, address) = (Data(), 0)
            return
        }
        guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
            throw Self.error(errno, path: path)
        }
        address = UInt(bitPattern: base)
        data = Data(bytesNoCopy: base, count: length, deallocator: .custom { pointer, count in munmap(pointer, count) })
    }

    /// Gives back the whole pages inside `range` of the file's bytes.
    func release(_ range: Range<Int>) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (max(0, range.lowerBound) + page - 1) / page * page
        let end = min(length, range.upperBound) / page * page
        guard address != 0, end > start, let pointer = UnsafeMutableRawPointer(bitPattern: address + UInt(start))
        else { return }
        madvise(pointer, end - start, MADV_DONTNEED)
    }

    private static func error(_ number: Int32, path: String) -> FeedError {
        if number == EACCES || number == EPERM { return FeedError("permission denied: \(path)") }
        return FeedError("could not read \(path): \(String(cString: strerror(number)))")
    }
}
