import FeedCore

/// The subscriptions file, `$XDG_CONFIG_HOME/shimmerfeed/feeds` (else
/// `~/.config/shimmerfeed/feeds`): one source per line, as on the command line, then an
/// optional title; `token=$NAME` names the environment variable that holds a bearer
/// token for it, and `account=@me@server.example` an account signed in with `shimmerfeed
/// login`; `stream=off` keeps a timeline from being live; `refresh=15m`, `keep=200`,
/// `images=none|cells|auto` and `mute=…` are the source's own; `tag=NAME` (as often as it
/// has tags; `tag="open source"`, `tag=tech/swift`) files it under a tag; `search "QUERY"
/// TITLE` is a saved search; `refresh 5m` sets the default refresh. Its words are the
/// configuration file's: quotes where a value has spaces, `#` comments.
public struct Subscriptions: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var source: String
        public var title: String?
        /// The environment variable holding the source's bearer token (never the token).
        public var tokenVariable: String?
        /// The signed-in account whose token the source is read with: `@me@host`.
        public var account: String?
        /// `stream=off`: a timeline asked at each refresh, never kept live.
        public var streams = true
        /// `refresh=15m`: its own refresh interval (never sooner than its server allows).
        public var refresh: Duration?
        /// `keep=200`: how many of its posts the store keeps.
        public var keep: Int?
        /// `images=none`: its rows draw no pictures.
        public var images: ImageChoice?
        /// `mute=…`: posts of this source alone to hide.
        public var mutes: [MuteRules.Rule] = []
        /// `tag=swift`: the tags it is filed under, in the order given.
        public var tags: [String] = []
        /// `search "QUERY"`: the line is a saved search, not a feed.
        public var isSearch = false
        /// `ttrss URL`: the line is a reader server's account, standing for its feeds; the
        /// network's name.
        public var network: String?

        public init(
            source: String, title: String? = nil, tokenVariable: String? = nil, account: String? = nil,
            streams: Bool = true
        ) {
            self.source = source
            self.title = title
            self.tokenVariable = tokenVariable
            self.account = account
            self.streams = streams
        }
    }

    public var entries: [Entry] = []
    public var refresh: Duration?

    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    public init(entries: [Entry] = [], refresh: Duration? = nil) {
        self.entries = entries
        self.refresh = refresh
    }

    /// Where the file is looked for; nil when neither variable says.
    public static func path(environment: [String: String]) -> String? {
        ConfigFolder.path("feeds", environment: environment)
    }

    /// The file's entries; a line it cannot read is an error that names it (`file` is the
    /// path, for the message).
    /// Whether a line's first word names a network (`ttrss URL`): a word of lowercase
    /// letters, which no address or file name of a feed is.
    static func namesNetwork(_ word: String) -> Bool {
        !word.isEmpty && word != "search" && word.allSatisfy { $0.isASCII && $0.isLowercase }
    }

    public static func parse(_ text: String, file: String) throws(ParseError) -> Subscriptions {
        var result = Subscriptions()
        // Any line end: "\r\n" is one Character, never equal to "\n".
        for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            func fail(_ why: String) -> ParseError { ParseError(description: "\(file), line \(number + 1): \(why)") }
            let words: [String]
            do {
                words = try ConfigWords.split(line)
            } catch {
                throw fail(error.description)
            }
            guard let first = words.first else { continue }
            if first == "refresh" {
                guard words.count == 2, let interval = RefreshInterval.parse(words[1]) else {
                    throw fail("refresh takes one interval such as 30s, 5m or 1h, from 5 s to a day")
                }
                result.refresh = interval
                continue
            }
            var entry = Entry(source: first)
            var rest = words.dropFirst()
            if first == "search" {
                guard let query = rest.popFirst(), !query.trimmingWhitespace().isEmpty else {
                    throw fail("search takes a query, quoted when it has spaces: search \"swift ncurses\" Swift")
                }
                entry = Entry(source: query)
                entry.isSearch = true
            } else if Self.namesNetwork(first), let address = rest.first, address.contains("://") {
                entry = Entry(source: address)
                entry.network = first
                rest = rest.dropFirst()
            }
            var title: [String] = []
            for word in rest {
                do {
                    if try !entry.read(setting: word) { title.append(word) }
                } catch {
                    throw fail(error.description)
                }
            }
            if entry.tokenVariable != nil, entry.account != nil {
                throw fail("a source is read with token= or with account=, not both")
            }
            entry.title = title.isEmpty ? nil : title.joined(separator: " ")
            result.entries.append(entry)
        }
        return result
    }
}

