/// What a picture's bytes are, from their first bytes: a server's content type and a
/// URL's extension are often wrong (a `.png` that is a JPEG), the signature never is.
enum PictureFormat: String, Sendable {
    case png = "PNG"
    case jpeg = "JPEG"
    case gif = "GIF"
    case webp = "WebP"

    init?(sniffing bytes: UnsafeRawBufferPointer) {
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count
                && signature.indices.allSatisfy { bytes[offset + $0] == signature[$0] }
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else {
            return nil
        }
    }
}

/// Why a picture could not be had. Its message is what the reader may see (in `--dump`
/// errors, in logs); a row shows its alt text instead.
public enum PictureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are none of the formats read here.
    case notAPicture
    /// The header declares more pixels than `PictureDecoder.maxPixels` (a decompression
    /// bomb is refused here, before a byte of it is decoded), or a size of zero.
    case refusedSize(width: Int, height: Int)
    /// The library could not read it: truncated, damaged, or a variant it does not know.
    case damaged(format: String, detail: String)
    /// More bytes than `PictureLoader.maxBytes`.
    case tooManyBytes(limit: Int)

    public var description: String {
        switch self {
        case .notAPicture: "not a picture (PNG, JPEG, GIF or WebP)"
        case .refusedSize(let width, let height): "refused: \(width)×\(height) pixels"
        case .damaged(let format, let detail): "a damaged \(format): \(detail)"
        case .tooManyBytes(let limit): "more than \(limit >> 20) MiB"
        }
    }
}
