import FoundationEssentials

/// Everything that can change the state, each applied at an instant (`AppState.apply(_:at:)`).
/// `AppState.apply` is the only consumer.
public enum AppEvent: Sendable {
    /// The program started: begin the first load.
    case start
    case key(Key)
    case resize(TerminalSize)
    /// A load finished. `generation` says which load; a stale one is dropped.
    case loaded(generation: Int, result: Result<Feed, Failure>, duration: Duration, at: Date)
    /// A large feed is part decoded: elements done of all, and now and then the posts so
    /// far (not every time: each copy of a large list costs).
    case progress(generation: Int, feed: Feed?, decoded: Int, total: Int, at: Date)
    /// One source of a timeline loaded, failed, or had not changed (`Failure.notModified`).
    case sourceLoaded(generation: Int, source: Int, result: Result<Feed, Failure>, at: Date)
    /// The posts of a timeline source's body that have arrived so far; more are coming.
    case sourcePartial(generation: Int, source: Int, feed: Feed)
    /// A further page arrived, or failed.
    case pageLoaded(generation: Int, result: Result<Feed, Failure>)
    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT arrived.
    case signal(Int32)
    /// Something to tell the reader in the status line (the loop's answer to an effect).
    case notice(String)
    /// Time passed: timers due by now fire (the skeleton's show delay, a held result, the
    /// end of a cross-fade). The loop sends it whenever it wakes.
    case tick
    /// The loop drew a frame of this state.
    case frameDrawn
}

/// What the state asks the loop to do; the loop owns tasks, clocks and the terminal.
public enum AppEffect: Hashable, Sendable {
    case startLoad(generation: Int)
    /// Load these sources of the timeline, for load `generation`; at most 8 at a time.
    case loadSources([Int], generation: Int)
    /// Load the page at `url`, for load `generation`.
    case loadPage(url: String, generation: Int)
    /// Cancel the running load and page load.
    case cancelLoad
    case redrawAll
    /// Open a web link in the reader's browser (http and https only).
    case openLink(String)
    case quit(exitCode: Int32)
}
