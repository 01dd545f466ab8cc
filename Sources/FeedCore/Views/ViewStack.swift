/// The views, bottom to top: the timeline of the given sources, always there, and the
/// views pushed over it. Only the top one takes keys and is drawn; those beneath keep
/// their state untouched until they are on top again.
public struct ViewStack: Sendable {
    public internal(set) var timeline: TimelineView
    /// The views over the timeline, the last on top.
    public internal(set) var pushed: [any StackedView] = []

    init(timeline: TimelineView) {
        self.timeline = timeline
    }

    /// The view on top, when it is not the timeline.
    public var top: (any StackedView)? { pushed.last }

    mutating func push(_ view: some StackedView) {
        pushed.append(view)
    }

    /// Takes the top view away; the timeline stays.
    mutating func pop() {
        _ = pushed.popLast()
    }

    /// `key` to the pushed view on top.
    mutating func handleOnTop(_ key: Key) -> [AppEffect] {
        guard var top = pushed.popLast() else { return [] }
        let effects = top.handle(key)
        pushed.append(top)
        return effects
    }
}
