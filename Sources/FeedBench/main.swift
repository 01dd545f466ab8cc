import FeedCore
import FoundationEssentials
import Glibc
import NetworkRegistry

// `make bench`'s in-process figures: render time per frame, and decoding time and memory.
// Prints medians; the terminal figures come from Tests/bench/terminal_bench.py.

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// Microseconds per call of `body`, the median of `runs` runs of `iterations` calls.
func microseconds(runs: Int = 9, iterations: Int, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = clock.now
        for _ in 0..<iterations { body() }
        samples.append((clock.now - start).seconds * 1e6 / Double(iterations))
    }
    return median(samples)
}

/// A figure rounded to a whole number, as the bench prints it.
func whole(_ value: Double) -> Int { Int(value.rounded()) }

func peakResidentMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

func renderBench(feedData: Data) throws {
    let feed = try FeedDocumentDecoder.decode(feedData, formats: NetworkRegistry.formats.json)
    for size in [TerminalSize(width: 200, height: 50), TerminalSize(width: 80, height: 24)] {
        var loading = AppState(source: "bench", animation: .slide, size: size)
        _ = loading.apply(.start)
        var loaded = loading
        _ = loaded.apply(.answer(SourceAnswer(generation: 1, source: 0, outcome: .loaded(feed), date: Date())))
        var frame = 0
        let loadingTime = microseconds(iterations: 200) {
            frame += 1
            _ = FeedRenderer.render(loading.advanced(to: SkeletonTiming.showDelay + .milliseconds(frame * 33)))
        }
        let loadedTime = microseconds(iterations: 200) {
            _ = FeedRenderer.render(loaded, elapsed: .zero)
        }
        print(
            "render \(size.description) (rows x cols \(size.height)x\(size.width)): "
                + "loading \(whole(loadingTime)) µs, loaded \(whole(loadedTime)) µs per frame")
    }
}

func decodeBench(path: String) throws {
    let clock = ContinuousClock()
    let start = clock.now
    let data = try Data(contentsOf: URL(filePath: path), options: .mappedIfSafe)
    var firstReport: Duration?
    let feed = try FeedDocumentDecoder.decode(data, formats: NetworkRegistry.formats.json, asked: nil) { _, _, _ in
        if firstReport == nil { firstReport = clock.now - start }
    }
    let total = clock.now - start
    let name = path.split(separator: "/").last.map(String.init) ?? path
    print(
        "decode \(name): \(feed.posts.count) posts, first batch \(whole((firstReport ?? total).seconds * 1000)) ms, "
            + "all \(whole(total.seconds * 1000)) ms, peak RSS \(whole(peakResidentMiB())) MiB")
    navigationBench(feed)
}

/// A page down, and a jump to the end, with the frame after it: their cost should follow
/// the screen, not the feed.
func navigationBench(_ feed: Feed) {
    let size = TerminalSize(width: 200, height: 50)
    var state = AppState(source: "bench", animation: .slide, size: size)
    _ = state.apply(.start)
    _ = state.apply(.answer(SourceAnswer(generation: 1, source: 0, outcome: .loaded(feed), date: Date())))
    let pageDown = microseconds(iterations: 20) {
        _ = state.apply(.key(.pageDown))
        _ = FeedRenderer.render(state, elapsed: .zero)
    }
    let toEnds = microseconds(iterations: 10) {
        _ = state.apply(.key(.character(state.selected == 0 ? "G" : "g")))
        _ = FeedRenderer.render(state, elapsed: .zero)
    }
    print(
        "navigate \(feed.posts.count) posts at 200x50: page down + frame \(whole(pageDown)) µs, "
            + "g/G + frame \(whole(toEnds)) µs")
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "render":
    try renderBench(feedData: try Data(contentsOf: URL(filePath: arguments.dropFirst().first ?? "")))
case "decode":
    try decodeBench(path: arguments.dropFirst().first ?? "")
case "timeline":
    timelineBench()
    sourcesViewBench()
case "store":
    let folder = arguments.dropFirst().first ?? "."
    let refreshes = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 1_000
    try storeBench(folder: folder, refreshes: refreshes)
case "cells":
    try cellsBench(Array(arguments.dropFirst()))
case "sixel":
    try sixelBench(Array(arguments.dropFirst()))
default:
    let usage =
        "usage: shimmerfeed-bench render FEED | decode FEED | timeline | store FOLDER [REFRESHES]"
        + " | cells RAW WIDTH HEIGHT COLUMNS ROWS ITERATIONS | sixel RAW WIDTH HEIGHT ITERATIONS OUT\n"
    _ = usage.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    exit(2)
}
