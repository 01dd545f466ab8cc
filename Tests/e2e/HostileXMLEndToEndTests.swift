import Foundation
import TestSupport
import Testing

/// XML feeds at their worst, through the binary: a 50 MB feed, a text node past libxml2's
/// bound. Each runs `--dump` as a child of its own, whose peak memory `wait4` reports.
extension EndToEndTests {
    @Suite(.serialized)
    struct HostileXMLEndToEndTests {
        /// What a `--dump` run printed, and the most memory it held.
        private func dump(_ file: URL, size: String) throws -> DumpRun {
            try DumpRun(["--dump", "--size", size, file.path], in: file.deletingLastPathComponent())
        }

        private func scratch() throws -> URL { try ScratchFolder.make("shimmerfeed-e2e-xml") }

        @Test func aFiftyMegabyteFeedIsReadWhole() throws {
            let folder = try scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            var document = Data(#"<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title>"#.utf8)
            let words = String(repeating: "Words of a long post, plain text, repeated to fill the item. ", count: 16)
            var count = 0
            while document.count < 50_000_000 {
                document.append(
                    Data(
                        "<item><guid>id-\(count)</guid><title>Item \(count)</title><description>\(words)</description></item>\n"
                            .utf8))
                count += 1
            }
            document.append(Data("</channel></rss>".utf8))
            let file = folder.appendingPathComponent("big.xml")
            try document.write(to: file)
            let result = try dump(file, size: "100x8")
            #expect(result.status == 0, "\(result.error)")
            let grouped = String(count / 1000) + "," + String(String(count % 1000 + 1000).dropFirst())
            #expect(result.output.contains("Big · \(grouped) posts"), "\(result.output.suffix(200))")
            // Read as a stream: the posts, not a tree of the document, take the memory. A
            // whole-document tree alone would take several times the document.
            #expect(result.peak < 6 * document.count, "peak \(result.peak / 1_048_576) MiB")
        }

        @Test func aTextNodePastTheBoundCutsTheFeedShortAndSaysWhereQuietly() throws {
            let folder = try scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("huge.xml")
            let text = String(repeating: "abc ", count: 3_000_000)
            try Data(
                ("<rss version=\"2.0\"><channel><title>Huge</title><item><guid>1</guid><title>First</title></item>"
                    + "<item><guid>2</guid><title>Second</title><description>\(text)</description></item>"
                    + "<item><guid>3</guid><title>Third</title></item></channel></rss>").utf8
            ).write(to: file)
            let result = try dump(file, size: "120x8")
            #expect(result.status == 0)
            #expect(result.output.contains("First") && result.output.contains("Second"))
            #expect(result.output.contains("cut short: line 1: huge text node"))
            // libxml2 writes its errors to standard error unless told otherwise: the
            // terminal the viewer draws on.
            #expect(result.error.isEmpty, "\(result.error.prefix(200))")
        }
    }
}
