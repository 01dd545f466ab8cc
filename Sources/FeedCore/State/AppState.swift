import FoundationEssentials

/// Everything the screen shows, as a value, in parts that each own their state: the
/// reader's options, the stack of views (the timeline at its bottom), the picture queue,
/// the notices, and the timing decided from the instants events bring. Only `apply`
/// changes it, and it hands each event to the part that owns it.
///
/// The timeline's own state reads as the state's (`state.selected`, `state.feed`): it is
/// what the screen shows whenever no view is pushed over it.
@dynamicMemberLookup
public struct AppState: Sendable {
    /// Below this size the screen only says it is too small.
    public static let minimumSize = TerminalSize(width: 20, height: 6)

    public let options: ViewerOptions
    public internal(set) var size: TerminalSize
    public internal(set) var views: ViewStack
    public internal(set) var pictures: PictureQueue
    public internal(set) var notices: NoticeLog
    /// The reader's favourites, boosts and bookmarks on their way to the server.
    public internal(set) var actions = ServerActions()
    /// Notifications streamed since the start, not yet seen.
    public internal(set) var notificationsUnread = 0
    public internal(set) var timing = FrameTiming()
    public internal(set) var showingHelp = false
    /// `p`: the animation holds still where it is.
    public internal(set) var isPaused = false
    /// `v`: the reading pane shown or hidden by the reader, over `pane auto|on|off`.
    public internal(set) var paneToggled: Bool?
    /// The row layouts made for this state and its copies (a copy's content has a version
    /// of its own, so they never mix), so that a frame does not wrap the same rows again.
    let layouts: RowLayoutCache

    public init(
        options: ViewerOptions, size: TerminalSize, referenceDate: Date = Date(timeIntervalSince1970: 0),
        notice: String? = nil
    ) {
        precondition(!options.sources.isEmpty, "a view has a source at least")
        self.options = options
        self.size = size
        var timeline = TimelineView(sources: options.sources, referenceDate: referenceDate, mutes: options.mutes)
        timeline.unreadOnly = options.unreadOnly
        views = ViewStack(timeline: timeline)
        pictures = PictureQueue(drawing: options.pictureDrawing, idSalt: options.pictureIdSalt)
        notices = NoticeLog(first: notice, picturesNote: options.picturesNote)
        layouts = RowLayoutCache()
    }

    public init(
        source: String, animation: AnimationStyle, size: TerminalSize,
        referenceDate: Date = Date(timeIntervalSince1970: 0)
    ) {
        self.init(
            options: ViewerOptions(source: source, animation: animation), size: size, referenceDate: referenceDate)
    }

    /// The timeline at the bottom of the stack, to change in place.
    var timeline: TimelineView {
        get { views.timeline }
        _modify { yield &views.timeline }
    }

    /// The timeline's state, read as the state's own.
    public subscript<T>(dynamicMember path: KeyPath<TimelineView, T>) -> T {
        views.timeline[keyPath: path]
    }

    subscript<T>(dynamicMember path: WritableKeyPath<TimelineView, T>) -> T {
        get { views.timeline[keyPath: path] }
        set { views.timeline[keyPath: path] = newValue }
    }

    /// The notice the status line shows now.
    public var notice: String? { notices.current }

    public var animation: AnimationStyle { options.animation }
    public var paletteSkeleton: Bool { options.paletteSkeleton }

    /// The shimmer as this state draws it.
    public var shimmer: Shimmer {
        Shimmer(
            style: options.animation, screenWidth: size.width, screenHeight: size.height - 1,
            speed: options.shimmerSpeed, pause: options.shimmerPause, tilt: options.shimmerTilt)
    }

    /// Whether the whole rows area is drawn as a skeleton now: loading, past its show delay.
    public var showsSkeleton: Bool { timeline.isLoading && timing.skeletonVisible }

    /// Whether any skeleton is on the screen: the whole area, or rows below the posts.
    /// The renderer, the animation and the palette all ask this one question.
    public var drawsSkeleton: Bool { showsSkeleton || timeline.footerSkeletonRows > 0 }

    public var isTooSmall: Bool { frame.isTooSmall }

    /// Where the views are laid out.
    var frame: ViewFrame {
        var frame = ViewFrame(
            size: size, tracksRead: options.tracksRead, pictures: options.pictures,
            inWords: options.accessible, sourceImages: options.sourceImages, layouts: layouts, actions: actions,
            networks: options.networkWords)
        frame.pane = readingPane
        return frame
    }

    /// The reading pane's place, when the screen is split for it now.
    public var readingPane: ReadingPane? {
        ReadingPane.split(width: size.width, choice: options.pane, toggled: paneToggled)
    }

    /// The timeline's rows laid out at the current size.
    public var viewport: FeedViewport { timeline.viewport(in: frame) }

    /// Lines below the timeline's last post: skeleton rows, then a line for each failure.
    public var footerHeight: Int { timeline.footerHeight(in: frame) }
}
