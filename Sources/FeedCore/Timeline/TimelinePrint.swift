import FoundationEssentials

/// `shimmerfeed print`: the timeline as lines a script reads, one post a line, its fields
/// apart by tabs (time, source, author, title, link); or with `--json`, one JSON object a
/// line (JSON Lines), for `jq`.
public enum TimelinePrint {
    /// A post and what the timeline knows of it.
    public struct Entry: Sendable {
        public var post: Post
        public var source: String
        public var unread: Bool

        public init(post: Post, source: String, unread: Bool) {
            self.post = post
            self.source = source
            self.unread = unread
        }
    }

    private static let time = Date.ISO8601FormatStyle(timeZone: .gmt)

    /// `2026-12-05T04:10:00Z\tSource\tAuthor\tTitle\thttps://…`: a post without a title is
    /// named by its text's first words; a field it lacks is empty.
    public static func line(_ entry: Entry) -> String {
        let post = entry.post
        let fields = [
            post.createdAt.map(time.format) ?? "", entry.source, post.author.name, headline(of: post), post.url ?? "",
        ]
        // Sanitized text has no tabs or line ends; a tab here would shift a script's columns.
        return fields.map { $0.replacing("\t", with: " ") }.joined(separator: "\t")
    }

    /// One post as a paragraph of labelled fields, for reading aloud: each field on a line of
    /// its own ("Author: Ada Park (@ada)"), the text's lines under its label indented,
    /// without blank lines, so that a blank line ends the post.
    public static func paragraph(_ entry: Entry) -> String {
        let post = entry.post
        let author = post.author.shownHandle.map { "\(post.author.name) (\($0))" } ?? post.author.name
        var fields: [(String, String?)] = [
            ("Source", entry.source), ("Author", author), ("Time", post.createdAt.map(spokenTime)),
            ("Title", post.title), ("Text", post.content),
        ]
        if let boostedBy = post.boostedBy { fields.append(("Boosted by", boostedBy)) }
        if let replyTo = post.replyTo { fields.append(("In reply to", "@" + replyTo)) }
        for attachment in post.attachments {
            fields.append(("Attachment", AttachmentText.line(attachment, inWords: true)))
        }
        if let likes = post.likes { fields.append(("Likes", CountFormat.grouped(likes))) }
        if entry.unread { fields.append(("Unread", "yes")) }
        fields.append(("Link", post.url))
        fields += post.links.map { ("Links", $0.text.isEmpty ? $0.url : "\($0.text): \($0.url)") }
        var lines: [String] = []
        for case (let label, let value?) in fields where !value.isEmpty {
            let valueLines = value.split(separator: "\n").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
            guard let first = valueLines.first else { continue }
            lines.append("\(label): \(first)")
            lines += valueLines.dropFirst().map { "  " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "2026-11-29 21:00 UTC": a time that reads aloud as it is written.
    static func spokenTime(_ date: Date) -> String {
        let text = time.format(date)
        return text.prefix(10) + " " + text.dropFirst(11).prefix(5) + " UTC"
    }

    /// The title, else the first line of the text, at most 100 characters.
    static func headline(of post: Post) -> String {
        if let title = post.title, !title.isEmpty { return title }
        let first = post.content.prefix { $0 != "\n" }
        return first.count > 100 ? String(first.prefix(99)) + "…" : String(first)
    }

    /// The fields of a JSON line: every one in every line, `null` where a post has none,
    /// so that a script may index any of them.
    struct JSONLine: Encodable {
        var id: String
        var time: String?
        var source: String
        var author: String
        var handle: String?
        var title: String?
        var text: String
        var link: String?
        var unread: Bool
        var likes: Int?
        var links: [String]
        /// The post's network by its name in the registry, or null for a web feed's post.
        var network: String?

        enum CodingKeys: String, CodingKey {
            case id, time, source, author, handle, title, text, link, unread, likes, links, network
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(time, forKey: .time)
            try container.encode(source, forKey: .source)
            try container.encode(author, forKey: .author)
            try container.encode(handle, forKey: .handle)
            try container.encode(title, forKey: .title)
            try container.encode(text, forKey: .text)
            try container.encode(link, forKey: .link)
            try container.encode(unread, forKey: .unread)
            try container.encode(likes, forKey: .likes)
            try container.encode(links, forKey: .links)
            try container.encode(network, forKey: .network)
        }
    }

    /// One JSON object, without line ends inside it.
    public static func json(_ entry: Entry) -> String {
        let post = entry.post
        let line = JSONLine(
            id: post.source.map { post.id.untagged(by: $0.index) } ?? post.id.description,
            time: post.createdAt.map(time.format), source: entry.source,
            author: post.author.name, handle: post.author.handle, title: post.title, text: post.content,
            link: post.url, unread: entry.unread, likes: post.likes, links: post.links.map(\.url),
            network: post.network?.rawValue)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings and numbers cannot fail.
        return (try? encoder.encode(line)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
