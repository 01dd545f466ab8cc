import FeedNetwork
import FeedTransport
import Foundation
import Testing

@testable import BlueskyNetwork
@testable import FeedCore

/// Bluesky's web addresses of feeds, and the AppView requests that read them.
@Suite struct BlueskyAddressTests {
    private func address(_ text: String) -> BlueskyAddress? {
        URL(string: text).flatMap(BlueskyAddress.init)
    }

    @Test func aProfileAFeedAListAndTheTimelineAreKnownByTheirAddresses() {
        #expect(
            address("https://bsky.app/profile/chriskenny.bsky.social")
                == BlueskyAddress(actor: "chriskenny.bsky.social", kind: .author))
        #expect(
            address("https://bsky.app/profile/bsky.app/feed/bsky-team/")
                == BlueskyAddress(actor: "bsky.app", kind: .feed("bsky-team")))
        #expect(
            address("https://bsky.app/profile/did:plc:ragtjsm2j2vknwkz3zp4oxrd/lists/3kmokjyuflk2g")
                == BlueskyAddress(actor: "did:plc:ragtjsm2j2vknwkz3zp4oxrd", kind: .list("3kmokjyuflk2g")))
        #expect(address("https://bsky.app/") == BlueskyAddress(actor: "", kind: .timeline))
        #expect(address("https://BSKY.APP/profile/Ada.example")?.actor == "Ada.example")
        #expect(address("https://bsky.app/profile/did:plc:a")?.namesDID == true)
        #expect(address("https://bsky.app/profile/ada.example")?.namesDID == false)
    }

    @Test func otherPagesAndOtherHostsAreNotFeeds() {
        for text in [
            "https://bsky.app/profile/ada.example/post/3lof7sovfok2h", "https://bsky.app/search?q=x",
            "http://bsky.app/profile/ada.example", "https://example.org/profile/ada.example",
            "https://bsky.app/profile/not_a_handle", "https://bsky.app/profile/ada..example",
            "https://bsky.app/profile/ada.example/feed", "https://bsky.app/profile/did:",
        ] {
            #expect(address(text) == nil, "\(text)")
        }
    }

    /// A handle is a domain name: each label at most 63 characters (RFC 1035, as the
    /// AT Protocol's handle syntax says).
    @Test func aHandlesLabelsAreAtMost63Characters() {
        let longest = String(repeating: "a", count: 63)
        #expect(address("https://bsky.app/profile/\(longest).example")?.actor == "\(longest).example")
        #expect(address("https://bsky.app/profile/\(longest)a.example") == nil)
    }

    @Test func eachKindIsItsAppViewRequest() {
        let did = "did:plc:z72i7hdynmk6r22z27h6tvur"
        let base = "https://public.api.bsky.app"
        #expect(
            BlueskyAddress(actor: "x", kind: .author).request(base: base, did: did)
                == "https://public.api.bsky.app/xrpc/app.bsky.feed.getAuthorFeed?actor=did%3Aplc%3Az72i7hdynmk6r22z27h6tvur"
        )
        // The recorded request of the bsky-team feed, as bskyr sent it.
        #expect(
            BlueskyAddress(actor: "bsky.app", kind: .feed("bsky-team")).request(base: base, did: did)
                == "https://public.api.bsky.app/xrpc/app.bsky.feed.getFeed?feed=at%3A%2F%2Fdid%3Aplc%3Az72i7hdynmk6r22z27h6tvur%2Fapp.bsky.feed.generator%2Fbsky-team"
        )
        #expect(
            BlueskyAddress(actor: "x", kind: .list("3kmokjyuflk2g")).request(
                base: base, did: "did:plc:ragtjsm2j2vknwkz3zp4oxrd")
                == "https://public.api.bsky.app/xrpc/app.bsky.feed.getListFeed?list=at%3A%2F%2Fdid%3Aplc%3Aragtjsm2j2vknwkz3zp4oxrd%2Fapp.bsky.graph.list%2F3kmokjyuflk2g"
        )
        #expect(
            BlueskyAddress(actor: "", kind: .timeline).request(base: "https://pds.example", did: "")
                == "https://pds.example/xrpc/app.bsky.feed.getTimeline")
        #expect(
            BlueskyAddress.resolveRequest(base: base, handle: "chriskenny.bsky.social")
                == "https://public.api.bsky.app/xrpc/com.atproto.identity.resolveHandle?handle=chriskenny.bsky.social")
    }

    @Test func theNextPageIsTheSameRequestWithTheCursor() {
        let first = "https://a.example/xrpc/app.bsky.feed.getAuthorFeed?actor=did%3Aplc%3Aa"
        let second = BlueskyAddress.nextPage(of: first, cursor: "2024-03-21T23:36:16.378Z")
        #expect(second == first + "&cursor=2024-03-21T23%3A36%3A16.378Z")
        // A cursor replaces the last one, never added twice.
        #expect(
            BlueskyAddress.nextPage(of: second, cursor: "page:50")
                == first + "&cursor=page%3A50")
        #expect(
            BlueskyAddress.nextPage(of: "https://a.example/xrpc/app.bsky.feed.getTimeline", cursor: "c")
                == "https://a.example/xrpc/app.bsky.feed.getTimeline?cursor=c")
        #expect(BlueskyAddress.isFeedRequest(second))
        #expect(!BlueskyAddress.isFeedRequest("https://a.example/xrpc/app.bsky.feed.getFeedGenerator?feed=x"))
        #expect(!BlueskyAddress.isFeedRequest("https://a.example/feed.json?xrpc=/xrpc/"))
    }

    /// The name the network gives a source of its own, as rows and the status line show it.
    @Test func aSourceNamesItsProfileFeedOrList() {
        let reader = Bluesky().reader(NetworkContext(client: HTTPClient(offline: true), formats: Bluesky().formats))
        func name(_ address: String) -> String? {
            reader.open(SourceEntry(source: FeedSource(argument: address)))?.name
        }
        #expect(name("https://bsky.app/profile/ada.example") == "@ada.example")
        #expect(name("https://bsky.app/profile/bsky.app/feed/bsky-team") == "feed bsky-team by @bsky.app")
        #expect(name("https://bsky.app/") == "Bluesky Following")
        // A post's page is no feed: not Bluesky's source (a web feed's, asked as any address).
        #expect(name("https://bsky.app/profile/ada.example/post/1") == nil)
        // A title given wins.
        var titled = SourceEntry(source: FeedSource(argument: "https://bsky.app/profile/ada.example"))
        titled.title = "Ada"
        #expect(reader.open(titled)?.name == "Ada")
    }
}
