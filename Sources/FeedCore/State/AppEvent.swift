import FoundationEssentials

/// Everything that can change the state. `AppState.apply` is the only consumer.
public enum AppEvent: Sendable {
    /// The program started: begin the first load.
    case start
    case key(Key)
    case resize(TerminalSize)
    /// A load finished. `generation` says which load; a stale one is dropped.
    case loaded(generation: Int, result: Result<Feed, FeedError>, duration: Duration, at: Date)
    /// A large feed is part decoded: elements done of all, and now and then the posts so
    /// far (not every time: each copy of a large list costs).
    case progress(generation: Int, feed: Feed?, decoded: Int, total: Int, at: Date)
    /// A further page arrived, or failed.
    case pageLoaded(generation: Int, result: Result<Feed, FeedError>)
    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT arrived.
    case signal(Int32)
    /// Something to tell the reader in the status line (the loop's answer to an effect).
    case notice(String)
    /// Rows replaced a skeleton that was on screen, at this animation time: they fade in,
    /// from post `firstRow` on (0 for a load; a page's first new post for a page). Nil:
    /// the fade is over.
    case crossFade(from: Duration?, firstRow: Int = 0)
}

/// What the state asks the loop to do; the loop owns tasks, clocks and the terminal.
public enum AppEffect: Hashable, Sendable {
    case startLoad(generation: Int)
    /// Load the page at `url`, for load `generation`.
    case loadPage(url: String, generation: Int)
    /// Cancel the running load and page load.
    case cancelLoad
    case redrawAll
    /// Open a web link in the reader's browser (http and https only).
    case openLink(String)
    case quit(exitCode: Int32)
}
