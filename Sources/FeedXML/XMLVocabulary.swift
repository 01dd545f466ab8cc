/// The vocabularies a feed's elements come from, each known by its namespace URI, never by
/// the prefix a document happens to give it: `<dc:creator>` and `<x:creator>` are the same
/// element when both prefixes name Dublin Core, and an unknown namespace's `description`
/// is no RSS description.
enum XMLVocabulary: Equatable {
    case rss, rdf, atom, atom03, dublinCore, dublinCoreTerms, content, media, iTunes, xhtml, syndication

    /// The vocabulary of `namespace`; elements with none are `unnamespaced`'s (RSS 2.0 and
    /// 0.9x have no namespace, nor have a few Atom feeds). Nil for a namespace the
    /// mapping does not read.
    static func of(namespace: String?, unnamespaced: XMLVocabulary?) -> XMLVocabulary? {
        guard let namespace, !namespace.isEmpty else { return unnamespaced }
        return byNamespace[namespace]
    }

    var isAtom: Bool { self == .atom || self == .atom03 }

    private static let byNamespace: [String: XMLVocabulary] = [
        // RSS 1.0 and 0.90 elements, and the namespaces some RSS 2.0 feeds declared.
        "http://purl.org/rss/1.0/": .rss, "http://my.netscape.com/rdf/simple/0.9/": .rss,
        "http://channel.netscape.com/rdf/simple/0.9/": .rss, "http://backend.userland.com/rss2": .rss,
        "http://backend.userland.com/rss": .rss, "http://blogs.law.harvard.edu/tech/rss": .rss,
        "http://www.w3.org/1999/02/22-rdf-syntax-ns#": .rdf,
        "http://www.w3.org/2005/Atom": .atom, "http://purl.org/atom/ns#": .atom03,
        "http://purl.org/dc/elements/1.1/": .dublinCore, "http://purl.org/dc/terms/": .dublinCoreTerms,
        "http://purl.org/rss/1.0/modules/content/": .content,
        "http://search.yahoo.com/mrss/": .media, "http://search.yahoo.com/mrss": .media,
        "http://www.itunes.com/dtds/podcast-1.0.dtd": .iTunes, "https://www.itunes.com/dtds/podcast-1.0.dtd": .iTunes,
        "http://www.w3.org/1999/xhtml": .xhtml,
        "http://purl.org/rss/1.0/modules/syndication/": .syndication,
    ]
}

/// An element as the mapping knows it: its vocabulary (nil for one it does not read) and
/// local name.
struct XMLName: Equatable {
    var vocabulary: XMLVocabulary?
    var local: String

    func `is`(_ vocabulary: XMLVocabulary, _ local: String) -> Bool {
        self.vocabulary == vocabulary && self.local == local
    }

    func isAtom(_ local: String) -> Bool {
        vocabulary?.isAtom == true && self.local == local
    }
}
