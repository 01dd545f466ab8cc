import FoundationEssentials

/// Everything that can change the state, each applied at an instant (`AppState.apply(_:at:)`).
/// `AppState.apply` is the only consumer.
public enum AppEvent: Sendable {
    /// The program started: every source begins to load.
    case start
    case key(Key)
    case resize(TerminalSize)
    /// A source's load brought something: posts so far, all its posts, or a failure.
    case answer(SourceAnswer)
    /// Answers of one instant, taken as if one by one in the order of their sources: the
    /// store's, one for each source, right after the start.
    case answers([SourceAnswer])
    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT arrived.
    case signal(Int32)
    /// Something to tell the reader in the status line (the loop's answer to an effect).
    case notice(String)
    /// Time passed: timers due by now fire (the skeleton's show delay, a held result, the
    /// end of a cross-fade, a refresh). The loop sends it whenever it wakes.
    case tick
    /// The loop drew a frame of this state.
    case frameDrawn
    /// What the store's full-text index found for a search's query.
    case storeMatches([Post], query: String)
    /// A picture's load ended: its pixels, or why there are none.
    case picture(url: String, PictureOutcome)
    /// The server answered an action (or it could not be sent).
    case actionAnswered(ActionAnswer)
    /// Source `source`, live, brought an event.
    case streamed(source: Int, StreamingEvent)
    /// The server's read position for source `source`: its posts at or older than
    /// `lastReadID` are read.
    case readMarker(source: Int, lastReadID: String)
    /// The server's answer to a vote: the poll as it stands, or why not.
    case voted(request: Int, Result<Poll, Failure>)
    /// A post the reader wrote: sent, posted, failed or cancelled.
    case posting(id: Int, Posting)
    /// A thread's load ended: the thread, or why there is none.
    case threadLoaded(request: Int, Result<ThreadContext, Failure>)
    /// The notifications a view asked for (`.loadNotifications`).
    case notificationsLoaded(request: Int, Result<[Post], Failure>)
    /// How many notifications the servers hold unread (at start: their notifications marker).
    case notificationsUnread(Int)
}

public enum PictureOutcome: Sendable {
    case loaded(PicturePixels)
    case failed(String)
}

/// What one load of one source brought. Every source, one or many, answers this way.
public struct SourceAnswer: Sendable {
    public enum Outcome: Sendable {
        /// Part of the document: the posts so far (not every time: each copy of a large
        /// list costs), and elements decoded of all (all 0 while a body still arrives).
        case partial(Feed?, decoded: Int, total: Int)
        /// The whole document.
        case loaded(Feed)
        /// It failed, or had not changed (`Failure.notModified`).
        case failed(Failure)
        /// What the store kept of it from the last run (nil: nothing), shown while its
        /// load goes on; offline, all there is.
        case stored(StoredPosts?)
    }

    /// Which load it belongs to: an answer of a load since cancelled is dropped.
    public var generation: Int
    /// The source's index in the view.
    public var source: Int
    /// The page's address for a further page; nil for the first page.
    public var page: String?
    public var outcome: Outcome
    /// When it came, for relative times ("3m"); the state never reads a clock.
    public var date: Date

    public init(generation: Int, source: Int, page: String? = nil, outcome: Outcome, date: Date) {
        self.generation = generation
        self.source = source
        self.page = page
        self.outcome = outcome
        self.date = date
    }
}

/// One source's load, as the state asks for it: its first page, or a further page.
public struct SourceRequest: Hashable, Sendable {
    public var source: Int
    /// The address of a further page; nil for the first page.
    public var page: String?
    /// The source's name as its posts' rows show it; nil when the view has one source.
    public var name: String?

    public init(source: Int, page: String? = nil, name: String? = nil) {
        self.source = source
        self.page = page
        self.name = name
    }

    /// The tag of the posts this brings.
    public var tag: PostSource { PostSource(index: source, name: name, paged: page != nil) }
}

/// What the state asks the loop to do; the loop owns tasks, clocks and the terminal.
public enum AppEffect: Hashable, Sendable {
    /// Load these, for load `generation`; at most `SourceLoads.concurrency` at a time.
    case load([SourceRequest], generation: Int)
    /// Cancel every load running.
    case cancelLoads
    case redrawAll
    /// Open a web link in the reader's browser (http and https only).
    case openLink(String)
    /// Put this text on the clipboard, through the terminal (OSC 52).
    case copyToClipboard(String)
    /// Show this text in the reader's pager, the terminal handed over meanwhile.
    case showInPager(String)
    /// Keep these read and liked marks (with the store), off the loop's thread.
    case keepMarks([PostMark])
    /// Ask the store's full-text index for a search's query, off the loop's thread; the
    /// answer comes back as `.storeMatches`.
    case searchStore(String)
    /// Load these pictures (each answers with `.picture`); at most
    /// `PictureQueue.concurrency` run at once, the state sees to it.
    case loadPictures([String])
    /// Stop loading these pictures: their rows have scrolled far away.
    case cancelPictures([String])
    /// Keep this action in the outbox and send it to the server; it answers with
    /// `.actionAnswered`.
    case sendAction(ActionRequest)
    /// Vote in a poll on source `source`'s server; it answers with `.voted`.
    case vote(request: Int, source: Int, pollID: String, choices: [Int])
    /// Hand the terminal to the editor for a post, then send it; it answers with `.posting`.
    case compose(ComposeRequest)
    /// Ask the server of source `source` for the thread of its status `statusID`; it
    /// answers with `.threadLoaded`.
    case loadThread(request: Int, source: Int, statusID: String)
    /// Ask the server of source `source`'s account for its notifications; it answers with
    /// `.notificationsLoaded`.
    case loadNotifications(request: Int, source: Int)
    /// The reader has seen source `source`'s account's notifications up to `newest`: the
    /// server's notifications marker, to write.
    case notificationsSeen(source: Int, newest: String)
    case quit(exitCode: Int32)
}
