/// Post ids that are numbers in decimal growing with time (snowflakes), as some servers
/// give them: one with more digits is newer, and of two of one length, the greater.
public enum StatusID {
    public static func isOlder(_ left: String, than right: String) -> Bool {
        left.count != right.count ? left.count < right.count : left < right
    }

    /// The id a post has on its server, as it came (a boost's own, a notification's); nil
    /// for a post not numbered so.
    public static func of(_ post: Post) -> String? {
        if case .string(let id) = post.id { return id }
        return nil
    }
}
