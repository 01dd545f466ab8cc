/// Pictures: the queue (`PictureQueue`) is told what the rows around the screen show after
/// anything that changes it, and what each load brought.
extension AppState {
    /// Asks for the pictures wanted now and cancels those no longer near.
    mutating func schedulePictures(at now: Duration) -> [AppEffect] {
        // A view pushed over the timeline hides its rows; their pictures stay as they are.
        guard options.pictures, views.top == nil, timeline.feed != nil, !isTooSmall else { return [] }
        let viewport = viewport
        let scroll = timeline.scroll
        let height = max(1, size.height - 1)
        var screen = placedPictures(timeline.isLoading ? [] : viewport.placements(from: scroll))
        // The reading pane's post, at the pane's size.
        if let pane = readingPane, let layout = PanePainter.layout(self, pane: pane) {
            screen += ([layout.avatar] + layout.pictures.map(Optional.some)).compactMap { $0 }
        }
        // The screens around it only while pictures may load or are loading: while the
        // feeds' answers come in, each would lay out two more screens of new rows.
        let mayLoad = !timeline.isLoading && timeline.sourcesAwaited == 0
        let around = mayLoad || pictures.anyLoading
        let nearby = PictureQueue.Nearby(
            screen: screen,
            next: around ? placedPictures(viewport.placements(from: viewport.scrolled(scroll, by: height))) : [],
            before: around ? placedPictures(viewport.placements(from: viewport.scrolled(scroll, by: -height))) : [])
        if !screen.isEmpty { notices.sayPicturesNote() }
        return pictures.schedule(nearby, mayLoad: mayLoad, now: animationTime(at: now))
    }

    /// The pictures of the rows `placements` show, in their order: each row's avatar,
    /// then its media.
    private func placedPictures(_ placements: [FeedViewport.Placement]) -> [RowLayout.Picture] {
        placements.flatMap { placement in
            ([placement.layout.avatar] + placement.layout.pictures.map(Optional.some)).compactMap { $0 }
        }
    }

    /// A picture's load ended: one that brought pixels fades in.
    mutating func receivePicture(_ url: String, _ outcome: PictureOutcome, at now: Duration) {
        guard pictures.receive(url, outcome, at: animationTime(at: now)) else { return }
        if CrossFade.applies(to: options.animation) {
            timing.timers[.picturesFade] = max(timing.timers[.picturesFade] ?? now, now + CrossFade.duration)
        }
    }
}
