/// What the terminal must be told of the pictures it draws in pixels, besides a frame's
/// text: worked out from the frames alone (`PixelPictureDiff`), encoded and written by
/// the backend.
public struct PictureChanges: Equatable, Sendable {
    /// kitty: the pictures the terminal is to let go of, by id (sent before the text).
    public var released: [UInt32] = []
    /// kitty: pictures new to the terminal, sent before the first text that names them.
    public var sent: [PlacedGraphic] = []
    /// sixel: lines a picture left, drawn again in full as text (text over a sixel erases it).
    public var staleLines: [Int] = []
    /// sixel: pictures to draw over the finished frame, at their cells.
    public var placed: [PlacedGraphic] = []

    public init(
        released: [UInt32] = [], sent: [PlacedGraphic] = [], staleLines: [Int] = [], placed: [PlacedGraphic] = []
    ) {
        self.released = released
        self.sent = sent
        self.staleLines = staleLines
        self.placed = placed
    }

    public var isEmpty: Bool { released.isEmpty && sent.isEmpty && staleLines.isEmpty && placed.isEmpty }
}
