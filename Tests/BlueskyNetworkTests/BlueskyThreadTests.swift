import Foundation
import TestSupport
import Testing

@testable import BlueskyNetwork
@testable import FeedCore

/// `t` on a Bluesky post: `app.bsky.feed.getPostThread`'s answer as the thread view
/// Mastodon's threads use. Recorded answers (bluesky/SOURCES.md): a reply in the middle of
/// its thread, with one parent and two replies that have replies of their own, and a
/// reply six posts deep under its root.
@Suite struct BlueskyThreadTests {
    typealias V = Views

    private static func context(_ name: String) throws -> ThreadContext {
        try BlueskyThread.context(of: Fixtures.data("bluesky/\(name)"))
    }

    static let middle = "at://did:plc:uy7ehrx332p6dow5sk32hxzq/app.bsky.feed.post/3k7rmyigapw2y"

    @Test func theParentsComeRootFirstAndTheRepliesAsATree() throws {
        let mid = try Self.context("thread_mid.json")
        #expect(mid.ancestors.map(\.author.handle) == ["mattbinder.bsky.social"])
        #expect(mid.ancestors[0].inReplyToID == nil, "the root answers none")
        #expect(
            mid.descendants.map(\.author.handle) == [
                "dnasis.bsky.social", "dnasis.bsky.social", "mattgraham.bsky.social", "jlrube.bsky.social",
                "dankguyjeff.bsky.social",
            ])
        // Each reply after the post it answers, a level under it, and whom it answers said.
        #expect(mid.depths(under: Self.middle) == [1, 2, 1, 2, 2])
        #expect(
            mid.descendants.map(\.replyTo) == [
                "chadmichael.bsky.social", "dnasis.bsky.social", "chadmichael.bsky.social", "mattgraham.bsky.social",
                "mattgraham.bsky.social",
            ])
        #expect(mid.descendants.allSatisfy { $0.network == .bluesky && $0.statusID?.hasPrefix("at://") == true })
        let deep = try Self.context("thread_deep.json")
        #expect(deep.ancestors.count == 6 && deep.ancestors.first?.content == "wires are good, actually")
        // Each parent answers the one before it.
        for (upper, lower) in zip(deep.ancestors, deep.ancestors.dropFirst()) {
            #expect(lower.inReplyToID == upper.statusID)
        }
        #expect(deep.descendants.count == 1)
    }

    /// A parent or a reply deleted or blocked (shaped as the lexicon's `#notFoundPost` and
    /// `#blockedPost`; none is in the recordings) stays in the thread as a row that says so;
    /// a node of a type the reader does not know is left out; the post itself gone is an
    /// error that says why.
    @Test func aPostNotFoundOrBlockedSaysSo() throws {
        let answer = """
            {"thread":{"$type":"app.bsky.feed.defs#threadViewPost","post":\(try Self.postView()),
              "parent":{"$type":"app.bsky.feed.defs#notFoundPost","uri":"at://did:plc:a/app.bsky.feed.post/gone","notFound":true},
              "replies":[
                {"$type":"app.bsky.feed.defs#blockedPost","uri":"at://did:plc:b/app.bsky.feed.post/b1","blocked":true,
                 "author":{"did":"did:plc:b","viewer":{"blockedBy":true}}},
                {"$type":"app.bsky.feed.defs#somethingNew","uri":"at://did:plc:c/app.bsky.feed.post/c1"}]}}
            """
        let context = try BlueskyThread.context(of: Data(answer.utf8))
        #expect(context.ancestors.map(\.author.name) == ["Post not found"])
        #expect(context.descendants.map(\.author.name) == ["Blocked post"])
        #expect(context.descendants[0].inReplyToID == Self.middle)
        #expect(throws: Failure.unexpected("the post is not found: deleted by its author")) {
            try BlueskyThread.context(
                of: Data(
                    #"{"thread":{"$type":"app.bsky.feed.defs#notFoundPost","uri":"at://x/y/z","notFound":true}}"#.utf8))
        }
        #expect(throws: Failure.unexpectedShape("expected a Bluesky thread (an object with \"thread\")")) {
            try BlueskyThread.context(of: Data(#"{"feed":[]}"#.utf8))
        }
    }

    /// The middle post's own view, from the recording.
    private static func postView() throws -> String {
        let object = try #require(
            JSONSerialization.jsonObject(with: try Fixtures.data("bluesky/thread_mid.json")) as? [String: Any])
        let thread = try #require(object["thread"] as? [String: Any])
        let post = try JSONSerialization.data(withJSONObject: try #require(thread["post"]))
        return String(decoding: post, as: UTF8.self)
    }

    /// Tier 2: `t` on the recorded post asks its thread, skeleton rows stand where it will
    /// be, then the parent above and the replies below, indented by depth.
    @Test func tShowsTheThreadAboveAndBelow() throws {
        var options = V.options(1)
        options.readFromBluesky(withSession: false)
        var state = AppState(options: options, size: TerminalSize(width: 100, height: 60))
        _ = state.apply(.start, at: .zero)
        let thread = try Self.context("thread_mid.json")
        let answer = """
            {"feed":[{"post":\(try Self.postView())}]}
            """
        let posts = try FeedDocumentDecoder.decode(Data(answer.utf8)).posts
        _ = V.answer(&state, source: 0, posts, at: .milliseconds(100))
        let effects = state.apply(.key(.character("t")), at: .seconds(1))
        #expect(effects == [.loadThread(request: 1, source: 0, statusID: Self.middle)])
        let loading = FeedRenderer.render(state.advanced(to: .seconds(1))).lines
        #expect(loading.last?.contains("Thread · loading") == true, "\(loading.last ?? "")")
        _ = state.apply(.threadLoaded(request: 1, .success(thread)), at: .seconds(2))
        let lines = FeedRenderer.render(state.advanced(to: .seconds(2))).lines
        #expect(lines.last?.contains("Thread · 1 above · 5 replies · Esc back") == true, "\(lines.last ?? "")")
        let parent = try #require(lines.firstIndex { $0.contains("Matt Binder") })
        let post = try #require(lines.firstIndex { $0.contains("Chad") })
        let reply = try #require(lines.firstIndex { $0.contains("Matt Graham") })
        let deeper = try #require(lines.firstIndex { $0.contains("Jake Rubinstein") })
        #expect(parent < post && post < reply && reply < deeper)
        let column = { (line: String, name: String) in
            line.distance(from: line.startIndex, to: line.firstRange(of: name)!.lowerBound)
        }
        #expect(column(lines[deeper], "Jake Rubinstein") > column(lines[reply], "Matt Graham"), "a level deeper")
    }
}
