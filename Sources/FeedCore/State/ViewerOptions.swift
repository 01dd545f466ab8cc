/// What the reader chose for this run (options, environment, what the terminal can do).
/// Set once before the loop starts; `AppState.apply` never changes it.
public struct ViewerOptions: Sendable, Equatable {
    /// The view's sources, one or more, in the order given: their names and labels (none
    /// until the command line's are resolved).
    public var sources: [SourceStatus]
    public var animation: AnimationStyle
    /// The band's speed (cells per second) and the rest between sweeps (seconds).
    public var shimmerSpeed = Shimmer.defaultSpeed
    public var shimmerPause = Shimmer.defaultPause
    /// Cells each row's band trails the row above (`--shimmer-tilt`).
    public var shimmerTilt = 0.0
    /// `--palette` on a terminal that can redefine colours: skeleton cells are drawn in
    /// reserved palette entries, and the pulse animates the entries instead of the cells.
    public var paletteSkeleton = false
    /// Frames per second while something animates, unless `--fps` says: enough for every
    /// animation (the band, soft over 16 cells, steps under four cells a frame; the
    /// cross-fade's 250 ms take four frames; the pulse changes grey at most every 115 ms).
    /// Each frame of the band costs ncurses a colour change per cell, most of a frame's
    /// work, so the rate is its cost: 16 a second costs a fifth less than 20.
    public static let defaultFramesPerSecond = 16
    public var framesPerSecond = ViewerOptions.defaultFramesPerSecond
    /// Whether further pages load when the selection nears the end (`--dump` shows the
    /// first pages as they are).
    public var loadsMorePages = true
    /// `--refresh`: how often the sources reload in the background.
    public var refreshInterval: Duration?
    /// Which key does what: the standard keys, with the configuration's `bind` and `unbind`.
    public var keys = KeyMap.standard
    /// The configuration's `mute` lines, and each source's `mute=`.
    public var mutes = MuteRules()
    /// `--pane`: the reading pane beside the timeline, on a wide terminal or as chosen.
    public var pane = PaneChoice.auto
    /// `--unread` (or `unread` in the configuration): the timeline starts with unread only on.
    public var unreadOnly = false
    /// `--offline`: no source loads; the store's posts are all there is.
    public var offline = false
    /// Whether read marks are kept (with the store): rows then mark unread posts, and the
    /// status line counts them.
    public var tracksRead = false
    /// Whether rows draw their pictures (`--images cells`): avatars in the avatar's
    /// cells, media below the text. Without, pictures are their lines of alt text.
    public var pictures = false
    /// The sources' own `images=` (the subscriptions file's), by index: `none` draws no
    /// pictures in their rows, `cells` draws theirs in cells whatever the terminal draws.
    public var sourceImages: [Int: ImageChoice] = [:]
    /// How loaded pictures are drawn: in cells, or by the terminal in pixels.
    public var pictureDrawing = PictureDrawing.cells
    /// Why pictures are drawn otherwise than asked (tmux's passthrough is off, say): a
    /// note for the status line, said the first time a picture is on the screen, since
    /// it changes nothing for a view without pictures.
    public var picturesNote: String?
    /// `--accessible`: drawn for screen readers and braille displays. Nothing animates, the
    /// hardware cursor sits where the reader is, glyphs are words, pictures are their alt
    /// text, and nothing on the screen changes that the reader did not ask for.
    public var accessible = false {
        // Nothing moves, and pictures are their words: the same state, drawn still.
        didSet {
            if accessible {
                animation = .none
                pictures = false
            }
        }
    }
    /// The words of the networks the posts may be of, by name, as the registry gives them:
    /// a row speaks of its post's network in them.
    public var networkWords: [NetworkID: NetworkWords] = [:]

    /// Mixed into the kitty pictures' ids, so that two runs (and other programs) in one
    /// terminal do not name the same picture alike: random in the viewer, fixed in tests.
    public var pictureIdSalt: UInt64 = 0

    /// The options as parsed, before the sources are known.
    public init() {
        sources = []
        animation = .slide
    }

    public init(sources: [SourceStatus], animation: AnimationStyle = .slide) {
        self.sources = sources
        self.animation = animation
    }

    /// A view of one source, named `label`.
    public init(source label: String, animation: AnimationStyle = .slide) {
        self.init(sources: [SourceStatus(name: label)], animation: animation)
    }

    /// The time between two frames of an animation.
    public var frameInterval: Duration { .seconds(1) / max(1, framesPerSecond) }
}
