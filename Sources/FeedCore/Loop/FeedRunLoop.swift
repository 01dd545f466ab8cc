import FoundationEssentials

/// The render loop: it waits for input or the state's next wake, feeds every event to
/// `AppState.apply` with the instant it happened, and draws when the state says a frame
/// is due: the frame rendered, its difference from what the terminal shows worked out
/// and paced (`FrameWriter`), and handed to the backend to draw. It decides no timing of
/// its own: an idle viewer costs no wake-ups and writes no bytes because the state asks
/// for none.
@MainActor
public final class FeedRunLoop {
    public private(set) var state: AppState
    private let backend: any TerminalBackend
    private var writer: FrameWriter
    private let services: LoopServices
    private let inbox: EventInbox
    private let loads: LoadTasks
    private let pictureLoads: PictureTasks
    /// The time since the loop started; tests and `--dump` hand in a manual clock.
    private let clock: any LoopClock
    private var exitCode: Int32?

    /// A loop over `state`, whose sources `services.loaders` load (one for each, in order),
    /// and whose first answers are what the store kept of them: its first screen drawn as
    /// the loop starts, then the rest read and given.
    public init(
        state: AppState, backend: any TerminalBackend, services: LoopServices, clock: any LoopClock = SystemLoopClock()
    ) {
        precondition(services.loaders.count == state.sources.count, "one loader for each source")
        self.state = state
        self.backend = backend
        writer = FrameWriter(drawing: backend.pictureDrawing)
        self.services = services
        self.clock = clock
        inbox = EventInbox(wake: backend.wake)
        let loads = LoadTasks(loaders: services.loaders, inbox: inbox)
        self.loads = loads
        let pictureLoads = PictureTasks(loader: services.pictures, inbox: inbox)
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
            services.store.takeStored(), sources: state.sources.count, offline: state.options.offline,
            generation: state.generation, date: Date())
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
        let firstScreen = services.store.firstScreen
        guard !firstScreen.isEmpty else { return }
        var preview = state
        let answers = SourceAnswer.stored(
            firstScreen, sources: state.sources.count, offline: false, generation: state.generation, date: Date())
        let instant = now()
        _ = preview.apply(.answers(answers), at: instant)
        var frame = FeedRenderer.render(preview, elapsed: preview.animationTime(at: instant))
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

    /// Each effect to the service of its family; the loop keeps only its own bookkeeping
    /// (a screen handed over is drawn whole again).
    private func perform(_ effect: AppEffect) {
        let (inbox, servers) = (inbox, services.servers)
        switch effect {
        case .load(let requests, let generation):
            loads.start(requests, generation: generation)
        case .cancelLoads:
            loads.cancelAll()
        case .redrawAll:
            writer.screenCleared()
        case .openLink(let url):
            if let said = services.desktop.openLink(url) { handle(.notice(said)) }
        case .copyToClipboard(let text):
            handle(
                .notice(
                    backend.copyToClipboard(text)
                        ? "Copied \(text) (OSC 52)" : "No terminal to copy to: \(text)"))
        case .showInPager(let text):
            let said = services.desktop.showInPager(text, handOver: handOver)
            if let said { handle(.notice(said)) }
        case .keepMarks(let marks):
            services.store.keepMarks(marks)
        case .searchStore(let query):
            let store = services.store
            DedicatedThread.start {
                if let found = store.search(query) { inbox.post(.storeMatches(found, query: query)) }
            }
        case .loadPictures(let urls):
            pictureLoads.start(urls)
        case .cancelPictures(let urls):
            pictureLoads.cancel(urls)
        case .sendAction(let request):
            // In the outbox before the loop goes on: a kill from now on leaves it there.
            guard let send = servers.keep(request) else { return }
            answerLater { .actionAnswered(ActionAnswer(request: request.id, outcome: await send())) }
        case .vote(let request, let source, let pollID, let choices):
            answerLater {
                .voted(request: request, await servers.vote(source: source, pollID: pollID, choices: choices))
            }
        case .compose(let request):
            switch servers.compose(request, handOver: handOver) {
            case .cancelled(let message):
                handle(.posting(id: request.id, .cancelled(message)))
            case .sending(let draft, let send):
                handle(.posting(id: request.id, .sending(draft)))
                answerLater { .posting(id: request.id, await send()) }
            }
        case .loadThread(let request, let source, let statusID):
            answerLater { .threadLoaded(request: request, await servers.thread(source: source, statusID: statusID)) }
        case .loadNotifications(let request, let source):
            answerLater { .notificationsLoaded(request: request, await servers.notifications(source: source)) }
        case .notificationsSeen(let source, let newest):
            servers.notificationsSeen(source: source, newest: newest)
        case .quit(let code):
            exitCode = code
        }
    }

    /// The terminal handed to another program (the editor, the pager) while `run` runs;
    /// the screen is drawn whole after.
    private func handOver(_ run: () -> Void) {
        backend.handOver(run)
        writer.screenCleared()
    }
}
