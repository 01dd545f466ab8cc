import Foundation

@testable import FeedCore

/// Views of one source or several, driven answer by answer on exact instants: the same
/// tests run for N = 1 and for N > 1, since one source is a timeline of one.
public enum Views {
    public static let size = TerminalSize(width: 80, height: 24)
    public static let now = Fixtures.referenceDate

    /// A post `minutesAgo` old (undated for nil), its title naming it.
    public static func post(_ name: String, minutesAgo: Int?, url: String? = nil) -> Post {
        Post(
            id: .string(name), author: Author(name: "Writer \(name)"), title: "Post \(name)",
            content: "Text of \(name).", likes: nil, createdAt: minutesAgo.map { now - Double($0 * 60) }, url: url)
    }

    public static func options(_ count: Int, refresh: Duration? = nil, animation: AnimationStyle = .slide)
        -> ViewerOptions
    {
        var options = ViewerOptions(
            sources: (0..<count).map { SourceStatus(name: "Source \($0)", label: "source-\($0).json") },
            animation: animation)
        options.refreshInterval = refresh
        return options
    }

    /// A view of `count` sources, started at instant zero.
    public static func started(
        _ count: Int, refresh: Duration? = nil, animation: AnimationStyle = .slide, size: TerminalSize = size
    ) -> AppState {
        var state = AppState(options: options(count, refresh: refresh, animation: animation), size: size)
        _ = state.apply(.start, at: .zero)
        return state
    }

    /// A view of `options` started at instant zero as the loop starts it: `.start`, then the
    /// store's answers (what it kept of each source, `kept` by index). The effects of all.
    public static func startedFromStore(
        _ options: ViewerOptions, kept: [Int: StoredPosts], size: TerminalSize = size, oneByOne: Bool = false
    ) -> (AppState, [AppEffect]) {
        var state = AppState(options: options, size: size)
        var effects = state.apply(.start, at: .zero)
        let answers = SourceAnswer.stored(
            kept, sources: options.sources.count, offline: options.offline, generation: state.generation, date: now)
        // As the loop gives them: all at once; or each as an answer of its own.
        if oneByOne {
            for answer in answers { effects += state.apply(.answer(answer), at: .zero) }
        } else {
            effects += state.apply(.answers(answers), at: .zero)
        }
        return (state, effects)
    }

    /// A view of one source that has answered with `feed`.
    public static func showing(_ feed: Feed, size: TerminalSize = size) -> AppState {
        var state = AppState(source: "t", animation: .slide, size: size)
        _ = state.apply(.start)
        _ = state.apply(.loaded(feed, generation: 1, at: Fixtures.referenceDate))
        return state
    }

    /// Source `source` answers with `posts` (its first page) at `instant`.
    @discardableResult
    public static func answer(
        _ state: inout AppState, source: Int, _ posts: [Post], title: String? = nil, next: String? = nil,
        at instant: Duration
    ) -> [AppEffect] {
        state.apply(
            .loaded(
                Feed(title: title, posts: posts, nextPage: next), source: source, generation: state.generation, at: now),
            at: instant)
    }

    /// Source `source` fails with `failure` at `instant`.
    @discardableResult
    public static func fail(_ state: inout AppState, source: Int, _ failure: Failure, at instant: Duration)
        -> [AppEffect]
    {
        state.apply(.failed(failure, source: source, generation: state.generation, at: now), at: instant)
    }

    /// Every source's first page: source `i` brings `perSource` posts "i-0", "i-1", … dated
    /// so that the sources interleave, newest first.
    public static func feeds(_ count: Int, perSource: Int) -> [[Post]] {
        (0..<count).map { source in
            (0..<perSource).map { index in post("\(source)-\(index)", minutesAgo: 10 * (index * count + source) + 5) }
        }
    }

    /// A view of `count` sources whose every source has answered with `feeds` at 100 ms,
    /// before the skeleton's show delay (so nothing is held).
    public static func loaded(
        _ count: Int, perSource: Int = 3, refresh: Duration? = nil, animation: AnimationStyle = .slide
    ) -> AppState {
        var state = started(count, refresh: refresh, animation: animation)
        for (source, posts) in feeds(count, perSource: perSource).enumerated() {
            answer(&state, source: source, posts, at: .milliseconds(100))
        }
        return state
    }

    public static func titles(_ state: AppState) -> [String] {
        state.feed?.posts.compactMap(\.title) ?? []
    }

    public static func frame(_ state: AppState, at instant: Duration) -> [String] {
        FeedRenderer.render(state.advanced(to: instant)).lines
    }

    public static func status(_ state: AppState, at instant: Duration) -> String {
        frame(state, at: instant).last ?? ""
    }

    /// Whether any cell of the rows area is skeleton.
    public static func showsSkeleton(_ state: AppState, at instant: Duration) -> Bool {
        let frame = FeedRenderer.render(state.advanced(to: instant))
        return frame.cells.prefix(frame.width * (frame.height - 1)).contains { $0.style.ink.isSkeleton }
    }

    /// The screen line of the selection bar's first line.
    public static func selectionLine(_ state: AppState, at instant: Duration) -> Int? {
        frame(state, at: instant).firstIndex { $0.hasPrefix("▌") }
    }

    /// Source `source`'s first page (or `page`) asked for, in a view of `count` sources:
    /// its posts are to be named in their rows only when there are several.
    public static func request(_ source: Int, of count: Int, page: String? = nil) -> SourceRequest {
        SourceRequest(source: source, page: page, name: count == 1 ? nil : "Source \(source)")
    }

    /// The first pages of sources `range`, in a view of `count`.
    public static func requests(_ range: Range<Int>, of count: Int) -> [SourceRequest] {
        range.map { request($0, of: count) }
    }

    /// Every source's first page asked for, as `.start` and `r` ask.
    public static func loadAll(_ count: Int, generation: Int) -> [AppEffect] {
        [.cancelLoads, .load(requests(0..<count, of: count), generation: generation)]
    }
}
