import Foundation
import Testing

@testable import FeedTerminal

/// `|`: the reader's pager, run through the shell as `man` runs it, reading the post's
/// text on its standard input; waited for; a pager that is not there said so.
@Suite struct PagerProcessTests {
    @Test func thePagerReadsTheTextOnItsStandardInput() throws {
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent(
            "shimmerfeed-paged-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).txt"
        ).path
        defer { unlink(kept) }
        // A text longer than a pipe holds: the pager reads it all.
        let text = "Source: Small\nText: " + String(repeating: "long ", count: 20_000) + "\n"
        #expect(PagerProcess.show(text, in: "cat > '\(kept)'") == nil)
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == text)
    }

    @Test func aPagerQuitBeforeTheEndIsNoFailure() {
        // `head -c 1` reads one byte and exits, as a reader quitting less does.
        #expect(PagerProcess.show(String(repeating: "x", count: 200_000), in: "head -c 1 > /dev/null") == nil)
    }

    @Test func aMissingPagerIsSaid() {
        #expect(PagerProcess.show("text", in: "no-such-pager-here") == "no-such-pager-here: command not found")
    }

    @Test func pagerComesFromTheEnvironmentAndLessIsTheDefault() {
        #expect(PagerProcess.command(environment: ["PAGER": "most"]) == "most")
        #expect(PagerProcess.command(environment: ["PAGER": " "]) == "less")
        #expect(PagerProcess.command(environment: [:]) == "less")
    }
}
