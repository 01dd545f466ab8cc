import FeedCore
import Foundation
import Testing

@testable import FeedXML

/// Which encoding a document is read in: a byte-order mark, else the HTTP charset, else
/// the declaration, else UTF-8 (RFC 7303); windows-1252 where the bytes are not valid in
/// the encoding chosen.
@Suite struct XMLEncodingTests {
    private func title(_ data: Data, charset: String? = nil) throws -> String? {
        try XMLFeedDecoder.decode(data, charset: charset).posts.first?.title
    }

    private func document(declaring encoding: String?, title: [UInt8]) -> Data {
        let declaration = encoding.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>" } ?? ""
        return Data("\(declaration)<rss><channel><item><guid>1</guid><title>".utf8) + Data(title)
            + Data("</title></item></channel></rss>".utf8)
    }

    @Test func theHTTPCharsetOutranksTheDeclaration() throws {
        let utf8 = document(declaring: "ISO-8859-1", title: Array("Café".utf8))
        #expect(try title(utf8, charset: "utf-8") == "Café")
        #expect(try title(utf8) == "CafÃ©", "without the header, the declaration")
        let latin1 = document(declaring: "UTF-8", title: Array("Caf".utf8) + [0xE9])
        #expect(try title(latin1, charset: "\"iso-8859-1\"") == "Café")
    }

    @Test func aByteOrderMarkOutranksTheCharset() throws {
        let marked = Data([0xEF, 0xBB, 0xBF]) + document(declaring: nil, title: Array("Ωmega".utf8))
        #expect(try title(marked, charset: "iso-8859-1") == "Ωmega")
    }

    @Test func bytesNotValidAsUTF8AreWindows1252() throws {
        let declared = document(declaring: "UTF-8", title: [0x93, 0x71, 0x94, 0x20, 0x80, 0x20, 0xE9])
        #expect(try title(declared) == "“q” € é")
        #expect(try title(document(declaring: nil, title: [0x96, 0x20, 0xFC])) == "– ü")
        // Valid UTF-8 stays UTF-8.
        #expect(try title(document(declaring: nil, title: Array("naïve ✓".utf8))) == "naïve ✓")
    }

    @Test func otherEncodingsGoThroughLibXML2() throws {
        // "Привет" in KOI8-R.
        let koi8 = document(declaring: "KOI8-R", title: [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4])
        #expect(try title(koi8) == "Привет")
        #expect(
            try title(document(declaring: nil, title: [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4]), charset: "koi8-r")
                == "Привет")
    }

    @Test func bytesNotValidInADeclaredEncodingFallBack() throws {
        // Not Shift_JIS: 0x81 0x20 is no character there.
        let wrong = document(declaring: "Shift_JIS", title: Array("x".utf8) + [0x81, 0x20, 0xE9])
        let read = try #require(try title(wrong))
        #expect(read.hasPrefix("x") && read.hasSuffix("é"))
        // An encoding nobody knows: UTF-8 if the bytes are, else windows-1252.
        #expect(try title(document(declaring: "x-no-such", title: Array("ok ✓".utf8))) == "ok ✓")
    }

    @Test func theDeclarationIsFoundWhereverItsEncodingStands() {
        #expect(XMLDocumentBytes.declaredEncoding(Data("<?xml version='1.0' encoding='latin1'?><a/>".utf8)) == "latin1")
        #expect(
            XMLDocumentBytes.declaredEncoding(Data("<?xml version=\"1.0\" encoding = \"UTF-8\" ?>".utf8)) == "UTF-8")
        #expect(XMLDocumentBytes.declaredEncoding(Data("<?xml version=\"1.0\"?><encoding/>".utf8)) == nil)
        #expect(XMLDocumentBytes.declaredEncoding(Data("<rss encoding=\"x\"/>".utf8)) == nil)
    }

    @Test func windows1252CoversEveryByte() {
        let all = Windows1252.utf8(Data(0...255))
        let text = String(decoding: all, as: UTF8.self)
        #expect(text.unicodeScalars.count == 256)
        #expect(Array(text.unicodeScalars)[0x80] == "€" && Array(text.unicodeScalars)[0xFF] == "ÿ")
    }
}
