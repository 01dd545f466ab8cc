/// A picture a row shows, as the row knows it before any of its bytes: where it is, its
/// shape, and the BlurHash that stands for it meanwhile.
public struct RowPicture: Hashable, Sendable {
    public var url: String
    /// Width over height, from the sizes the feed gives; 16:9 when it gives none.
    public var aspect: Double
    public var blurhash: String?
    /// Drawn in cells whatever the terminal draws (a source's `images=cells`).
    public var inCells = false

    public static let defaultAspect = 16.0 / 9.0
    /// The tallest a collapsed post's picture is, and an expanded post's.
    public static let stripLines = 4
    public static let expandedLines = 12

    public init(url: String, aspect: Double = RowPicture.defaultAspect, blurhash: String? = nil) {
        self.url = url
        self.aspect = aspect.isFinite && aspect > 0 ? min(max(aspect, 1.0 / 16), 16) : RowPicture.defaultAspect
        self.blurhash = blurhash
    }

    /// The picture of an attachment that has one: a picture's preview, else itself; a
    /// video's preview. Only web addresses: a picture is never read from a file a feed names.
    public init?(_ attachment: Attachment) {
        let address: String?
        switch attachment.kind {
        case .image: address = attachment.thumbnailURL ?? attachment.url
        case .video: address = attachment.thumbnailURL
        case .audio, .file: address = nil
        }
        guard let address, WebAddress.isWeb(address) else { return nil }
        var aspect = Self.defaultAspect
        if let width = attachment.width, let height = attachment.height, width > 0, height > 0 {
            aspect = Double(width) / Double(height)
        }
        self.init(url: address, aspect: aspect, blurhash: attachment.blurhash)
    }

    /// The cells the picture takes in a text column `width` cells wide, at most `maxLines`
    /// tall: as wide as the column allows, keeping its shape (a cell is twice as tall as
    /// it is wide).
    public func cells(width: Int, maxLines: Int) -> (columns: Int, rows: Int) {
        let width = max(1, width)
        let rows = Int((Double(width) / (2 * aspect)).rounded())
        if rows <= maxLines { return (width, max(1, rows)) }
        return (max(1, min(width, Int((Double(maxLines) * 2 * aspect).rounded()))), maxLines)
    }
}
