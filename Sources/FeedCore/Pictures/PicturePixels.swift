/// A decoded picture: 8-bit RGBA, rows top to bottom, straight (not premultiplied) alpha.
/// Kept small by the decoder (`PicturePixels.keptSide`): cells need few pixels, and the
/// memory cache counts these bytes.
public struct PicturePixels: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public let rgba: [UInt8]

    /// The longest side a decoded picture is kept at: an expanded picture across a wide
    /// terminal is 200 cells, 400 quadrant columns.
    public static let keptSide = 400

    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width > 0 && height > 0 && rgba.count == width * height * 4, "RGBA of the size given")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    public var byteCount: Int { rgba.count }

    /// The same picture with its longest side at most `side`.
    public func scaledDown(toFit side: Int) -> PicturePixels {
        scaledDown(toFitWidth: side, height: side)
    }

    /// The same picture, its shape kept, within `maxWidth` × `maxHeight` (never larger than
    /// it is), each pixel the mean of the pixels it covers (colours weighted by their alpha,
    /// so that a transparent pixel's colour does not bleed into its neighbours).
    public func scaledDown(toFitWidth maxWidth: Int, height maxHeight: Int) -> PicturePixels {
        guard maxWidth > 0, maxHeight > 0, width > maxWidth || height > maxHeight else { return self }
        // The side that must shrink most sets the scale, `target / side`.
        let (target, side) = maxWidth * height <= maxHeight * width ? (maxWidth, width) : (maxHeight, height)
        let newWidth = max(1, (width * target + side / 2) / side)
        let newHeight = max(1, (height * target + side / 2) / side)
        return resampled(width: newWidth, height: newHeight)
    }

    /// The picture at `newWidth` × `newHeight`: a box filter going down, the nearest pixel
    /// going up.
    public func resampled(width newWidth: Int, height newHeight: Int) -> PicturePixels {
        let xs = Self.spans(from: width, to: newWidth)
        let ys = Self.spans(from: height, to: newHeight)
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        rgba.withUnsafeBufferPointer { source in
            for (y, rows) in ys.enumerated() {
                for (x, columns) in xs.enumerated() {
                    let mean = Self.mean(source, width: width, rows: rows, columns: columns)
                    let offset = (y * newWidth + x) * 4
                    out[offset] = mean.0
                    out[offset + 1] = mean.1
                    out[offset + 2] = mean.2
                    out[offset + 3] = mean.3
                }
            }
        }
        return PicturePixels(width: newWidth, height: newHeight, rgba: out)
    }

    /// For each of `count` cells along a side of `length` pixels, the pixels it covers
    /// (one at least).
    static func spans(from length: Int, to count: Int) -> [Range<Int>] {
        (0..<count).map { index in
            let start = min(length - 1, index * length / count)
            let end = max(start + 1, min(length, (index + 1) * length / count))
            return start..<end
        }
    }

    /// The mean RGBA of a block of pixels, colours weighted by alpha.
    static func mean(
        _ source: UnsafeBufferPointer<UInt8>, width: Int, rows: Range<Int>, columns: Range<Int>
    ) -> (UInt8, UInt8, UInt8, UInt8) {
        var red = 0
        var green = 0
        var blue = 0
        var alpha = 0
        for row in rows {
            var offset = (row * width + columns.lowerBound) * 4
            for _ in columns {
                let a = Int(source[offset + 3])
                red += Int(source[offset]) * a
                green += Int(source[offset + 1]) * a
                blue += Int(source[offset + 2]) * a
                alpha += a
                offset += 4
            }
        }
        let count = rows.count * columns.count
        guard alpha > 0 else { return (0, 0, 0, 0) }
        return (
            UInt8((red + alpha / 2) / alpha), UInt8((green + alpha / 2) / alpha), UInt8((blue + alpha / 2) / alpha),
            UInt8((alpha + count / 2) / count)
        )
    }
}
