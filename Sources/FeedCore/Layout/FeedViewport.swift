import FoundationEssentials

/// A position in the list: the row at the top of the rows area, and how many of its lines
/// are scrolled off above.
public struct ScrollPosition: Hashable, Sendable, Comparable {
    public var row: Int
    public var line: Int

    public init(row: Int, line: Int = 0) {
        self.row = row
        self.line = line
    }

    public static let start = ScrollPosition(row: 0)

    public static func < (a: ScrollPosition, b: ScrollPosition) -> Bool {
        (a.row, a.line) < (b.row, b.line)
    }
}

/// The posts of a feed laid out at one width: the walk from a scroll position down the
/// rows area, shared by the renderer, navigation and mouse hits. It lays out only the rows
/// it visits, so its cost follows the screen, not the feed.
public struct FeedViewport {
    public var posts: [Post]
    public var width: Int
    /// The rows area's height (the screen less the status line).
    public var height: Int
    public var now: Date
    public var expanded: Set<PostID>
    /// Posts liked here only.
    public var liked: Set<PostID>
    /// Muted posts the reader chose to see: drawn dimmed.
    public var muted: Set<PostID>
    /// The reader's actions on the server, for the marks they change.
    public var actions: ServerActions
    /// The posts the reader is sending.
    public var sending: Set<PostID>
    /// The polls the reader may vote in (expanded), with the options chosen so far.
    public var voting: [PostID: Set<Int>]
    /// The posts read, when read marks are kept; nil draws no unread marks.
    public var read: Set<PostID>?
    /// Whether rows draw their pictures.
    public var pictures: Bool
    /// The sources' own `images=`, by index: `none` draws none in their rows, `cells` draws
    /// theirs in cells whatever the terminal draws.
    public var sourceImages: [Int: ImageChoice]
    /// Glyphs written as words (`--accessible`).
    public var inWords = false
    /// Whether each row names its post's network: the timeline mixes several.
    public var namesNetworks = false
    /// The networks' words, by name: a row speaks of its post's network in them.
    public var networks: [NetworkID: NetworkWords] = [:]
    /// Lines drawn after the last post (a page loading, a page that failed).
    public var footerHeight: Int
    /// Where layouts made before are kept, and the version of the posts and `now` they
    /// were made for; no cache makes every layout afresh.
    public var cache: RowLayoutCache?
    public var contentVersion: Int

    public init(
        posts: [Post], width: Int, height: Int, now: Date, expanded: Set<PostID> = [], liked: Set<PostID> = [],
        muted: Set<PostID> = [], actions: ServerActions = ServerActions(), sending: Set<PostID> = [],
        voting: [PostID: Set<Int>] = [:],
        read: Set<PostID>? = nil, pictures: Bool = false, sourceImages: [Int: ImageChoice] = [:], footerHeight: Int = 0,
        cache: RowLayoutCache? = nil,
        contentVersion: Int = 0
    ) {
        self.voting = voting
        self.actions = actions
        self.sending = sending
        self.read = read
        self.pictures = pictures
        self.sourceImages = sourceImages
        self.cache = cache
        self.contentVersion = contentVersion
        self.posts = posts
        self.width = width
        self.height = max(0, height)
        self.now = now
        self.expanded = expanded
        self.liked = liked
        self.muted = muted
        self.footerHeight = footerHeight
    }

    /// One row placed on screen; `top` may be negative for a row scrolled partly off.
    public struct Placement {
        public var index: Int
        public var top: Int
        public var layout: RowLayout
    }

    public func content(at index: Int) -> RowContent {
        let post = posts[index]
        let images = sourceImages.isEmpty ? nil : sourceImages[post.source?.index ?? 0]
        var content = RowContent(
            post: post, now: now, marks: marks(of: post), expanded: expanded.contains(post.id),
            unread: isUnread(post.id), pictures: pictures && images != ImageChoice.none, inWords: inWords,
            words: post.network.flatMap { networks[$0] } ?? .feed, namesNetwork: namesNetworks)
        content.picturesInCells = images == .cells
        return content
    }

    /// What the row of `post` shows of the reader's marks.
    func marks(of post: Post) -> RowMarks {
        var marks = RowMarks(
            liked: liked.contains(post.id), sending: !sending.isEmpty && sending.contains(post.id))
        marks.muted = !muted.isEmpty && muted.contains(post.id)
        if !voting.isEmpty { marks.choosing = voting[post.id] }
        (marks.own, marks.pending) = actions.shown(for: post)
        return marks
    }

    /// Whether the post with `id` carries the unread mark.
    func isUnread(_ id: PostID) -> Bool {
        read.map { !$0.contains(id) } ?? false
    }

