/// The pictures of the rows, as one part of the state: which to load and in what order,
/// what arrived, which leave memory, and the ids the terminal knows them by. They load
/// after the feeds, the rows on the screen first, then the next screenful, a few at a
/// time; a load whose row has scrolled far away is cancelled, and pictures far away leave
/// memory first.
public struct PictureQueue: Sendable {
    /// Pictures loading at once, at most.
    public static let concurrency = 4
    /// The bytes of decoded pictures kept in memory, at most.
    public static let memory = 32 << 20

    /// What the rows around the screen show: the screen's pictures, the next screenful's
    /// and the one before, each in row order (avatar, then media).
    struct Nearby {
        var screen: [RowLayout.Picture]
        var next: [RowLayout.Picture]
        var before: [RowLayout.Picture]
    }

    /// The pictures asked for, by address: loading, loaded, or failed.
    public internal(set) var phases: [String: PicturePhase] = [:]
    /// When each picture near the screen was first wanted (its post had arrived): its
    /// BlurHash stands in from the show delay after, whether its load has begun or waits.
    public internal(set) var noticed: [String: Duration] = [:]
    /// The bytes of the pictures loaded and kept (`memory` at most).
    public internal(set) var bytes = 0
    /// Pictures loading among those on the screen: while there are any, their cells shimmer.
    public internal(set) var shimmering = 0
    /// Pictures wanted near the screen and not asked for yet (the concurrency limit, or
    /// feeds still loading, holds them back).
    public internal(set) var waiting = 0
    /// The ids the terminal knows pictures by, when it draws them (`--images kitty`).
    public internal(set) var ids: KittyPictureIds
    /// Pictures drawn in cells, at their sizes, made once: a memo, so shared by copies.
    let cells = PictureCellCache()
    private let drawing: PictureDrawing

    init(drawing: PictureDrawing, idSalt: UInt64) {
        self.drawing = drawing
        ids = KittyPictureIds(salt: idSalt)
    }

    /// Pictures still to come near the screen: `--dump` waits for them.
    public var pending: Int {
        waiting + phases.values.count(where: \.isLoading)
    }

    /// Whether any picture is loading, on the screen or near it.
    var anyLoading: Bool { phases.values.contains(where: \.isLoading) }

    /// Asks for the pictures wanted now and cancels those no longer near: after anything
    /// that changes what the screen shows. Loads start only when `mayLoad` (the feeds have
    /// answered); `now` is the animation time, for the BlurHash's show delay.
    mutating func schedule(_ nearby: Nearby, mayLoad: Bool, now: Duration) -> [AppEffect] {
        let screen = nearby.screen.map(\.picture.url)
        let next = nearby.next.map(\.picture.url)
        let onScreen = Set(screen)
        let near = onScreen.union(next).union(nearby.before.map(\.picture.url))
        var effects: [AppEffect] = []

        // Far away: loads stop (they are asked for again if their row comes back).
        let abandoned = phases.compactMap { url, phase in phase.isLoading && !near.contains(url) ? url : nil }
        if !abandoned.isEmpty {
            for url in abandoned { phases[url] = nil }
            effects.append(.cancelPictures(abandoned.sorted()))
        }
        evict(onScreen: onScreen, near: near)
        assignIds(nearby.screen + nearby.next + nearby.before)

        for url in screen + next where noticed[url] == nil { noticed[url] = now }
        shimmering = onScreen.count { phases[$0]?.isLoading ?? true }
        var wanted: [String] = []
        var seen = Set<String>()
        for url in screen + next where phases[url] == nil && seen.insert(url).inserted { wanted.append(url) }
        waiting = wanted.count
        guard mayLoad else { return effects }
        let running = phases.values.count(where: \.isLoading)
        let started = Array(wanted.prefix(max(0, Self.concurrency - running)))
        guard !started.isEmpty else { return effects }
        for url in started { phases[url] = .loading(since: noticed[url] ?? now) }
        waiting -= started.count
        effects.append(.loadPictures(started))
        return effects
    }

    /// A picture's load ended, at animation time `now`. True when it brought pixels.
    mutating func receive(_ url: String, _ outcome: PictureOutcome, at now: Duration) -> Bool {
        // A load cancelled (its row scrolled away) may still answer: it is not wanted.
        guard phases[url]?.isLoading == true else { return false }
        switch outcome {
        case .loaded(let pixels):
            phases[url] = .loaded(pixels, at: now)
            bytes += pixels.byteCount
            return true
        case .failed(let reason):
            phases[url] = .failed(reason)
            return false
        }
    }

    /// The loaded pictures the terminal draws in pixels get their ids now, so that render
    /// only reads them. A kitty placement past `KittyPlaceholder.limit` is drawn in cells.
    private mutating func assignIds(_ placed: [RowLayout.Picture]) {
        guard drawing != .cells else { return }
        for picture in placed where !picture.picture.inCells {
            guard case .loaded = phases[picture.picture.url] else { continue }
            if drawing == .kitty, max(picture.columns, picture.rows) > KittyPlaceholder.limit { continue }
            ids.assign(source: picture.picture.url, columns: picture.columns, rows: picture.rows)
        }
    }

    /// Pictures over the memory bound leave: those far from the screen first, then those
    /// a screen away, the oldest first; never the screen's own. They load again (from the
    /// disk cache) if their rows come back.
    private mutating func evict(onScreen: Set<String>, near: Set<String>) {
        guard bytes > Self.memory else { return }
        let loaded = phases.compactMap { url, phase -> (url: String, bytes: Int, at: Duration, isNear: Bool)? in
            guard case .loaded(let pixels, let at) = phase, !onScreen.contains(url) else { return nil }
            return (url, pixels.byteCount, at, near.contains(url))
        }.sorted { ($0.isNear ? 1 : 0, $0.at) < ($1.isNear ? 1 : 0, $1.at) }
        for picture in loaded where bytes > Self.memory {
            phases[picture.url] = nil
            bytes -= picture.bytes
            cells.forget(picture.url)
            ids.forget(picture.url)
        }
    }
}
