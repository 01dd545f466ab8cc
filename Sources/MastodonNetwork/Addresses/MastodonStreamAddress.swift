import FeedCore
import FoundationEssentials

/// Where a Mastodon timeline streams: the stream of the streaming API that carries what the
/// timeline shows (`/api/v1/timelines/home` → `/api/v1/streaming/user`, a hashtag's, a
/// list's, the public and local ones), under the base the server names in
/// `configuration.urls.streaming`.
enum MastodonStreamAddress {
    /// The stream's path and query for the timeline at `timeline` (or the notifications); nil
    /// for a timeline no stream carries (an account's statuses, a bookmark list).
    static func path(forTimeline timeline: URL) -> String? {
        // Still percent-encoded, as they go into the stream's address.
        let parts = timeline.path(percentEncoded: true).split(separator: "/").map(String.init)
        // The account's notifications: the user stream's notifications alone.
        if parts == ["api", "v1", "notifications"] { return "/api/v1/streaming/user/notification" }
        guard parts.count >= 4, parts[0] == "api", parts[1] == "v1", parts[2] == "timelines" else { return nil }
        let query = Self.query(of: timeline)
        let flag = { (name: String) in query[name]?.lowercased() == "true" || query[name] == "1" }
        let stream = "/api/v1/streaming/"
        switch (parts[3], parts.count) {
        case ("home", 4):
            return stream + "user"
        case ("public", 4):
            let scope = flag("local") ? "/local" : flag("remote") ? "/remote" : ""
            return stream + "public" + scope + (flag("only_media") ? "/media" : "")
        case ("tag", 5):
            return stream + "hashtag" + (flag("local") ? "/local" : "") + "?tag=" + parts[4]
        case ("list", 5):
            return stream + "list?list=" + parts[4]
        default:
            return nil
        }
    }

    /// The https address of a streaming base as an instance names it (`wss://streaming.host`,
    /// or its http form); nil for anything else.
    static func base(_ streaming: String) -> String? {
        let trimmed = streaming.trimmingWhitespace()
        let lower = trimmed.lowercased()
        let rest: Substring
        if lower.hasPrefix("wss://") {
            rest = trimmed.dropFirst("wss://".count)
        } else if lower.hasPrefix("https://") {
            rest = trimmed.dropFirst("https://".count)
        } else {
            // ws:// and http:// would carry the token in the clear: not followed.
            return nil
        }
        let host = rest.hasSuffix("/") ? rest.dropLast() : rest
        guard !host.isEmpty, !host.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" || $0 == "@" }) else {
            return nil
        }
        return "https://" + host
    }

    private static func query(of url: URL) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in (url.query() ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard let name = parts.first else { continue }
            fields[String(name)] = parts.count > 1 ? String(parts[1]) : ""
        }
        return fields
    }
}
