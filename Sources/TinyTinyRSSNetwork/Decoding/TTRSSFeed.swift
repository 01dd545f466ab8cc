import FeedCore
import FoundationEssentials

/// A feed the account subscribes to, as `getFeeds` (`catId` -3: every real feed) tells it,
/// with its category's title from `getCategories`: a source of its own, the category its
/// tag.
struct TTRSSFeed: Codable, Hashable, Sendable {
    var id: Int
    var title: String
    var category: String?
    /// The server's count of its unread articles when the list was asked.
    var unread: Int
    /// Its icon, where tt-rss has one: `feed-icons/ID.ico` beside its page.
    var iconURL: String?
    var order: Int

    /// The feeds of `getFeeds`, filed under the categories of `getCategories`, in tt-rss's
    /// own order; `iconsURL` is where the icons are (`getConfig`'s `iconsUrl`, relative to
    /// the server's page unless it is a URL).
    static func list(feeds: [Listed], categories: [Category], server: String, iconsURL: String?) -> [TTRSSFeed] {
        var titles: [Int: String] = [:]
        for category in categories where category.id.value > 0 {
            titles[category.id.value] = TextSanitizer.singleLine(category.title ?? "")
        }
        let icons = iconsURL.map { $0.hasPrefix("https://") || $0.hasPrefix("http://") ? $0 : server + "/" + $0 }
        return feeds.filter { $0.id.value > 0 }.map { feed in
            TTRSSFeed(
                id: feed.id.value,
                title: TextSanitizer.singleLine(feed.title ?? "").isEmpty
                    ? "feed \(feed.id.value)" : TextSanitizer.singleLine(feed.title ?? ""),
                category: feed.catId.flatMap { titles[$0.value] }.flatMap { $0.isEmpty ? nil : $0 },
                unread: max(0, feed.unread?.value ?? 0),
                iconURL: feed.hasIcon?.value == true ? icons.map { "\($0)/\(feed.id.value).ico" } : nil,
                order: feed.orderId?.value ?? 0)
        }
        .enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(\.element)
    }

    /// A feed of `getFeeds`.
    struct Listed: Decodable, Sendable {
        var id: TTRSSNumber
        var title: String?
        var unread: TTRSSNumber?
        var hasIcon: TTRSSFlag?
        var catId: TTRSSNumber?
        var orderId: TTRSSNumber?
    }

    /// A category of `getCategories`.
    struct Category: Decodable, Sendable {
        var id: TTRSSNumber
        var title: String?
    }
}
