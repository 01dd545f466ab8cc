import FeedCore
import FoundationEssentials

/// 50 sources of 40 posts each: what one source's arrival costs to merge, against sorting
/// everything, and how long the state and the frame after each arrival take; then the
/// same for a refresh storm of 300 sources of 20, against a frame's budget.
func timelineBench() {
    timelineBench(sources: 50, perSource: 40)
    timelineBench(sources: 300, perSource: 20)
    let budget = ViewerOptions(sources: [SourceStatus(name: "budget")]).frameInterval.seconds * 1e3
    print("  a frame's budget at the default rate: \(whole(budget)) ms")
}

private func timelineBench(sources sourceCount: Int, perSource: Int) {
    let now = Date()
    let feeds = benchFeeds(sources: sourceCount, postsEach: perSource, now: now)
    // One source's posts merged into the other 49's, against a sort of all 2,000.
    var tagged: [Post] = []
    for (source, feed) in feeds.enumerated() {
        tagged += feed.posts.map { post in
            var post = post
            post.source = PostSource(index: source, name: "Source \(source)")
            return post
        }
    }
    let rest = TimelineMerge.sorted(tagged.filter { $0.source?.index != 0 })
    // Each merge gets a key table of its own, copied before the clock starts: the state
    // keeps one and updates it in place.
    let restOwners = TimelineMerge.owners(of: rest)
    var tables = (0..<9 * 50).map { _ in
        var table = restOwners
        table["copy"] = 0
        return table
    }
    var used = 0
    let merge = microseconds(iterations: 50) {
        _ = TimelineMerge.replacing(source: 0, in: rest, with: feeds[0].posts, owners: &tables[used])
        used += 1
    }
    let sortAll = microseconds(iterations: 50) { _ = TimelineMerge.sorted(tagged) }
    let (samples, firstFrame) = arrivalsWithFrames(feeds, now: now)
    print(
        "timeline of \(sourceCount) sources x \(perSource) posts: merging one source \(whole(merge)) µs "
            + "(sorting all \(sourceCount * perSource): \(whole(sortAll)) µs); each arrival + its frame at 200x50: "
            + "median \(whole(median(samples))) µs, slowest \(whole(samples.max() ?? 0)) µs, "
            + "first rows \(whole(firstFrame)) µs after the first response")
}

/// `sources` feeds of `postsEach` posts, dated at random over the week before `now`.
private func benchFeeds(sources: Int, postsEach: Int, now: Date) -> [Feed] {
    var random = SystemRandomNumberGenerator()
    return (0..<sources).map { source in
        let posts = (0..<postsEach).map { index in
            Post(
                id: .string("\(source)-\(index)"), author: Author(name: "Writer \(source)"), title: "Post \(index)",
                content: "Text of post \(index) of source \(source), long enough to wrap once at 80 columns or so.",
                likes: nil, createdAt: now - Double.random(in: 0...86_400 * 7, using: &random),
                url: "https://source\(source).example/\(index)")
        }
        return Feed(title: "Source \(source)", posts: posts)
    }
}

/// Each arrival applied, then the frame it asks for, five times over: every arrival's
/// microseconds, and the slowest first one.
private func arrivalsWithFrames(_ feeds: [Feed], now: Date) -> (samples: [Double], firstFrame: Double) {
    let size = TerminalSize(width: 200, height: 50)
    var samples: [Double] = []
    var firstFrame = 0.0
    for _ in 0..<5 {
        let options = ViewerOptions(sources: feeds.indices.map { SourceStatus(name: "Source \($0)") })
        var state = AppState(options: options, size: size)
        _ = state.apply(.start, at: .zero)
        let clock = ContinuousClock()
        for (source, feed) in feeds.enumerated() {
            let start = clock.now
            // Before the skeleton's show delay: nothing is held for its minimum time, so
            // each arrival is taken as it comes.
            let instant = Duration.milliseconds(100 + source)
            _ = state.apply(
                .answer(SourceAnswer(generation: state.generation, source: source, outcome: .loaded(feed), date: now)),
                at: instant)
            precondition(state.frameDue(at: instant))
            _ = FeedRenderer.render(state.advanced(to: instant))
            let took = (clock.now - start).seconds * 1e6
            if source == 0 { firstFrame = max(firstFrame, took) }
            samples.append(took)
        }
    }
    return (samples, firstFrame)
}
