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
        var owners = owners(of: timeline)
        return replacing(source: index, in: timeline, with: arrived, owners: &owners)
    }

    /// Which source each post's key belongs to, for the `replacing` that keeps it.
    public static func owners(of timeline: [Post]) -> [String: Int] {
        var owners: [String: Int] = [:]
        for post in timeline { owners[key(post)] = owners[key(post)] ?? post.source?.index }
        return owners
    }

    /// The same, with `owners` (key → source) kept up to date instead of made again: the
    /// cost is a walk of the timeline without hashing it, and the new posts' sort.
    public static func replacing(
        source index: Int, in timeline: [Post], with arrived: [Post], owners: inout [String: Int]
    ) -> [Post] {
        var rest: [Post] = []
        rest.reserveCapacity(timeline.count)
        for post in timeline {
            if post.source?.index == index {
                let key = key(post)
                if owners[key] == index { owners[key] = nil }
            } else {
                rest.append(post)
            }
        }
        var incoming: [Post] = []
        for post in sorted(arrived) {
            let key = key(post)
            guard owners[key] == nil else { continue }
            owners[key] = index
            incoming.append(post)
        }
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
