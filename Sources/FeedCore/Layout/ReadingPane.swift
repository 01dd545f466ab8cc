/// The screen split for the reading pane: the timeline on the left, a rule, and the
/// selected post's whole text on the right. Pure arithmetic of the width and the choice.
public struct ReadingPane: Hashable, Sendable {
    /// `pane auto` shows it from this width on: room for a timeline of 64 columns and a
    /// pane of 95, wider than most text is comfortable to read.
    public static let autoWidth = 160
    /// Below this, even `pane on` (or the key) leaves one column: neither side would be
    /// readable.
    public static let minimumWidth = 100

    /// The timeline's columns, from the left edge.
    public var listWidth: Int
    /// The pane's first column (after the rule) and its width.
    public var column: Int
    public var width: Int

    /// The split for a screen `width` wide, as `choice` (and the key, `toggled`, which
    /// wins) asks; nil for one column.
    public static func split(width: Int, choice: PaneChoice, toggled: Bool?) -> ReadingPane? {
        let wanted = toggled ?? (choice == .on || (choice == .auto && width >= autoWidth))
        guard wanted, width >= minimumWidth else { return nil }
        // Two fifths for the list, between 56 and 96 columns; the rest, after the rule.
        let list = min(96, max(56, width * 2 / 5))
        return ReadingPane(listWidth: list, column: list + 1, width: width - list - 1)
    }
}
