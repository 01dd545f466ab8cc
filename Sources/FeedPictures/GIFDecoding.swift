import CGIF
import FeedCore

/// GIF through giflib, record by record: the first frame alone is decoded, over the
/// logical screen, its transparent colour left clear. A file of many frames costs no more
/// than its first.
enum GIFDecoding {
    /// The bytes giflib reads through its callback.
    private final class Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }
    }

    static func decode(_ bytes: UnsafeRawBufferPointer) throws(PictureError) -> PicturePixels {
        let reader = Reader(bytes)
        var error: Int32 = 0
        let opened = withExtendedLifetime(reader) {
            DGifOpen(
                Unmanaged.passUnretained(reader).toOpaque(),
                { file, buffer, wanted in
                    guard let file, let buffer, let user = file.pointee.UserData else { return 0 }
                    let reader = Unmanaged<Reader>.fromOpaque(user).takeUnretainedValue()
                    let count = min(Int(wanted), reader.bytes.count - reader.offset)
                    guard count > 0 else { return 0 }
                    UnsafeMutableRawPointer(buffer).copyMemory(
                        from: reader.bytes.baseAddress! + reader.offset, byteCount: count)
                    reader.offset += count
                    return Int32(count)
                }, &error)
        }
        guard let gif = opened else { throw .damaged(format: "GIF", detail: describe(error)) }
        defer {
            var closeError: Int32 = 0
            DGifCloseFile(gif, &closeError)
        }
        return try withExtendedLifetime(reader) { () throws(PictureError) -> PicturePixels in
            try firstFrame(of: gif)
        }
    }

    private static func firstFrame(of gif: UnsafeMutablePointer<GifFileType>) throws(PictureError) -> PicturePixels {
        let screenWidth = Int(gif.pointee.SWidth)
        let screenHeight = Int(gif.pointee.SHeight)
        try PictureDecoder.check(width: screenWidth, height: screenHeight)
        var transparent: Int?
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw damaged(gif) }
            switch record {
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw damaged(gif) }
                // The graphics control block: length 4, flags (bit 0: a transparent
                // colour), delay, transparent index.
                if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4, block[1] & 1 == 1 {
                    transparent = Int(block[4])
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw damaged(gif) }
                }
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { throw damaged(gif) }
                return try frame(
                    of: gif, screenWidth: screenWidth, screenHeight: screenHeight, transparent: transparent)
            case TERMINATE_RECORD_TYPE:
                throw .damaged(format: "GIF", detail: "it has no frame")
            default:
                throw damaged(gif)
            }
        }
    }

    private static func frame(
        of gif: UnsafeMutablePointer<GifFileType>, screenWidth: Int, screenHeight: Int, transparent: Int?
    ) throws(PictureError) -> PicturePixels {
        let description = gif.pointee.Image
        let (left, top) = (Int(description.Left), Int(description.Top))
        let (width, height) = (Int(description.Width), Int(description.Height))
        try PictureDecoder.check(width: width, height: height)
        guard let colorMap = description.ColorMap ?? gif.pointee.SColorMap, let colors = colorMap.pointee.Colors else {
            throw .damaged(format: "GIF", detail: "it has no colour table")
        }
        let colorCount = Int(colorMap.pointee.ColorCount)
        var rgba = [UInt8](repeating: 0, count: screenWidth * screenHeight * 4)
        var line = [GifByteType](repeating: 0, count: width)
        // Interlaced rows come in four passes: every 8th from 0, every 8th from 4, every
        // 4th from 2, every 2nd from 1.
        let rows: [Int] =
            description.Interlace
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step))
            }
            : Array(0..<height)
        for row in rows {
            guard line.withUnsafeMutableBufferPointer({ DGifGetLine(gif, $0.baseAddress, Int32(width)) }) == GIF_OK
            else { throw damaged(gif) }
            let y = top + row
            guard y >= 0, y < screenHeight else { continue }
            for x in 0..<width {
                let index = Int(line[x])
                let screenX = left + x
                guard screenX >= 0, screenX < screenWidth, index < colorCount, index != transparent else { continue }
                let color = colors[index]
                let offset = (y * screenWidth + screenX) * 4
                rgba[offset] = color.Red
                rgba[offset + 1] = color.Green
                rgba[offset + 2] = color.Blue
                rgba[offset + 3] = 255
            }
        }
        return PicturePixels(width: screenWidth, height: screenHeight, rgba: rgba)
    }

    private static func damaged(_ gif: UnsafeMutablePointer<GifFileType>) -> PictureError {
        .damaged(format: "GIF", detail: describe(gif.pointee.Error))
    }

    private static func describe(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "unreadable"
    }
}
