import FeedCommandLine
import FeedCore
import Foundation
import TestSupport
import Testing

@testable import FeedTerminal

/// The loading band and the loaded rows as each rung of the colour ladder draws them, every
/// cell's colours pinned: the legend of each snapshot gives the colour pair, attributes and
/// glyph a style maps to, so a changed grey or colour fails here.
@Suite struct ColorSnapshotTests {
    let size = TerminalSize(width: 80, height: 24)
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Snapshots")

    /// A mapped style in words: colours as the terminal gets them (truecolor as #rrggbb).
    private func describe(
        _ style: Style, depth: ColorDepth, background: TerminalBackground, theme: ColourTheme = ColourTheme()
    ) -> String {
        let mapped = StyleMapping.style(
            for: style, depth: depth, background: background, defaultBackground: nil, theme: theme)
        func colour(_ value: Int32) -> String {
            guard value >= 0 else { return "default" }
            return depth == .truecolor ? "#" + String(format: "%06x", value) : String(value)
        }
        var words = ["\(style.description) →", "fg \(colour(mapped.foreground))", "bg \(colour(mapped.background))"]
        if mapped.bold { words.append("bold") }
        if mapped.dim { words.append("dim") }
        if mapped.reverse { words.append("reverse") }
        if mapped.underline { words.append("underline") }
        if let glyph = mapped.glyph { words.append("glyph \(glyph)") }
        return words.joined(separator: " ")
    }

    private func loadingFrame(at instant: Duration) -> ScreenBuffer {
        var state = AppState(source: "t", animation: .slide, size: size)
        _ = state.apply(.start)
        return FeedRenderer.render(state.advanced(to: instant))
    }

    @Test(arguments: [
        (ColorDepth.truecolor, TerminalBackground.unknown), (.ansi256, .dark), (.ansi256, .light), (.ansi256, .unknown),
        (.ansi16, .unknown), (.ansi8, .unknown), (.none, .unknown),
    ])
    func theBandOnEachRung(depth: ColorDepth, background: TerminalBackground) throws {
        let frame = loadingFrame(at: .milliseconds(500))
        #expect(frame.cells.contains { $0.style.ink.isSkeleton }, "the skeleton is on screen")
        try Snapshot.assertMatches(
            frame, named: "band-\(depth)-\(background)", in: Self.directory,
            describe: { describe($0, depth: depth, background: background) })
    }

    @Test(arguments: [ColorDepth.truecolor, .ansi256, .ansi16, .ansi8])
    func theLoadedRowsOnEachRung(depth: ColorDepth) throws {
        var state = AppState(source: "t", animation: .slide, size: size)
        _ = state.apply(.start)
        let feed = try FeedDocumentDecoder.decode(
            Data(
                (#"{"posts":[{"id":1,"author":{"name":"Ada Park","handle":"ada"},"title":"A title","content":"Text","#
                    + #""likes":10500,"created_at":"2026-11-30T10:00:00Z"},{"id":2,"author":{"name":"Ben Okafor"},"#
                    + #""content":"More","likes":7,"created_at":"2026-11-29T10:00:00Z"}]}"#).utf8))
        let now = Date(timeIntervalSince1970: 1_796_000_000)  // fixed, so the relative time is too
        _ = state.apply(.loaded(feed, generation: 1, at: now))
        _ = state.apply(.key(.character("l")))  // the first liked, the second not: two colours
        let frame = FeedRenderer.render(state.advanced(to: .seconds(1)))
        #expect(frame.lines.contains { $0.contains("Ada Park") } && frame.lines.contains { $0.contains("♥ 7") })
        try Snapshot.assertMatches(
            frame, named: "loaded-\(depth)", in: Self.directory,
            describe: { describe($0, depth: depth, background: .dark) })
    }

    /// A configuration's theme: the light one, with colours of the reader's own by name, by
    /// index and by RGB, over rows with a handle, an age, boosts and a notice.
    @Test(arguments: [ColorDepth.truecolor, .ansi256])
    func aThemedScreen(depth: ColorDepth) throws {
        let configuration = try Configuration.parse(
            """
            theme light
            color author "#af5f00" bold
            color handle cyan
            color time 244 underline
            color boosts green
            color selection magenta default bold
            color notice black bright-yellow
            """, file: "config")
        var state = AppState(source: "t", animation: .slide, size: size)
        _ = state.apply(.start)
        var feed = try FeedDocumentDecoder.decode(
            Data(
                (#"{"posts":[{"id":1,"author":{"name":"Ada Park","handle":"ada"},"title":"A title","content":"Text","#
                    + #""likes":10500,"created_at":"2026-11-30T10:00:00Z"},{"id":2,"author":{"name":"#
                    + #""Ben Okafor"},"content":"More","likes":7,"created_at":"2026-11-29T10:00:00Z"}]}"#).utf8))
        feed.posts[0].boosts = 12  // as a Mastodon status counts them
        _ = state.apply(.loaded(feed, generation: 1, at: Date(timeIntervalSince1970: 1_796_000_000)))
        _ = state.apply(.key(.character("o")))  // no link: a notice says so
        let frame = FeedRenderer.render(state.advanced(to: .seconds(1)))
        #expect(frame.cells.contains { $0.style.ink == .notice }, "the notice is on the status line")
        #expect(frame.cells.contains { $0.style.ink == .boosts } && frame.cells.contains { $0.style.ink == .time })
        try Snapshot.assertMatches(
            frame, named: "themed-\(depth)", in: Self.directory,
            describe: { describe($0, depth: depth, background: .dark, theme: configuration.theme) })
    }
}
