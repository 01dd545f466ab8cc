/// A record's address, `at://REPO/COLLECTION/KEY`: the repo's DID (or handle), the
/// collection (`app.bsky.feed.post`, …) and the record's key.
struct BlueskyRecordAddress: Hashable, Sendable {
    var repo: String
    var collection: String
    var rkey: String

    init(repo: String, collection: String, rkey: String) {
        self.repo = repo
        self.collection = collection
        self.rkey = rkey
    }

    /// Nil for a string not of that shape.
    init?(_ uri: String) {
        let parts = uri.dropFirst("at://".count).split(separator: "/")
        guard uri.hasPrefix("at://"), parts.count == 3 else { return nil }
        self.init(repo: String(parts[0]), collection: String(parts[1]), rkey: String(parts[2]))
    }

    var uri: String { "at://\(repo)/\(collection)/\(rkey)" }
}
