/// The views, bottom to top: the timeline of the given sources, always there, and the
/// views pushed over it. Only the top one takes keys and is drawn; those beneath keep
/// their state untouched until they are on top again.
public struct ViewStack: Sendable {
    public internal(set) var timeline: TimelineView
    /// The views over the timeline, the last on top.
    public internal(set) var pushed: [any StackedView] = []
    /// The last request a pushed view made (a thread's load), to name the next.
    private var lastRequest = 0

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

    /// A name for a pushed view's request that no other has.
    mutating func nextRequest() -> Int {
        lastRequest += 1
        return lastRequest
    }

    /// The thread waiting for `request` takes its answer; nothing when it was popped.
    mutating func deliverThread(_ outcome: Result<ThreadContext, Failure>, request: Int) {
        guard let index = pushed.firstIndex(where: { ($0 as? ThreadView)?.request == request }),
            var thread = pushed[index] as? ThreadView
        else { return }
        thread.fill(with: outcome)
        pushed[index] = thread
    }

    /// The notifications waiting for `request` take their answer; returns their source,
    /// nil when they were popped.
    mutating func deliverNotifications(_ outcome: Result<[Post], Failure>, request: Int) -> Int? {
        guard let index = pushed.firstIndex(where: { ($0 as? NotificationsView)?.request == request }),
            var view = pushed[index] as? NotificationsView
        else { return nil }
        view.fill(with: outcome)
        pushed[index] = view
        return view.source
    }

    /// A notification streamed for source `source`: the notifications open for it take it.
    mutating func takeNotification(_ post: Post, source: Int) {
        for index in pushed.indices {
            guard var view = pushed[index] as? NotificationsView, view.source == source else { continue }
            view.takeStreamed(post)
            pushed[index] = view
        }
    }

    /// The server's word on a status, for every view that shows it.
    mutating func update(_ target: ActionTarget, to state: StatusState) {
        timeline.update(target, to: state)
        for index in pushed.indices { pushed[index].update(target, to: state) }
    }

    /// Esc to the pushed view on top: true when it took it, else the view goes.
    mutating func escapeOnTop() -> Bool {
        guard var top = pushed.popLast() else { return false }
        let taken = top.handleEscape()
        if taken { pushed.append(top) }
        return taken
    }

    /// What the sources view shows of the timeline's sources, now.
    mutating func refreshSources(_ live: SourcesView.Live) {
        for index in pushed.indices {
            guard var view = pushed[index] as? SourcesView else { continue }
            view.live = live
            pushed[index] = view
        }
    }

    /// A key bound to nothing, to the pushed view on top.
    mutating func handleOnTop(unbound key: Key) -> [AppEffect] {
        guard var top = pushed.popLast() else { return [] }
        let effects = top.handle(unbound: key)
        pushed.append(top)
        return effects
    }

    /// `action` to the pushed view on top.
    mutating func handleOnTop(_ action: KeyAction) -> [AppEffect] {
        guard var top = pushed.popLast() else { return [] }
        let effects = top.handle(action)
        pushed.append(top)
        return effects
    }
}
