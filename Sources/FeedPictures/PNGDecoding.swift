import CPNG
import FeedCore

/// PNG through libpng's simplified API: palettes, transparency (tRNS), grey, 16-bit and
/// interlaced files all come out as 8-bit RGBA.
enum PNGDecoding {
    static func decode(_ bytes: UnsafeRawBufferPointer) throws(PictureError) -> PicturePixels {
        var image = png_image()
        image.version = CPNG_IMAGE_VERSION()
        guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
            throw .damaged(format: "PNG", detail: message(of: &image))
        }
        let (width, height) = (Int(image.width), Int(image.height))
        do {
            try PictureDecoder.check(width: width, height: height)
        } catch {
            png_image_free(&image)
            throw error
        }
        image.format = CPNG_FORMAT_RGBA()
        var rgba = [UInt8](repeating: 0, count: Int(CPNG_IMAGE_SIZE(image)))
        // It frees the image's memory itself, whether it succeeds or fails.
        let read = rgba.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        guard read != 0, CPNG_IMAGE_FAILED(image) == 0 else {
            throw .damaged(format: "PNG", detail: message(of: &image))
        }
        return PicturePixels(width: width, height: height, rgba: rgba)
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let text = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? "unreadable" : text
        }
    }
}
