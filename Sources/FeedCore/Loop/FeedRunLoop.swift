import FoundationEssentials
import Synchronization

/// The render loop: events → `AppState.apply` → `FeedRenderer.render` → `present`.
///
/// It draws at a steady rate only while something animates; otherwise it blocks on input
/// and draws nothing, so an idle viewer costs no wake-ups and writes no bytes.
@MainActor
public final class FeedRunLoop {
    public struct Configuration: Sendable {
        public var framesPerSecond: Int
        /// Opens a web link and says what happened, for the status line; nil when the
        /// system has no way to open links.
        public var openLink: (@Sendable (String) -> String)?

        public init(framesPerSecond: Int = 30, openLink: (@Sendable (String) -> String)? = nil) {
            self.framesPerSecond = max(1, framesPerSecond)
            self.openLink = openLink
        }
    }

    public private(set) var state: AppState
    private let backend: any TerminalBackend
    private let loader: any FeedLoading
    private let configuration: Configuration
    private let inbox: EventInbox
    private let clock = ContinuousClock()
    private var loadTask: Task<Void, Never>?
    private var pageTask: Task<Void, Never>?
    /// When the current animation began: the shimmer's time zero.
    private var animationStart: ContinuousClock.Instant
    private var exitCode: Int32?
    /// Load events held back so that a skeleton stays its minimum time, and until when.
    private var held: [AppEvent] = []
    private var heldUntil: ContinuousClock.Instant?
    /// Whether this load's skeleton has been drawn since its show delay passed.
    private var skeletonDrawn = false
    /// When `p` paused the animation; it resumes where it stopped.
    private var pausedAt: ContinuousClock.Instant?
    private var needsFrame = true
    /// When the running cross-fade ends; a pause moves it on by the time paused.
    private var fadeEnd: ContinuousClock.Instant?

    public init(
        state: AppState, backend: any TerminalBackend, loader: any FeedLoading, configuration: Configuration = .init()
    ) {
        self.state = state
        self.backend = backend
        self.loader = loader
        self.configuration = configuration
        inbox = EventInbox(wake: backend.wake)
        animationStart = clock.now
    }

    /// Runs until quit; returns the exit code.
    public func run() -> Int32 {
        state.size = backend.size
        handle(.start)
        var nextFrame = clock.now
        while exitCode == nil {
            for event in inbox.drain() { receive(event) }
            if let heldUntil, clock.now >= heldUntil { releaseHeldEvents() }
            if let fadeEnd, pausedAt == nil, clock.now >= fadeEnd {
                self.fadeEnd = nil
                handle(.crossFade(from: nil))
            }
            if exitCode != nil { break }

            let now = clock.now
            let animating = isAnimating
            // A static skeleton still has to be drawn once its show delay has passed.
            let skeletonDue = state.isLoading && !skeletonDrawn && now >= animationStart + SkeletonTiming.showDelay
            if needsFrame || (animating && now >= nextFrame) || skeletonDue {
                if skeletonDue { skeletonDrawn = true }
                let frame = FeedRenderer.render(state, size: state.size, elapsed: animationTime(at: now))
                backend.present(frame)
                needsFrame = false
                nextFrame = now + frameInterval
            }

            let timeout = nextWake(nextFrame: nextFrame).map { max(.zero, $0 - clock.now) }
            for input in backend.waitForInput(timeout: timeout) {
                switch input {
                case .key(let key): handle(.key(key))
                case .resize(let size): handle(.resize(size))
                case .signal(let number): handle(.signal(number))
                }
            }
        }
        loadTask?.cancel()
        pageTask?.cancel()
        return exitCode ?? 0
    }

    private var frameInterval: Duration { .seconds(1) / configuration.framesPerSecond }

    private var isAnimating: Bool {
        ((state.isLoading || state.page == .loading) && state.shimmer.isAnimated || fadeEnd != nil)
            && !state.isPaused
    }

    /// When the loop must wake without input: the next frame while animating, the moment
    /// the skeleton is due to show, or the end of a held result's wait.
    private func nextWake(nextFrame: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        var wakes: [ContinuousClock.Instant] = []
        if isAnimating { wakes.append(nextFrame) }
        let skeletonDue = animationStart + SkeletonTiming.showDelay
        if state.isLoading, !skeletonDrawn, pausedAt == nil { wakes.append(skeletonDue) }
        if let heldUntil { wakes.append(heldUntil) }
        if let fadeEnd, pausedAt == nil { wakes.append(fadeEnd) }
        return wakes.min()
    }

    /// Takes an event from a load. A result that would end a skeleton shown for less than
    /// its minimum time is held until then (and everything after it, in order).
    private func receive(_ event: AppEvent) {
        if heldUntil != nil {
            held.append(event)
            return
        }
        switch event {
        case .loaded(let generation, _, _, _), .progress(let generation, .some, _, _, _):
            guard state.isLoading, generation == state.generation else { break }
            let arrival = clock.now - animationStart
            let reveal = SkeletonTiming.reveal(arrivedAt: arrival)
            if reveal > arrival {
                heldUntil = animationStart + reveal
                held = [event]
                return
            }
        default:
            break
        }
        handle(event)
    }

