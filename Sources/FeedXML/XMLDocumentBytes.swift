import CLibXML2
import FoundationEssentials

/// A document's bytes made ready for libxml2, with the encoding they are read in.
///
/// White space and a UTF-8 byte-order mark before the first `<` are skipped (PHP often
/// writes a newline first, and libxml2 refuses a declaration that is not at the start).
/// The encoding is decided in RFC 7303's order: a byte-order mark, else the HTTP
/// `charset`, else the XML declaration, else UTF-8. Bytes that are not valid UTF-8 where
/// UTF-8 was chosen, and the Latin-1 and ASCII labels, are read as windows-1252, as
/// browsers read them; other encodings that libxml2 knows go through it.
struct XMLDocumentBytes {
    var data: Data
    /// The encoding libxml2 is told to use, overriding the declaration; nil to let it
    /// read the document's own (UTF-16 with its mark).
    var encoding: String?

    init(_ original: Data, charset: String?) {
        if original.starts(with: [0xFE, 0xFF]) || original.starts(with: [0xFF, 0xFE]) {
            self.init(data: original, encoding: nil)
            return
        }
        var data = original
        let hasMark = data.starts(with: [0xEF, 0xBB, 0xBF])
        if hasMark { data = data.dropFirst(3) }
        if let first = data.firstIndex(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }), first > data.startIndex,
            data[first] == UInt8(ascii: "<")
        {
            data = data[first...]
        }
        data = Data(data)
        let label = hasMark ? "utf-8" : (Self.normalized(charset) ?? Self.normalized(Self.declaredEncoding(data)))
        switch label {
        case nil, "utf-8", "utf8":
            self = Self.utf8OrWindows1252(data)
        case let label? where Windows1252.labels.contains(label):
            self.init(data: Windows1252.utf8(data), encoding: "UTF-8")
        case let label?:
            self = Self.knownToLibXML2(label) ? Self(data: data, encoding: label) : Self.utf8OrWindows1252(data)
        }
    }

    init(data: Data, encoding: String?) {
        self.data = data
        self.encoding = encoding
    }

    /// The same bytes read as windows-1252: for a document libxml2 could not convert from
    /// the encoding it claims.
    func asWindows1252() -> XMLDocumentBytes {
        XMLDocumentBytes(data: Windows1252.utf8(data), encoding: "UTF-8")
    }

    private static func utf8OrWindows1252(_ data: Data) -> XMLDocumentBytes {
        if String(validating: data, as: UTF8.self) != nil { return XMLDocumentBytes(data: data, encoding: "UTF-8") }
        return XMLDocumentBytes(data: Windows1252.utf8(data), encoding: "UTF-8")
    }

    /// `encoding="…"` of an XML declaration at the start of `data`.
    static func declaredEncoding(_ data: Data) -> String? {
        let head = data.prefix(256)
        guard head.starts(with: Array("<?xml".utf8)), let end = head.firstIndex(of: UInt8(ascii: ">")) else {
            return nil
        }
        let declaration = Array(head[..<end])
        let word = Array("encoding".utf8)
        guard
            let at = (0...max(0, declaration.count - word.count)).first(where: {
                declaration[$0...].starts(with: word)
            }), declaration.count >= word.count
        else { return nil }
        var rest = String(decoding: declaration[(at + word.count)...], as: UTF8.self)[...]
        rest = rest.drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        rest = rest.dropFirst()
        return String(rest.prefix { $0 != quote })
    }

    private static func normalized(_ label: String?) -> String? {
        guard let label = label?.trimmingWhitespace().lowercased(), !label.isEmpty else { return nil }
        return label.hasPrefix("\"") && label.hasSuffix("\"") && label.count > 1
            ? String(label.dropFirst().dropLast()) : label
    }

    private static func knownToLibXML2(_ label: String) -> Bool {
        guard let handler = xmlFindCharEncodingHandler(label) else { return false }
        xmlCharEncCloseFunc(handler)
        return true
    }
}
