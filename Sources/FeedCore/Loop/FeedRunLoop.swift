import FoundationEssentials

/// The render loop: it waits for input or the state's next wake, feeds every event to
/// `AppState.apply` with the instant it happened, and draws when the state says a frame
/// is due: the frame rendered, its difference from what the terminal shows worked out
/// and paced (`FrameWriter`), and handed to the backend to draw. It decides no timing of
/// its own: an idle viewer costs no wake-ups and writes no bytes because the state asks
/// for none.
@MainActor
public final class FeedRunLoop {
    public struct Configuration: Sendable {
        /// Opens a web link and says what happened, for the status line; nil when the
        /// system has no way to open links.
        public var openLink: (@Sendable (String) -> String)?
        /// Takes read and liked marks to keep; it must return at once (the store's writer
        /// writes them on a thread of its own).
        public var keepMarks: (@Sendable ([PostMark]) -> Void)?
        /// Searches the store's full-text index; called on a thread of its own.
        public var searchStore: (@Sendable (String) -> [Post])?
        /// Keeps an action in the outbox, at once, and returns its sending, which the loop
        /// runs in a task of its own: it says how the server answered. Nil: actions are
        /// not sent (`--dump`), and stay in flight.
        public var sendAction: (@Sendable (ActionRequest) -> @Sendable () async -> ActionAnswer.Outcome)?
        /// Writes a post: hands the terminal to the reader's editor (through the closure it
        /// is given) and reads the draft back, on the loop's thread; returns the draft and
        /// its sending, which the loop runs in a task of its own. Nil: nothing is posted.
        public var compose: (@Sendable (ComposeRequest, _ handOver: (() -> Void) -> Void) -> Composed)?
        /// Votes in a poll of source `source`'s server; run in a task of its own. Nil: no vote
        /// is sent (the status line says why).
        public var vote: (@Sendable (_ source: Int, _ pollID: String, _ choices: [Int]) async -> Result<Poll, Failure>)?
        /// Asks source `source`'s server for the thread of its status; run in a task of its
        /// own. Nil: no thread loads (the view says why).
        public var loadThread: (@Sendable (_ source: Int, _ statusID: String) async -> Result<ThreadContext, Failure>)?
        /// The notifications of source `source`'s account.
        public var loadNotifications: (@Sendable (_ source: Int) async -> Result<[Post], Failure>)?
        /// Shows a text in the reader's pager, on the loop's thread, the terminal handed over;
        /// returns why it could not, or nil. Nil: there is no pager (`--dump`).
        public var showInPager: (@Sendable (String) -> String?)?
        /// The reader has seen source `source`'s account's notifications up to `newest`.
        public var notificationsSeen: (@Sendable (_ source: Int, _ newest: String) -> Void)?

        public init(
            openLink: (@Sendable (String) -> String)? = nil, keepMarks: (@Sendable ([PostMark]) -> Void)? = nil
        ) {
            self.openLink = openLink
            self.keepMarks = keepMarks
        }
    }

    public private(set) var state: AppState
    private let backend: any TerminalBackend
    private var writer: FrameWriter
    private let configuration: Configuration
    private let inbox: EventInbox
    private let loads: LoadTasks
    private let pictureLoads: PictureTasks
    /// The time since the loop started; tests and `--dump` hand in a manual clock.
    private let clock: any LoopClock
    /// What the store kept of each source, by index: their first answers, read when the
    /// loop starts (after `firstScreen` is drawn), given, and then let go.
    private var stored: (() -> [Int: StoredPosts])?
    /// The newest of those, a screen's worth, drawn before the rest is read.
    private var firstScreen: [Int: StoredPosts]
    private var exitCode: Int32?

    /// A loop over `state`, whose sources `loaders` load (one for each, in order), and
    /// whose first answers are what the store kept of them (`stored`, by index: read as
    /// the loop starts, after `firstScreen`, the newest of them, is drawn).
    /// `pictures` loads the pictures rows show; nil: none load, and rows keep their alt
    /// text and initials.
    public init(
        state: AppState, backend: any TerminalBackend, loaders: [any FeedLoading],
        stored: @escaping @autoclosure () -> [Int: StoredPosts] = [:], firstScreen: [Int: StoredPosts] = [:],
        pictures: (any PictureLoading)? = nil, configuration: Configuration = .init(),
        clock: any LoopClock = SystemLoopClock()
    ) {
        precondition(loaders.count == state.sources.count, "one loader for each source")
        self.state = state
        self.stored = stored
        self.firstScreen = firstScreen
        self.backend = backend
        writer = FrameWriter(drawing: backend.pictureDrawing)
        self.configuration = configuration
        self.clock = clock
        inbox = EventInbox(wake: backend.wake)
        let loads = LoadTasks(loaders: loaders, inbox: inbox)
        self.loads = loads
        let pictureLoads = PictureTasks(loader: pictures, inbox: inbox)
        self.pictureLoads = pictureLoads
        // Simulated time moves only when no load is on its way to an answer.
        clock.follow { loads.awakeRequests + pictureLoads.awake }
    }

    /// Hands an event to the loop from any thread: it is applied at the loop's next turn,
    /// which this wakes.
    public nonisolated var post: @Sendable (AppEvent) -> Void { inbox.post }

    /// The load tasks the loop keeps (see `LoadTasks`).
    var keptLoads: Int { loads.keptTasks }

    private func now() -> Duration { clock.now }

