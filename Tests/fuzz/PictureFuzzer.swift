import Foundation

// A libFuzzer target over the pictures' path: bytes → the decoders' wrappers (PNG, JPEG,
// GIF, WebP through the system's libraries, the declared size checked first) → cells at a
// few sizes; and the bytes as a BlurHash. Built with FeedCore's sources and FeedPictures'
// decoders by `make fuzz`; a crash it finds becomes a fixture of FeedPicturesTests.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: bytes, count: count))
    if let pixels = try? PictureDecoder.decode(input) {
        for (columns, rows) in [(4, 2), (14, 4), (43, 12), (1, 1)] {
            _ = CellPicture(pixels, columns: columns, rows: rows)
        }
    }
    _ = Blurhash.decode(String(decoding: input.prefix(90), as: UTF8.self), width: 8, height: 6)
    return 0
}
