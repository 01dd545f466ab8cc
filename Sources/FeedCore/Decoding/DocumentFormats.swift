import FoundationEssentials

/// The formats the networks read, as the registry gathers them: the JSON formats, in the
/// order a document of no named format is matched against them, and the one reader of XML
/// feeds. A file or standard input may hold any of them.
public struct DocumentFormats: Sendable {
    public var json: [any JSONPostFormat]
    public var xml: (any XMLFeedReading)?

    public init(json: [any JSONPostFormat], xml: (any XMLFeedReading)? = nil) {
        self.json = json
        self.xml = xml
    }

    /// Every name `--format` takes, `auto` first.
    public var names: [String] { [FeedFormat.auto.rawValue] + json.map(\.name) + (xml?.names ?? []) }

    /// Whether `format` is read as XML.
    public func isXML(_ format: FeedFormat) -> Bool {
        xml?.names.contains(format.rawValue) ?? false
    }

    /// These formats and `other`'s, theirs after.
    public func adding(_ other: DocumentFormats) -> DocumentFormats {
        DocumentFormats(json: json + other.json, xml: xml ?? other.xml)
    }
}

/// A reader of XML feeds (RSS, Atom), as the web feeds' module gives it.
public protocol XMLFeedReading: Sendable {
    /// The formats it answers to (`--format rss`).
    var names: [String] { get }
    /// Whether `data` begins as an XML document does.
    func looksLikeXML(_ data: Data) -> Bool
    /// The feed of a document, its links made absolute against `documentURL`, read in the
    /// `charset` the server said where the document does not say.
    func decode(_ data: Data, documentURL: String?, charset: String?) throws -> Feed
    /// The document from its first tag: stray bytes some servers print first dropped.
    func fromFirstTag(_ data: Data) -> Data
}
