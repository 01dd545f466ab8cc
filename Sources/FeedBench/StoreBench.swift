import FeedCore
import FeedStore
import FoundationEssentials
import Glibc

/// The store's figures: a refresh's write, the file after many refreshes, a search's
/// query; in a folder of `make bench`'s own.
func storeBench(folder: String, sources: Int = 50, perSource: Int = 40, refreshes: Int = 1_000) throws {
    let path = folder + "/bench-store.sqlite3"
    let start = Date(timeIntervalSince1970: 1_796_000_000)
    let store = try FeedStore.open(at: path, now: start).store
    let clock = ContinuousClock()
    var writes: [Double] = []
    /// Source `source`'s feed at refresh `round`: `perSource` posts, 4 of them new.
    func feed(_ source: Int, round: Int) -> [Post] {
        (0..<perSource).map { index in
            let number = round * 4 + index
            return Post(
                id: .string("s\(source)-p\(number)"),
                author: Author(name: "Writer \(number % 17)", handle: "@w\(number % 17)"),
                title: "Post \(number) of source \(source)",
                content: String(repeating: "Words of post \(number), a paragraph as feeds send them. ", count: 4),
                likes: number % 300, createdAt: start.addingTimeInterval(Double(number) * 60),
                url: "https://source\(source).example/posts/\(number)")
        }
    }
    let keys = (0..<sources).map { "https://source\($0).example/feed" }
    for round in 0..<refreshes {
        if round == 1 { try searchBench(store, keys: keys, feeds: (0..<sources).map { feed($0, round: 0) }) }
        for source in 0..<sources {
            let posts = feed(source, round: round)
            let began = clock.now
            try store.saveAnswer(
                source: "https://source\(source).example/feed", title: "Source \(source)", posts: posts,
                etag: "\"r\(round)\"", lastModified: nil, at: start.addingTimeInterval(Double(round) * 600))
            writes.append((clock.now - began).seconds * 1000)
        }
    }
    let size = fileSize(path) + fileSize(path + "-wal")
    let sorted = writes.sorted()
    let medianWrite = decimals(median(writes), 2)
    let slowWrite = decimals(sorted[sorted.count * 99 / 100], 2)
    let mebibytes = decimals(Double(size) / 1_048_576, 1)
    let setting = "\(sources) sources x \(perSource) posts, refreshed \(refreshes) times (4 new posts each)"
    print(
        "store: \(setting): each refresh's write median \(medianWrite) ms, 99th percentile \(slowWrite) ms; "
            + "file \(mebibytes) MiB")
    try searchBench(store, keys: keys, feeds: nil)
}

/// A search typed a key at a time: the store's query for each, and (given the feeds) the
/// view's own narrowing and the frame after each key.
private func searchBench(_ store: FeedStore, keys: [String], feeds: [[Post]]?) throws {
    let clock = ContinuousClock()
    let queries = ["w", "wo", "wor", "word", "words", "words o", "words of", "words of p", "words of post 1"]
    var searches: [Double] = []
    for _ in 0..<5 {
        for query in queries {
            let began = clock.now
            _ = try store.search(query, in: keys)
            searches.append((clock.now - began).seconds * 1000)
        }
    }
    let kept = try store.sources(keys).values.reduce(0) { $0 + $1.posts.count }
    var line =
        "store search over \(kept) stored posts, the index's query for each key: median "
        + "\(decimals(median(searches), 2)) ms, slowest \(decimals(searches.max() ?? 0, 2)) ms"
    if let feeds {
        // The view: these posts as the sources brought them, then / and each key with its frame.
        var options = ViewerOptions(sources: keys.map { SourceStatus(name: $0) })
        options.tracksRead = true
        var state = AppState(options: options, size: TerminalSize(width: 200, height: 50))
        _ = state.apply(.start)
        for (index, posts) in feeds.enumerated() {
            var tagged = posts
            tagged.tag(with: PostSource(index: index, name: "Source \(index)"))
            _ = state.apply(
                .answer(SourceAnswer(generation: 1, source: index, outcome: .loaded(Feed(posts: tagged)), date: Date()))
            )
        }
        var keystrokes: [Double] = []
        for _ in 0..<5 {
            _ = state.apply(.key(.character("/")))
            for character in "words of post 1" {
                let began = clock.now
                _ = state.apply(.key(.character(character)))
                _ = FeedRenderer.render(state, elapsed: .zero)
                keystrokes.append((clock.now - began).seconds * 1000)
            }
            _ = state.apply(.key(.escape))
        }
        line +=
            "; in view, a key and its frame at 200x50: median \(decimals(median(keystrokes), 2)) ms, slowest "
            + "\(decimals(keystrokes.max() ?? 0, 2)) ms"
    }
    print(line)
}

private func fileSize(_ path: String) -> Int {
    var status = stat()
    return stat(path, &status) == 0 ? Int(status.st_size) : 0
}

/// `value` with `places` decimals: FoundationEssentials has no String(format:).
private func decimals(_ value: Double, _ places: Int) -> String {
    let scale = pow(10, Double(places))
    let scaled = Int((value * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = String(abs(scaled) % Int(scale))
    return "\(whole).\(String(repeating: "0", count: places - fraction.count))\(fraction)"
}
