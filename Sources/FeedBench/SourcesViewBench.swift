import FeedCore
import FoundationEssentials

/// 300 sources under 20 tags, 20 posts each, at 200x50: what the keys of this issue cost,
/// each with the frame it asks for, against a frame's budget: `s` (the sources view's
/// first frame), a move and a page in it, a letter of its search, Enter on a tag, `U` over
/// 6,000 posts, and a move with the reading pane beside the timeline.
func sourcesViewBench() {
    let size = TerminalSize(width: 200, height: 50)
    let now = Date()
    var options = ViewerOptions(
        sources: (0..<300).map { index in
            var source = SourceStatus(name: "Source \(index)", named: true)
            source.tags = ["tag \(index % 20)"] + (index % 3 == 0 ? ["tag \(index % 20)/nested"] : [])
            return source
        })
    options.tracksRead = true
    var loaded = AppState(options: options, size: size)
    _ = loaded.apply(.start, at: .zero)
    for source in 0..<300 {
        let posts = (0..<20).map { index in
            Post(
                id: .string("\(source)-\(index)"), author: Author(name: "Writer \(source)"), title: "Post \(index)",
                content: "Text of post \(index) of source \(source), long enough to wrap once at 80 columns or so.",
                likes: nil, createdAt: now - Double(source * 20 + index) * 60, url: nil)
        }
        _ = loaded.apply(
            .answer(
                SourceAnswer(
                    generation: loaded.generation, source: source, outcome: .loaded(Feed(posts: posts)), date: now)),
            at: .milliseconds(100))
    }
    /// Microseconds of `keys` applied to a copy of `state` and the frame after them.
    func cost(_ state: AppState, _ keys: [Key]) -> Double {
        microseconds(iterations: 5) {
            var copy = state
            for key in keys { _ = copy.apply(.key(key), at: .seconds(1)) }
            _ = FeedRenderer.render(copy.advanced(to: .seconds(1)))
        }
    }
    var inView = loaded
    _ = inView.apply(.key(.character("s")), at: .seconds(1))
    var searching = inView
    _ = searching.apply(.key(.character("/")), at: .seconds(1))
    // At 200 columns the pane is on by itself.
    let wide = loaded
    let figures = [
        ("s, the view's first frame", cost(loaded, [.character("s")])),
        ("j in it", cost(inView, [.character("j")])),
        ("PgDn in it", cost(inView, [.pageDown])),
        ("a letter of its search", cost(searching, [.character("7")])),
        ("Enter on a tag (its 15 sources' 300 posts)", cost(inView, [.enter])),
        ("U over 6,000 posts", cost(loaded, [.character("U")])),
        ("j with the reading pane", cost(wide, [.character("j")])),
    ]
    let budget = options.frameInterval.seconds * 1e6
    print(
        "300 sources under 20 tags, 6,000 posts, at 200x50, a key and its frame (budget \(whole(budget / 1000)) ms): "
            + figures.map { "\($0.0) \(whole($0.1)) µs" }.joined(separator: "; "))
}
