import FeedCore
import FeedPictures
import FeedStore
import FeedTerminal
import FeedTransport
import FoundationEssentials
import Glibc
import MemoryTuning
import SampleFeed

// Options, wiring and exit codes; everything else lives in FeedCore and FeedTerminal.

let environment = ProcessInfo.processInfo.environment

MemoryTuning.useOneArena(environment: environment)

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
        certificateAuthorities: certificateAuthorities, sampleData: SampleFeed.data)
    if let variable = entry.tokenVariable {
        if let token = environment[variable], !token.isEmpty {
            loader.bearerToken = token
        } else {
            loader.unsetTokenVariable = variable
        }
    }
    return loader
}

/// Each source's key in the store; nil for those never kept (standard input, the sample).
let certificateAuthorities = environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
let storeKeys = sourceList.entries.map { StoreOpening.key(of: $0.source) }
/// The store: nil with `--no-store`, and for `--dump` unless `--offline` (a dump never
/// writes it, and reads it only to show it offline). A store that cannot be opened is a
/// notice, never a failure.
let storeOpening = StoreOpening.open(options: options, environment: environment, keys: storeKeys, now: Date())
let store = storeOpening.store

/// The view's sources and their loaders: the same for one source as for many, and for
/// `--dump` as for the viewer, whose clock the simulated latency sleeps on. With the store,
/// each remembers its validators from the last run, and keeps what each load brings.
func makeLoaders(clock: any LoopClock) -> [any FeedLoading] {
    zip(sourceList.entries, storeKeys).map { entry, key in
        let loader = makeLoader(for: entry)
        var loading: any FeedLoading = loader
        if let store, let key, !options.dump {
            // A URL's key is the URL: its validators, kept and current, go by it.
            let url: String? = if case .url = entry.source { key } else { nil }
            if let url, let kept = storeOpening.validators[key] { loader.remember(kept, for: url) }
            loading = StoringFeedLoader(
                loader, store: store, key: key,
                currentValidators: { url.map(loader.validators(for:)) ?? HTTPValidators() })
        }
        return DelayedFeedLoader(loading, delay: options.delay(for: entry.source), clock: clock)
    }
}
var viewer = ViewerOptions(
    sources: sourceList.entries.map {
        SourceStatus(name: $0.title ?? $0.source.shortName, named: $0.title != nil, label: $0.source.label)
    },
    animation: options.animation)
viewer.refreshInterval = RefreshInterval.chosen(commandLine: options.refresh, subscriptions: sourceList.refresh)
viewer.shimmerSpeed = options.shimmerSpeed
viewer.shimmerPause = options.shimmerPause
viewer.shimmerTilt = options.shimmerTilt
viewer.framesPerSecond = options.framesPerSecond
viewer.offline = options.offline
viewer.tracksRead = store != nil && storeKeys.contains { $0 != nil }  // marks mean nothing where nothing is kept
viewer.pictures = options.images.drawsPictures
/// Pictures' bytes are kept on disk unless nothing may be written (`--no-store`) or the
/// run only prints (`--dump`).
let pictureLoader: PictureLoader? =
    viewer.pictures
    ? PictureLoader(
        cache: options.noStore || options.dump
            ? nil : PictureDiskCache.defaultFolder(environment: environment).map { PictureDiskCache(folder: $0) },
        certificateAuthorities: certificateAuthorities, offline: options.offline)
    : nil

if options.dump {
    let clock = ManualClock()
    // Frames of a picture come at --fps.
    let (frames, failed) = FrameDump.frames(
        options: viewer, loaders: makeLoaders(clock: clock), stored: storeOpening.takeStored(), pictures: pictureLoader,
        clock: clock,
        size: options.dumpSize, at: options.dumpAt, picturesAt: options.dumpPicturesAt,
        count: options.svgFrames, interval: .seconds(1) / options.framesPerSecond)
    if options.svg {
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
        print(picture.document(frames, fps: Double(options.framesPerSecond)), terminator: "")
    } else {
        print(FrameDump.text(of: frames[0]), terminator: "")
    }
    exit(failed ? 1 : 0)
}

let backend: CursesBackend
do {
    backend = try CursesBackend.start(
        environment: environment, color: options.color, background: options.background, palette: options.palette,
        images: options.images)
} catch {
    fail(error.message)
}
viewer.paletteSkeleton = backend.animatesPalette
viewer.pictureDrawing = options.images.drawsPictures ? backend.pictureSupport.drawing : .cells
viewer.pictureIdSalt = UInt64.random(in: .min ... .max)
viewer.picturesNote = options.images.drawsPictures ? backend.pictureSupport.notice : nil
let paletteRefused = options.palette && !backend.animatesPalette
let clock = SystemLoopClock()
var configuration = FeedRunLoop.Configuration(openLink: LinkOpener.open)
let markWriter = store.map { MarkWriter(store: $0, keys: storeKeys) }
if let markWriter {
    configuration.keepMarks = { markWriter.add($0) }
    configuration.searchStore = { query in storeOpening.search(query, keys: storeKeys) }
}
// The state goes to the loop and is kept nowhere else: the stored posts it starts with
// are then the view's alone, not held a second time by a global.
let loop = FeedRunLoop(
    state: AppState(
        options: viewer, size: backend.size,
        notice: paletteRefused
            ? "--palette: this terminal cannot redefine its colours; the skeleton is drawn cell by cell"
            : storeOpening.notice),
    backend: backend, loaders: makeLoaders(clock: clock), stored: storeOpening.takeStored(), pictures: pictureLoader,
    configuration: configuration, clock: clock)
store?.tellProblem { [post = loop.post] in post(.notice($0)) }
let exitCode = loop.run()
backend.stop()
markWriter?.flush()  // the marks of the last second
store?.finishWrites()  // and what the last loads brought
// Out without the libraries' exit handlers: a cancelled transfer may still be letting go
// of libcurl on its own thread, and libcurl's and libxml2's global clean-up must not run
// under it. The terminal is restored and the store's writes are done; nothing is buffered.
fflush(nil)
_exit(exitCode)
