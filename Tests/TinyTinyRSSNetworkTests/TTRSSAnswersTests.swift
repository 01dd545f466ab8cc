import FeedCore
import Foundation
import TestSupport
import Testing

@testable import TinyTinyRSSNetwork

/// tt-rss's answers as the real server gave them (Fixtures/SOURCES.md), read as the API's
/// envelope, articles, feeds and categories.
struct TTRSSAnswersTests {
    private func fixture(_ name: String) throws -> Data { try Fixtures.data(name) }

    private func refusal(_ name: String) throws -> TTRSSAPI.Refusal? {
        let answer = try fixture(name)
        do throws(TTRSSAPI.CallFailure) {
            _ = try TTRSSAPI.content(of: answer, server: "https://rss.example", as: [String: String].self)
            return nil
        } catch .refused(let refusal) {
            return refusal
        } catch {
            return nil
        }
    }

    @Test func eachErrorWordIsItsRefusal() throws {
        #expect(try refusal("login_error.json") == .loginError)
        #expect(try refusal("not_logged_in.json") == .notLoggedIn)
        #expect(try refusal("unknown_method.json") == .other("UNKNOWN_METHOD"))
    }

    @Test func anAnswerNotOfTTRSSSaysSo() {
        let page = Data("<html><body>It works!</body></html>".utf8)
        do throws(TTRSSAPI.CallFailure) {
            _ = try TTRSSAPI.content(of: page, server: "https://rss.example", as: [String].self)
            Issue.record("a web page was taken for an answer")
        } catch .failed(let failure) {
            #expect(failure.message.contains("not as Tiny Tiny RSS's API does"))
        } catch {
            Issue.record("refused: \(error)")
        }
    }

    @Test func aNotFoundAPIIsExplained() {
        let explained = TTRSSAPI.explained(.httpStatus(code: 404, reason: "Not Found", url: "https://rss.example/api/"))
        #expect(explained.message.contains("is not Tiny Tiny RSS's API (404)"))
        let other = Failure.httpStatus(code: 500, reason: "", url: "https://rss.example/api/")
        #expect(TTRSSAPI.explained(other) == other)
    }

    @Test func headlinesArePostsWithTheServersReadAndStarredState() throws {
        let headlines = try TTRSSAPI.content(
            of: try fixture("getHeadlines.json"), server: "https://rss.example", as: [TTRSSHeadline].self)
        let feed = TTRSSFeed(id: 2, title: "Feed 2", category: "Category B", unread: 38, iconURL: nil, order: 2)
        let posts = headlines.map { $0.post(feed: feed) }
        #expect(posts.map(\.title) == ["Feed 2 article 40", "Feed 2 article 39", "Feed 2 article 38"])
        #expect(posts.map(\.statusID) == ["41", "42", "43"])
        #expect(posts.map(\.id) == [.number(41), .number(42), .number(43)])
        // Articles 40 and 39 were read when it was recorded; 38 not.
        #expect(posts.map(\.readOnServer) == [true, true, false])
        #expect(posts.allSatisfy { $0.marks.isEmpty })
        #expect(posts[0].content == "The text of Feed 2 article 40.")
        #expect(posts[0].author.name == "Feed 2")
        #expect(posts[0].url?.hasSuffix("/feed/2/0") == true)
        #expect(posts[0].network == TinyTinyRSS.id)
        #expect(posts[0].createdAt == Date(timeIntervalSince1970: 1_796_256_120))
        // Newest first, as tt-rss lists them.
        #expect(posts[0].createdAt! > posts[1].createdAt!)
    }

    @Test func aStarredArticleByAnAuthorShowsBoth() throws {
        let json = """
            {"id":"7","unread":"false","marked":true,"updated":"1796256120","title":"A &amp; B","link":"https://b.example/1",
             "feedId":"3","feedTitle":"Blog","author":"Ada","content":"<p>Hi <a href=\\"https://x.example\\">x</a></p>",
             "attachments":[{"contentUrl":"https://b.example/p.png","contentType":"image/png","title":"","width":"0","height":""}]}
            """
        // PHP sends numbers as strings at times, and flags too.
        let headline = try? TTRSSAPI.decoder.decode(TTRSSHeadline.self, from: Data(json.utf8))
        let post = try #require(headline).post(feed: nil)
        #expect(post.statusID == "7")
        #expect(post.marks == .favourited)
        #expect(post.title == "A & B")
        #expect(post.author.name == "Ada")
        #expect(post.author.handle == "Blog")
        #expect(post.links.map(\.url) == ["https://x.example"])
        #expect(post.attachments.map(\.url) == ["https://b.example/p.png"])
        #expect(post.attachments.first?.kind == .image)
    }

