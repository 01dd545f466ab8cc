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
        /// Whether bytes could not be read in the document's encoding.
        var encodingFailed = false
    }

    /// Whether reading met bytes that are not valid in the encoding it was told: libxml2
    /// says so through its generic handler, or with an encoding error's code.
    var encodingFailed: Bool {
        errors.encodingFailed || genericErrors.pointee > 0
    }

    /// libxml2's generic errors while this reader reads, counted instead of printed.
    private let genericErrors = UnsafeMutablePointer<UInt>.allocate(capacity: 1)

    /// Where and why the document stopped being readable: "line 3: huge text node".
    var lastError: String? {
        errors.last.map { "line \($0.line): \($0.message)" }
    }

    /// `encoding`, when given, is used whatever the document declares. Nil when libxml2
    /// could not even begin (no memory).
    init?(_ bytes: UnsafeRawBufferPointer, encoding: String? = nil) {
        var options =
            XML_PARSE_NONET.rawValue | XML_PARSE_RECOVER.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue
        if encoding != nil { options |= XML_PARSE_IGNORE_ENC.rawValue }
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
            let reader = xmlReaderForMemory(base, Int32(clamping: bytes.count), nil, encoding, Int32(options))
        else { return nil }
        self.reader = reader
        genericErrors.initialize(to: 0)
        CLibXML2_countGenericErrors(genericErrors)
        let log = Unmanaged.passUnretained(errors).toOpaque()
        xmlTextReaderSetStructuredErrorHandler(
            reader,
            { context, error in
                guard let context, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
                let log = Unmanaged<ErrorLog>.fromOpaque(context).takeUnretainedValue()
                let code = Int(error.pointee.code)
                if error.pointee.domain == Int32(XML_FROM_I18N.rawValue) || XMLReader.encodingErrors.contains(code) {
                    log.encodingFailed = true
                }
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

    /// libxml2's codes for bytes it could not convert, or an encoding it does not know.
    private static let encodingErrors: Set<Int> = [
        Int(XML_ERR_INVALID_CHAR.rawValue), Int(XML_ERR_UNKNOWN_ENCODING.rawValue),
        Int(XML_ERR_UNSUPPORTED_ENCODING.rawValue), Int(XML_ERR_INVALID_ENCODING.rawValue),
        Int(XML_IO_ENCODER.rawValue),
    ]

    deinit {
        xmlFreeTextReader(reader)
        CLibXML2_countGenericErrors(nil)
        genericErrors.deallocate()
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

    /// Whether the current element has attributes (namespace declarations count).
    var hasAttributes: Bool { xmlTextReaderHasAttributes(reader) == 1 }

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
