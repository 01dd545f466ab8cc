import FoundationEssentials
import Synchronization

/// `--dump`: one frame as plain text, without a terminal: the loading skeleton at a
/// chosen time, or the loaded feed. For scripts, pipes and bug reports.
public enum FrameDump {
    /// The frame's lines, trailing spaces removed; `failed` when the feed did not load.
    /// A timeline's frame waits for every source (`timeline` names them; empty for one
    /// source, which `loader` loads).
    public static func render(
        loader: any FeedLoading, source: String, size: TerminalSize, loadingAt: Duration?, animation: AnimationStyle,
        timeline: [SourceStatus] = [], sources: [any FeedLoading] = []
    ) async -> (text: String, failed: Bool) {
        let (frames, failed) = await frames(
            loader: loader, source: source, size: size, loadingAt: loadingAt, animation: animation,
            timeline: timeline, sources: sources)
        return (text(of: frames[0]), failed)
    }

    /// `count` frames, `interval` apart, from `loadingAt` (the skeleton) or from when the
    /// feed loaded: what `--dump --svg --frames` draws.
    public static func frames(
        loader: any FeedLoading, source: String, size: TerminalSize, loadingAt: Duration?, animation: AnimationStyle,
        timeline: [SourceStatus] = [], sources: [any FeedLoading] = [], count: Int = 1, interval: Duration = .zero
    ) async -> (frames: [ScreenBuffer], failed: Bool) {
        var options = ViewerOptions(source: source, animation: animation)
        options.loadsMorePages = false
        options.timelineSources = timeline
        var state = AppState(options: options, size: size)
        _ = state.apply(.start, at: .zero)
        var failed = false
        if loadingAt == nil, !timeline.isEmpty {
            let clock = ContinuousClock()
            let start = clock.now
            let collected = Mutex<[(Int, Result<Feed, Failure>)]>([])
            await SourceLoads.run(sources.enumerated().map { (index: $0.offset, loader: $0.element) }) {
                index, loader in
                let result: Result<Feed, Failure>
                do {
                    result = .success(try await loader.load { _, _, _ in })
                } catch {
                    result = .failure(Failure(error))
                }
                collected.withLock { $0.append((index, result)) }
            }
            let results = collected.withLock { $0 }
            for (index, result) in results.sorted(by: { $0.0 < $1.0 }) {
                _ = state.apply(
                    .sourceLoaded(generation: 1, source: index, result: result, at: Date()), at: clock.now - start)
            }
            // Past any hold and fade: the frame as it settles, from the newest post.
            _ = state.apply(.tick, at: clock.now - start + .seconds(10))
            state.selected = 0
            state.scroll = .start
            state.newAbove = 0
            // Failed only when nothing at all could be shown.
            failed = results.allSatisfy { if case .failure = $0.1 { true } else { false } }
        } else if loadingAt == nil {
            let clock = ContinuousClock()
            let start = clock.now
            let result: Result<Feed, Failure>
            do {
                result = .success(try await loader.load { _, _, _ in })
            } catch {
                result = .failure(Failure(error))
            }
            if case .failure = result { failed = true }
            _ = state.apply(.loaded(generation: 1, result: result, duration: clock.now - start, at: Date()))
        }
        // The skeleton as it stands at that time: past its show delay or not yet.
        let origin = loadingAt ?? state.timing.now
        let frames = (0..<max(1, count)).map { index in
            FeedRenderer.render(state, size: size, at: origin + interval * index)
        }
        return (frames, failed)
    }

    /// A frame as text: skeleton cells, coloured spaces on a terminal, as shade glyphs.
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