    @Test func feedsAreFiledUnderTheirCategoriesInTTRSSsOrder() throws {
        let feeds = try TTRSSAPI.content(
            of: try fixture("getFeeds.json"), server: "https://rss.example", as: [TTRSSFeed.Listed].self)
        let categories = try TTRSSAPI.content(
            of: try fixture("getCategories.json"), server: "https://rss.example", as: [TTRSSFeed.Category].self)
        let listed = TTRSSFeed.list(
            feeds: feeds, categories: categories, server: "https://rss.example/tt-rss", iconsURL: "feed-icons")
        #expect(listed.map(\.title) == ["Feed 1", "Feed 2", "Feed 3", "Feed 4"])
        #expect(listed.map(\.category) == ["Category A", "Category B", "Category A", "Category B"])
        #expect(listed.map(\.unread) == [0, 38, 38, 37])
        // None has an icon in the recording.
        #expect(listed.allSatisfy { $0.iconURL == nil })
    }

    @Test func aFeedWithAnIconHasItsAddressAndAnUncategorisedFeedNoTag() {
        let feeds = [
            TTRSSFeed.Listed(
                id: TTRSSNumber(9), title: "Icons", unread: TTRSSNumber(2), hasIcon: TTRSSFlag(true),
                catId: TTRSSNumber(0),
                orderId: TTRSSNumber(2)),
            TTRSSFeed.Listed(
                id: TTRSSNumber(4), title: "\u{1B}]52;c;aGk=\u{07}First", unread: nil, hasIcon: TTRSSFlag(false),
                catId: TTRSSNumber(5), orderId: TTRSSNumber(1)),
            // A virtual feed (Starred, -1) is no source.
            TTRSSFeed.Listed(
                id: TTRSSNumber(-1), title: "Starred", unread: nil, hasIcon: TTRSSFlag(false), catId: nil,
                orderId: nil),
        ]
        let listed = TTRSSFeed.list(
            feeds: feeds, categories: [TTRSSFeed.Category(id: TTRSSNumber(5), title: "News")],
            server: "https://rss.example/tt-rss", iconsURL: "feed-icons")
        #expect(listed.map(\.id) == [4, 9])
        #expect(listed[0].title == "First")
        #expect(listed[0].category == "News")
        #expect(listed[1].category == nil)
        #expect(listed[1].iconURL == "https://rss.example/tt-rss/feed-icons/9.ico")
        #expect(listed[1].unread == 2)
    }

    @Test func aCallIsOneJSONObjectWithSortedKeys() {
        let body = TTRSSParameter.object([
            "op": .text("login"), "user": .text("a\"b"), "limit": .number(3), "x": .flag(true),
        ])
        #expect(body == #"{"limit":3,"op":"login","user":"a\"b","x":true}"#)
    }

    @Test func numbersAreTakenAsPHPWritesThem() throws {
        let numbers = try JSONDecoder().decode([TTRSSNumber].self, from: Data(#"[3, "12", true]"#.utf8))
        #expect(numbers.map(\.value) == [3, 12, 1])
        #expect((try? JSONDecoder().decode([TTRSSNumber].self, from: Data(#"["x"]"#.utf8))) == nil)
    }

    @Test func aFurtherPagesAddressSaysWhereItStarts() {
        #expect(TTRSSFeedLoader.skip(in: "https://rss.example/api/?feed=3&skip=30") == 30)
        #expect(TTRSSFeedLoader.skip(in: "https://rss.example/api/?feed=3") == nil)
        #expect(TTRSSFeedLoader.skip(in: "https://rss.example/api/?skip=-1") == nil)
        #expect(TTRSSReader.feedID(in: URL(string: "https://rss.example/api/?feed=12")!) == 12)
        #expect(TTRSSReader.feedID(in: URL(string: "https://rss.example/api/")!) == nil)
    }
}
