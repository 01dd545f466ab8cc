import FeedCore
import FoundationEssentials

/// The walk through an XML feed: which kind it is, the feed's own fields, and each item's.
struct XMLFeedParse {
    enum Kind { case rss, rdf, atom }

    static let atom = "http://www.w3.org/2005/Atom"
    static let atom03 = "http://purl.org/atom/ns#"
    static let content = "http://purl.org/rss/1.0/modules/content/"
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let iTunes = "http://www.itunes.com/dtds/podcast-1.0.dtd"
    static let media = "http://search.yahoo.com/mrss/"
    static let containers: Set<String> = ["rss", "RDF", "channel", "feed", "item", "entry"]
    /// The attributes the mapping reads, by element: asked for only there, not of every
    /// element of a long feed.
    static let attributesKept: [String: [String]] = [
        "link": ["href", "rel", "type", "title"], "title": ["type"], "content": ["type", "medium", "url"],
        "summary": ["type"], "guid": ["isPermaLink"], "enclosure": ["type", "url"], "description": ["type"],
    ]

    var kind: Kind?
    var feedTitle: String?
    var feedAuthor: String?
    var nextPage: String?
    var items: [XMLFeedItem] = []
    /// The reader stopped on an error before the document's end.
    var unreadable = false
    /// Why, and where: "line 3: huge text node".
    var stopReason: String?

    /// An open element: its name, the attributes kept, and its text so far (its children's
    /// included, for XHTML content).
    private struct Open {
        var local: String
        var namespace: String?
        var attributes: [String: String] = [:]
        var text = ""
    }

    private var stack: [Open] = []
    private var item: XMLFeedItem?

    mutating func read(_ reader: XMLReader) throws(Failure) {
        while let node = reader.next() {
            switch node {
            case .start(let local, let namespace, let empty):
                if reader.depth > XMLFeedDecoder.maximumDepth {
                    throw Failure.tooDeep(depth: reader.depth, limit: XMLFeedDecoder.maximumDepth)
                }
                if kind == nil, stack.isEmpty {
                    switch local {
                    case "rss": kind = .rss
                    case "RDF": kind = .rdf
                    case "feed": kind = .atom
                    default: return
                    }
                }
                var open = Open(local: local, namespace: namespace)
                for name in Self.attributesKept[local] ?? [] {
                    if let value = reader.attribute(name) { open.attributes[name] = value }
                }
                if local == "item" || local == "entry" { item = XMLFeedItem() }
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
            if let innermost = stack.last?.local, atEnd != false {
                stopReason = "the document ends inside <\(innermost)>"
            } else {
                stopReason = reader.lastError
            }
        }
        while !stack.isEmpty { close() }  // a feed cut short: what was read stands
    }

    private mutating func close() {
        guard let element = stack.popLast() else { return }
        // XHTML content is elements inside the content: their text is the content's. The
        // containers keep none, so a long feed's text is not gathered twice.
        if let parent = stack.indices.last, !Self.containers.contains(stack[parent].local) {
            stack[parent].text += element.text
        }
        let parent = stack.last?.local
        let grandparent = stack.dropLast().last?.local
        if element.local == "item" || element.local == "entry" {
            if let item { items.append(item) }
            item = nil
            return
        }
        if item != nil {
            item?.take(
                element.local, namespace: element.namespace, parent: parent, text: element.text,
                attributes: element.attributes)
            return
        }
        // The feed's own fields: channel/title, feed/title, feed/author/name, the next page.
        switch element.local {
        case "title" where parent == "channel" || parent == "feed":
            if feedTitle == nil { feedTitle = element.text.trimmingWhitespace() }
        case "name" where parent == "author" && grandparent == "feed":
            feedAuthor = element.text.trimmingWhitespace()
        case "creator" where element.namespace == Self.dublinCore && parent == "channel":
            feedAuthor = feedAuthor ?? element.text.trimmingWhitespace()
        case "link" where element.attributes["rel"] == "next":
            nextPage = element.attributes["href"]
        default:
            break
        }
    }
}
