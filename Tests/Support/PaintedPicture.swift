import FeedCore

extension PicturePixels {
    /// A picture of `width` × `height` whose pixel at (x, y) is `color(x, y)`, as RGBA.
    public static func painted(_ width: Int, _ height: Int, _ color: (Int, Int) -> [UInt8]) -> PicturePixels {
        var rgba: [UInt8] = []
        for y in 0..<height { for x in 0..<width { rgba += color(x, y) } }
        return PicturePixels(width: width, height: height, rgba: rgba)
    }
}
