import FoundationEssentials
import Synchronization

/// Everything the screen shows, as a value: the reader's options, the session that only
/// `apply` changes, and the timing it decides from the instants events bring.
///
/// A view is a timeline of one source or more. One source is that case with N = 1, not a
/// path of its own: only the wording differs (its rows name no source, and its feed's
/// title stands in the status line).
public struct AppState: Sendable {
    /// What the rows area shows when it is not a skeleton.
    public enum Content: Sendable {
        /// Nothing has answered yet.
        case empty
        /// The sources' posts, merged newest first.
        case feed(Feed)
        /// Every source failed before any had posts to show: the first failure.
        case failure(Failure)
    }

    /// Below this size the screen only says it is too small.
    public static let minimumSize = TerminalSize(width: 20, height: 6)

    public let options: ViewerOptions
    public internal(set) var size: TerminalSize
    public internal(set) var content: Content = .empty {
        didSet { contentVersion = Self.nextContentVersion() }
    }
    /// Whether the whole rows area is a skeleton: a first load with nothing to show yet,
    /// or `r`, whose skeleton stands in the rows' place until every source has answered.
    public internal(set) var isLoading = false {
        // A load that ends before its show delay shows no skeleton: nothing to wake for.
        didSet { if !isLoading { timing.timers[.skeletonShows] = nil } }
    }
    /// Which load the sources' answers must belong to; bumped by `r` and by cancelling
    /// it, so that a late answer of an abandoned load is recognised and dropped.
    public internal(set) var generation = 0
    /// How long the last round of loads took, for the status line.
    public internal(set) var lastLoadDuration: Duration?
    /// "now" for relative times: when the posts arrived. Render never reads the clock.
    public internal(set) var referenceDate: Date {
        didSet { contentVersion = Self.nextContentVersion() }
    }
    /// Names the content and reference date, for the row layouts made of them.
    public private(set) var contentVersion = AppState.nextContentVersion()
    /// The selected post, as an index into the posts.
    public internal(set) var selected = 0
    public internal(set) var scroll = ScrollPosition.start
    /// Posts shown whole; kept by id across reloads.
    public internal(set) var expanded: Set<PostID> = []
    /// Posts the reader liked; kept by id across reloads (and, with the store, runs).
    public internal(set) var liked: Set<PostID> = []
    /// Posts read: opened, expanded, or scrolled past above the screen. With the store
    /// they are kept between runs and unread posts carry a mark.
    public internal(set) var read: Set<PostID> = []
    /// The indices of the posts on the screen after the last event: those a key moves
    /// above the screen become read.
    var onScreen: [Int] = []
    /// `/`: the search narrowing the rows, while there is one. The rows it shows are
    /// other rows: their layouts are made anew (a screen's worth), rather than the
    /// results compared with the last ones on every key.
    public internal(set) var search: PostSearch? {
        didSet { contentVersion = Self.nextContentVersion() }
    }
    /// How many of the posts are unread, counted when posts or marks change.
    public internal(set) var unreadCount = 0
    public internal(set) var showingHelp = false
    /// A message for the status line until the next key, drawn beside the status.
    public internal(set) var notice: String? {
        didSet {
            guard let notice, notices.last != notice else { return }
            notices = Array((notices + [notice]).suffix(Self.noticesKept))
        }
    }
    /// The last notices of the run, whole, for the help overlay.
    public internal(set) var notices: [String] = []
    static let noticesKept = 3
    /// The options' pictures note, until a picture on the screen makes it worth saying.
    var picturesNote: String?
    /// `p`: the animation holds still where it is.
    public internal(set) var isPaused = false
    /// The animation time at which rows replaced a shown skeleton: the cross-fade's start.
    public internal(set) var fadeStart: Duration?
    /// The first post that fades: 0 after a load, the first new post of a page after one.
    public internal(set) var fadeFirstRow = 0
    public internal(set) var timing = FrameTiming()
    /// The sources, one or more, in the order given.
    public internal(set) var sources: [SourceStatus]
    /// Posts a refresh put above the selection since the reader last went to the top:
    /// the "▲ 4 new" marker.
    public internal(set) var newAbove = 0
    /// Until the reader moves, the view shows from the newest post, whatever arrives;
    /// after that, the selected post keeps its line.
    public internal(set) var followsNewest = true
    /// What the store held, until `.start` takes it.
    var restoring: RestoredTimeline?
    /// When the oldest of the stored posts shown were kept, until the sources answer
    /// for themselves: the status line says "from 12 min ago".
    public internal(set) var restoredFrom: Date?
    /// Which source each post came through, by `TimelineMerge.key`.
    var owners: [String: Int] = [:]
    /// The pictures asked for, by address: loading, loaded, or failed.
    public internal(set) var pictures: [String: PicturePhase] = [:]
    /// When each picture near the screen was first wanted (its post had arrived): its
    /// BlurHash stands in from the show delay after, whether its load has begun or waits.
    public internal(set) var picturesNoticed: [String: Duration] = [:]
    /// The bytes of the pictures loaded and kept (`pictureMemory` at most).
    public internal(set) var pictureBytes = 0
    /// Pictures loading among those on the screen: while there are any, their cells
    /// shimmer.
    public internal(set) var picturesShimmering = 0
    /// Pictures wanted near the screen and not asked for yet (the concurrency limit, or
    /// feeds still loading, holds them back).
    public internal(set) var picturesWaiting = 0
    /// Pictures drawn in cells, at their sizes, made once.
    let pictureCells: PictureCellCache
    /// The ids the terminal knows pictures by, when it draws them (`--images kitty`).
    let pictureIds: KittyPictureIds
    /// The row layouts made for this state and its copies (a copy's content has a version
    /// of its own, so they never mix), so that a frame does not wrap the same rows again.
    let layouts: RowLayoutCache

