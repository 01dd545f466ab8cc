/// Events a source streams, to the timeline; notifications counted for the status line.
extension AppState {
    mutating func take(_ event: StreamingEvent, from source: Int) {
        guard timeline.sources.indices.contains(source), !timeline.isLoading else { return }
        let frame = frame
        switch event {
        case .update(let post), .edited(let post):
            timeline.takeStreamed([post], of: source, in: frame)
            timeline.recountUnread(in: frame)
        case .delete(let statusID):
            timeline.removeStreamed(statusID, of: source, in: frame)
            timeline.recountUnread(in: frame)
        case .notification:
            notificationsUnread += 1
        case .other:
            break
        }
        timeline.noteOnScreen(in: frame)
    }
}