    public func layout(at index: Int) -> RowLayout {
        let id = posts[index].id
        let isExpanded = expanded.contains(id)
        let marks = marks(of: posts[index])
        let make = {
            RowLayout.make(
                content(at: index), screenWidth: width,
                maxContentLines: isExpanded ? nil : RowGeometry.maxContentLines)
        }
        guard let cache else { return make() }
        return cache.layout(
            .post(
                version: contentVersion, index: index, width: width, expanded: isExpanded, marks: marks,
                unread: isUnread(id)),
            make: make)
    }

    /// Lines a row takes, with the separator after it.
    public func span(at index: Int) -> Int {
        layout(at: index).height + RowGeometry.separatorHeight
    }

    /// The rows that show from `position` down, in order.
    public func placements(from position: ScrollPosition) -> [Placement] {
        // A position kept across a change of heights (a post collapsed, a resize) may point
        // past its row's end: carry the extra lines on to the rows below.
        var position = position.row < posts.count ? position : .start
        if position.line > 0, position.line >= span(at: position.row) { position = scrolled(position, by: 0) }
        var result: [Placement] = []
        var top = -position.line
        var index = position.row
        while index < posts.count, top < height {
            let layout = layout(at: index)
            result.append(Placement(index: index, top: top, layout: layout))
            top += layout.height + RowGeometry.separatorHeight
            index += 1
        }
        return result
    }

    /// The furthest the list can scroll: the last row's end (and the footer) at the bottom
    /// of the area.
    public var lastPosition: ScrollPosition {
        var remaining = height - footerHeight
        var index = posts.count - 1
        while index >= 0 {
            let lines = span(at: index)
            if lines >= remaining { return ScrollPosition(row: index, line: max(0, lines - remaining)) }
            remaining -= lines
            index -= 1
        }
        return .start
    }

    /// `position` moved by `lines` (down when positive), kept within the list.
    public func scrolled(_ position: ScrollPosition, by lines: Int) -> ScrollPosition {
        guard !posts.isEmpty else { return .start }
        var moved = position
        moved.line += lines
        while moved.line < 0, moved.row > 0 {
            moved.row -= 1
            moved.line += span(at: moved.row)
        }
        if moved.line < 0 { moved.line = 0 }
        while moved.row < posts.count - 1, moved.line >= span(at: moved.row) {
            moved.line -= span(at: moved.row)
            moved.row += 1
        }
        // A position past the last one (a row kept on its line as posts came above it) stays
        // where it is going down, and leaves it going up.
        return min(moved, max(lastPosition, position))
    }

    /// The position at which row `index` starts on line `line`, however few rows are below
    /// it: blank lines below the last row rather than a row moved from its line. Only
    /// when too few lines are above it does it start higher.
    public func anchoring(_ index: Int, atLine line: Int) -> ScrollPosition {
        guard posts.indices.contains(index) else { return .start }
        var position = ScrollPosition(row: index, line: -line)
        while position.line < 0, position.row > 0 {
            position.row -= 1
            position.line += span(at: position.row)
        }
        return position.line < 0 ? .start : position
    }

    /// Where row `index` starts relative to the area's top, seen from `position`.
    public func top(of index: Int, from position: ScrollPosition) -> Int {
        top(of: index, from: position, limit: .max) ?? .max
    }

    /// The same, or nil when the row starts below line `limit`: the walk stops there, so a
    /// far row costs no more than a screen of layouts.
    public func top(of index: Int, from position: ScrollPosition, limit: Int) -> Int? {
        var top = -position.line
        if index >= position.row {
            for row in position.row..<index {
                top += span(at: row)
                if top > limit { return nil }
            }
        } else {
            for row in index..<position.row { top -= span(at: row) }
        }
        return top
    }

    /// The smallest scroll from `position` that shows row `index`: all of it when it fits,
    /// else its beginning.
    public func revealing(_ index: Int, from position: ScrollPosition) -> ScrollPosition {
        let rowHeight = layout(at: index).height
        if index < position.row || rowHeight > height { return min(ScrollPosition(row: index), lastPosition) }
        guard let top = top(of: index, from: position, limit: height) else {
            // Far below the screen: the row's end goes to the bottom line.
            return min(scrolled(ScrollPosition(row: index), by: rowHeight - height), lastPosition)
        }
        if top < 0 { return min(ScrollPosition(row: index), lastPosition) }
        if top + rowHeight > height { return scrolled(position, by: top + rowHeight - height) }
        return position
    }

    /// The row drawn on line `y` of the area, if any.
    public func row(atLine y: Int, from position: ScrollPosition) -> Int? {
        placements(from: position).first { y >= $0.top && y < $0.top + $0.layout.height }?.index
    }
}
