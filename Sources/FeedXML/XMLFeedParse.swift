import FeedCore
import FoundationEssentials

/// The walk through an XML feed: which kind it is, the feed's own fields, and each item's.
struct XMLFeedParse {
    enum Kind { case rss, rdf, atom }

    /// The attributes the mapping reads, by local name: asked for only there, not of every
    /// element of a long feed.
    static let attributesKept: [String: [String]] = [
        "link": ["href", "rel", "type", "title"], "title": ["type", "mode"],
        "content": ["type", "mode", "src", "medium", "url", "width", "height", "isDefault"],
        "summary": ["type", "mode"],
        "guid": ["isPermaLink"], "enclosure": ["type", "url"], "description": ["type"], "thumbnail": ["url"],
        "image": ["href"],
    ]
    /// XHTML elements that end a line of their text.
    static let xhtmlBlocks: Set<String> = [
        "p", "div", "br", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "tr", "ul", "ol",
    ]

    /// The document's own URL (after redirects), the base of its relative links.
    let documentURL: String?
    var kind: Kind?
    var feedTitle: String?
    var feedAuthor: String?
    /// The feed's page (RSS channel `link`, Atom's alternate link): the base of last resort.
    var feedLink: String?
    /// The feed's pictures, best for an avatar first: `itunes:image`, RSS `image/url`,
    /// Atom `icon`, Atom `logo`.
    private var feedPictures: [Int: String] = [:]
    var nextPage: String?
    /// How often the feed says to ask it: RSS `ttl` (minutes), and the syndication module's
    /// `updatePeriod` and `updateFrequency`.
    var ttlMinutes: Int?
    var updatePeriod: String?
    var updateFrequency: Int?
    var items: [XMLFeedItem] = []
    /// The reader stopped on an error before the document's end.
    var unreadable = false
    /// Why, and where: "line 3: huge text node".
    var stopReason: String?

    var feedIcon: String? { feedPictures.min { $0.key < $1.key }?.value }

    init(documentURL: String?) {
        self.documentURL = documentURL
    }

    /// An open element: its name, the attributes kept, its text so far (its children's
    /// included, for XHTML content), and the `xml:base` in force, resolved.
    private struct Open {
        var name: XMLName
        var attributes: [String: String] = [:]
        var text = ""
        var base: String?
    }

    private var stack: [Open] = []
    private var item: XMLFeedItem?
    /// The vocabulary of elements with no namespace: RSS's, or Atom's in an Atom feed
    /// that declares none; nil in an Atom feed that declares its namespace.
    private var unnamespaced: XMLVocabulary? = .rss

    mutating func read(_ reader: XMLReader) throws(Failure) {
        while let node = reader.next() {
            switch node {
            case .start(let local, let namespace, let empty):
                if reader.depth > XMLFeedDecoder.maximumDepth {
                    throw Failure.tooDeep(depth: reader.depth, limit: XMLFeedDecoder.maximumDepth)
                }
                if kind == nil, stack.isEmpty {
                    guard recognise(root: local, namespace: namespace) else { return }
                }
                let vocabulary = XMLVocabulary.of(namespace: namespace, unnamespaced: unnamespaced)
                var open = Open(name: XMLName(vocabulary: vocabulary, local: local), base: stack.last?.base)
                if vocabulary != nil {
                    for name in Self.attributesKept[local] ?? [] {
                        if let value = reader.attribute(name) { open.attributes[name] = value }
                    }
                }
                if reader.hasAttributes, let base = reader.attribute("xml:base") {
                    open.base = XMLLinks.absolute(base, base: open.base ?? documentURL ?? feedLink)
                }
                if XMLFeedItem.isItem(open.name) { item = XMLFeedItem() }
                stack.append(open)
                if empty { close() }
            case .end:
                close()
            case .text(let text):
                if !stack.isEmpty { stack[stack.count - 1].text += text }
            case .other:
                break
            }
        }
        unreadable = reader.failed
        if unreadable {
            // A document cut off mid-element is what libxml2 reports as extra content or a
            // premature end: say it in the words of what is missing.
            let atEnd = reader.lastError.map { $0.contains("Extra content at the end") || $0.contains("Premature end") }
            if let innermost = stack.last?.name.local, atEnd != false {
                stopReason = "the document ends inside <\(innermost)>"
            } else {
                stopReason = reader.lastError
            }
        }
        while !stack.isEmpty { close() }  // a feed cut short: what was read stands
    }

    /// The root element tells the kind: `rss`, RDF's `RDF`, Atom's `feed`. False for
    /// any other document.
    private mutating func recognise(root local: String, namespace: String?) -> Bool {
        switch (local, XMLVocabulary.of(namespace: namespace, unnamespaced: .rss)) {
        case ("rss", .rss?): kind = .rss
        case ("RDF", .rdf?): kind = .rdf
        case ("feed", .atom?), ("feed", .atom03?):
            kind = .atom
            unnamespaced = nil
        case ("feed", .rss?) where namespace?.isEmpty ?? true:
            kind = .atom
            unnamespaced = .atom
        default: return false
        }
        return true
    }

