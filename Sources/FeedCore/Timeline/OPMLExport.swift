import FoundationEssentials

/// `shimmerfeed export opml`: the subscriptions as OPML 2.0, which newsboat (`-i`) and other
/// readers import: an `outline` of `type="rss"` for each feed, its title as `text` and
/// `title`, its address as `xmlUrl`. Its tags are folders (`tech/swift` a folder in a
/// folder), which newsboat and others read back as tags; a feed of two tags is in both
/// folders, and one with none is outside them all, after them.
public enum OPMLExport {
    public struct Feed: Sendable, Equatable {
        public var url: String
        public var title: String?
        public var tags: [String]

        public init(url: String, title: String?, tags: [String] = []) {
            self.url = url
            self.title = title
            self.tags = tags
        }
    }

    /// A folder and what is in it, in the order first met.
    private final class Folder {
        let name: String
        var folders: [Folder] = []
        var feeds: [Feed] = []

        init(name: String) { self.name = name }

        func folder(at path: some Collection<Substring>) -> Folder {
            guard let first = path.first else { return self }
            let child =
                folders.first { $0.name == first }
                ?? {
                    let made = Folder(name: String(first))
                    folders.append(made)
                    return made
                }()
            return child.folder(at: path.dropFirst())
        }

        func lines(indent: String) -> [String] {
            folders.flatMap { folder in
                let name = OPMLExport.escaped(folder.name)
                return [#"\#(indent)<outline text="\#(name)" title="\#(name)">"#]
                    + folder.lines(indent: indent + "  ") + ["\(indent)</outline>"]
            } + feeds.map { OPMLExport.line($0, indent: indent) }
        }
    }

    public static func document(_ feeds: [Feed], created: Date) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<opml version="2.0">"#,
            "  <head>",
            "    <title>shimmerfeed subscriptions</title>",
            "    <dateCreated>\(rfc822(created))</dateCreated>",
            "  </head>",
            "  <body>",
        ]
        let root = Folder(name: "")
        for feed in feeds {
            let tags = feed.tags.compactMap(SourceTags.normalised)
            if tags.isEmpty { root.feeds.append(feed) }
            for tag in tags { root.folder(at: tag.split(separator: "/")).feeds.append(feed) }
        }
        lines += root.lines(indent: "    ")
        lines += ["  </body>", "</opml>"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func line(_ feed: Feed, indent: String) -> String {
        let title = escaped(feed.title ?? feed.url)
        return #"\#(indent)<outline type="rss" text="\#(title)" title="\#(title)" xmlUrl="\#(escaped(feed.url))"/>"#
    }

    /// `Sat, 05 Dec 2026 04:10:00 GMT`, as OPML's `dateCreated` is written (RFC 822).
    static func rfc822(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let time = seconds - days * 86_400
        // Days to a civil date (Howard Hinnant's algorithm).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let weekday = weekdays[((days % 7) + 7) % 7]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekday), \(two(day)) \(months[month - 1]) \(year) \(two(time / 3600)):\(two(time / 60 % 60)):"
            + "\(two(time % 60)) GMT"
    }

    static func escaped(_ text: String) -> String {
        XMLText.escaped(text)
    }
}
