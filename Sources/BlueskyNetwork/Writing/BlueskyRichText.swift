/// The links, mentions and tags in text the reader writes, found where Bluesky's app finds
/// them, each with its UTF-8 byte range (a facet's `byteSlice`: its start inclusive, its
/// end exclusive): the text goes to the server as written, and the facets point into it.
///
/// As the app: each starts a word (the text's start, after a space, or after `(`); a
/// mention is `@` and a handle of two labels or more; a link has `http(s)://`, or is a
/// bare domain whose top label is a known one (a path may follow), and loses the trailing
/// punctuation a sentence puts after it; a tag is `#` and up to 64 characters that are not
/// all digits, without its trailing punctuation.
enum BlueskyRichText {
    /// A span of the text and what it is; a mention's handle is resolved to its account
    /// later, by the server (an unknown one stays plain text).
    struct Found: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            case mention(handle: String)
            case link(uri: String)
            case tag(String)
        }

        var byteStart: Int
        var byteEnd: Int
        var kind: Kind
    }

    static func find(in text: String) -> [Found] {
        let scalars = Array(text.unicodeScalars)
        // Each scalar's byte offset, and the text's length after the last.
        var offsets: [Int] = []
        offsets.reserveCapacity(scalars.count + 1)
        var offset = 0
        for scalar in scalars {
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        offsets.append(offset)
        var found: [Found] = []
        var index = 0
        while index < scalars.count {
            let startsWord = index == 0 || scalars[index - 1].properties.isWhitespace || scalars[index - 1] == "("
            var wordEnd = index
            while wordEnd < scalars.count, !scalars[wordEnd].properties.isWhitespace { wordEnd += 1 }
            let word = scalars[index..<wordEnd]
            if startsWord, let (length, kind) = mention(word) ?? link(word) ?? tag(word) {
                found.append(Found(byteStart: offsets[index], byteEnd: offsets[index + length], kind: kind))
                index += length
            } else {
                index += 1
            }
        }
        return found
    }

    // MARK: each kind, at the start of a word: its length in scalars and what it is

    private static func mention(_ word: ArraySlice<Unicode.Scalar>) -> (Int, Found.Kind)? {
        guard word.first == "@" else { return nil }
        let handle = hostName(at: word.dropFirst())
        let name = String(String.UnicodeScalarView(handle))
        guard isHandle(name) else { return nil }
        return (handle.count + 1, .mention(handle: name))
    }

    private static func link(_ word: ArraySlice<Unicode.Scalar>) -> (Int, Found.Kind)? {
        let text = String(String.UnicodeScalarView(word))
        let lower = text.lowercased()
        if let scheme = ["https://", "http://"].first(where: { lower.hasPrefix($0) }) {
            let length = trimmed(word)
            guard length > scheme.unicodeScalars.count else { return nil }
            return (length, .link(uri: String(String.UnicodeScalarView(word.prefix(length)))))
        }
        // A bare domain, then perhaps a path, a query or a fragment.
        let host = hostName(at: word)
        let labels = String(String.UnicodeScalarView(host)).split(separator: ".", omittingEmptySubsequences: false)
        guard let first = host.first, isAlphanumeric(first), labels.count >= 2,
            labels.allSatisfy({ !$0.isEmpty && $0.count <= 63 }), let top = labels.last,
            knownTopLabels.contains(top.lowercased())
        else { return nil }
        let rest = word.dropFirst(host.count)
        let length = rest.first.map { ["/", "?", "#"].contains($0) } == true ? trimmed(word) : host.count
        return (length, .link(uri: "https://" + String(String.UnicodeScalarView(word.prefix(length)))))
    }

    private static func tag(_ word: ArraySlice<Unicode.Scalar>) -> (Int, Found.Kind)? {
        guard let hash = word.first, hash == "#" || hash == "＃", word.dropFirst().first != "\u{FE0F}" else {
            return nil
        }
        var body = word.dropFirst()
        while let last = body.last, isPunctuation(last) { body = body.dropLast() }
        let name = String(String.UnicodeScalarView(body))
        guard !name.isEmpty, !body.allSatisfy({ $0.properties.numericType != nil }), name.count <= 64,
            name.utf8.count <= 640
        else { return nil }
        return (body.count + 1, .tag(name))
    }

    // MARK: pieces

    /// The letters, digits, dots and hyphens `scalars` start with, without the dots and
    /// hyphens that end a sentence: a handle's or a domain's name.
    private static func hostName(at scalars: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
        var name = scalars.prefix { $0.isASCII && (isAlphanumeric($0) || $0 == "." || $0 == "-") }
        while let last = name.last, last == "." || last == "-" { name = name.dropLast() }
        return name
    }

    /// The word's length without the punctuation a sentence puts after a link, and without
    /// a closing parenthesis that closes none the link opened.
    private static func trimmed(_ word: ArraySlice<Unicode.Scalar>) -> Int {
        var link = word
        while let last = link.last {
            if ".,;:!?\"'".unicodeScalars.contains(last) {
                link = link.dropLast()
            } else if last == ")", link.count(where: { $0 == "(" }) < link.count(where: { $0 == ")" }) {
                link = link.dropLast()
            } else {
                break
            }
        }
        return link.count
    }

    /// A handle's syntax: two labels or more of letters, digits and inner hyphens, each up
    /// to 63 characters, the last starting with a letter; 253 characters at most.
    static func isHandle(_ name: String) -> Bool {
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, name.utf8.count <= 253, let top = labels.last?.unicodeScalars.first,
            top.properties.isAlphabetic
        else { return false }
        return labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                && label.unicodeScalars.allSatisfy { $0.isASCII && (isAlphanumeric($0) || $0 == "-") }
        }
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            true
        default: false
        }
    }

    /// The top labels a bare domain is a link with: every two-letter one (the countries'),
    /// and the generic ones people write. The app checks against IANA's whole list; a rarer
    /// generic label written without `https://` stays text here.
    static let knownTopLabels = Set([
        "com", "org", "net", "edu", "gov", "mil", "int", "info", "biz", "name", "pro", "app", "dev", "blog", "social",
        "xyz", "online", "site", "tech", "news", "page", "club", "store", "shop", "cloud", "email", "space",
        "website", "world", "life", "live", "today", "art", "design", "one", "top", "mobi", "wiki", "games",
        "network", "systems", "software", "codes", "zone", "link", "works", "studio", "media", "love", "fun",
        "rocks", "science", "academy", "foundation", "community", "engineering", "photography",
    ]).union(twoLetterLabels)

    private static let twoLetterLabels: Set<String> = {
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        return Set(letters.flatMap { first in letters.map { first + $0 } })
    }()
}
