import CWebP
import FeedCore

/// WebP through libwebp: lossy, lossless and with alpha; an animation is not read.
enum WebPDecoding {
    static func decode(_ bytes: UnsafeRawBufferPointer) throws(PictureError) -> PicturePixels {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { throw .notAPicture }
        var width: Int32 = 0
        var height: Int32 = 0
        guard WebPGetInfo(base, bytes.count, &width, &height) != 0 else {
            throw .damaged(format: "WebP", detail: "its header is unreadable (or it is an animation)")
        }
        try PictureDecoder.check(width: Int(width), height: Int(height))
        guard let decoded = WebPDecodeRGBA(base, bytes.count, &width, &height) else {
            throw .damaged(format: "WebP", detail: "its data is unreadable")
        }
        defer { WebPFree(decoded) }
        let count = Int(width) * Int(height) * 4
        return PicturePixels(
            width: Int(width), height: Int(height), rgba: Array(UnsafeBufferPointer(start: decoded, count: count)))
    }
}
