/// `i`: the notifications of the account that reads the selected post's source, on the
/// stack; seen once they are there, which the status line's count and the server's
/// notifications marker follow.
extension AppState {
    mutating func openNotifications(from post: Post?) -> [AppEffect] {
        if views.top is NotificationsView { return [] }
        let sources = timeline.sources
        let own = post?.source?.index
        guard
            let source = own.flatMap({ sources.indices.contains($0) && readsNotifications(sources[$0]) ? $0 : nil })
                ?? sources.indices.first(where: { readsNotifications(sources[$0]) })
        else {
            notices.say("Notifications need an account: shimmerfeed login SERVER")
            return []
        }
        let request = views.nextRequest()
        push(NotificationsView(request: request, source: source, now: timeline.referenceDate))
        return [.loadNotifications(request: request, source: source)]
    }

    private func readsNotifications(_ source: SourceStatus) -> Bool {
        source.capabilities.contains(.notifications)
    }

    mutating func takeNotifications(_ outcome: Result<[Post], Failure>, request: Int) -> [AppEffect] {
        guard let source = views.deliverNotifications(outcome, request: request), case .success(let posts) = outcome,
            timeline.sources.indices.contains(source),
            let newest = timeline.sources[source].network.notificationsPosition.newest(of: posts)
        else { return [] }
        notificationsUnread = 0
        return [.notificationsSeen(source: source, newest: newest)]
    }
}
