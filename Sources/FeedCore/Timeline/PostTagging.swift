/// Posts marked with the source that brought them. A post's id becomes unique across the
/// view's sources ("2/107": source 2's post 107), since two feeds may number alike. Ids
/// are tagged here and nowhere else: a loader's answer on its way, the store's posts, marks
/// and matches as the view takes them.
extension Post {
    /// The post as the view knows it: its id tagged with its source, and the source named.
    public mutating func tag(with source: PostSource) {
        id = id.tagged(by: source.index)
        self.source = source
    }
}

extension Array where Element == Post {
    /// Tags every post in place: where the array is not shared (a loader's answer, in its
    /// task) this writes no copy, which for 100,000 posts is tens of megabytes.
    public mutating func tag(with source: PostSource) {
        for index in indices { self[index].tag(with: source) }
    }

    /// Whether every post already carries `source`'s tag (its index, and whether a further
    /// page brought it): its id is prefixed once and never again, whatever the source is
    /// called by now.
    public func isTagged(with source: PostSource) -> Bool {
        allSatisfy { $0.source?.index == source.index && $0.source?.paged == source.paged }
    }

    /// The posts' source named as it is now (a source takes its feed's title when it first
    /// answers), their ids as they are.
    public mutating func rename(to source: PostSource) {
        for index in indices where self[index].source != source { self[index].source = source }
    }
}

extension PostID {
    /// The id as a view of several sources knows it: "2/107", source 2's post 107.
    public func tagged(by source: Int) -> PostID {
        // Joined, not interpolated: interpolating the id went through `String(describing:)`,
        // and a start from the store tags 15,000 ids.
        .string(String(source) + "/" + description)
    }

    /// The id as source `source`'s feed wrote it, in words: "107" for "2/107".
    public func untagged(by source: Int) -> String {
        let text = description
        let prefix = "\(source)/"
        return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }
}
