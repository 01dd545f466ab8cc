import CJPEG
import FeedCore

/// JPEG through libjpeg-turbo's TurboJPEG API: baseline and progressive, grey, YCbCr and
/// CMYK, scaled by the decoder itself (1/2, 1/4, 1/8) to the smallest size that still
/// covers the side kept, so a large photograph is never decoded whole.
enum JPEGDecoding {
    static func decode(_ bytes: UnsafeRawBufferPointer, atLeast side: Int) throws(PictureError) -> PicturePixels {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let decoder = tjInitDecompress()
        else { throw .notAPicture }
        defer { tjDestroy(decoder) }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        guard
            tjDecompressHeader3(
                decoder, base, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0
        else { throw .damaged(format: "JPEG", detail: message(decoder)) }
        try PictureDecoder.check(width: Int(width), height: Int(height))

        let factor = scalingFactor(width: Int(width), height: Int(height), atLeast: side)
        let scaledWidth = Int(CJPEG_TJSCALED(width, factor))
        let scaledHeight = Int(CJPEG_TJSCALED(height, factor))
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        var pixels = [UInt8](repeating: 0, count: scaledWidth * scaledHeight * 4)
        let format = isCMYK ? TJPF_CMYK : TJPF_RGBA
        // A scan limit: a progressive file of thousands of tiny scans is a known way to
        // make a decoder spin.
        let status = pixels.withUnsafeMutableBufferPointer { out in
            tjDecompress2(
                decoder, base, UInt(bytes.count), out.baseAddress, Int32(scaledWidth), 0, Int32(scaledHeight),
                format.rawValue, TJFLAG_LIMITSCANS)
        }
        // A warning (a file cut short) still leaves the rows decoded so far; an error none.
        if status != 0, tjGetErrorCode(decoder) == TJERR_FATAL.rawValue {
            throw .damaged(format: "JPEG", detail: message(decoder))
        }
        if isCMYK { convertInvertedCMYK(&pixels) }
        return PicturePixels(width: scaledWidth, height: scaledHeight, rgba: pixels)
    }

    /// The largest reduction the decoder offers that leaves the longest side at least
    /// `side` (or the picture whole, when it is smaller).
    private static func scalingFactor(width: Int, height: Int, atLeast side: Int) -> tjscalingfactor {
        var count: Int32 = 0
        let whole = tjscalingfactor(num: 1, denom: 1)
        guard let factors = tjGetScalingFactors(&count) else { return whole }
        var best = whole
        for index in 0..<Int(count) {
            let factor = factors[index]
            guard factor.num <= factor.denom else { continue }
            let longest = Int(CJPEG_TJSCALED(Int32(max(width, height)), factor))
            let bestLongest = Int(CJPEG_TJSCALED(Int32(max(width, height)), best))
            if longest >= min(side, max(width, height)), longest < bestLongest { best = factor }
        }
        return best
    }

    /// CMYK as Adobe writes it (every JPEG CMYK file in practice): inverted, so that
    /// each channel times black gives red, green and blue.
    private static func convertInvertedCMYK(_ pixels: inout [UInt8]) {
        for offset in stride(from: 0, to: pixels.count, by: 4) {
            let black = Int(pixels[offset + 3])
            for channel in 0..<3 {
                pixels[offset + channel] = UInt8((Int(pixels[offset + channel]) * black + 127) / 255)
            }
            pixels[offset + 3] = 255
        }
    }

    private static func message(_ decoder: tjhandle) -> String {
        guard let text = tjGetErrorStr2(decoder) else { return "unreadable" }
        return String(cString: text)
    }
}
