/// `--dump`: frames without a terminal, for scripts, pipes and bug reports. It is the
/// viewer's own loop on the in-memory backend, with a manual clock that the backend moves
/// on: a simulated latency costs no real time, and every rule is the viewer's.
public enum FrameDump {
    /// A load that never answers, a source's or a picture's: `--at` shows the skeleton at
    /// a time of a load still waiting, `--pictures-at` the pictures' cells. It sleeps on
    /// the loop's clock, far past any instant asked for.
    struct PendingLoader: FeedLoading, PictureLoading {
        let clock: ManualClock

        func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
            try await never()
        }

        func picture(at url: String) async throws -> PicturePixels {
            try await never()
        }

        private func never() async throws -> Never {
            try await clock.sleep(until: .seconds(86_400 * 365))
            throw CancellationError()
        }
    }

    /// `count` frames, `interval` apart: from `at` (the skeleton at that time, its loads
    /// never answering); from `picturesAt` (the posts in, their pictures' loads never
    /// answering); else from when every source has answered, the pictures of the rows
    /// shown have arrived or failed (each within its loader's bounds), and the screen has
    /// settled. `failed` when every source failed. `realTime`: the loads of files and URLs
    /// take the time they take on the clock too (the viewer's dump), where a test's clock
    /// moves only as told. `keys`: pressed once the frame would be taken, the frame after them.
    @MainActor
    public static func frames(
        options: ViewerOptions, services: LoopServices, clock: ManualClock, size: TerminalSize, at: Duration?,
        picturesAt: Duration? = nil, count: Int = 1, interval: Duration = .zero, realTime: Bool = false,
        keys: [Key] = []
    ) -> (frames: [ScreenBuffer], failed: Bool) {
        var options = options
        options.loadsMorePages = false
        options.refreshInterval = nil
        var services = services
        if at != nil {
            services.loaders = services.loaders.map { _ in PendingLoader(clock: clock) }
            services.pictures = nil
        } else if picturesAt != nil {
            services.pictures = PendingLoader(clock: clock)
        }
        final class Box {
            var loop: FeedRunLoop?
        }
        let box = Box()
        let done: (ScreenBuffer) -> Bool = { _ in
            guard let state = box.loop?.state else { return false }
            if let at { return clock.now >= at }
            let postsSettled =
                !state.isLoading && state.sourcesLoading == 0 && state.timing.timers[.heldAnswers] == nil
                && state.timing.timers[.rowsFade] == nil
            if let picturesAt { return clock.now >= picturesAt && postsSettled }
            return postsSettled && state.pictures.pending == 0 && state.timing.timers[.picturesFade] == nil
        }
        // A day of the manual clock: loads that sleep on it are let go; one that takes real
        // time (a file, a URL) is bounded by its own limits.
        let backend = MemoryBackend(
            size: size,
            script: (keys.isEmpty ? [] : [.init(until: done, send: keys.map { .key($0) })])
                + [.init(until: { keys.isEmpty ? done($0) : true }, send: [.key(.character("q"))])], clock: clock,
            stops: (at ?? picturesAt).map { [$0] } ?? [], deadline: .seconds(86_400), patience: .seconds(86_400))
        backend.followsRealTime = realTime
        backend.keepsEveryFrame = false
        let loop = FeedRunLoop(
            state: AppState(options: options, size: size), backend: backend, services: services, clock: clock)
        box.loop = loop
        _ = loop.run()
        let state = loop.state
        let origin = at ?? max(clock.now, picturesAt ?? .zero)
        let frames = (0..<max(1, count)).map { FeedRenderer.render(state.advanced(to: origin + interval * $0)) }
        var failed = false
        if case .failure = state.content { failed = true }
        return (frames, failed)
    }

    /// A frame as text: skeleton cells, coloured spaces on a terminal, as shade glyphs;
    /// trailing spaces removed.
    public static func text(of frame: ScreenBuffer) -> String {
        let lines = (0..<frame.height).map { row in
            var line = ""
            for column in 0..<frame.width {
                let cell = frame[row, column]
                if let level = cell.style.ink.skeletonLevel {
                    line.append(Shimmer.shade(for: level))
                } else {
                    line += cell.text
                }
            }
            return String(line.reversed().drop { $0 == " " }.reversed())
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
