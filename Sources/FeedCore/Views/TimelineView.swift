import FoundationEssentials
import Synchronization

/// The first view of the stack: the timeline of the given sources, one or more. Its
/// sources, rows, selection, paging, search and read marks are its own, so that a view
/// pushed over it leaves all of them as they were.
///
/// One source is the case N = 1, not a path of its own: only the wording differs (its
/// rows name no source, and its feed's title stands in the status line).
public struct TimelineView: Sendable {
    /// What the rows area shows when it is not a skeleton.
    public enum Content: Sendable {
        /// Nothing has answered yet.
        case empty
        /// The sources' posts, merged newest first.
        case feed(Feed)
        /// Every source failed before any had posts to show: the first failure.
        case failure(Failure)
    }

    /// The sources, in the order given.
    public internal(set) var sources: [SourceStatus] {
        didSet { tally = SourceTally(sources) }
    }
    /// What the screen counts of `sources`, counted again when one changes.
    public private(set) var tally: SourceTally
    public internal(set) var content: Content = .empty {
        didSet {
            contentVersion = Self.nextContentVersion()
            namesNetworks = Self.mixesNetworks(content)
            narrowPosts()
        }
    }
    /// The sources shown, when the timeline was opened for a tag or a source.
    public internal(set) var scope: TimelineScope?
    /// `U`: only the posts not yet read (and those read since it was turned on).
    public internal(set) var unreadOnly = false
    /// Posts read while unread only is on: they keep their place until the view is left.
    var keptInView: Set<PostID> = []
    /// How many posts the scope's sources have (every post without a scope).
    public internal(set) var postsInScope = 0
    /// The posts the scope and unread only leave, in order; nil when nothing narrows.
    public internal(set) var narrowed: [Post]? {
        // Rows are laid out by their index among the rows shown.
        didSet { contentVersion = Self.nextContentVersion() }
    }
    /// Whether the posts are of several networks (two servers' kinds, web feeds'): then
    /// each row names its own.
    public private(set) var namesNetworks = false
    /// Whether the whole rows area is a skeleton: a first load with nothing to show yet,
    /// or `r`, whose skeleton stands in the rows' place until every source has answered.
    public internal(set) var isLoading = false
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
    public private(set) var contentVersion = TimelineView.nextContentVersion()
    /// When the oldest of the stored posts shown were kept, until the sources answer
    /// for themselves: the status line says "from 12 min ago".
    public internal(set) var restoredFrom: Date?
    /// Which source each post came through, by `TimelineMerge.key`.
    var owners: [String: Int] = [:]
    /// The selection and what is shown of the rows.
    public internal(set) var selected = 0
    public internal(set) var scroll = ScrollPosition.start
    /// Until the reader moves, the view shows from the newest post, whatever arrives;
    /// after that, the selected post keeps its line.
    public internal(set) var followsNewest = true
    /// Posts a refresh put above the selection since the reader last went to the top:
    /// the "▲ 4 new" marker.
    public internal(set) var newAbove = 0
    /// How far the reading pane is scrolled, and for which post: another post starts at its top.
    var paneScrolled: (post: PostID, lines: Int)?
    /// Posts shown whole; kept by id across reloads.
    public internal(set) var expanded: Set<PostID> = []
    /// Posts the reader liked; kept by id across reloads (and, with the store, runs).
    public internal(set) var liked: Set<PostID> = []
    /// Posts the reader is sending, shown at the top until the server answers.
    public internal(set) var outgoing: Set<PostID> = []
    /// Polls the reader may vote in (their posts expanded, on a source an account reads),
    /// with the options chosen so far.
    public internal(set) var voting: [PostID: Set<Int>] = [:]
    /// Votes on their way to the server, by request: the post voted in.
    var votesSent: [Int: PostID] = [:]
    /// Whether the reader was told that a like of a server's post read without an account
    /// stays here: once a run.
    var toldLikesStayHere = false
    /// Posts read: opened, expanded, or scrolled past above the screen. With the store
    /// they are kept between runs and unread posts carry a mark.
    public internal(set) var read: Set<PostID> = []
    /// Posts marked read or unread here while their source was loading, by source: its
    /// answer's read state, asked before the mark, does not undo the mark.
    var markedWhileLoading: [Int: Set<PostID>] = [:]
    /// How many of the posts are unread (of the scope's sources, in a scope), counted when
    /// posts or marks change.
    public internal(set) var unreadCount = 0
    /// How many of each source's posts are unread, by index: the sources view's counts.
    public internal(set) var unreadBySource: [Int] = []
    /// The indices of the posts on the screen after the last event: those a key moves
    /// above the screen become read.
    var onScreen: [Int] = []
    /// `/`: the search narrowing the rows, while there is one. The rows it shows are
    /// other rows: their layouts are made anew (a screen's worth), rather than the
    /// results compared with the last ones on every key.
    public internal(set) var search: PostSearch? {
        didSet { contentVersion = Self.nextContentVersion() }
    }
    /// The animation time at which rows replaced a shown skeleton: the cross-fade's start.
    public internal(set) var fadeStart: Duration?
    /// The first post that fades: 0 after a load, the first new post of a page after one.
    public internal(set) var fadeFirstRow = 0
    /// The servers' read markers, by source index: each source's statuses at or older than
    /// its marker are read.
    public internal(set) var readMarkers: [Int: String] = [:]
    /// Posts a stream brought, fading in since `streamedFadeStart` (animation time).
    public internal(set) var streamedFade: Set<PostID> = []
    public internal(set) var streamedFadeStart: Duration?
    /// Events a stream brought while the rows were loading (a reload's answer may not have
    /// them yet) or a post was being sent, taken once neither holds them.
    var heldStreamed: [(source: Int, event: StreamingEvent)] = []
    /// The reader's mutes, and the server's filters that hide, take posts out of the rows
    /// (`mutedAside`) until `showsMuted`; `mutedIDs` are the muted posts known, shown or not.
    let mutes: MuteRules
    public internal(set) var showsMuted = false
    var mutedAside: [Post] = []
    public internal(set) var mutedIDs: Set<PostID> = []
    /// Whether each post known was muted, kept with the post it was judged for.
    var muteJudgements: [PostID: (post: Post, muted: Bool)] = [:]
    /// How many posts known are muted, shown or not.
    public var mutedCount: Int { mutedIDs.count }

