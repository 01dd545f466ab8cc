import Foundation

/// Everything the screen shows, as a value. `apply` is the only place it changes.
public struct AppState: Sendable {
    /// What the rows area shows when not loading.
    public enum Content: Sendable {
        case empty
        case feed(Feed)
        case failure(FeedError)
    }

    public var source: String
    public var animation: AnimationStyle
    public var size: TerminalSize
    public var content: Content = .empty
    public var isLoading = false
    /// Which load the shown result (or the running load) belongs to; bumped by every
    /// start and cancel, so that a late result of an abandoned load is recognised.
    public private(set) var generation = 0
    /// How long the last successful load took, for the status line.
    public var lastLoadDuration: Duration?
    /// "now" for relative times: when the posts arrived. Render never reads the clock.
    public var referenceDate: Date

    public init(
        source: String, animation: AnimationStyle, size: TerminalSize,
        referenceDate: Date = Date(timeIntervalSince1970: 0)
    ) {
        self.source = source
        self.animation = animation
        self.size = size
        self.referenceDate = referenceDate
    }

    /// The posts known, whether shown or hidden behind a reload skeleton.
    public var feed: Feed? {
        if case .feed(let feed) = content { return feed }
        return nil
    }

    public mutating func apply(_ event: AppEvent) -> [AppEffect] {
        switch event {
        case .start:
            return startLoad()
        case .resize(let newSize):
            size = newSize
            return []
        case .loaded(let loadGeneration, let result, let duration, let date):
            guard isLoading, loadGeneration == generation else { return [] }  // stale: dropped
            isLoading = false
            referenceDate = date
            switch result {
            case .success(let feed):
                content = .feed(feed)
                lastLoadDuration = duration
            case .failure(let error):
                content = .failure(error)
            }
            return []
        case .signal(let number):
            return [.cancelLoad, .quit(exitCode: 128 + number)]
        case .key(let key):
            return apply(key)
        }
    }

    private mutating func apply(_ key: Key) -> [AppEffect] {
        switch key {
        case .character("q"), .escape, .control("c"):
            return [.cancelLoad, .quit(exitCode: 0)]
        case .character("r"):
            return toggleLoading()
        case .control("l"):
            return [.redrawAll]
        default:
            return []
        }
    }

    /// `r`: from rows (or an error) to a reload; from a reload back to the rows it had.
    private mutating func toggleLoading() -> [AppEffect] {
        guard isLoading else { return startLoad() }
        // With no rows to go back to, keep loading: cancelling would leave nothing.
        guard feed != nil else { return [] }
        isLoading = false
        generation += 1
        return [.cancelLoad]
    }

    private mutating func startLoad() -> [AppEffect] {
        isLoading = true
        generation += 1
        return [.startLoad(generation: generation)]
    }
}
