/// What the reader never wants to see: the configuration's `mute` lines, and each source's
/// `mute=`. A muted post is hidden everywhere (the timeline, a search, the unread count)
/// and counted; `M` shows the muted posts, dimmed, until it is pressed again.
public struct MuteRules: Sendable, Equatable {
    /// One `mute` line.
    public enum Rule: Sendable, Hashable {
        /// Every word, whole, in the title, text, author or source ("crypto", "super bowl"),
        /// case and accents aside.
        case words([String])
        /// An author by handle (`@ada`, `@ada@social.example`) or by name.
        case author(String)
        /// A source by the name it was given, or its address.
        case source(String)
        /// A regular expression over the title, text, author and source, case aside.
        case pattern(MutePattern)
    }

    /// The rules for every source.
    public var everywhere: [Rule] = []
    /// Rules for one source only (its `mute=`), by the source's index.
    public var bySource: [Int: [Rule]] = [:]

    public init(everywhere: [Rule] = [], bySource: [Int: [Rule]] = [:]) {
        self.everywhere = everywhere
        self.bySource = bySource
    }

    public var isEmpty: Bool { everywhere.isEmpty && bySource.values.allSatisfy(\.isEmpty) }

    /// Reads the words after `mute`.
    public static func rule(_ words: [String]) throws(ConfigWords.ParseError) -> Rule {
        guard let first = words.first else {
            throw ConfigWords.ParseError(
                description: "mute takes words, author @handle, source NAME or /regex/: mute crypto")
        }
        switch first {
        case "author":
            guard words.count == 2 else {
                throw ConfigWords.ParseError(
                    description: "mute author takes one handle or a quoted name: mute author @ada")
            }
            return .author(words[1])
        case "source":
            guard words.count >= 2 else {
                throw ConfigWords.ParseError(description: "mute source takes a source's name")
            }
            return .source(words.dropFirst().joined(separator: " "))
        default:
            if words.count == 1, first.count > 2, first.hasPrefix("/"), first.hasSuffix("/") {
                return .pattern(try MutePattern(String(first.dropFirst().dropLast())))
            }
            return .words(words.map(PostSearch.folded))
        }
    }

    /// Whether `post`, which came through `source`, is hidden: by a filter of the reader's on
    /// their server that hides it, or by one of these rules. The timeline and the commands
    /// for scripts ask it alike.
    public func hides(_ post: Post, from source: SourceStatus?) -> Bool {
        if post.serverFilter?.hides == true { return true }
        guard !isEmpty else { return false }
        return mutes(post, sourceNames: source.map { [$0.name, $0.label] } ?? [])
    }

    /// Whether `post`, which came through a source named `sourceNames` (its name, its
    /// address), is muted by one of these rules.
    public func mutes(_ post: Post, sourceNames: [String]) -> Bool {
        let rules = everywhere + (bySource[post.source?.index ?? 0] ?? [])
        guard !rules.isEmpty else { return false }
        let fields = [post.title ?? "", post.content, post.author.name, post.author.handle ?? ""] + sourceNames
        var folded: [String]?
        return rules.contains { rule in
            switch rule {
            case .words(let words):
                let haystack = folded ?? fields.map(PostSearch.folded)
                folded = haystack
                return words.allSatisfy { word in haystack.contains { Self.holds($0, word: word) } }
            case .author(let who):
                return Self.isAuthor(post.author, who)
            case .source(let name):
                return sourceNames.contains { PostSearch.folded($0) == PostSearch.folded(name) }
            case .pattern(let pattern):
                return fields.contains { pattern.matches($0) }
            }
        }
    }

    /// Whether `text` holds `word` whole: not inside a longer word ("art" is not in "party").
    static func holds(_ text: String, word: String) -> Bool {
        guard !word.isEmpty else { return false }
        var searchStart = text.startIndex
        while let found = text[searchStart...].firstRange(of: word) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            let isWordCharacter = { (character: Character?) in
                character?.isLetter == true || character?.isNumber == true
            }
            if !isWordCharacter(before), !isWordCharacter(after) { return true }
            searchStart = text.index(after: found.lowerBound)
        }
        return false
    }

    /// `@ada` is ada on any server unless it names one; a name without `@` is the
    /// author's name. Case aside.
    static func isAuthor(_ author: Author, _ who: String) -> Bool {
        guard who.hasPrefix("@") else { return PostSearch.folded(author.name) == PostSearch.folded(who) }
        let wanted = who.dropFirst().lowercased()
        guard let handle = author.handle?.lowercased().drop(while: { $0 == "@" }) else { return false }
        if wanted.contains("@") { return handle == wanted }
        return handle == wanted || handle.hasPrefix(wanted + "@")
    }
}

/// A `mute /regex/` line's expression, compiled once, matched case aside. Regex is the
/// standard library's; `@unchecked` because the compiled value is never changed.
public struct MutePattern: @unchecked Sendable, Hashable {
    public let source: String
    private let regex: Regex<AnyRegexOutput>

    public init(_ source: String) throws(ConfigWords.ParseError) {
        do {
            regex = try Regex(source).ignoresCase()
        } catch {
            throw ConfigWords.ParseError(description: "/\(source)/ is not a regular expression: \(error)")
        }
        self.source = source
    }

    func matches(_ text: String) -> Bool {
        (try? regex.firstMatch(in: text)) != nil
    }

    public static func == (a: MutePattern, b: MutePattern) -> Bool { a.source == b.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}
