import FeedCore
import FeedNetwork
import FeedTransport
import Foundation
import TestSupport
import Testing

@testable import BlueskyNetwork

/// Posts and replies written on Bluesky, sent by its module to the loopback PDS
/// (Tests/servers/bluesky_api.py; bluesky/SOURCES.md): one `app.bsky.feed.post` record, its
/// facets at UTF-8 byte ranges with its mentions resolved, a reply's root and parent read
/// from the parent's record, the locale's language, a key chosen before the first try so
/// that a lost answer's retry finds its post made, never a second.
@Suite(.serialized) struct PostingLoopbackTests {
    let server: FeedServer
    let poster: any Poster

    init() async throws {
        server = try FeedServer(tls: true)
        let account = try await server.signedInToBluesky()
        let reader = server.blueskyReader(accounts: [account], environment: ["LANG": "fr_CA.UTF-8"])
        let entry = SourceEntry(source: .url(try #require(URL(string: "https://bsky.app/profile/bsky.app"))))
        poster = try #require(reader.open(entry)?.poster)
    }

    /// The bskyr account's own recorded post, which answers none.
    static let recorded = "at://did:plc:5c2r73erhng4bszmxlfdtscf/app.bsky.feed.post/3kexwuoyqj32g"
    /// A recorded reply in the middle of its thread, and its thread's root.
    static let middle = "at://did:plc:uy7ehrx332p6dow5sk32hxzq/app.bsky.feed.post/3k7rmyigapw2y"
    static let root = "at://did:plc:mndtiksvxikpsy3zl6ebd2kr/app.bsky.feed.post/3k7rlrukr4w2v"

    /// The posts' creations the server was asked: each one's key and record.
    private func created() throws -> [(rkey: String?, record: [String: Any])] {
        try BlueskyLog.entries(server).filter { $0.path.hasSuffix("createRecord") }.compactMap { entry in
            guard let text = entry.record, let data = text.data(using: .utf8),
                let record = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { return nil }
            return (entry.rkey, record)
        }
    }

    private func send(
        _ text: String, answering parent: String? = nil, quoting quoted: ComposeRequest.Target? = nil
    ) async -> Result<Posted, Failure> {
        var draft = Draft(text: text)
        draft.inReplyToID = parent
        draft.quoting = quoted
        return await poster.post(draft, replyURL: nil, key: poster.newKey())
    }

    @Test func aReplyIsOneRecordWithItsFacetsAtTheirBytes() async throws {
        let text = "café 🎉 @chriskenny.bsky.social: see bsky.app #rstats"
        let posted = try await send(text, answering: Self.recorded).get()
        #expect(posted.note == nil, "every mention named an account")
        let post = posted.post
        let sent = try created()
        #expect(sent.count == 1)
        let (rkey, record) = try #require(sent.first)
        #expect(rkey.map(BlueskyTID.isTID) == true)
        #expect(post.statusID == "at://did:plc:5c2r73erhng4bszmxlfdtscf/app.bsky.feed.post/\(rkey ?? "")")
        #expect(post.url == "https://bsky.app/profile/bskyr.bsky.social/post/\(rkey ?? "")")
        #expect(post.author.handle == "bskyr.bsky.social" && poster.name == "@bskyr.bsky.social")
        let json = try JSONSerialization.data(withJSONObject: record)
        #expect(Lexicon.problems(json, collection: "app.bsky.feed.post") == [])
        #expect(record["langs"] as? [String] == ["fr-CA"])
        let reply = try #require(record["reply"] as? [String: [String: String]])
        #expect(reply["root"]?["uri"] == Self.recorded && reply["parent"]?["uri"] == Self.recorded)
        #expect(reply["parent"]?["cid"] == "bafyreid4i763c2iyr6adhmgriiisz2p7gleztu7tn66pfrl3qhe4hgoyny")
        let facets = try #require(record["facets"] as? [[String: Any]])
        let slices = facets.compactMap { $0["index"] as? [String: Int] }.map {
            [$0["byteStart"] ?? -1, $0["byteEnd"] ?? -1]
        }
        // "café " is 6 bytes, the emoji 4 and a space: the mention starts at byte 11, not 7.
        #expect(slices == [[11, 34], [40, 48], [49, 56]])
        let mention = try #require((facets[0]["features"] as? [[String: String]])?.first)
        #expect(mention["did"] == "did:plc:wpe35pganb6d4pg4ekmfy6u5", "the handle resolved (resolve_handle.json)")
    }

    @Test func aReplyInAThreadNamesTheThreadsRootAndItsParent() async throws {
        _ = try await send("Me too", answering: Self.middle).get()
        let record = try #require(try created().first?.record)
        let reply = try #require(record["reply"] as? [String: [String: String]])
        #expect(reply["root"]?["uri"] == Self.root && reply["parent"]?["uri"] == Self.middle)
    }

    /// The first try's answer lost (the server made the post, and answered 500): the record
    /// at the post's key is found made, and no second is asked for. One post on the server.
    @Test func aLostAnswerNeverMakesASecondPost() async throws {
        _ = try server.get("/bluesky-api/lose?times=1")
        let post = try await send("Only once").get().post
        let sent = try created()
        #expect(sent.count == 1, "found made: not sent again")
        #expect(post.content == "Only once" && post.statusID?.hasSuffix(sent[0].rkey ?? "-") == true)
        let reads = try BlueskyLog.entries(server).filter { $0.path.hasSuffix("getRecord") }
        #expect(reads.count == 1)
    }

    /// A post sent again with its key (kept by a run that made it and never heard so)
    /// finds its record made when the server refuses a second record at that key.
    @Test func aPostSentAgainWithItsKeyIsFoundMade() async throws {
        let key = poster.newKey()
        let first = try await poster.post(Draft(text: "Kept"), replyURL: nil, key: key).get().post
        let again = try await poster.post(Draft(text: "Kept"), replyURL: nil, key: key).get().post
        #expect(again.statusID == first.statusID && first.statusID?.hasSuffix(key) == true)
        #expect(try created().filter { $0.rkey == key }.count == 2, "the second refused at the key, and found")
    }
}
