/// How the rows' loaded pictures reach the screen. Skeleton and BlurHash stay cells in
/// every mode: only the picture itself changes.
public enum PictureDrawing: String, Hashable, Sendable {
    /// Two colours a cell, as text: every terminal, over SSH too.
    case cells
    /// The kitty graphics protocol, placed by Unicode placeholders: the cells hold text
    /// that names the picture, and the terminal draws the picture in them.
    case kitty
    /// Sixel pictures, drawn over blank cells after each frame.
    case sixel
}
