import CLibXML2
import FeedCore
import FoundationEssentials

/// libxml2's streaming reader over a document in memory, set so that it never touches the
/// network or the file system (no DTD loading, `XML_PARSE_NONET`) and never expands
/// entities (no `XML_PARSE_NOENT`: a "billion laughs" stays a few entity references),
/// and recovers from the small faults real feeds have (an unescaped `&`, `&nbsp;`, a
/// missing end tag). Only FeedXML touches it.
final class XMLReader {
    enum Node: Equatable {
        case start(local: String, namespace: String?, empty: Bool)
        case end
        case text(String)
        case other
    }

    private let reader: xmlTextReaderPtr
    /// Whether reading stopped on an error rather than at the end.
    private(set) var failed = false
    private let errors = ErrorLog()

    /// libxml2's first error, kept rather than printed: its default is to write to
    /// standard error, which is the terminal the viewer draws on.
    private final class ErrorLog {
        /// The latest: where reading stops, it is the reason (recovered ones come before).
        var last: (line: Int, message: String)?
    }

    /// Where and why the document stopped being readable: "line 3: huge text node".
    var lastError: String? {
        errors.last.map { "line \($0.line): \($0.message)" }
    }

    /// Nil when libxml2 could not even begin (no memory).
    init?(_ bytes: UnsafeRawBufferPointer) {
        let options = Int32(
            XML_PARSE_NONET.rawValue | XML_PARSE_RECOVER.rawValue | XML_PARSE_NOERROR.rawValue
                | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue)
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
            let reader = xmlReaderForMemory(base, Int32(clamping: bytes.count), nil, nil, options)
        else { return nil }
        self.reader = reader
        let log = Unmanaged.passUnretained(errors).toOpaque()
        xmlTextReaderSetStructuredErrorHandler(
            reader,
            { context, error in
                guard let context, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
                let log = Unmanaged<ErrorLog>.fromOpaque(context).takeUnretainedValue()
                var message = error.pointee.message.map { String(cString: $0) } ?? "unreadable"
                // libxml2's words, less the function name some of them start with.
                if let colon = message.firstIndex(of: ":"), message.hasPrefix("xml"),
                    !message[..<colon].contains(" ")
                {
                    message = String(message[message.index(after: colon)...])
                }
                log.last = (Int(error.pointee.line), TextSanitizer.singleLine(message).trimmingWhitespace())
            }, log)
    }

    deinit {
        xmlFreeTextReader(reader)
    }

    /// The next node; nil at the end, or where the document cannot be read any further.
    func next() -> Node? {
        let status = xmlTextReaderRead(reader)
        guard status == 1 else {
            failed = status < 0
            return nil
        }
        switch xmlTextReaderNodeType(reader) {
        case Int32(XML_READER_TYPE_ELEMENT.rawValue):
            return .start(
                local: string(xmlTextReaderConstLocalName(reader)) ?? "",
                namespace: string(xmlTextReaderConstNamespaceUri(reader)),
                empty: xmlTextReaderIsEmptyElement(reader) == 1)
        case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
            return .end
        case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
            Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue), Int32(XML_READER_TYPE_WHITESPACE.rawValue):
            return .text(string(xmlTextReaderConstValue(reader)) ?? "")
        default:
            return .other
        }
    }

    /// How deep the current node is.
    var depth: Int { Int(xmlTextReaderDepth(reader)) }

    /// An attribute of the current element, by its qualified name.
    func attribute(_ name: String) -> String? {
        guard let value = xmlTextReaderGetAttribute(reader, name) else { return nil }
        defer { CLibXML2_xmlFree(value) }
        return String(cString: value)
    }

    private func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
