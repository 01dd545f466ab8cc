import FoundationEssentials
import Synchronization

/// Everything the screen shows, as a value: the reader's options, the session that only
/// `apply` changes, and the timing it decides from the instants events bring.
public struct AppState: Sendable {
    /// What the rows area shows when not loading.
    public enum Content: Sendable {
        case empty
        case feed(Feed)
        case failure(Failure)
    }

    public enum PageState: Sendable, Equatable {
        case idle
        case loading
        case failed(Failure)
    }

    /// Below this size the screen only says it is too small.
    public static let minimumSize = TerminalSize(width: 20, height: 6)

    public let options: ViewerOptions
    public internal(set) var size: TerminalSize
    public internal(set) var content: Content = .empty {
        didSet { contentVersion = Self.nextContentVersion() }
    }
    public internal(set) var isLoading = false
    /// Which load the shown result (or the running load) belongs to; bumped by every
    /// start and cancel, so that a late result of an abandoned load is recognised.
    public internal(set) var generation = 0
    /// How long the last successful load took, for the status line.
    public internal(set) var lastLoadDuration: Duration?
    /// "now" for relative times: when the posts arrived. Render never reads the clock.
    public internal(set) var referenceDate: Date {
        didSet { contentVersion = Self.nextContentVersion() }
    }
    /// Names the content and reference date: the row layouts made for one version are
    /// kept outside the value (`RowLayoutCache.forContent`) and found again by it.
    public private(set) var contentVersion = AppState.nextContentVersion()
    /// The selected post, as an index into the feed's posts.
    public internal(set) var selected = 0
    public internal(set) var scroll = ScrollPosition.start
    /// Posts shown whole; kept by id across reloads.
    public internal(set) var expanded: Set<PostID> = []
    /// Posts the reader liked; kept by id across reloads, for as long as the program runs.
    public internal(set) var liked: Set<PostID> = []
    public internal(set) var showingHelp = false
    /// While a large feed decodes after its first posts are shown: elements done of all.
    public internal(set) var decoding: (decoded: Int, total: Int)?
    /// The state of the next page at the end of the list.
    public internal(set) var page = PageState.idle
    /// A message for the status line until the next key.
    public internal(set) var notice: String?
    /// `p`: the animation holds still where it is.
    public internal(set) var isPaused = false
    /// The animation time at which rows replaced a shown skeleton: the cross-fade's start.
    public internal(set) var fadeStart: Duration?
    /// The first post that fades: 0 after a load, the first post of a page after a page.
    public internal(set) var fadeFirstRow = 0
    public internal(set) var timing = FrameTiming()
    /// A timeline's sources (two or more), in the order given; empty for a single source.
    public internal(set) var sources: [SourceStatus] = []
    /// Posts a refresh put above the selection since the reader last went to the top:
    /// the "▲ 4 new" marker.
    public internal(set) var newAbove = 0
    /// Until the reader moves in a timeline, it shows from the newest post, whatever
    /// arrives; after that, the selected post keeps its line.
    public internal(set) var followsNewest = true
    /// Which source each post of the timeline came through, by `TimelineMerge.key`.
    var timelineOwners: [String: Int] = [:]

    public init(
        options: ViewerOptions, size: TerminalSize, referenceDate: Date = Date(timeIntervalSince1970: 0),
        notice: String? = nil
    ) {
        self.options = options
        self.size = size
        self.referenceDate = referenceDate
        self.notice = notice
        sources = options.timelineSources
    }

    public init(
        source: String, animation: AnimationStyle, size: TerminalSize,
        referenceDate: Date = Date(timeIntervalSince1970: 0)
    ) {
        self.init(
            options: ViewerOptions(source: source, animation: animation), size: size, referenceDate: referenceDate)
    }

    private static let contentVersions = Atomic<Int>(0)

    private static func nextContentVersion() -> Int {
        contentVersions.add(1, ordering: .relaxed).newValue
    }

    public var source: String { options.source }
    public var animation: AnimationStyle { options.animation }
    public var paletteSkeleton: Bool { options.paletteSkeleton }

    /// The shimmer as this state draws it.
    public var shimmer: Shimmer {
        Shimmer(
            style: options.animation, screenWidth: size.width, screenHeight: size.height - 1,
            speed: options.shimmerSpeed, pause: options.shimmerPause, tilt: options.shimmerTilt)
    }

    /// Whether the skeleton is drawn now: while loading, once past its show delay.
    public var showsSkeleton: Bool { isLoading && timing.skeletonVisible }

    /// The posts known, whether shown or hidden behind a reload skeleton.
    public var feed: Feed? {
        if case .feed(let feed) = content { return feed }
        return nil
    }

    public var isTooSmall: Bool {
        size.width < Self.minimumSize.width || size.height < Self.minimumSize.height
    }

    /// The feed laid out at the current size, with the reader's expansions and likes.
    public var viewport: FeedViewport {
        FeedViewport(
            posts: feed?.posts ?? [], width: size.width, height: size.height - 1, now: referenceDate,
            expanded: expanded, liked: liked, footerHeight: footerHeight,
            cache: RowLayoutCache.forContent(contentVersion))
    }

    /// Lines below the last post: skeleton rows while a page loads, one error row when
    /// it failed.
    public var footerHeight: Int {
        if isTimeline { return SourceFooter.height(of: sources, width: size.width) }
        if isReceiving { return PageFooter.loadingHeight }
        return switch page {
        case .idle: 0
        case .loading: PageFooter.loadingHeight
        case .failed: PageFooter.failedHeight
        }
    }

    /// Whether the posts shown are those of a body still arriving (progress of unknown
    /// total): skeleton rows below them stand for the rest.
    public var isReceiving: Bool { decoding?.total == 0 }

    /// Whether this is a timeline of several sources.
    public var isTimeline: Bool { !sources.isEmpty }

    public var selectedPost: Post? {
        guard let posts = feed?.posts, posts.indices.contains(selected) else { return nil }
        return posts[selected]
    }
}
