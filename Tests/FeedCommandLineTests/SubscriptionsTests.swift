import Foundation
import Testing

@testable import FeedCommandLine
@testable import FeedCore

/// The subscriptions file and `--refresh`'s intervals.
@Suite struct SubscriptionsTests {
    @Test func linesGiveSourcesTitlesTokenVariablesAndTheRefresh() throws {
        let file = try Subscriptions.parse(
            """
            # my feeds
            https://blog.example/feed.xml   The  blog   # a comment after
              ~/feeds/local.json

            https://mastodon.example/api/v1/timelines/home token=$MASTODON_TOKEN Home
            https://social.example/api/v1/timelines/home account=@ada@social.example Ada's home
            https://social.example/api/v1/timelines/public stream=off Public stream=on
            https://social.example/api/v1/timelines/tag/swift stream=off Swift
            refresh 10m
            """, file: "feeds")
        #expect(
            file.entries == [
                .init(source: "https://blog.example/feed.xml", title: "The blog"),
                .init(source: "~/feeds/local.json"),
                .init(
                    source: "https://mastodon.example/api/v1/timelines/home", title: "Home",
                    tokenVariable: "MASTODON_TOKEN"),
                .init(
                    source: "https://social.example/api/v1/timelines/home", title: "Ada's home",
                    account: "@ada@social.example"),
                // The last word of a setting wins.
                .init(source: "https://social.example/api/v1/timelines/public", title: "Public"),
                .init(source: "https://social.example/api/v1/timelines/tag/swift", title: "Swift", streams: false),
            ])
        #expect(file.refresh == .seconds(600))
    }

    /// A source's own settings, and saved searches, in the words of the configuration file.
    /// A line that begins with a network's name (`ttrss URL`) stands for a reader server's
    /// account, with its settings; a word of lowercase letters before an address is such a
    /// name, and nothing else is: a feed's title may be an address.
    @Test func aLineThatNamesANetworkIsAnAccountsAndOnlyThat() throws {
        let file = try Subscriptions.parse(
            """
            ttrss https://rss.example/tt-rss/ tag=reader
            https://blog.example/feed.xml https://blog.example/
            Feeds.opml https://mirror.example/
            """, file: "feeds")
        var account = Subscriptions.Entry(source: "https://rss.example/tt-rss/")
        (account.network, account.tags) = ("ttrss", ["reader"])
        let blog = Subscriptions.Entry(source: "https://blog.example/feed.xml", title: "https://blog.example/")
        let mirror = Subscriptions.Entry(source: "Feeds.opml", title: "https://mirror.example/")
        #expect(file.entries == [account, blog, mirror])
    }

    @Test func perFeedSettingsAndSavedSearches() throws {
        let file = try Subscriptions.parse(
            """
            https://blog.example/feed.xml refresh=15m keep=200 images=none mute="super bowl" "The blog"
            https://news.example/atom.xml mute=/^ad:/ mute="author Ellen Expert" News#1 # a number sign in a word is a letter
            search "swift ncurses" Swift
            """, file: "feeds")
        var blog = Subscriptions.Entry(source: "https://blog.example/feed.xml", title: "The blog")
        (blog.refresh, blog.keep, blog.images) = (.seconds(900), 200, ImageChoice.none)
        blog.mutes = [.words(["super bowl"])]
        var news = Subscriptions.Entry(source: "https://news.example/atom.xml", title: "News#1")
        news.mutes = [.pattern(try MutePattern("^ad:")), .author("Ellen Expert")]
        var search = Subscriptions.Entry(source: "swift ncurses", title: "Swift")
        search.isSearch = true
        #expect(file.entries == [blog, news, search])
    }

    @Test(arguments: [
        (
            "https://a.example token=abc123",
            "feeds, line 1: token= takes an environment variable, such as token=$SERVER_TOKEN"
        ),
        (
            "https://a.example token=$TÖKEN",
            "feeds, line 1: token= takes an environment variable, such as token=$SERVER_TOKEN"
        ),
        ("refresh often", "feeds, line 1: refresh takes one interval such as 30s, 5m or 1h, from 5 s to a day"),
        (
            "https://a.example account=ada@a.example",
            "feeds, line 1: account= takes an account signed in with shimmerfeed login, such as account=@me@server.example"
        ),
        ("https://a.example stream=no", "feeds, line 1: stream= takes on or off"),
        (
            "https://a.example refresh=1s",
            "feeds, line 1: refresh= takes an interval such as 30s, 5m or 1h, from 5 s to a day"
        ),
        ("https://a.example keep=0", "feeds, line 1: keep= takes how many posts the store keeps, from 1 to 100000"),
        ("https://a.example images=kitty", "feeds, line 1: images= takes none, cells or auto"),
        (
            "https://a.example mute=",
            "feeds, line 1: mute takes words, author @handle, source NAME or /regex/: mute crypto"
        ),
        ("search", "feeds, line 1: search takes a query, quoted when it has spaces: search \"swift ncurses\" Swift"),
        ("search \"open", "feeds, line 1: a quote is opened and never closed"),
        (
            "https://a.example account=@ada@a.example token=$T",
            "feeds, line 1: a source is read with token= or with account=, not both"
        ),
        (
            "https://a.example tag=",
            "feeds, line 1: tag= takes a name, quoted when it has spaces: tag=swift, tag=\"open source\", tag=tech/swift"
        ),
        (
            "https://a.example tag=\" / \"",
            "feeds, line 1: tag= takes a name, quoted when it has spaces: tag=swift, tag=\"open source\", tag=tech/swift"
        ),
        // A misspelt setting is an error, never a word of the title.
        (
            "https://a.example tags=swift Swift",
            "feeds, line 1: tags= is not a setting of a source (did you mean tag=?); a source takes account=, images=, keep=, mute=, refresh=, stream=, tag=, token="
        ),
        (
            "https://a.example folder=swift",
            "feeds, line 1: folder= is not a setting of a source; a source takes account=, images=, keep=, mute=, refresh=, stream=, tag=, token="
        ),
    ])
    func aLineItCannotReadIsNamed(line: String, message: String) {
        #expect(throws: Subscriptions.ParseError(description: message)) { try Subscriptions.parse(line, file: "feeds") }
    }

    /// `tag=` files a source under tags, as often as it has them, quoted when a name has
    /// spaces, nested with `/`; a setting's word never joins the title, wherever it stands.
    @Test func tagsAreSettingsNeverWordsOfTheTitle() throws {
        let file = try Subscriptions.parse(
            """
            https://swift.example/feed.xml tag=swift tag=linux Swift blog
            https://lwn.example/rss LWN tag="open source" tag=" tech / kernel/ "
            https://social.example/api/v1/timelines/home account=@ada@social.example tag=people Home tag=swift
            https://plain.example/rss E=mc² Physics
            search "ncurses" tag=swift Curses
            https://twice.example/rss tag=swift tag=swift
            """, file: "feeds")
        #expect(
            file.entries.map(\.tags) == [
                ["swift", "linux"], ["open source", "tech/kernel"], ["people", "swift"], [], ["swift"], ["swift"],
            ])
        #expect(file.entries.map(\.title) == ["Swift blog", "LWN", "Home", "E=mc² Physics", "Curses", nil])
        #expect(file.entries[2].account == "@ada@social.example")
        #expect(file.entries[4].isSearch)
    }

    /// A bad line is named by its number in the file, blank lines and comments counted, so
    /// that an editor's line number finds it.
    @Test func aBadLineIsNamedByItsRealLineNumber() {
        let file = """
            # My feeds

            https://blog.example/feed.xml   The blog
               # indented comment
            \t
            https://news.example/atom.xml
            refresh soon
            """
        #expect(
            throws: Subscriptions.ParseError(
                description: "feeds, line 7: refresh takes one interval such as 30s, 5m or 1h, from 5 s to a day")
        ) { try Subscriptions.parse(file, file: "feeds") }
        // Windows line ends count once.
        #expect(
            throws: Subscriptions.ParseError(
                description: "feeds, line 3: token= takes an environment variable, such as token=$SERVER_TOKEN")
        ) { try Subscriptions.parse("# a\r\n\r\nhttps://a.example token=abc\r\n", file: "feeds") }
    }

    @Test func theFileIsFoundWhereXDGSays() {
        #expect(Subscriptions.path(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]) == "/c/shimmerfeed/feeds")
        #expect(Subscriptions.path(environment: ["HOME": "/h"]) == "/h/.config/shimmerfeed/feeds")
        #expect(
            Subscriptions.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"])
                == "/h/.config/shimmerfeed/feeds")
        #expect(Subscriptions.path(environment: [:]) == nil)
    }

    @Test func refreshIntervals() throws {
        #expect(RefreshInterval.parse("30s") == .seconds(30))
        #expect(RefreshInterval.parse("5m") == .seconds(300))
        #expect(RefreshInterval.parse("1h") == .seconds(3600))
        #expect(RefreshInterval.parse("90") == .seconds(90))
        for bad in ["", "4s", "2d", "m", "-5m", "25h", "1.5m"] { #expect(RefreshInterval.parse(bad) == nil, "\(bad)") }
        #expect(try CommandLineOptions.parse(["--refresh", "5m", "a", "b"]).viewer.refreshInterval == .seconds(300))
        #expect(try CommandLineOptions.parse(["a", "b", "c"]).sources == ["a", "b", "c"])
    }
}
