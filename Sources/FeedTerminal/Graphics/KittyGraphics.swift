internal import CZlib
import FeedCore
import FoundationEssentials

/// The kitty graphics protocol's sequences for pictures placed by Unicode placeholders:
/// each picture is sent once, with a virtual placement of its cells (`U=1`), and later
/// deleted with its data. Replies are switched off (`q=2`): nothing comes back to be
/// read as keys.
enum KittyGraphics {
    /// Base64 bytes in each sequence, as the protocol asks of a chunked transmission.
    static let chunkSize = 4096

    /// A payload as the protocol carries it: base64 (RFC 4648, padded).
    static func base64(_ bytes: [UInt8]) -> [UInt8] {
        Array(Data(bytes).base64EncodedData())
    }

    /// The sequences that send `pixels` as picture `id`, placed in `columns` × `rows`
    /// cells: raw RGB where every pixel is opaque, else RGBA. One sequence a chunk, so
    /// that each can be wrapped for tmux on its own.
    static func transmit(_ pixels: PicturePixels, id: UInt32, columns: Int, rows: Int) -> [[UInt8]] {
        let opaque = stride(from: 3, to: pixels.rgba.count, by: 4).allSatisfy { pixels.rgba[$0] == 255 }
        var payload: [UInt8]
        if opaque {
            payload = []
            payload.reserveCapacity(pixels.width * pixels.height * 3)
            for offset in stride(from: 0, to: pixels.rgba.count, by: 4) {
                payload += pixels.rgba[offset..<offset + 3]
            }
        } else {
            payload = pixels.rgba
        }
        // Compressed (`o=z`) where that is smaller: a picture's flat parts shrink to little.
        let compressed = deflate(payload)
        let zipped = compressed.map { $0.count < payload.count } ?? false
        if zipped, let compressed { payload = compressed }
        let encoded = base64(payload)
        var sequences: [[UInt8]] = []
        var start = 0
        repeat {
            let end = min(encoded.count, start + chunkSize)
            let more = end < encoded.count ? 1 : 0
            let keys =
                start == 0
                ? "a=T,U=1,f=\(opaque ? 24 : 32),\(zipped ? "o=z," : "")s=\(pixels.width),v=\(pixels.height),"
                    + "i=\(id),c=\(columns),r=\(rows),q=2,m=\(more)"
                : "m=\(more),q=2"
            sequences.append(Array("\u{1B}_G\(keys);".utf8) + encoded[start..<end] + [0x1B, UInt8(ascii: "\\")])
            start = end
        } while start < encoded.count
        return sequences
    }

    /// `bytes` in zlib's format (RFC 1950), as the protocol's `o=z` takes them.
    static func deflate(_ bytes: [UInt8]) -> [UInt8]? {
        var length = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { compress2(out.baseAddress, &length, $0.baseAddress, uLong($0.count), 6) }
        }
        guard status == Z_OK else { return nil }
        out.removeLast(out.count - Int(length))
        return out
    }

    /// Deletes picture `id`, its placements and its data.
    static func delete(id: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
    }
}
