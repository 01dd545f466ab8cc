import FeedCore
import FeedNetwork
import FeedTransport
import Foundation
import TestSupport
import Testing

@testable import BlueskyNetwork

/// A Bluesky source's threads, as its module asks them of the loopback AppView and PDS
/// (Tests/servers/bluesky_api.py, answering `getPostThread` with the recorded threads of
/// Fixtures/bluesky): at the public AppView without an account, at the PDS with the
/// session's token with one, the session refreshed once where it expired; a post the
/// AppView does not have is the AppView's error, in its words.
@Suite(.serialized) struct ThreadLoopbackTests {
    let server: FeedServer

    init() throws {
        server = try FeedServer(tls: true)
    }

    static let middle = "at://did:plc:uy7ehrx332p6dow5sk32hxzq/app.bsky.feed.post/3k7rmyigapw2y"

    /// A profile's feed opened by the network, with `accounts`, the AppView on the plain server.
    private func threads(accounts: [Account] = [], file: AccountsFile? = nil) throws -> any ThreadReader {
        let reader = server.blueskyReader(accounts: accounts, file: file)
        let entry = SourceEntry(source: .url(try #require(URL(string: "https://bsky.app/profile/bsky.app"))))
        return try #require(reader.open(entry)?.threads)
    }

    private func asked() throws -> [BlueskyLog.Entry] {
        try BlueskyLog.entries(server).filter { $0.path.hasSuffix("getPostThread") }
    }

    @Test func withoutAnAccountTheAppViewAnswers() async throws {
        let context = try await threads().thread(of: Self.middle).get()
        #expect(context.ancestors.count == 1 && context.descendants.count == 5)
        let request = try #require(try asked().last)
        #expect(request.scheme == "http" && request.token == "none")
        #expect(request.params == ["uri": Self.middle, "depth": "6", "parentHeight": "80"])
    }

    @Test func withASessionThePDSAnswersWithItsTokenRefreshedOnce() async throws {
        let folder = try ScratchFolder.make("bluesky-thread")
        let file = AccountsFile(path: folder.appendingPathComponent("accounts").path)
        let account = try await server.signedInToBluesky()
        try file.write([account])
        let reader = try threads(accounts: [account], file: file)
        _ = try server.get("/bluesky-api/expire")
        let context = try await reader.thread(of: Self.middle).get()
        #expect(context.descendants.map(\.author.handle).first == "dnasis.bsky.social")
        #expect(try asked().map { "\($0.scheme) \($0.token)" } == ["https expired", "https right"])
    }

    @Test func aPostTheAppViewDoesNotHaveIsItsError() async throws {
        let result = try await threads().thread(of: "at://did:plc:nobody/app.bsky.feed.post/gone")
        guard case .failure(let failure) = result else {
            Issue.record("a thread of a post not found: \(result)")
            return
        }
        #expect(failure.message.contains("Post not found"), "\(failure.message)")
    }
}

extension ThreadLoopbackTests {
    static let appViewRoot = "at://did:plc:atprototestuser/app.bsky.feed.post/record0"
    static let hearThat = "at://did:plc:atprototestuser/app.bsky.feed.post/record8"

    /// The reference AppView's thread (thread_appview_deep.json) asked one reply deep, as
    /// a deep thread is past six: the reply whose replies were left out is asked again
    /// (from it, no parents), and the thread is the whole one, as asked at any depth.
    @Test func repliesLeftOutAreAskedAgainFromTheReplyTheyAreUnder() async throws {
        let reading = BlueskyReading(
            appView: "http://127.0.0.1:\(server.port)", handles: nil, session: nil, client: server.client)
        let shallow = BlueskyThreads(reading: reading, depth: 1)
        let context = try await shallow.thread(of: Self.appViewRoot).get()
        let whole = try BlueskyThread.context(of: try Fixtures.data("bluesky/thread_appview_deep.json"))
        #expect(context.descendants.map(\.content) == whole.descendants.map(\.content))
        #expect(context.descendants.map(\.content) == ["of course", "hear that label_me label_me_2", "thanks bob"])
        #expect(context.descendants.last?.inReplyToID == Self.hearThat)
        let asks = try asked().map(\.params)
        #expect(asks.count == 2)
        #expect(asks.last == ["uri": Self.hearThat, "depth": "1", "parentHeight": "0"])
    }

    /// A branch that cannot be read again stays a row that says how many replies it hides.
    @Test func aBranchNotReadAgainSaysHowManyRepliesItHides() throws {
        let shallow = try BlueskyThread.answer(of: try Fixtures.data("bluesky/thread_appview_shallow.json"))
        #expect(shallow.cut == [Self.hearThat], "the reply with replyCount 1 and no replies; not the one with none")
        let context = try shallow.context()
        #expect(
            context.descendants.map(\.content) == [
                "of course", "hear that label_me label_me_2", "1 more reply to this post: t on it opens its thread",
            ])
        #expect(context.descendants.last?.inReplyToID == Self.hearThat && context.descendants.last?.statusID == nil)
    }
}
