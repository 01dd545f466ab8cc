import FeedCore
import FeedTerminal
import FeedTransport
import FoundationEssentials
import Glibc
import SampleFeed

// Options, wiring and exit codes; everything else lives in FeedCore and FeedTerminal.

let environment = ProcessInfo.processInfo.environment

func fail(_ message: String, code: Int32 = 2) -> Never {
    let line = "shimmerfeed: \(message)\n"
    _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    exit(code)
}

let options: CommandLineOptions
do {
    options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()), environment: environment)
} catch {
    fail("\(error)\nTry 'shimmerfeed --help'.")
}

switch options.action {
case .help:
    print(CommandLineOptions.usage)
    exit(0)
case .version:
    print("shimmerfeed \(Version.current)")
    exit(0)
case .run:
    break
}

let sourceList: SourceList
do {
    sourceList = try SourceList.resolve(options.sources, environment: environment)
} catch {
    fail(error.message)
}

/// The loader of one source, with its token from the environment.
func makeLoader(for entry: SourceList.Entry) -> SourceFeedLoader {
    var loader = SourceFeedLoader(
        source: entry.source, format: options.format, timeout: options.timeout, maxSize: options.maxSize,
        certificateAuthorities: environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 },
        sampleData: SampleFeed.data)
    if let variable = entry.tokenVariable {
        if let token = environment[variable], !token.isEmpty {
            loader.bearerToken = token
        } else {
            loader.unsetTokenVariable = variable
        }
    }
    return loader
}

let first = sourceList.entries[0]
let isTimeline = sourceList.entries.count > 1
let loader = DelayedFeedLoader(makeLoader(for: first), delay: options.delay(for: first.source))
let sourceLoaders: [any FeedLoading] =
    isTimeline
    ? sourceList.entries.map { DelayedFeedLoader(makeLoader(for: $0), delay: options.delay(for: $0.source)) } : []
let timeline =
    isTimeline
    ? sourceList.entries.map { SourceStatus(name: $0.title ?? SourceList.shortName($0.source), named: $0.title != nil) }
    : []
let label = isTimeline ? "\(sourceList.entries.count) sources" : first.source.label

if options.dump, options.svg {
    // A picture's colours are chosen, not detected: truecolor on dark unless asked.
    let depth: ColorDepth =
        switch options.color {
        case .auto, .truecolor: .truecolor
        case .ansi256: .ansi256
        case .ansi16: .ansi16
        case .none: .none
        }
    let fps = options.fpsChosen ? options.framesPerSecond : 30
    let (frames, failed) = await FrameDump.frames(
        loader: loader.base, source: label, size: options.dumpSize, loadingAt: options.dumpAt,
        animation: options.animation, timeline: timeline, sources: sourceLoaders, count: options.svgFrames,
        interval: .seconds(1) / fps)
    var picture = SVGScreenshot(depth: depth, background: options.background == .light ? .light : .dark)
    picture.windowFrame = options.svgFrame
    print(picture.document(frames, fps: Double(fps)), terminator: "")
    exit(failed ? 1 : 0)
}

if options.dump {
    let (text, failed) = await FrameDump.render(
        loader: loader.base, source: label, size: options.dumpSize, loadingAt: options.dumpAt,
        animation: options.animation, timeline: timeline, sources: sourceLoaders)
    print(text, terminator: "")
    exit(failed ? 1 : 0)
}

let backend: CursesBackend
do {
    backend = try CursesBackend.start(
        environment: environment, color: options.color, background: options.background, palette: options.palette)
} catch {
    fail(error.message)
}
var viewer = ViewerOptions(source: label, animation: options.animation)
viewer.timelineSources = timeline
viewer.refreshInterval = options.refresh ?? sourceList.refresh
// A timeline merges many feeds: it pages none of them.
viewer.loadsMorePages = !isTimeline
viewer.shimmerSpeed = options.shimmerSpeed
viewer.shimmerPause = options.shimmerPause
viewer.shimmerTilt = options.shimmerTilt
viewer.paletteSkeleton = backend.animatesPalette
viewer.framesPerSecond = options.framesPerSecond
let paletteRefused = options.palette && !backend.animatesPalette
let state = AppState(
    options: viewer, size: backend.size,
    notice: paletteRefused
        ? "--palette: this terminal cannot redefine its colours; the skeleton is drawn cell by cell" : nil)
let loop = FeedRunLoop(
    state: state, backend: backend, loader: loader, sources: sourceLoaders,
    configuration: .init(openLink: LinkOpener.open))
let exitCode = loop.run()
backend.stop()
exit(exitCode)
