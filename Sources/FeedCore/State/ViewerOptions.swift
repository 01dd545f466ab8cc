/// What the reader chose for this run (options, environment, what the terminal can do).
/// Set once before the loop starts; `AppState.apply` never changes it.
public struct ViewerOptions: Sendable, Equatable {
    /// How the status line names the source.
    public var source: String
    public var animation: AnimationStyle
    /// The band's speed (cells per second) and the rest between sweeps (seconds).
    public var shimmerSpeed = Shimmer.defaultSpeed
    public var shimmerPause = Shimmer.defaultPause
    /// Cells each row's band trails the row above (`--shimmer-tilt`).
    public var shimmerTilt = 0.0
    /// `--palette` on a terminal that can redefine colours: skeleton cells are drawn in
    /// reserved palette entries, and the pulse animates the entries instead of the cells.
    public var paletteSkeleton = false
    /// Frames per second while something animates.
    public var framesPerSecond = 30
    /// Whether the next page loads when the selection nears the end (`--dump` shows the
    /// first page as it is, and never starts a load).
    public var loadsMorePages = true
    /// Two or more sources make a timeline: each loads on its own and their posts merge.
    /// Their names and starting phases; empty for a single source.
    public var timelineSources: [SourceStatus] = []
    /// `--refresh`: how often the sources reload in the background.
    public var refreshInterval: Duration?

    public init(source: String, animation: AnimationStyle = .slide) {
        self.source = source
        self.animation = animation
    }

    /// The time between two frames of an animation.
    public var frameInterval: Duration { .seconds(1) / max(1, framesPerSecond) }
}
