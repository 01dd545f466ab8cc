import FoundationEssentials

/// The posts of the view's sources as one list, newest first, each post once. A source
/// that answers has its posts sorted and merged into the rest in one pass: the cost of
/// sorting the new posts, plus a walk of the list, never a sort of everything.
///
/// The order depends on the posts, never on which source answered first: newest first,
/// dated before undated, then by source, then in the feed's own order; and a post that
/// two sources bring belongs to the first of them.
public enum TimelineMerge {
    /// What makes two posts of *different* sources the same post: the web address where
    /// there is one (a post reached through two servers keeps its origin's),
    /// else the id. Within one source a post is its id alone (guid, Atom id, JSON Feed or
    /// server's id, then link or digest): a podcast's episodes that all link to the show's
    /// page are as many posts.
    public static func key(_ post: Post) -> String {
        post.url ?? "id:\(post.id)"
    }

    /// One source's posts in the timeline's order: newest first, posts without a time
    /// after every dated one, in the feed's order.
    public static func sorted(_ posts: [Post]) -> [Post] {
        if zip(posts, posts.dropFirst()).allSatisfy({ !comesBefore($1, $0) }) { return posts }
        return posts.enumerated().sorted { a, b in
            if comesBefore(a.element, b.element) { return true }
            if comesBefore(b.element, a.element) { return false }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// Which source each post's key belongs to, for the merges that keep it up to date.
    public static func owners(of timeline: [Post]) -> [String: Int] {
        var owners: [String: Int] = [:]
        for post in timeline { owners[key(post)] = owners[key(post)] ?? post.source?.index }
        return owners
    }

    /// `timeline` with source `index`'s first page now, `arrived`: the posts it brings
    /// replace their old copies and whatever was as new as they are (gone from the feed);
    /// its older posts stay, dated before all of `arrived` (pushed off its first page by
    /// newer ones) or brought by further pages. `owners` (key → source) is kept up to date
    /// instead of made again.
    public static func replacing(
        source index: Int, in timeline: consuming [Post], with arrived: [Post], owners: inout [String: Int]
    ) -> [Post] {
        replacing([(index, arrived)], in: consume timeline, owners: &owners)
    }

    /// Several sources' first pages at once (answers held behind `r`'s skeleton, released
    /// together), each as `replacing` one takes it, in one walk of the timeline and one
    /// sort of what arrived, where a merge a source walks the whole list again (300 sources
    /// of 20 held the frame 200 ms). In place: the list handed over is the list returned,
    /// never a copy beside it. Each source once.
    public static func replacing(
        _ pages: [(source: Int, posts: [Post])], in timeline: consuming [Post], owners: inout [String: Int]
    ) -> [Post] {
        struct Answer {
            var arrived: [Post]
            var oldest: Date?
            var ids: Set<PostID>?
        }
        var answers: [Int: Answer] = [:]
        for page in pages {
            answers[page.source] = Answer(arrived: page.posts, oldest: page.posts.lazy.compactMap(\.createdAt).min())
        }
        var kept: [(key: String, source: Int)] = []
        timeline.removeAll { post in
            guard let source = post.source, let answer = answers[source.index] else { return false }
            let older = post.createdAt.map { date in answer.oldest.map { date < $0 } ?? false } ?? false
            if source.paged || older {
                if answer.ids == nil { answers[source.index]?.ids = Set(answer.arrived.map(\.id)) }
                if answers[source.index]?.ids?.contains(post.id) == false {
                    kept.append((key(post), source.index))
                    return false
                }
            }
            let key = key(post)
            if owners[key] == source.index { owners[key] = nil }
            return true
        }
        for (key, source) in kept { owners[key] = source }
        if owners.isEmpty { owners = [:] }
        // In the order of the sources, as `combining`: ownership never depends on which
        // answered first, so the order taken in is free.
        let new = answers.sorted(by: { $0.key < $1.key }).map { source, answer in
            incoming(answer.arrived, from: source, into: &timeline, owners: &owners, listed: { [] })
        }
        // One source's posts come sorted, and are merged as they came (most answers).
        return merge(consume timeline, new.count == 1 ? new[0] : stablySorted(Array(new.joined())))
    }

    /// Several sources' first pages into an empty timeline at once (the store's answers
    /// at the start): the timeline, and the owners, that taking them one by one gives, in
    /// one sort of them all where each source's merge would copy the list again.
    public static func combining(_ pages: [(source: Int, posts: [Post])], owners: inout [String: Int]) -> [Post] {
        var all: [Post] = []
        let count = pages.reduce(0) { $0 + $1.posts.count }
        all.reserveCapacity(count)
        // The key table made once at its size, not grown a source at a time (each growth
        // hashes every key again: 300 sources' 15,000 posts, a tenth of a start's time).
        owners.reserveCapacity(owners.count + count)
        // In the order of the sources, each finds only the owners of those before it: no
        // post is taken from another, and the timeline it would be merged into is empty.
        var nothing: [Post] = []
        for (source, posts) in pages.sorted(by: { $0.source < $1.source }) {
            all += incoming(posts, from: source, into: &nothing, owners: &owners, listed: { [] })
        }
        return stablySorted(all)
    }

    /// Posts in the timeline's order, those as old as each other (a source's) in the order
    /// given: what a merge keeps in place stays.
    private static func stablySorted(_ posts: [Post]) -> [Post] {
        // Sorted by keys taken out once (each comparison would reach into two posts'
        // boxes): the time, undated as -infinity, then the source, then the place given.
        let keys = posts.enumerated().map { offset, post in
            (
                time: post.createdAt?.timeIntervalSinceReferenceDate ?? -.infinity, source: post.source?.index ?? 0,
                offset: offset
            )
        }
        let order = keys.sorted { a, b in
            a.time != b.time ? a.time > b.time : a.source != b.source ? a.source < b.source : a.offset < b.offset
        }
        return order.map { posts[$0.offset] }
    }

    /// `timeline` with `arrived` (a further page of source `index`) added.
    public static func adding(_ arrived: [Post], in timeline: [Post], owners: inout [String: Int]) -> [Post] {
        guard let index = arrived.first?.source?.index else { return timeline }
        var rest = timeline
        // A page may list again a post of the pages before it (newer posts pushed it on).
        let new = incoming(arrived, from: index, into: &rest, owners: &owners) {
            timeline.lazy.filter { $0.source?.index == index }.map(\.id)
        }
        return merge(rest, new)
    }

    /// The same, with the timeline's owners made from it: for tests and one-off merges.
    public static func replacing(source index: Int, in timeline: [Post], with arrived: [Post]) -> [Post] {
        var owners = owners(of: timeline)
        return replacing(source: index, in: timeline, with: arrived, owners: &owners)
    }

    /// `arrived`, sorted, without the posts another source of a lower index has already
    /// brought, nor those whose id the source has listed already (`listed`, or earlier in
    /// `arrived`). A post that only a source of a higher index had is taken from it (out of
    /// `rest`), so that the owner does not depend on which answered first.
    private static func incoming<Listed: Sequence<PostID>>(
        _ arrived: [Post], from index: Int, into rest: inout [Post], owners: inout [String: Int],
        listed: () -> Listed
    ) -> [Post] {
        let arrived = sorted(arrived)
        // Grown once, not doubled step by step (each step holds the old table and the new).
        owners.reserveCapacity(owners.count + arrived.count)
        var skipped: Set<Int> = []
        var taken: Set<String> = []
        var ids = SourceIDs()
        for (position, post) in arrived.enumerated() {
            let key = key(post)
            if let owner = owners[key] {
                if owner == index {
                    let isNew = ids.isNew(post.id) { Set(listed()).union(arrived[..<position].lazy.map(\.id)) }
                    if !isNew { skipped.insert(position) }
                    continue
                }
                guard owner > index else {
                    skipped.insert(position)
                    continue
                }
                taken.insert(key)
            }
            ids.add(post.id)
            owners[key] = index
        }
        if !taken.isEmpty {
            rest.removeAll { $0.source?.index != index && taken.contains(key($0)) }
        }
        // Most often nothing is skipped: the list is kept, not copied.
        guard !skipped.isEmpty else { return arrived }
        return arrived.indices.filter { !skipped.contains($0) }.map { arrived[$0] }
    }

    /// One source's post ids, gathered only when two of its posts first share an address
    /// (a podcast's episodes and its home page): most answers never need them.
    private struct SourceIDs {
        private var ids: Set<PostID>?

        /// Whether `id`, at an address the source already has, names a post it has not
        /// listed yet; the first time, `listed` gives the ids listed so far.
        mutating func isNew(_ id: PostID, listed: () -> Set<PostID>) -> Bool {
            if ids == nil { ids = listed() }
            return ids?.insert(id).inserted ?? true
        }

        /// A post taken at an address of its own.
        mutating func add(_ id: PostID) {
            ids?.insert(id)
        }
    }

    /// Two lists, each in the timeline's order, as one: `b` merged into `a` from the back,
    /// in `a`'s own storage, which grows as an array grows (by doubling, not at each merge).
    /// `a`'s posts move by swaps (no copy of a post, no count of its references), and only
    /// those after the first place a post of `b` goes.
    static func merge(_ a: consuming [Post], _ b: [Post]) -> [Post] {
        guard !b.isEmpty else { return a }
        if a.isEmpty { return b }
        var merged = consume a
        var b = b
        var i = merged.count - 1
        merged.append(contentsOf: b)  // places for `b`'s posts, each filled below
        var k = merged.count - 1
        // The last place takes whichever of the two goes later; on a tie `a`'s post goes
        // first, as a merge from the front would place it.
        while let last = b.last {
            if i >= 0, comesBefore(last, merged[i]) {
                merged.swapAt(k, i)
                i -= 1
            } else {
                merged[k] = b.removeLast()
            }
            k -= 1
        }
        return merged
    }

    /// Whether `x` goes strictly before `y`: newer, or dated where `y` is not, or as old
    /// (or as undated) but from a source given earlier.
    static func comesBefore(_ x: Post, _ y: Post) -> Bool {
        switch (x.createdAt, y.createdAt) {
        case (let p?, let q?) where p != q: p > q
        case (.some, nil): true
        case (nil, .some): false
        default: (x.source?.index ?? 0) < (y.source?.index ?? 0)
        }
    }
}
