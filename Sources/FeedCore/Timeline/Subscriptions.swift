/// The subscriptions file, `$XDG_CONFIG_HOME/shimmerfeed/feeds` (else
/// `~/.config/shimmerfeed/feeds`): one source per line, as on the command line, then an
/// optional title; `token=$NAME` names the environment variable that holds a bearer
/// token for it, and `account=@me@mastodon.example` an account signed in with `shimmerfeed
/// login`; `stream=off` keeps a Mastodon timeline from streaming; `refresh 5m` sets the
/// default refresh; `#` starts a comment.
public struct Subscriptions: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var source: String
        public var title: String?
        /// The environment variable holding the source's bearer token (never the token).
        public var tokenVariable: String?
        /// The signed-in account whose token the source is read with: `@me@host`.
        public var account: String?
        /// `stream=off`: a Mastodon timeline asked at each refresh, never streamed.
        public var streams = true

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
        configPath("feeds", environment: environment)
    }

    /// The file `name` in the reader's configuration folder: `$XDG_CONFIG_HOME/shimmerfeed`,
    /// else `~/.config/shimmerfeed`; nil when neither variable says.
    public static func configPath(_ name: String, environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return config + "/shimmerfeed/" + name
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/shimmerfeed/" + name
    }

    /// The file's entries; a line it cannot read is an error that names it (`file` is the
    /// path, for the message).
    public static func parse(_ text: String, file: String) throws(ParseError) -> Subscriptions {
        var result = Subscriptions()
        // Any line end: "\r\n" is one Character, never equal to "\n".
        for (number, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
        {
            let line = rawLine.prefix { $0 != "#" }
            let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let first = words.first else { continue }
            func fail(_ why: String) -> ParseError { ParseError(description: "\(file), line \(number + 1): \(why)") }
            if first == "refresh" {
                guard words.count == 2, let interval = RefreshInterval.parse(words[1]) else {
                    throw fail("refresh takes one interval such as 30s, 5m or 1h, from 5 s to a day")
                }
                result.refresh = interval
                continue
            }
            var entry = Entry(source: first)
            var title: [String] = []
            for word in words.dropFirst() {
                if word.hasPrefix("token=") {
                    let name = word.dropFirst("token=".count)
                    guard name.hasPrefix("$"), name.count > 1,
                        name.dropFirst().allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
                    else {
                        // A token written into the file would be read by anyone who can
                        // read it: the file names a variable instead.
                        throw fail("token= takes an environment variable, such as token=$MASTODON_TOKEN")
                    }
                    entry.tokenVariable = String(name.dropFirst())
                } else if word.hasPrefix("account=") {
                    let handle = word.dropFirst("account=".count)
                    let parts = handle.split(separator: "@", omittingEmptySubsequences: false)
                    guard handle.hasPrefix("@"), parts.count == 3, !parts[1].isEmpty, !parts[2].isEmpty else {
                        throw fail(
                            "account= takes an account signed in with shimmerfeed login, such as account=@me@mastodon.social"
                        )
                    }
                    entry.account = String(handle)
                } else if word.hasPrefix("stream=") {
                    switch word.dropFirst("stream=".count) {
                    case "on": entry.streams = true
                    case "off": entry.streams = false
                    default: throw fail("stream= takes on or off")
                    }
                } else {
                    title.append(word)
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
