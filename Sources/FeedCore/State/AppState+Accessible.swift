import FoundationEssentials

/// `--accessible`: what the status line says of a load, said again only when it changes
/// and at most once a second, so that a screen reader reads it out and is not drowned.
extension AppState {
    /// The sources still loading, as the status line counts them: before any post, the
    /// first pages loading; after, the sources that have shown nothing yet.
    var sourcesStillLoading: Int {
        timeline.isLoading ? timeline.sourcesLoading : timeline.sourcesAwaited
    }

    /// Says the count of sources loading if it changed and a second has passed since the
    /// last count said; else has the timer say it then. The end of the load is said at once.
    mutating func announceLoading(at now: Duration) {
        guard options.accessible else { return }
        let count = sourcesStillLoading
        guard count != timing.announcedLoading else { return }
        if count > 0, let last = timing.announcedAt, now < last + Self.announcementInterval {
            timing.timers[.announceLoading] = last + Self.announcementInterval
            return
        }
        timing.announcedLoading = count
        timing.announcedAt = now
    }

    /// The shortest time between two counts said.
    static let announcementInterval: Duration = .seconds(1)

    /// The ages on the screen move on only when the reader acts (a key), never under them:
    /// after any other event "now" for the rows stays `held`. Nil: there were no rows, and
    /// the first posts' "now" is when they came.
    mutating func holdAges(at held: Date?, after event: AppEvent, now: Duration) {
        guard let held else {
            timing.agesOrigin = now
            return
        }
        if timeline.referenceDate != held { timeline.referenceDate = held }
        guard case .key = event else { return }
        timeline.age(by: now - timing.agesOrigin)
        timing.agesOrigin = now
    }
}
