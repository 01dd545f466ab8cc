import FoundationEssentials

/// What one row shows, ready for layout: the strings of a real post, or the lengths of a
/// placeholder. Both go through the same `RowLayout.make`, so a skeleton has the exact
/// geometry of the row it stands for.
public struct RowContent: Hashable, Sendable {
    public enum Body: Hashable, Sendable {
        /// Real text, wrapped to the width.
        case text(String)
        /// A first-load placeholder of this many full lines, the last one shorter.
        case placeholderLines(Int)
    }

    public var initials: String
    public var avatarColor: Int
    public var name: String
    /// The handle and the relative time: "@ada · 3h".
    public var meta: String
    /// Where in `meta` the handle and the time are, in cells, to colour them apart.
    public var metaAccents: [RowLayout.Accent] = []
    public var title: String?
    public var body: Body
    /// What follows the body: attachments' lines and pictures, and a poll, each line
    /// wrapped on its own (a collapsed row shows one line of each).
    public var extras: [Extra]
    /// The author's picture, drawn in the avatar's cells once it has arrived.
    public var avatarPicture: String?

    public enum Extra: Hashable, Sendable {
        case line(String)
        case picture(RowPicture)
    }
    /// "↩ 3", "↻ 5", "♥ 128", the bookmark: flush right in the header.
    public var counts: [RowCount]
    /// Whether the row carries the unread mark: the post is unread, and read marks are
    /// kept (with the store).
    public var unread: Bool
    /// A muted post shown: every part of the row in the hint's colour.
    public var dimmed = false
    /// The words of the text drawn as links: an expanded post's links and their numbers.
    public var linkMarks: [String] = []
    /// Its pictures drawn in cells whatever the terminal draws (`images=cells`).
    public var picturesInCells = false
    /// Glyphs written as words, for a screen reader (`--accessible`): "128 likes", "unread".
    public var inWords = false

    public init(
        initials: String, avatarColor: Int, name: String, meta: String, title: String?,
        body: Body, extras: [Extra] = [], counts: [RowCount], unread: Bool = false, avatarPicture: String? = nil
    ) {
        self.initials = initials
        self.avatarColor = avatarColor
        self.name = name
        self.meta = meta
        self.title = title
        self.body = body
        self.extras = extras
        self.avatarPicture = avatarPicture
        self.counts = counts
        self.unread = unread
    }

    /// The unread mark, beside the avatar: a glyph, so that it shows without colour too.
    public static let unreadMark = "●"

    public static let heart = "♥"

    public static let boostMark = "↻"
    public static let replyMark = "↩"
    /// Before the count of posts that quote this one, where the network counts them.
    public static let quoteMark = "❝"
    /// In place of the time of a post the reader is sending.
    public static let sending = "sending…"
    /// Before the handle a reply answers: "↳ @ada".
    public static let replyTo = "↳"
    /// A status the reader bookmarked on its server.
    public static let bookmarkMark = "⚑"
    /// What a post with a content warning shows until it is expanded.
    public static let hiddenContent = "Content hidden · Enter shows it"

    /// The row of a post; a post the reader liked here counts one more like, and the marks
    /// wanted on the server count as the server will once it agrees. `expanded` shows a
    /// post's hidden content, each attachment and the poll's options; collapsed, they are
    /// summed up in a line each.
    /// With `pictures`, each picture the post has is drawn below its text (the first, as
    /// a strip, in a collapsed post), with its line of alt text under it. `words` are the
    /// post's network's; with `namesNetwork`, the row says its name (a timeline that mixes
    /// networks).
    public init(
        post: Post, now: Date, marks: RowMarks = RowMarks(), expanded: Bool = false, unread: Bool = false,
        pictures: Bool = false, inWords: Bool = false, words: NetworkWords = .feed, namesNetwork: Bool = false
    ) {
        let time = marks.sending ? RowContent.sending : post.createdAt.map { RelativeTime.describe($0, now: now) }
        let handle = post.author.shownHandle
        let network = namesNetwork ? words.name : nil
        let boosted = words.boostedBy
        let boost = post.boostedBy.map { inWords ? "\(boosted) \($0)" : "\(RowContent.boostMark) \(boosted) \($0)" }
        let reply = post.replyTo.map { inWords ? "in reply to @\($0)" : "\(RowContent.replyTo) @\($0)" }
        // A post by its feed (no author of its own) is named by the feed once, not twice.
        let source = post.source?.name.flatMap { $0 == post.author.name ? nil : $0 }
        let counts = Self.counts(of: post, marks: marks, inWords: inWords)
        // A filter of the reader's on their server that warns: collapsed behind its name.
        let filtered = post.serverFilter.flatMap { $0.hides ? nil : $0.title }
        let hidden = (post.hidesContent || filtered != nil) && !expanded
        // Expanded, each link carries its number, for `L` and the number keys.
        let numbered =
            expanded ? LinkNumbering.numbered(post.content, links: post.links) : (text: post.content, marked: [])
        var extras: [Extra] = []
        if expanded {
            for attachment in post.attachments {
                if pictures, let picture = RowPicture(attachment) { extras.append(.picture(picture)) }
                extras.append(.line(AttachmentText.line(attachment, inWords: inWords)))
            }
            extras += (post.poll.map { PollText.lines($0, now: now, choosing: marks.choosing) } ?? []).map(Extra.line)
        } else {
            // What a content warning hides may be the picture itself.
            if pictures, !hidden, let first = post.attachments.lazy.compactMap(RowPicture.init).first {
                extras.append(.picture(first))
            }
            extras += [AttachmentText.summary(post.attachments, hidesText: hidden, inWords: inWords)].compactMap { $0 }
                .map(Extra.line)
            extras += [post.poll.map { PollText.summary($0, now: now, inWords: inWords) }].compactMap { $0 }.map(
                Extra.line)
        }
        // In words, unread is said first, where the glyph would be seen first; a muted post
        // shown says so, where the others dim it.
        let unreadWord = inWords && unread ? "unread" : nil
        let mutedWord = inWords && marks.muted ? "muted" : nil
        let parts: [(String?, RowLayout.Accent.Kind?)] = [
            (mutedWord, nil), (unreadWord, .unread), (handle, .handle), (time, .time), (reply, nil), (boost, nil),
            (source, nil), (network, nil),
        ]
        self.init(
            initials: Avatar.initials(of: post.author.name),
            avatarColor: Avatar.colorIndex(of: post.author.name),
            name: post.author.name,
            meta: parts.compactMap(\.0).joined(separator: " · "),
            title: post.title,
            body: .text(
                hidden
                    ? filtered.map { "Filtered: \($0) · Enter shows it" } ?? RowContent.hiddenContent
                    : numbered.text),
            extras: extras,
            counts: counts, unread: unread && !inWords,
            avatarPicture: pictures ? post.author.avatarURL.flatMap { WebAddress.isWeb($0) ? $0 : nil } : nil)
        dimmed = marks.muted
        self.inWords = inWords
        linkMarks = hidden ? [] : numbered.marked
        var column = 0
        for case (let text?, let kind) in parts {
            let width = CellWidth.of(text)
            if let kind { metaAccents.append(RowLayout.Accent(column: column, width: width, kind: kind)) }
            column += width + CellWidth.of(" · ")
        }
    }

