import FeedCore
import FeedTransport
import FoundationEssentials

/// What a timeline brought while its stream was not there: asked with `min_id`, the
/// statuses just after the newest one known, a page at a time forwards, until a page comes
/// back short. Nothing posted during a gap is missing once the stream resumes.
enum MissedStatuses {
    /// Statuses a page asks for (Mastodon's most).
    static let pageSize = 40
    /// Pages asked for at most: a gap longer than this is the timeline's next refresh's.
    static let maximumPages = 10

    /// The statuses of `timeline` newer than `newest`, oldest first; without `newest`, the
    /// newest page. `get` answers an address with its body.
    static func fetch(
        timeline: String, after newest: String?, get: (String) async throws -> Data
    ) async throws -> [Post] {
        var missed: [Post] = []
        var after = newest
        for _ in 0..<maximumPages {
            let page = try FeedDocumentDecoder.decode(
                try await get(address(timeline, after: after)), formats: Mastodon.jsonFormats
            ).posts
            missed += page.reversed()
            guard let newestOfPage = page.compactMap(StatusID.of).max(by: StatusID.isOlder), after != nil,
                page.count >= pageSize
            else { break }
            after = newestOfPage
        }
        return missed
    }

    /// `timeline`'s address asking for the page after `after`.
    static func address(_ timeline: String, after: String?) -> String {
        var fields = ["limit=\(pageSize)"]
        if let after { fields.insert("min_id=\(FormEncoding.escape(after))", at: 0) }
        return timeline + (timeline.contains("?") ? "&" : "?") + fields.joined(separator: "&")
    }
}
