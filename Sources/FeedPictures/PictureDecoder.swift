import FeedCore

/// Bytes to pixels: the format from the signature, the size from the header, checked
/// against the bound before anything is decoded, then decoded by the system's library
/// and scaled down to `PicturePixels.keptSide`.
public enum PictureDecoder {
    /// The most pixels a picture may declare: 40 megapixels (a 7,300 × 5,500 photograph).
    public static let maxPixels = 40_000_000

    public static func decode(_ bytes: [UInt8], keptSide: Int = PicturePixels.keptSide) throws(PictureError)
        -> PicturePixels
    {
        let decoded: Result<PicturePixels, PictureError> = bytes.withUnsafeBytes { raw in
            Result { () throws(PictureError) -> PicturePixels in
                guard let format = PictureFormat(sniffing: raw) else { throw .notAPicture }
                switch format {
                case .png: return try PNGDecoding.decode(raw)
                case .jpeg: return try JPEGDecoding.decode(raw, atLeast: keptSide)
                case .gif: return try GIFDecoding.decode(raw)
                case .webp: return try WebPDecoding.decode(raw)
                }
            }
        }
        return try decoded.get().scaledDown(toFit: keptSide)
    }

    /// Refuses a declared size of no pixels, or of more than `maxPixels`.
    static func check(width: Int, height: Int) throws(PictureError) {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).partialValue <= maxPixels,
            width <= maxPixels, height <= maxPixels
        else { throw .refusedSize(width: width, height: height) }
    }
}
