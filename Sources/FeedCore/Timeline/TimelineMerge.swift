import FoundationEssentials

/// The posts of several sources as one list, newest first, each post once. A source that
/// answers has its posts sorted and merged into the rest in one pass: the cost of sorting
/// the new posts, plus a walk of the list, never a sort of everything.
public enum TimelineMerge {
    /// What makes two posts the same post, whichever source brought them: the web address
    /// where there is one (a Mastodon status reached through two servers keeps its
    /// origin's), else the id.
    public static func key(_ post: Post) -> String {
        post.url ?? "id:\(post.id)"
    }

    /// Newest first; posts without a time after every dated one, in the feed's order.
    public static func sorted(_ posts: [Post]) -> [Post] {
        posts.enumerated().sorted { a, b in
            switch (a.element.createdAt, b.element.createdAt) {
            case (let x?, let y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a.offset < b.offset
            }
        }.map(\.element)
    }

    /// `timeline` without the posts of source `index`, merged with `arrived` (that
    /// source's posts now); a post already there from another source is kept once.
    public static func replacing(source index: Int, in timeline: [Post], with arrived: [Post]) -> [Post] {
        let rest = timeline.filter { $0.source?.index != index }
        let known = Set(rest.map(key))
        var seen = Set<String>()
        let incoming = sorted(arrived).filter { seen.insert(key($0)).inserted && !known.contains(key($0)) }
        return merge(rest, incoming)
    }

    /// Two lists, each newest first, as one; on equal times the first list's post first.
    static func merge(_ a: [Post], _ b: [Post]) -> [Post] {
        var result: [Post] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0
        var j = 0
        while i < a.count, j < b.count {
            if comesBefore(b[j], a[i]) {
                result.append(b[j])
                j += 1
            } else {
                result.append(a[i])
                i += 1
            }
        }
        result += a[i...]
        result += b[j...]
        return result
    }

    /// Whether `x` goes strictly before `y`: newer, or dated where `y` is not.
    private static func comesBefore(_ x: Post, _ y: Post) -> Bool {
        switch (x.createdAt, y.createdAt) {
        case (let p?, let q?): p > q
        case (.some, nil): true
        default: false
        }
    }
}
