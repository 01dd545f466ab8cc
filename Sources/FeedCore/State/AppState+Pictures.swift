/// Pictures: which to load, in what order, and what arrives. They load after the feeds,
/// the rows on the screen first, then the next screenful, a few at a time; a load whose
/// row has scrolled far away is cancelled, and pictures far away leave memory first.
extension AppState {
    /// Pictures loading at once, at most.
    public static let pictureConcurrency = 4
    /// The bytes of decoded pictures kept in memory, at most.
    public static let pictureMemory = 32 << 20

    /// The pictures of the rows `placements` show, in their order: each row's avatar,
    /// then its media.
    private func pictureAddresses(of placements: [FeedViewport.Placement]) -> [String] {
        placements.flatMap { placement in
            ([placement.layout.avatar] + placement.layout.pictures.map(Optional.some)).compactMap { $0?.picture.url }
        }
    }

    /// Asks for the pictures wanted now and cancels those no longer near: after anything
    /// that changes what the screen shows.
    mutating func schedulePictures(at now: Duration) -> [AppEffect] {
        guard options.pictures, feed != nil, !isTooSmall else { return [] }
        let viewport = viewport
        let height = max(1, size.height - 1)
        let screen = pictureAddresses(of: isLoading ? [] : viewport.placements(from: scroll))
        // The screens around it only while pictures may load or are loading: while the
        // feeds' answers come in, each would lay out two more screens of new rows.
        let mayLoad = !isLoading && sourcesAwaited == 0
        let around = mayLoad || pictures.values.contains(where: \.isLoading)
        let next =
            around ? pictureAddresses(of: viewport.placements(from: viewport.scrolled(scroll, by: height))) : []
        let before =
            around ? pictureAddresses(of: viewport.placements(from: viewport.scrolled(scroll, by: -height))) : []
        let onScreen = Set(screen)
        var effects: [AppEffect] = []
        sayPicturesNote(picturesOnScreen: !screen.isEmpty)

        // Far away: loads stop (they are asked for again if their row comes back).
        let near = onScreen.union(next).union(before)
        let abandoned = pictures.compactMap { url, phase in phase.isLoading && !near.contains(url) ? url : nil }
        if !abandoned.isEmpty {
            for url in abandoned { pictures[url] = nil }
            effects.append(.cancelPictures(abandoned.sorted()))
        }
        evictPictures(onScreen: onScreen, near: near)

        let noticed = animationTime(at: now)
        for url in screen + next where picturesNoticed[url] == nil { picturesNoticed[url] = noticed }
        picturesShimmering = onScreen.count { pictures[$0]?.isLoading ?? true }
        // After the feeds: not while a source's first posts are on their way.
        var wanted: [String] = []
        var seen = Set<String>()
        for url in screen + next where pictures[url] == nil && seen.insert(url).inserted { wanted.append(url) }
        picturesWaiting = wanted.count
        guard mayLoad else { return effects }
        let running = pictures.values.count(where: \.isLoading)
        let started = Array(wanted.prefix(max(0, Self.pictureConcurrency - running)))
        guard !started.isEmpty else { return effects }
        for url in started { pictures[url] = .loading(since: picturesNoticed[url] ?? noticed) }
        picturesWaiting -= started.count
        effects.append(.loadPictures(started))
        return effects
    }

    /// The pictures note, once a run: when a picture is on the screen and no other
    /// notice is being said.
    private mutating func sayPicturesNote(picturesOnScreen: Bool) {
        guard picturesOnScreen, notice == nil, let note = picturesNote else { return }
        notice = note
        picturesNote = nil
    }

    /// A picture's load ended.
    mutating func receivePicture(_ url: String, _ outcome: PictureOutcome, at now: Duration) {
        // A load cancelled (its row scrolled away) may still answer: it is not wanted.
        guard pictures[url]?.isLoading == true else { return }
        switch outcome {
        case .loaded(let pixels):
            pictures[url] = .loaded(pixels, at: animationTime(at: now))
            pictureBytes += pixels.byteCount
            if CrossFade.applies(to: options.animation) {
                timing.timers[.picturesFade] = max(timing.timers[.picturesFade] ?? now, now + CrossFade.duration)
            }
        case .failed(let reason):
            pictures[url] = .failed(reason)
        }
    }

    /// Pictures over the memory bound leave: those far from the screen first, then those
    /// a screen away, the oldest first; never the screen's own. They load again (from the
    /// disk cache) if their rows come back.
    private mutating func evictPictures(onScreen: Set<String>, near: Set<String>) {
        guard pictureBytes > Self.pictureMemory else { return }
        let loaded = pictures.compactMap { url, phase -> (url: String, bytes: Int, at: Duration, isNear: Bool)? in
            guard case .loaded(let pixels, let at) = phase, !onScreen.contains(url) else { return nil }
            return (url, pixels.byteCount, at, near.contains(url))
        }.sorted { ($0.isNear ? 1 : 0, $0.at) < ($1.isNear ? 1 : 0, $1.at) }
        for picture in loaded where pictureBytes > Self.pictureMemory {
            pictures[picture.url] = nil
            pictureBytes -= picture.bytes
            pictureCells.forget(picture.url)
            pictureIds.forget(picture.url)
        }
    }

    /// Pictures still to come near the screen: `--dump` waits for them.
    public var picturesPending: Int {
        picturesWaiting + pictures.values.count(where: \.isLoading)
    }
}
