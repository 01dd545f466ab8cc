/// A source's tags: the subscriptions file's `tag=`, an OPML file's folders, a reader
/// server's categories. A tag may nest (`tech/swift`, as an OPML folder in a folder is
/// written by newsboat and others): a source filed under `tech/swift` is one of `tech`'s.
public enum SourceTags {
    /// `value` as a tag: its spaces and slashes tidied (`" tech / swift/"` is `tech/swift`),
    /// its control characters gone; nil when nothing is left.
    public static func normalised(_ value: String) -> String? {
        let parts = TextSanitizer.singleLine(value).split(separator: "/").map { $0.trimmingWhitespace() }
            .filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// Whether a source filed under `tags` is one of `tag`'s: under it, or under a tag
    /// nested in it.
    public static func carry(_ tags: [String], _ tag: String) -> Bool {
        tags.contains { $0 == tag || ($0.hasPrefix(tag) && $0.dropFirst(tag.count).first == "/") }
    }

    /// Every tag of `tagged` once, in the order they first appear.
    public static func all(_ tagged: [[String]]) -> [String] {
        var seen: Set<String> = []
        return tagged.joined().filter { seen.insert($0).inserted }
    }
}