extension Subscriptions.Entry {
    /// The settings a source takes, for the message about one it does not.
    static let settingNames = Subscriptions.settings.map(\.name)

    /// Reads `word` when it is one of a source's settings (`name=value`); false for a word
    /// of the title. A word shaped as a setting (a lowercase name and `=`) is never a word of
    /// the title: an unknown one is an error, so that a misspelt setting is not taken quietly.
    mutating func read(setting word: String) throws(ConfigWords.ParseError) -> Bool {
        guard let equals = word.firstIndex(of: "="), !word[..<equals].isEmpty,
            word[..<equals].allSatisfy({ $0.isASCII && $0.isLowercase })
        else { return false }
        let value = String(word[word.index(after: equals)...])
        func fail(_ why: String) -> ConfigWords.ParseError { ConfigWords.ParseError(description: why) }
        switch word[..<equals] {
        case "token":
            guard value.hasPrefix("$"), value.count > 1,
                value.dropFirst().allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else {
                // A token written into the file would be read by anyone who can read it:
                // the file names a variable instead.
                throw fail("token= takes an environment variable, such as token=$SERVER_TOKEN")
            }
            tokenVariable = String(value.dropFirst())
        case "account":
            let parts = value.split(separator: "@", omittingEmptySubsequences: false)
            guard value.hasPrefix("@"), parts.count == 3, !parts[1].isEmpty, !parts[2].isEmpty else {
                throw fail(
                    "account= takes an account signed in with shimmerfeed login, such as account=@me@server.example")
            }
            account = value
        case "stream":
            switch value {
            case "on": streams = true
            case "off": streams = false
            default: throw fail("stream= takes on or off")
            }
        case "refresh":
            guard let interval = RefreshInterval.parse(value) else {
                throw fail("refresh= takes an interval such as 30s, 5m or 1h, from 5 s to a day")
            }
            refresh = interval
        case "keep":
            guard let count = Int(value), (1...100_000).contains(count) else {
                throw fail("keep= takes how many posts the store keeps, from 1 to 100000")
            }
            keep = count
        case "images":
            guard let choice = ImageChoice(rawValue: value), [.none, .cells, .auto].contains(choice) else {
                throw fail("images= takes none, cells or auto")
            }
            images = choice
        case "mute":
            // One word or phrase (`mute="super bowl"`), or `author NAME`, `source NAME`, `/regex/`:
            // the rest of the value is the one name.
            let kind = value.prefix { $0 != " " }
            let words =
                kind == "author" || kind == "source"
                ? [String(kind), value.dropFirst(kind.count).trimmingWhitespace()] : [value]
            mutes.append(try MuteRules.rule(words.filter { !$0.isEmpty }))
        case "tag":
            guard let tag = SourceTags.normalised(value) else {
                throw fail(
                    "tag= takes a name, quoted when it has spaces: tag=swift, tag=\"open source\", tag=tech/swift")
            }
            if !tags.contains(tag) { tags.append(tag) }
        default:
            let name = String(word[..<equals])
            let nearest =
                NearestName.nearest(to: name, among: Self.settingNames).map { " (did you mean \($0)=?)" } ?? ""
            throw fail(
                "\(name)= is not a setting of a source\(nearest); a source takes "
                    + Self.settingNames.map { $0 + "=" }.joined(separator: ", "))
        }
        return true
    }
}
