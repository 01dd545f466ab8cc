/// Where things sit in a row. One place for the numbers, so the skeleton and the real
/// row cannot disagree.
public enum RowGeometry {
    public static let leftMargin = 1
    public static let avatarWidth = 4
    public static let avatarHeight = 2
    /// Cells between the avatar and the text column.
    public static let avatarGap = 2
    public static let rightMargin = 1
    /// Cells between the name and the handle, and between the header and the likes.
    public static let headerGap = 2
    /// A collapsed post shows at most this many lines of content.
    public static let maxContentLines = 4
    /// Blank lines between two rows.
    public static let separatorHeight = 1
    /// A first-load skeleton's last content line, as a fraction of the text width.
    public static let lastLineFraction = 0.7

    public static var textColumn: Int { leftMargin + avatarWidth + avatarGap }
    /// The unread mark's cell: the first of the gap after the avatar.
    public static var unreadColumn: Int { leftMargin + avatarWidth }

    /// The width of the text column at a screen width (at least 1).
    public static func textWidth(screenWidth: Int) -> Int {
        max(1, screenWidth - textColumn - rightMargin)
    }
}
