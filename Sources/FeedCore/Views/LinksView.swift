import FoundationEssentials

/// `L`: a post's links, numbered as its expanded text numbers them, each with its words
/// and its address, then the post's own address. A number opens one (through the same
/// opener and rules as `o`), as do Enter and `o` on the selected one; `y` copies it.
public struct LinksView: StackedView {
    public let entries: [PostLink]
    public private(set) var selected = 0

    /// The links of `post`, and its own address last; nil for a post with neither.
    public init?(post: Post) {
        var entries = post.links
        if let url = post.url, WebAddress.isWeb(url), !entries.contains(where: { $0.url == url }) {
            entries.append(PostLink(text: "the post itself", url: url))
        }
        guard !entries.isEmpty else { return nil }
        self.entries = entries
    }

    public var status: String {
        "Links · \(entries.count) · 1–\(min(9, entries.count)) opens · y copies · Esc back"
    }

    public var keyHelp: [ActionHelp] {
        [
            ActionHelp([.next, .previous], "next, previous link"),
            ActionHelp([.toggleExpanded, .openLink], "open the link (or its number)"),
            ActionHelp([.copyLink], "copy it (OSC 52)"),
        ]
    }

    public mutating func handle(_ action: KeyAction) -> [AppEffect] {
        guard !StackedRows.move(action, selected: &selected, count: entries.count) else { return [] }
        switch action {
        case .toggleExpanded, .openLink: return open(selected)
        case .copyLink: return [.copyToClipboard(entries[selected].url)]
        default: break
        }
        return []
    }

    /// A digit opens the link of that number.
    public mutating func handle(unbound key: Key) -> [AppEffect] {
        guard case .character(let character) = key, let digit = character.wholeNumberValue, digit >= 1,
            digit <= entries.count
        else { return [] }
        selected = digit - 1
        return open(selected)
    }

    private func open(_ index: Int) -> [AppEffect] {
        WebAddress.isWeb(entries[index].url) ? [.openLink(entries[index].url)] : []
    }

    public func draw(into buffer: inout ScreenBuffer, height: Int, context: DrawContext) {
        var row = 1
        let width = buffer.width - RowGeometry.textColumn - RowGeometry.rightMargin
        // From the top, unless the selected one would fall below the screen.
        let first = max(0, min(selected, selected - (height - 2) / 2 + 1))
        for index in entries.indices.dropFirst(first) where row + 1 < height {
            let entry = entries[index]
            let isSelected = index == selected
            buffer.write("\(index + 1)", row: row, column: 2, style: Style(.muted))
            buffer.write(
                TextWrapper.truncate(entry.text, width: width), row: row, column: RowGeometry.textColumn,
                style: Style(.title))
            buffer.write(
                TextWrapper.truncate(entry.url, width: width), row: row + 1, column: RowGeometry.textColumn,
                style: Style(.link))
            if isSelected { FeedRenderer.paintSelection(top: row, height: 2, into: &buffer, limit: height) }
            row += 3
        }
    }
}
