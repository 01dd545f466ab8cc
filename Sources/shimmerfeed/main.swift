import FeedCore
import FeedStore
import FeedTerminal
import FeedTransport
import FoundationEssentials
import Glibc
import MemoryTuning
import Synchronization

// Wiring only: options, the store, the loaders, the loop, and the exit code.

let environment = ProcessInfo.processInfo.environment
MemoryTuning.useOneArena(environment: environment)

let options = ConfigLoading.options(Array(CommandLine.arguments.dropFirst()), environment: environment)
switch options.action {
case .help: succeed(printing: CommandLineOptions.usage(keys: options.viewer.keys))
case .keys: succeed(printing: CommandLineOptions.keysListing(options.viewer.keys), newline: false)
case .script: break
case .version: succeed(printing: "shimmerfeed \(Version.current)")
case .login(let server): exit(AccountCommands.login(server, environment: environment))
case .blueskyLogin(let server): exit(BlueskyCommands.login(server, environment: environment))
case .logout(let server): exit(AccountCommands.logout(server, environment: environment))
case .run: break
}

let accounts = AccountSources(environment: environment)
let sourceList: SourceList
do {
    sourceList = accounts.sources(
        try accounts.expandingNotifications(try SourceList.resolve(options.sources, environment: environment)))
} catch {
    fail(error.message)
}
// No store with `--no-store`, nor for `--dump` unless `--offline`; one that cannot be
// opened is a notice, never a failure.
let actors = sourceList.entries.map { accounts.actor(for: $0, environment: environment) }
let storeOpening = StoreOpening.open(
    options: options, environment: environment, keys: sourceList.entries.map { StoreOpening.key(of: $0.source) },
    statuses: SourceLoaders.statuses(of: sourceList, actors: actors, accounts: accounts), now: Date())
let loaders = SourceLoaders(
    options: options, sources: sourceList, environment: environment, storeOpening: storeOpening, accounts: accounts,
    actors: actors)
if case .script(let command) = options.action {
    let commands = ScriptCommands(options: options, sources: sourceList, loaders: loaders, storeOpening: storeOpening)
    let code = commands.run(command)
    fflush(nil)
    exit(code)
}
var viewer = loaders.viewer
let pictureLoader = loaders.pictures

if options.dump {
    let clock = ManualClock()
    let (frames, failed) = FrameDump.frames(
        options: viewer, loaders: loaders.make(clock: clock), stored: storeOpening.takeStored(),
        pictures: pictureLoader,
        clock: clock, size: options.dumpSize, at: options.dumpAt, picturesAt: options.dumpPicturesAt,
        count: options.svgFrames, interval: .seconds(1) / viewer.framesPerSecond)
    DumpOutput.print(frames, options: options)
    exit(failed ? 1 : 0)
}

let backend: CursesBackend
do {
    backend = try CursesBackend.start(
        environment: environment, color: options.color, background: options.background, palette: options.palette,
        images: options.images, theme: options.theme)
} catch {
    fail(error.message)
}
viewer.drawOn(backend, images: options.images)
let paletteNotice = "--palette: this terminal cannot redefine its colours; the skeleton is drawn cell by cell"
var configuration = FeedRunLoop.Configuration(openLink: LinkOpener.open)
let readMarkers = loaders.readMarkerSync
let markWriter = storeOpening.connect(&configuration, keys: loaders.storeKeys, markers: readMarkers)
let sending = loaders.actionSending
if sending.acts {
    configuration.sendAction = { sending.keep($0) }
    configuration.vote = { await sending.vote(source: $0, pollID: $1, choices: $2) }
}
let composer = Composer(sources: loaders, environment: environment)
if sending.acts {
    composer.learnLimits()
    configuration.compose = { composer.compose($0, handOver: $1) }
}
let threads = loaders.threadLoading
configuration.loadThread = { await threads.load(source: $0, statusID: $1) }
let notifications = loaders.notificationsLoading
configuration.loadNotifications = { await notifications.load(source: $0) }
configuration.notificationsSeen = { readMarkers.notificationsSeen(source: $0, newest: $1) }
let pager = PagerProcess.command(environment: environment)
configuration.showInPager = { PagerProcess.show($0, in: pager) }
// Said once the loop is there to say it: a kept action the server refused at start.
let tellLater = Mutex<(@Sendable (String) -> Void)?>(nil)
let live = loaders.liveTimelines
let clock = SystemLoopClock()
// The state goes to the loop and is kept nowhere else.
let loop = FeedRunLoop(
    state: AppState(
        options: viewer, size: backend.size,
        notice: options.palette && !backend.animatesPalette ? paletteNotice : storeOpening.notice),
    backend: backend,
    loaders: loaders.make(clock: clock, sending: sending, live: live) { text in tellLater.withLock { $0 }?(text) },
    stored: storeOpening.takeStored(),
    firstScreen: storeOpening.firstScreen, pictures: pictureLoader, configuration: configuration, clock: clock)
storeOpening.store?.tellProblem { [post = loop.post] in post(.notice($0)) }
tellLater.withLock { $0 = { [post = loop.post] in post(.notice($0)) } }
live.connect(loop.post)
readMarkers.start(loop.post)
let exitCode = loop.run()
backend.stop()
markWriter?.flush()  // the marks of the last second
readMarkers.flush()  // and the read position, to the servers
storeOpening.store?.finishWrites()  // and what the last loads brought
// Out without the libraries' exit handlers, which must not run under a transfer still
// letting go of libcurl on its own thread; the terminal and the store are done.
fflush(nil)
_exit(exitCode)
