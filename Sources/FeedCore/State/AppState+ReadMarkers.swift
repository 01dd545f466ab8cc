/// The read position a server keeps: a source's posts at or older than its marker count as
/// read, whenever they arrive. A marker only adds read marks: a post the store has as read
/// stays read, whatever the marker says.
extension AppState {
    mutating func takeReadMarker(_ lastReadID: String, source: Int) -> [AppEffect] {
        guard timeline.sources.indices.contains(source) else { return [] }
        if let known = timeline.readMarkers[source], !StatusID.isOlder(known, than: lastReadID) { return [] }
        timeline.readMarkers[source] = lastReadID
        return applyReadMarkers()
    }

    /// Marks read the unread posts the markers cover; returns the marks to keep.
    mutating func applyReadMarkers() -> [AppEffect] {
        guard !timeline.readMarkers.isEmpty, options.tracksRead, timeline.feed != nil else { return [] }
        let posts = timeline.shownPosts
        let covered = posts.indices.filter { index in
            let post = posts[index]
            guard let source = post.source?.index, let marker = timeline.readMarkers[source],
                !timeline.read.contains(post.id)
            else { return false }
            return !StatusID.isOlder(marker, than: post.id.untagged(by: source))
        }
        guard !covered.isEmpty else { return [] }
        return timeline.setRead(covered, true, in: frame)
    }
}