    public init(
        options: ViewerOptions, size: TerminalSize, referenceDate: Date = Date(timeIntervalSince1970: 0),
        notice: String? = nil
    ) {
        // The stored posts are taken once, at start, and not kept beside the view's.
        var options = options
        restoring = options.restored
        options.restored = nil
        self.options = options
        self.size = size
        self.referenceDate = referenceDate
        self.notice = notice
        notices = notice.map { [$0] } ?? []
        picturesNote = options.picturesNote
        sources = options.sources
        layouts = RowLayoutCache()
        pictureCells = PictureCellCache()
        pictureIds = KittyPictureIds(salt: options.pictureIdSalt)
    }

    public init(
        source: String, animation: AnimationStyle, size: TerminalSize,
        referenceDate: Date = Date(timeIntervalSince1970: 0)
    ) {
        self.init(
            options: ViewerOptions(source: source, animation: animation), size: size, referenceDate: referenceDate)
    }

    private static let contentVersions = Atomic<Int>(0)

    /// A version no other state has: copies of one state may each change their content.
    private static func nextContentVersion() -> Int {
        contentVersions.add(1, ordering: .relaxed).newValue
    }

    public var animation: AnimationStyle { options.animation }
    public var paletteSkeleton: Bool { options.paletteSkeleton }

    /// Whether the view has one source: its rows name none, and the status line names it.
    public var isSingleSource: Bool { sources.count == 1 }

    /// The shimmer as this state draws it.
    public var shimmer: Shimmer {
        Shimmer(
            style: options.animation, screenWidth: size.width, screenHeight: size.height - 1,
            speed: options.shimmerSpeed, pause: options.shimmerPause, tilt: options.shimmerTilt)
    }

    /// Whether the whole rows area is drawn as a skeleton now: loading, past its show delay.
    public var showsSkeleton: Bool { isLoading && timing.skeletonVisible }

    /// Skeleton rows below the posts, for the sources still to bring their first posts
    /// and the pages loading.
    public var footerSkeletonRows: Int {
        isLoading || feed == nil ? 0 : SourceFooter.skeletonRows(sources)
    }

    /// Whether any skeleton is on the screen: the whole area, or rows below the posts.
    /// The renderer, the animation and the palette all ask this one question.
    public var drawsSkeleton: Bool { showsSkeleton || footerSkeletonRows > 0 }

    /// The posts known, whether shown or hidden behind a reload skeleton.
    public var feed: Feed? {
        if case .feed(let feed) = content { return feed }
        return nil
    }

    public var isTooSmall: Bool {
        size.width < Self.minimumSize.width || size.height < Self.minimumSize.height
    }

    /// The posts laid out at the current size, with the reader's expansions and likes.
    public var viewport: FeedViewport {
        FeedViewport(
            posts: shownPosts, width: size.width, height: size.height - 1, now: referenceDate,
            expanded: expanded, liked: liked, read: options.tracksRead ? read : nil, pictures: options.pictures,
            footerHeight: footerHeight,
            cache: layouts,
            contentVersion: contentVersion)
    }

    /// Lines below the last post: skeleton rows, then a line for each failure.
    public var footerHeight: Int {
        guard feed != nil else { return 0 }
        return SourceFooter.height(
            of: sources, skeletonRows: footerSkeletonRows, width: size.width, cache: layouts,
            unread: options.tracksRead)
    }

    /// Sources still loading that have shown nothing yet.
    public var sourcesAwaited: Int { sources.count(where: \.isAwaited) }

    /// Sources whose first page is loading.
    public var sourcesLoading: Int { sources.count(where: \.isLoading) }

    public var selectedPost: Post? {
        let posts = shownPosts
        guard posts.indices.contains(selected) else { return nil }
        return posts[selected]
    }
}