    init(sources: [SourceStatus], referenceDate: Date, mutes: MuteRules = MuteRules()) {
        self.sources = sources
        self.tally = SourceTally(sources)
        self.referenceDate = referenceDate
        self.mutes = mutes
    }

    /// Whether `content` holds posts of more than one network.
    static func mixesNetworks(_ content: Content) -> Bool {
        guard case .feed(let feed) = content, let network = feed.posts.first.map(\.network) else { return false }
        return feed.posts.contains { $0.network != network }
    }

    private static let contentVersions = Atomic<Int>(0)

    /// A version no other view has: copies of one view may each change their content.
    private static func nextContentVersion() -> Int {
        contentVersions.add(1, ordering: .relaxed).newValue
    }

    /// Whether the view has one source: its rows name none, and the status line names it.
    public var isSingleSource: Bool { sources.count == 1 }

    /// The posts known, whether shown or hidden behind a reload skeleton.
    public var feed: Feed? {
        if case .feed(let feed) = content { return feed }
        return nil
    }

    /// Every post known, those muted and set aside too, in the timeline's order.
    var allPosts: [Post] {
        guard !mutedAside.isEmpty else { return feed?.posts ?? [] }
        return TimelineMerge.merge(feed?.posts ?? [], mutedAside)
    }

    /// Whether `post` is hidden: by a `mute` rule of the reader's, or by a filter of theirs
    /// on their server that hides it.
    func isMuted(_ post: Post) -> Bool {
        mutes.hides(post, from: source(of: post))
    }

    /// The posts the rows show: the search's results while there is a search, else the
    /// view's posts as its scope and unread only narrow them.
    public var shownPosts: [Post] {
        search?.results ?? narrowed ?? feed?.posts ?? []
    }

    public var selectedPost: Post? {
        let posts = shownPosts
        guard posts.indices.contains(selected) else { return nil }
        return posts[selected]
    }

    /// Sources still loading that have shown nothing yet.
    public var sourcesAwaited: Int { tally.awaited }

    /// Sources whose first page is loading.
    public var sourcesLoading: Int { tally.loading }

    /// The source `post` came through.
    func source(of post: Post) -> SourceStatus? {
        let index = post.source?.index ?? 0
        return sources.indices.contains(index) ? sources[index] : nil
    }

    /// Whether the reader can vote in `post`'s poll on its server.
    func votes(in post: Post) -> Bool {
        source(of: post)?.capabilities.contains(.vote) == true
    }

    /// What to ask source `index` for: its first page, or the page at `page`.
    func request(for index: Int, page: String? = nil) -> SourceRequest {
        SourceRequest(source: index, page: page, name: isSingleSource ? nil : sources[index].name)
    }
}