    private func releaseHeldEvents() {
        let events = held
        held = []
        heldUntil = nil
        for event in events { receive(event) }
    }

    private func startCrossFade(firstRow: Int) {
        _ = state.apply(.crossFade(from: animationTime(at: clock.now), firstRow: firstRow))
        fadeEnd = clock.now + CrossFade.duration
    }

    /// The shimmer's time: from the start of the load, less the time spent paused.
    private func animationTime(at now: ContinuousClock.Instant) -> Duration {
        (pausedAt ?? now) - animationStart
    }

    private func handle(_ event: AppEvent) {
        let wasPaused = state.isPaused
        let wasLoading = state.isLoading
        let pageWasLoading = state.page == .loading
        let postsBefore = state.feed?.posts.count ?? 0
        for effect in state.apply(event) { perform(effect) }
        if CrossFade.applies(to: state.animation), let posts = state.feed?.posts.count {
            // Rows replace a skeleton that was on screen, the whole list's or a page's
            // footer: they fade in.
            if wasLoading, !state.isLoading, skeletonDrawn {
                startCrossFade(firstRow: 0)
            } else if pageWasLoading, state.page != .loading, !state.isLoading, posts > postsBefore {
                startCrossFade(firstRow: postsBefore)
            }
        }
        if state.isPaused != wasPaused {
            let now = clock.now
            if let pausedAt, !state.isPaused {
                animationStart += now - pausedAt  // resume where it stopped
                fadeEnd = fadeEnd.map { $0 + (now - pausedAt) }
                self.pausedAt = nil
            } else if state.isPaused {
                pausedAt = now
            }
        }
        needsFrame = true
    }

    private func perform(_ effect: AppEffect) {
        switch effect {
        case .startLoad(let generation):
            loadTask?.cancel()
            pageTask?.cancel()
            animationStart = clock.now
            skeletonDrawn = false
            if pausedAt != nil { pausedAt = animationStart }
            loadTask = Self.startLoad(loader, generation: generation, after: loadTask, inbox: inbox)
        case .loadPage(let url, let generation):
            pageTask?.cancel()
            animationStart = clock.now
            pageTask = Self.startPageLoad(loader, url: url, generation: generation, inbox: inbox)
        case .cancelLoad:
            // The cancelled task is kept: the next load waits for it to end.
            loadTask?.cancel()
            pageTask?.cancel()
        case .redrawAll:
            backend.invalidate()
        case .openLink(let url):
            if let openLink = configuration.openLink { handle(.notice(openLink(url))) }
        case .quit(let code):
            exitCode = code
        }
    }

    /// Runs `loader` off the main actor and posts its result, tagged with its generation.
    /// It starts only once `previous` (cancelled) has ended, so that however fast `r` is
    /// pressed, at most one load runs at a time.
    private nonisolated static func startLoad(
        _ loader: any FeedLoading, generation: Int, after previous: Task<Void, Never>?, inbox: EventInbox
    ) -> Task<Void, Never> {
        Task.detached {
            await previous?.value
            guard !Task.isCancelled else { return }
            let clock = ContinuousClock()
            let start = clock.now
            let handedOver = Mutex(0)  // posts in the last partial feed handed over
            let outcome = await result {
                try await loader.load { partial, decoded, total in
                    // Hand over the posts when they have doubled since last time, else only
                    // the counts: every hand-over makes the decoder copy its growing list.
                    let handOver = handedOver.withLock { last in
                        guard partial.posts.count >= 2 * last else { return false }
                        last = max(1, partial.posts.count)
                        return true
                    }
                    inbox.post(
                        .progress(
                            generation: generation, feed: handOver ? partial : nil, decoded: decoded, total: total,
                            at: Date()))
                }
            }
            guard let outcome else { return }
            inbox.post(.loaded(generation: generation, result: outcome, duration: clock.now - start, at: Date()))
        }
    }

    /// Runs a page load off the main actor and posts its result.
    private nonisolated static func startPageLoad(
        _ loader: any FeedLoading, url: String, generation: Int, inbox: EventInbox
    ) -> Task<Void, Never> {
        Task.detached {
            guard let outcome = await result({ try await loader.loadPage(url) }) else { return }
            inbox.post(.pageLoaded(generation: generation, result: outcome))
        }
    }

    /// A load's outcome as a result, or nil when it was cancelled (nothing to post).
    private nonisolated static func result(_ load: () async throws -> Feed) async -> Result<Feed, FeedError>? {
        let outcome: Result<Feed, FeedError>
        do {
            outcome = .success(try await load())
        } catch is CancellationError {
            return nil
        } catch let error as FeedError {
            outcome = .failure(error)
        } catch {
            outcome = .failure(FeedError(String(describing: error)))
        }
        return Task.isCancelled ? nil : outcome
    }
}
