import FeedCommandLine
import Foundation
import TestSupport
import Testing

@testable import FeedCore

private typealias V = Views

/// Behaviours that had no test of their own: each C1 control that starts a string takes
/// its string with it, and a start from the store says how old its oldest save is.
@Suite struct PinnedBehaviourTests {
    /// DCS, SOS, OSC, PM and APC in their 8-bit forms: the introducer and everything up to
    /// the string terminator (8-bit ST) go, in one-line fields and in text.
    @Test(arguments: [
        (UInt32(0x90), "DCS"), (UInt32(0x98), "SOS"), (UInt32(0x9D), "OSC"), (UInt32(0x9E), "PM"),
        (UInt32(0x9F), "APC"),
    ])
    func aC1StringIsStrippedWhole(introducer: UInt32, name: String) throws {
        let start = String(try #require(Unicode.Scalar(introducer)))
        let hostile = "before\(start)0;payload of the \(name)\u{9C}after"
        #expect(TextSanitizer.multiline(hostile) == "beforeafter", "\(name) in text")
        #expect(TextSanitizer.singleLine(hostile) == "beforeafter", "\(name) in a one-line field")
        // Ended by BEL, as terminals accept for OSC, or by ESC \ (7-bit ST).
        #expect(TextSanitizer.multiline("a\(start)x\u{07}b") == "ab")
        #expect(TextSanitizer.multiline("a\(start)x\u{1B}\\b") == "ab")
    }

    /// Two sources kept an hour and a minute before the start: the status line names the
    /// older save, not the newer.
    @Test func aStartFromTheStoreNamesTheOldestSave() {
        let options = V.options(2)
        let (state, _) = V.startedFromStore(
            options,
            kept: [
                0: StoredPosts(feed: Feed(posts: [V.post("a", minutesAgo: 70)]), savedAt: V.now - 60),
                1: StoredPosts(feed: Feed(posts: [V.post("b", minutesAgo: 80)]), savedAt: V.now - 3600),
            ])
        let status = V.status(state, at: .zero)
        #expect(status.contains("from 1 h ago"), "\(status)")
        #expect(!status.contains("1 min ago"))
    }
}

/// `--refresh` against the subscriptions file's `refresh`, and `n` past the last unread.
@Suite struct PinnedChoiceTests {
    @Test func refreshOnTheCommandLineWinsOverTheSubscriptionsFile() throws {
        let file = try Subscriptions.parse("refresh 30m\nhttps://a.example/feed\n", file: "subscriptions")
        let options = try CommandLineOptions.parse(["--refresh", "2m"])
        #expect(
            RefreshInterval.chosen(commandLine: options.viewer.refreshInterval, subscriptions: file.refresh)
                == .seconds(120))
        #expect(RefreshInterval.chosen(commandLine: nil, subscriptions: file.refresh) == .seconds(1800))
        #expect(RefreshInterval.chosen(commandLine: nil, subscriptions: nil) == nil)
    }

    /// With no unread post after the selection, `n` goes to the first unread one above it.
    @Test func nextUnreadWrapsToTheFirstUnreadAbove() {
        var options = V.options(1)
        options.tracksRead = true
        var state = AppState(options: options, size: TerminalSize(width: 80, height: 60))
        _ = state.apply(.start, at: .zero)
        V.answer(&state, source: 0, (0..<5).map { (age: Int) in V.post("p\(age)", minutesAgo: age) }, at: .zero)
        let ids = state.feed!.posts.map(\.id)
        // p1 and p3 unread; the others read; the selection on p4, the last.
        for index in [0, 2, 4] {
            _ = state.apply(.key(.character("G")), at: .seconds(1))
            while state.selected > index { _ = state.apply(.key(.character("k")), at: .seconds(1)) }
            if !state.read.contains(ids[index]) { _ = state.apply(.key(.character("N")), at: .seconds(1)) }
        }
        _ = state.apply(.key(.character("G")), at: .seconds(2))
        #expect(state.selected == 4 && state.read.contains(ids[4]))
        _ = state.apply(.key(.character("n")), at: .seconds(3))
        #expect(state.selected == 1, "the first unread above, not the nearest")
        _ = state.apply(.key(.character("n")), at: .seconds(4))
        #expect(state.selected == 3)
    }
}
