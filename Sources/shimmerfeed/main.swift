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

let source = FeedSource(argument: options.source)
let loader = DelayedFeedLoader(
    SourceFeedLoader(
        source: source, format: options.format, timeout: options.timeout, maxSize: options.maxSize,
        certificateAuthorities: environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 },
        sampleData: SampleFeed.data),
    delay: options.effectiveDelay)

if options.dump {
    let (text, failed) = await FrameDump.render(
        loader: loader.base, source: source.label, size: options.dumpSize, loadingAt: options.dumpAt,
        animation: options.animation)
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
var viewer = ViewerOptions(source: source.label, animation: options.animation)
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
    state: state, backend: backend, loader: loader, configuration: .init(openLink: LinkOpener.open))
let exitCode = loop.run()
backend.stop()
exit(exitCode)