    /// Runs until quit; returns the exit code.
    public func run() -> Int32 {
        handle(.resize(backend.size))
        handle(.start)
        drawFirstScreen()
        let kept = SourceAnswer.stored(
            stored?() ?? [:], sources: state.sources.count, offline: state.options.offline,
            generation: state.generation, date: Date())
        stored = nil
        if !kept.isEmpty { handle(.answers(kept)) }
        while exitCode == nil {
            for event in inbox.drain() { handle(event) }
            handle(.tick)
            if exitCode != nil { break }
            let instant = now()
            // A frame only when the terminal has taken the last one; keys are read first.
            let due = state.frameDue(at: instant) || writer.hasPending
            if due, writer.isReady(at: instant) {
                draw(FeedRenderer.render(state, elapsed: state.animationTime(at: instant)), at: instant)
                handle(.frameDrawn, at: instant)
            }
            var timeout = state.nextWake(after: instant).map { max(.zero, $0 - now()) }
            if due, !writer.isReady(at: now()) { timeout = writer.readyAgain(after: now()) }
            for input in backend.waitForInput(timeout: timeout) {
                switch input {
                case .key(let key): handle(.key(key))
                case .resize(let size):
                    writer.screenCleared()
                    handle(.resize(size))
                case .signal(let number): handle(.signal(number))
                case .caughtUp: writer.answered(at: now())
                }
            }
        }
        if let release = writer.releasingAll() { _ = backend.draw(release) }
        loads.cancelAll()
        pictureLoads.cancelAll()
        return exitCode ?? 0
    }

    /// The newest posts the store kept, drawn at once on a copy of the state, while the
    /// rest is read: the rows the whole will show at the top, without its counts (the
    /// status line waits for them). The copy, and what it asked for, are let go.
    private func drawFirstScreen() {
        guard !firstScreen.isEmpty else { return }
        var glimpse = state
        let answers = SourceAnswer.stored(
            firstScreen, sources: state.sources.count, offline: false, generation: state.generation, date: Date())
        firstScreen = [:]
        let instant = now()
        _ = glimpse.apply(.answers(answers), at: instant)
        var frame = FeedRenderer.render(glimpse, elapsed: glimpse.animationTime(at: instant))
        frame.fill(row: frame.height - 1, column: 0, count: frame.width, style: .plain)
        draw(frame, at: instant)
    }

    /// `frame`'s difference from the screen, to the backend; one it could not draw as it was
    /// is drawn whole next time.
    private func draw(_ frame: ScreenBuffer, at instant: Duration) {
        if !backend.draw(writer.show(frame, at: instant)) { writer.screenCleared() }
    }

    private func handle(_ event: AppEvent, at instant: Duration? = nil) {
        for effect in state.apply(event, at: instant ?? now()) { perform(effect) }
    }

    /// The event `answer` makes, in a task of its own (a server's answer), posted to the
    /// loop when it comes.
    private func answerLater(_ answer: @escaping @Sendable () async -> AppEvent) {
        let inbox = inbox
        Task.detached { inbox.post(await answer()) }
    }

    private func perform(_ effect: AppEffect) {
        switch effect {
        case .load(let requests, let generation):
            loads.start(requests, generation: generation)
        case .cancelLoads:
            loads.cancelAll()
        case .redrawAll:
            writer.screenCleared()
        case .openLink(let url):
            if let openLink = configuration.openLink { handle(.notice(openLink(url))) }
        case .copyToClipboard(let text):
            handle(
                .notice(
                    backend.copyToClipboard(text)
                        ? "Copied \(text) (OSC 52)" : "No terminal to copy to: \(text)"))
        case .showInPager(let text):
            guard let pager = configuration.showInPager else { return handle(.notice("No pager here.")) }
            var failure: String?
            backend.handOver { failure = pager(text) }
            writer.screenCleared()
            if let failure { handle(.notice("The pager could not show the post: \(failure)")) }
        case .keepMarks(let marks):
            configuration.keepMarks?(marks)
        case .searchStore(let query):
            guard let search = configuration.searchStore else { return }
            let inbox = inbox
            DedicatedThread.start { inbox.post(.storeMatches(search(query), query: query)) }
        case .loadPictures(let urls):
            pictureLoads.start(urls)
        case .cancelPictures(let urls):
            pictureLoads.cancel(urls)
        case .sendAction(let request):
            guard let keep = configuration.sendAction else { return }
            // In the outbox before the loop goes on: a kill from now on leaves it there.
            let send = keep(request)
            answerLater { .actionAnswered(ActionAnswer(request: request.id, outcome: await send())) }
        case .vote(let request, let source, let pollID, let choices):
            guard let vote = configuration.vote else {
                return inbox.post(.voted(request: request, .failure(.unexpected("votes are not sent here"))))
            }
            answerLater { .voted(request: request, await vote(source, pollID, choices)) }
        case .compose(let request):
            guard let compose = configuration.compose else {
                handle(.posting(id: request.id, .cancelled("Posts are not written here.")))
                return
            }
            let backend = backend
            let composed = compose(request) { run in backend.handOver(run) }
            writer.screenCleared()
            switch composed {
            case .cancelled(let message):
                handle(.posting(id: request.id, .cancelled(message)))
            case .sending(let draft, let send):
                handle(.posting(id: request.id, .sending(draft)))
                answerLater { .posting(id: request.id, await send()) }
            }
        case .loadThread(let request, let source, let statusID):
            guard let load = configuration.loadThread else {
                return inbox.post(.threadLoaded(request: request, .failure(.unexpected("threads are not read here"))))
            }
            answerLater { .threadLoaded(request: request, await load(source, statusID)) }
        case .loadNotifications(let request, let source):
            guard let load = configuration.loadNotifications else {
                return inbox.post(
                    .notificationsLoaded(request: request, .failure(.unexpected("notifications are not read here"))))
            }
            answerLater { .notificationsLoaded(request: request, await load(source)) }
        case .notificationsSeen(let source, let newest):
            configuration.notificationsSeen?(source, newest)
        case .quit(let code):
            exitCode = code
        }
    }
}
