/// A view pushed over the timeline: a thread, a saved search. While it is on top it takes
/// every key but the app-wide ones, draws the rows area, and gives the status line and the
/// help overlay their words. Esc pops it, and the view beneath is as it was.
public protocol StackedView: Sendable {
    /// What the status line says while the view is on top.
    var status: String { get }
    /// Its own keys' actions, for the help overlay; Esc and the app-wide keys are added.
    var keyHelp: [ActionHelp] { get }
    /// A key's action the app does not take; what the loop must do for it.
    mutating func handle(_ action: KeyAction) -> [AppEffect]
    /// A key bound to no action (a digit, say), for a view that has a use for it.
    mutating func handle(unbound key: Key) -> [AppEffect]
    /// The rows area: the first `height` lines of `buffer`.
    func draw(into buffer: inout ScreenBuffer, height: Int, context: DrawContext)
    /// Whether its frames change by themselves (a skeleton that shimmers).
    var isAnimating: Bool { get }
    /// The post the keys that act on a post (`l`, `B`, `m`, `t`) act on; nil for none.
    var selectedPost: Post? { get }
    /// The server's word on a status after an action: its rows take it.
    mutating func update(_ target: ActionTarget, to state: StatusState)
    /// Whether every key is its own for now (a search being typed): none is bound.
    var takesEveryKey: Bool { get }
    /// Esc, before it pops the view: true when the view took it (a search cleared).
    mutating func handleEscape() -> Bool
}

extension StackedView {
    public var isAnimating: Bool { false }
    public var selectedPost: Post? { nil }
    public mutating func handle(unbound key: Key) -> [AppEffect] { [] }
    public mutating func update(_ target: ActionTarget, to state: StatusState) {}
    public var takesEveryKey: Bool { false }
    public mutating func handleEscape() -> Bool { false }
}

/// What a pushed view draws with, besides its own state: the animation's time and shimmer,
/// and the marks of the reader's actions in flight.
public struct DrawContext: Sendable {
    public var elapsed: Duration
    public var shimmer: Shimmer
    public var paletteSkeleton: Bool
    public var actions: ServerActions
    /// Glyphs written as words (`--accessible`).
    public var inWords = false
}

/// A line of a pushed view's help: actions, whose keys the help shows as the run binds them.
public struct ActionHelp: Sendable, Equatable {
    public var actions: [KeyAction]
    public var summary: String

    public init(_ actions: [KeyAction], _ summary: String) {
        self.actions = actions
        self.summary = summary
    }

    /// The line as the overlay shows it: each action's keys in `map`, two spaces between.
    func help(in map: KeyMap) -> KeyHelp {
        KeyHelp(label: map.label(for: actions) ?? "unbound", summary: summary)
    }
}

/// A line of the help overlay: keys, and what they do.
public struct KeyHelp: Sendable, Equatable {
    public var label: String
    public var summary: String

    public init(label: String, summary: String) {
        self.label = label
        self.summary = summary
    }
}
