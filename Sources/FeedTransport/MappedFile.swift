import FeedCore
import FoundationEssentials
import Glibc

/// A feed file mapped into memory, read only. The decoder says which bytes it is done
/// with and their pages go back to the system (`madvise`), so a 50 MB file does not stay
/// resident beside the posts decoded from it; bytes read again are paged in again.
public final class MappedFile: Sendable {
    public let data: Data
    /// The mapping's address, as a number: a pointer is not `Sendable`.
    private let address: UInt
    private let length: Int

    /// Maps the regular file open at `descriptor` (the caller closes it).
    init(descriptor: Int32, path: String, size: Int) throws(Failure) {
        length = size
        guard length > 0 else {
            (data, address) = (Data(), 0)
            return
        }
        guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
            throw FileSource.error(errno, path: path)
        }
        address = UInt(bitPattern: base)
        data = Data(bytesNoCopy: base, count: length, deallocator: .custom { pointer, count in munmap(pointer, count) })
    }

    /// Gives back the whole pages inside `range` of the file's bytes.
    public func release(_ range: Range<Int>) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (max(0, range.lowerBound) + page - 1) / page * page
        let end = min(length, range.upperBound) / page * page
        guard address != 0, end > start, let pointer = UnsafeMutableRawPointer(bitPattern: address + UInt(start))
        else { return }
        madvise(pointer, end - start, MADV_DONTNEED)
    }
}