    /// The placeholder for row `index` of a first load: lengths vary from row to row, but
    /// the same index always gives the same shape, so frames do not flicker.
    public static func placeholder(index: Int, unread: Bool = false) -> RowContent {
        var random = SplitMix64(seed: UInt64(truncatingIfNeeded: index) &+ 0x5EED)
        let nameLength = 7 + random.next(below: 10)
        let metaLength = 8 + random.next(below: 6)
        let hasTitle = random.next(below: 3) != 0
        let titleLength = 18 + random.next(below: 24)
        let lines = 1 + random.next(below: RowGeometry.maxContentLines)
        return RowContent(
            initials: "", avatarColor: 0,
            name: String(repeating: "x", count: nameLength),
            meta: String(repeating: "x", count: metaLength),
            title: hasTitle ? String(repeating: "x", count: titleLength) : nil,
            body: .placeholderLines(lines),
            counts: [RowCount("x xxx")], unread: unread)
    }

    /// The header's counts: replies, boosts, likes, quotes, and the bookmark, the reader's own in
    /// the accent colour. A mark wanted and not yet confirmed counts as it will.
    static func counts(of post: Post, marks: RowMarks, inWords: Bool = false) -> [RowCount] {
        func change(_ mark: StatusMarks) -> Int {
            (marks.own.contains(mark) ? 1 : 0) - (post.marks.contains(mark) ? 1 : 0)
        }
        /// "♥ 128", or in words "128 likes", "liked, 128 likes", and "sending" while its
        /// action is on its way, which the glyphs say by pulsing: never a colour alone.
        func count(
            _ glyph: String, _ number: Int, _ one: String, _ many: String, own: String? = nil, pending: Bool = false
        ) -> String {
            guard inWords else { return "\(glyph) \(CountFormat.compact(number))" }
            let words = "\(CountFormat.compact(number)) \(number == 1 ? one : many)"
            return (own.map { "\($0), \(words)" } ?? words) + (pending ? ", sending" : "")
        }
        var counts: [RowCount] = []
        if let replies = post.replies, replies > 0 {
            counts.append(RowCount(count(RowContent.replyMark, replies, "reply", "replies")))
        }
        let boosts = max(0, (post.boosts ?? 0) + change(.boosted))
        let boosted = marks.own.contains(.boosted)
        let boostPending = marks.pending.contains(.boosted)
        if boosts > 0 || boostPending {
            let text = count(
                RowContent.boostMark, boosts, "boost", "boosts", own: boosted ? "boosted" : nil, pending: boostPending)
            counts.append(RowCount(text, own: boosted, pending: boostPending, isBoosts: true))
        }
        let liked = marks.liked || marks.own.contains(.favourited)
        if post.likes != nil || liked {
            let likes = max(0, (post.likes ?? 0) + (marks.liked ? 1 : 0) + change(.favourited))
            let likePending = marks.pending.contains(.favourited)
            let text = count(
                RowContent.heart, likes, "like", "likes", own: liked ? "liked" : nil, pending: likePending)
            counts.append(RowCount(text, own: liked, pending: likePending))
        }
        // Last of the counts: where the header is short of room, the one cut off.
        if let quotes = post.quotes, quotes > 0 {
            counts.append(RowCount(count(RowContent.quoteMark, quotes, "quote", "quotes")))
        }
        if marks.own.contains(.bookmarked) || marks.pending.contains(.bookmarked) {
            counts.append(
                RowCount(
                    inWords ? "bookmarked" : RowContent.bookmarkMark, own: marks.own.contains(.bookmarked),
                    pending: marks.pending.contains(.bookmarked)))
        }
        return counts
    }
}

/// A small deterministic generator for placeholder shapes (not for anything secret).
struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
