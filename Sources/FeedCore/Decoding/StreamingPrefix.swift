/// Where a body that is still arriving can be cut so that what comes before reads as a
/// whole document of the posts complete so far: after the last post, item or status that
/// has closed, with the closing brackets a JSON document still needs. Bytes are taken as
/// they come, each looked at once.
public struct StreamingPrefix: Sendable {
    public enum Kind: Sendable { case json, xml }

    public let kind: Kind
    /// The bytes before the cut, and what closes the document after them ("]}" for
    /// `{"posts": [...`); nil while no post is complete.
    public private(set) var cut: (length: Int, closing: String)?

    private var offset = 0
    // JSON: the open containers, and whether the scan is inside a string.
    private var containers: [UInt8] = []
    private var strings = JSONStringSkipper()
    // XML: the last bytes seen, to find "</item>" or "</entry>" across chunk ends.
    private var tail: [UInt8] = []

    /// `offset`: how many bytes of the body came before the first one this sees.
    public init(kind: Kind, offset: Int = 0) {
        self.kind = kind
        self.offset = offset
    }

    /// Takes the next bytes; true when a new post completed in them.
    public mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let before = cut?.length
        switch kind {
        case .json: scanJSON(bytes)
        case .xml: scanXML(bytes)
        }
        offset += bytes.count
        return cut?.length != before
    }

    private mutating func scanJSON(_ bytes: UnsafeRawBufferPointer) {
        for (index, byte) in bytes.enumerated() where !strings.skips(byte) {
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                containers.append(byte)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard containers.popLast() != nil else { continue }
                // An object closing inside the list of posts: the top-level array, or the
                // array one level into the top-level object ("posts", "items").
                if byte == UInt8(ascii: "}"), containers.last == UInt8(ascii: "["), containers.count <= 2 {
                    let closing = containers.reversed().map { $0 == UInt8(ascii: "[") ? "]" : "}" }.joined()
                    cut = (offset + index + 1, closing)
                }
            default:
                break
            }
        }
    }

    private static let endTags: [[UInt8]] = [Array("item>".utf8), Array("entry>".utf8)]

    private mutating func scanXML(_ bytes: UnsafeRawBufferPointer) {
        for (index, byte) in bytes.enumerated() {
            tail.append(byte)
            if tail.count > 24 { tail.removeFirst(tail.count - 24) }
            guard byte == UInt8(ascii: ">") else { continue }
            for tag in Self.endTags where tail.count > tag.count && tail.suffix(tag.count).elementsEqual(tag) {
                // "</item>", or a prefixed "</rss:item>".
                let before = tail.dropLast(tag.count)
                let name = before.reversed().prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "<") }
                let slash = before.dropLast(name.count).last
                guard slash == UInt8(ascii: "/"), name.isEmpty || name.first == UInt8(ascii: ":") else { continue }
                cut = (offset + index + 1, "")
            }
        }
    }
}
