import FoundationEssentials

/// The rows' ages ("3m", "2h") as time goes by: "now" for them is the reference date, moved
/// on only when one of the ages on the screen would read otherwise.
extension TimelineView {
    /// When the first age on the screen next reads otherwise; nil when none shows.
    func nextAgeChange(in frame: ViewFrame) -> Date? {
        guard !isLoading else { return nil }
        let posts = shownPosts
        return visiblePosts(in: frame).lazy.compactMap { placement in
            posts.indices.contains(placement.index) ? posts[placement.index].createdAt : nil
        }.map { RelativeTime.nextChange(of: $0, after: referenceDate) }.min()
    }

    /// "Now" for the ages moves on by `elapsed`.
    mutating func age(by elapsed: Duration) {
        referenceDate += elapsed.seconds
    }
}