    /// Whether an element's text belongs to it alone: the feed's and items' containers
    /// keep none of their children's, so a long feed's text is not gathered twice.
    private static func isContainer(_ name: XMLName) -> Bool {
        XMLFeedItem.isItem(name) || name.is(.rss, "channel") || name.is(.rss, "rss") || name.isAtom("feed")
            || name.is(.rdf, "RDF")
    }

    private mutating func close() {
        guard var element = stack.popLast() else { return }
        if element.name.vocabulary == .xhtml, Self.xhtmlBlocks.contains(element.name.local) { element.text += "\n" }
        // XHTML content is elements inside the content: their text is the content's.
        if let parent = stack.indices.last, !Self.isContainer(stack[parent].name) {
            stack[parent].text += element.text
        }
        let parent = stack.last?.name
        let grandparent = stack.dropLast().last?.name
        if XMLFeedItem.isItem(element.name) {
            if let item { items.append(item) }
            item = nil
            return
        }
        let base = element.base ?? documentURL ?? feedLink
        if item != nil {
            item?.read(
                element.name, parent: parent, text: element.text, attributes: element.attributes, base: base)
            return
        }
        takeFeedField(element, parent: parent, grandparent: grandparent, base: base)
    }

    /// The feed's own fields: its title, author, page, pictures and next page.
    private mutating func takeFeedField(_ element: Open, parent: XMLName?, grandparent: XMLName?, base: String?) {
        let name = element.name
        let value = element.text.trimmingWhitespace()
        let onFeed = parent.map { $0.is(.rss, "channel") || $0.isAtom("feed") } ?? false
        switch (name.vocabulary, name.local) {
        case (.rss?, "title") where onFeed:
            if feedTitle == nil { feedTitle = value }
        case (let vocabulary?, "title") where vocabulary.isAtom && onFeed:
            if feedTitle == nil,
                let title = AtomText.read(value, vocabulary: vocabulary, attributes: element.attributes)
            {
                feedTitle = title.isHTML ? HTMLText.plainText(title.text) : title.text.trimmingWhitespace()
            }
        case (let vocabulary?, "name") where vocabulary.isAtom:
            if parent?.isAtom("author") == true, grandparent?.isAtom("feed") == true { feedAuthor = value }
        case (.dublinCore?, "creator") where onFeed:
            feedAuthor = feedAuthor ?? value
        case (.rss?, "link") where onFeed:
            if !value.isEmpty { feedLink = feedLink ?? XMLLinks.absolute(value, base: element.base ?? documentURL) }
        case (let vocabulary?, "link") where vocabulary.isAtom && onFeed:
            guard let href = element.attributes["href"] else { break }
            switch element.attributes["rel"] ?? "alternate" {
            case "next": nextPage = XMLLinks.absolute(href, base: base)
            case "alternate": feedLink = feedLink ?? XMLLinks.absolute(href, base: element.base ?? documentURL)
            default: break
            }
        case (.rss?, "ttl") where onFeed:
            ttlMinutes = Int(value).flatMap { $0 > 0 ? $0 : nil }
        case (.syndication?, "updatePeriod"):
            updatePeriod = value.lowercased()
        case (.syndication?, "updateFrequency"):
            updateFrequency = Int(value).flatMap { $0 > 0 ? $0 : nil }
        case (.iTunes?, "image") where onFeed:
            if let href = element.attributes["href"] { feedPictures[0] = XMLLinks.absolute(href, base: base) }
        case (.rss?, "url") where parent?.is(.rss, "image") == true:
            if !value.isEmpty { feedPictures[1] = XMLLinks.absolute(value, base: base) }
        case (let vocabulary?, "icon") where vocabulary.isAtom && onFeed:
            if !value.isEmpty { feedPictures[2] = XMLLinks.absolute(value, base: base) }
        case (let vocabulary?, "logo") where vocabulary.isAtom && onFeed:
            if !value.isEmpty { feedPictures[3] = XMLLinks.absolute(value, base: base) }
        default:
            break
        }
    }

    /// The least time between two requests the feed asks for: its `ttl`, or its syndication
    /// period divided by its frequency (`hourly` twice is 30 minutes); the longer of the two.
    var refreshFloor: Duration? {
        let ttl = ttlMinutes.map { Duration.seconds($0 * 60) }
        let periods: [String: Int] = [
            "hourly": 3600, "daily": 86_400, "weekly": 604_800, "monthly": 2_592_000, "yearly": 31_536_000,
        ]
        let period = (updatePeriod ?? (updateFrequency != nil ? "daily" : nil)).flatMap { periods[$0] }
        let syndication = period.map { Duration.seconds($0 / (updateFrequency ?? 1)) }
        return [ttl, syndication].compactMap { $0 }.max()
    }
}
