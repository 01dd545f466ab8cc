import FeedCommandLine
import FeedCore
import FeedNetwork
import FeedTerminal

/// `--dump`: the viewer's own loop on the in-memory backend, with a manual clock that the
/// backend moves on, and its frames as text, or as an SVG picture (`--svg`). Threads are
/// read (`--keys t`), as the feeds are; nothing is sent and nothing opens.
public enum DumpOutput {
    /// Runs the dump of `run`: its frames printed; whether every source failed.
    @MainActor
    public static func run(_ run: ViewerRun, output: CommandOutput = .standard) -> Bool {
        let options = run.options
        let clock = ManualClock()
        let viewer = run.viewer
        let services = LoopServices(
            loaders: run.loaders(clock: clock), pictures: run.pictures,
            store: StoreService(store: run.store, keys: run.storeKeys, readPositions: nil),
            servers: options.viewer.offline ? NoServers() : ThreadsRead(sources: run.sources.opened))
        let (frames, failed) = FrameDump.frames(
            options: viewer, services: services, clock: clock, size: options.dumpSize, at: options.dumpAt,
            picturesAt: options.dumpPicturesAt, count: options.svgFrames,
            interval: .seconds(1) / viewer.framesPerSecond, realTime: true, keys: options.dumpKeys)
        output.say(text(of: frames, options: options), newline: false)
        return failed
    }

    /// The frames as text (the first), or as an SVG picture.
    static func text(of frames: [ScreenBuffer], options: CommandLineOptions) -> String {
        guard options.svg else { return FrameDump.text(of: frames[0]) }
        let color = options.color == .auto ? CommandLineOptions.pictureColor : options.color
        let depth: ColorDepth =
            switch color {
            case .auto, .truecolor: .truecolor
            case .ansi256: .ansi256
            case .ansi16: .ansi16
            case .none: .none
            }
        let background = options.background == .auto ? CommandLineOptions.pictureBackground : options.background
        var picture = SVGScreenshot(depth: depth, background: background == .light ? .light : .dark)
        picture.windowFrame = options.svgFrame
        picture.theme = options.theme
        return picture.document(frames, fps: Double(options.viewer.framesPerSecond))
    }
}

/// The servers of a dump: a post's thread is read from its source's server, as the viewer
/// reads it; nothing is sent.
struct ThreadsRead: ServerServices {
    let sources: [NetworkSource?]

    func keep(_ request: ActionRequest) -> (@Sendable () async -> ActionAnswer.Outcome)? { nil }
    func vote(source: Int, pollID: String, choices: [Int]) async -> Result<Poll, Failure> {
        await NoServers().vote(source: source, pollID: pollID, choices: choices)
    }
    func compose(_ request: ComposeRequest, handOver: (() -> Void) -> Void) -> Composed {
        NoServers().compose(request, handOver: handOver)
    }
    func thread(source: Int, statusID: String) async -> Result<ThreadContext, Failure> {
        guard sources.indices.contains(source), let threads = sources[source]?.threads else {
            return .failure(.unexpected("its source's network has no threads to read"))
        }
        return await threads.thread(of: statusID)
    }
    func notifications(source: Int) async -> Result<[Post], Failure> { await NoServers().notifications(source: source) }
    func notificationsSeen(source: Int, newest: String) {}
}
