import FeedCommandLine
import FeedCore
import FeedTerminal
import Synchronization

/// The viewer in the terminal: the run's loop on ncurses and the system's clock, every
/// service connected to it, and the last writes made at quit.
public enum Viewer {
    static let paletteNotice =
        "--palette: this terminal cannot redefine its colours; the skeleton is drawn cell by cell"

    /// Runs the viewer until the reader quits; its exit code. The terminal is restored
    /// before this returns.
    @MainActor
    public static func run(_ run: ViewerRun) throws(Failure) -> Int32 {
        let options = run.options
        let backend = try CursesBackend.start(
            environment: run.environment, color: options.color, background: options.background,
            palette: options.palette, images: options.images, theme: options.theme)
        var viewer = run.viewer
        viewer.drawOn(backend, images: options.images)
        let outbox = run.outbox
        let readPositions = run.readPositions
        let live = run.live
        let composer = Composer(
            posters: run.sources.opened.map { $0?.poster }, offline: options.viewer.offline,
            environment: run.environment, store: run.store.store)
        if composer.posts { composer.learnLimits() }
        let readState = run.readState
        let store = StoreService(
            store: run.store, keys: run.storeKeys, readPositions: readPositions, readState: readState)
        // Said once the loop is there to say it: a kept action the server refused at start.
        let tellLoop = Mutex<(@Sendable (String) -> Void)?>(nil)
        // The loop's time starts with the loop (the first frame at zero); the networks'
        // waits are on the run's clock, the system's too.
        let clock = SystemLoopClock()
        let services = LoopServices(
            loaders: run.loaders(clock: clock, outbox: outbox, live: live, readState: readState) { text in
                tellLoop.withLock { $0 }?(text)
            },
            pictures: run.pictures, store: store,
            servers: ServerService(
                sources: run.sources.opened, outbox: outbox, composer: composer, readPositions: readPositions),
            desktop: DesktopService(environment: run.environment))
        // The state goes to the loop and is kept nowhere else.
        let loop = FeedRunLoop(
            state: AppState(
                options: viewer, size: backend.size,
                notice: options.palette && !backend.animatesPalette ? paletteNotice : run.store.notice),
            backend: backend, services: services, clock: clock)
        run.store.store?.tellProblem { [post = loop.post] in post(.notice($0)) }
        tellLoop.withLock { $0 = { [post = loop.post] in post(.notice($0)) } }
        live.connect(loop.post)
        readPositions.start(loop.post)
        if composer.posts {
            // The posts an earlier run could not send, sent first, and what became of them said.
            Task.detached { [post = loop.post] in
                let said = await composer.sendKept()
                if !said.isEmpty { post(.notice(said.joined(separator: " "))) }
            }
        }
        let exitCode = loop.run()
        backend.stop()
        store.flush()  // the marks of the last second
        readPositions.flush()  // and the read position, to the servers
        run.store.store?.finishWrites()  // and what the last loads brought
        return exitCode
    }
}

extension ViewerOptions {
    /// What the terminal can do: palette animation, pictures in pixels; a random salt for
    /// the pictures' kitty ids, so that another run's do not clash.
    @MainActor mutating func drawOn(_ backend: CursesBackend, images: ImageChoice) {
        paletteSkeleton = backend.animatesPalette
        pictureDrawing = images.drawsPictures ? backend.pictureSupport.drawing : .cells
        pictureIdSalt = UInt64.random(in: .min ... .max)
        picturesNote = images.drawsPictures ? backend.pictureSupport.notice : nil
    }
}
