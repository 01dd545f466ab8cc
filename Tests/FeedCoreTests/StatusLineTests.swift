import Foundation
import Testing

@testable import FeedCore

/// The status line accounts for what a feed left out: how many posts and why, and where a
/// document stopped being readable.
@Suite struct StatusLineTests {
    private func status(_ feed: Feed, width: Int = 160) -> String {
        let size = TerminalSize(width: width, height: 12)
        let state = NavigationTests.loaded(feed, size: size)
        return FeedRenderer.render(state.advanced(to: .zero)).lines.last ?? ""
    }

    private let post = Post(id: .number(1), author: Author(name: "A"), content: "a", likes: nil, createdAt: nil)

    @Test func skippedPostsSayHowManyAndWhyTheFirstWas() {
        let feed = Feed(
            title: "Blog", posts: [post], skipped: 2, firstSkipReason: "post 4: an item with neither an id nor a url")
        #expect(status(feed).contains("Blog · 1 post · loaded in 0 ms · 2 skipped (post 4: an item with neither an id"))
        #expect(!status(Feed(posts: [post])).contains("skipped"))
    }

    @Test func aFeedCutShortSaysWhere() {
        var feed = Feed(title: "Blog", posts: [post])
        feed.cutShort = "line 3: huge text node"
        #expect(status(feed).contains("1 post · loaded in 0 ms · cut short: line 3: huge text node"))
        // The reason is the first to give way on a narrow screen; the count stays.
        #expect(status(feed, width: 40).contains("1 post"))
    }
}
