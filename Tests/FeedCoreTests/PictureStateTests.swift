import Foundation
import TestSupport
import Testing

@testable import FeedCore

private typealias V = Views

/// Pictures in the rows, as the state and the renderer see them: cells known before any
/// byte, skeleton until the bytes arrive, loads in order and bounded, a BlurHash meanwhile.
@Suite struct PictureStateTests {
    static let avatar = "https://pictures.example/avatar/"
    static let media = "https://pictures.example/media/"

    /// A post by an author with a picture, with a 16:9 picture (640 × 360) of its own.
    static func post(_ name: String, minutesAgo: Int, blurhash: String? = nil, picture: Bool = true) -> Post {
        var post = V.post(name, minutesAgo: minutesAgo)
        post.author.avatarURL = avatar + name
        if picture {
            post.attachments = [
                Attachment(
                    kind: .image, description: "Picture \(name)", url: media + name, width: 640, height: 360,
                    blurhash: blurhash)
            ]
        }
        return post
    }

    /// One source's view with pictures on, its posts `posts` answered at 100 ms.
    static func loaded(_ posts: [Post], size: TerminalSize = V.size) -> (AppState, [AppEffect]) {
        var options = V.options(1)
        options.pictures = true
        var state = AppState(options: options, size: size)
        _ = state.apply(.start, at: .zero)
        let effects = V.answer(&state, source: 0, posts, at: .milliseconds(100))
        return (state, effects)
    }

    static func started(_ effects: [AppEffect]) -> [String] {
        effects.flatMap { effect -> [String] in
            if case .loadPictures(let urls) = effect { return urls }
            return []
        }
    }

    static let pixels = PictureCellsTests.quadrants

    static func isPicture(_ ink: Ink) -> Bool {
        switch ink {
        case .picture, .pictureOnDefault: true
        default: false
        }
    }

    @Test func aPicturesCellsAreKnownFromTheSizeTheFeedGives() throws {
        let (state, _) = Self.loaded([Self.post("a", minutesAgo: 1)])
        let layout = state.viewport.layout(at: 0)
        // Collapsed: a strip four lines tall, 16:9 (four lines are eight cells' widths tall).
        let strip = try #require(layout.pictures.first)
        #expect((strip.columns, strip.rows) == (14, 4))
        #expect(layout.avatar?.columns == RowGeometry.avatarWidth && layout.avatar?.rows == RowGeometry.avatarHeight)
        // The count line stays under it.
        #expect(layout.spans.contains { $0.line == strip.line + strip.rows && $0.text == "▣ image: Picture a" })
        // Expanded: as wide as the text column allows, at most twelve lines.
        let expanded = RowLayout.make(
            RowContent(post: Self.post("a", minutesAgo: 1), now: V.now, expanded: true, pictures: true),
            screenWidth: 80, maxContentLines: nil)
        let whole = try #require(expanded.pictures.first)
        #expect((whole.columns, whole.rows) == (43, 12))
        // With no size given, 16:9.
        #expect(RowPicture(url: "https://x.example/p").cells(width: 72, maxLines: 4) == (14, 4))
    }

    @Test func thePictureIsSkeletonUntilItArrivesAndNothingElseMoves() throws {
        var (state, effects) = Self.loaded([Self.post("a", minutesAgo: 1)])
        #expect(Self.started(effects) == [Self.avatar + "a", Self.media + "a"])
        let layout = state.viewport.layout(at: 0)
        let strip = try #require(layout.pictures.first)
        let before = FeedRenderer.render(state.advanced(to: .seconds(1)))
        for row in strip.line..<(strip.line + strip.rows) {
            let cells = (strip.column..<(strip.column + strip.columns)).map { before[row, $0].style.ink }
            #expect(cells.allSatisfy { $0.isSkeleton }, "line \(row) is skeleton until its bytes arrive")
        }
        #expect((1..<5).allSatisfy { before[0, $0].style.ink.isSkeleton }, "the avatar shimmers too")
        #expect(state.isAnimating, "loading pictures on the screen shimmer")

        _ = state.apply(.picture(url: Self.media + "a", .loaded(Self.pixels)), at: .seconds(1))
        let after = FeedRenderer.render(state.advanced(to: .seconds(2)))
        for row in strip.line..<(strip.line + strip.rows) {
            let cells = (strip.column..<(strip.column + strip.columns)).map { after[row, $0].style.ink }
            #expect(cells.allSatisfy(Self.isPicture), "line \(row) is the picture's")
        }
        // Every line but the picture's reads the same: nothing moved.
        for row in 0..<before.height - 1 where !(strip.line..<(strip.line + strip.rows)).contains(row) {
            #expect(before.lines[row].dropFirst(5) == after.lines[row].dropFirst(5))
        }
        #expect((1..<5).allSatisfy { after[0, $0].style.ink.isSkeleton }, "the avatar has not come yet")
    }

    @Test func aPictureFadesIn() {
        var (state, _) = Self.loaded([Self.post("a", minutesAgo: 1)])
        _ = state.apply(.picture(url: Self.media + "a", .loaded(Self.pixels)), at: .seconds(1))
        let strip = state.viewport.layout(at: 0).pictures[0]
        func fade(at instant: Duration) -> Int {
            FeedRenderer.render(state.advanced(to: instant))[strip.line, strip.column + 7].style.fade
        }
        #expect(fade(at: .seconds(1)) == CrossFade.steps)
        #expect(fade(at: .seconds(1) + CrossFade.duration / 2) > 0)
        #expect(fade(at: .seconds(1) + CrossFade.duration) == 0)
        #expect(state.nextWake(after: .seconds(1)) != nil)
    }

    /// A picture that arrives while another fades gets its whole fade too: the view wakes
    /// until the later one has faded in, not only the first.
    @Test func aPictureArrivingMidFadeIsWokenForToTheEnd() {
        var (state, _) = Self.loaded([Self.post("a", minutesAgo: 1)])
        _ = state.apply(.picture(url: Self.media + "a", .loaded(Self.pixels)), at: .seconds(1))
        let later = Duration.seconds(1) + CrossFade.duration / 2
        _ = state.apply(.picture(url: Self.avatar + "a", .loaded(Self.pixels)), at: later)
        let firstFaded = Duration.seconds(1) + CrossFade.duration
        _ = state.apply(.tick, at: firstFaded)
        _ = state.apply(.frameDrawn, at: firstFaded)
        let wake = state.nextWake(after: firstFaded)
        #expect(
            wake != nil && wake! <= later + CrossFade.duration,
            "woken for the avatar's fade: \(String(describing: wake))")
        _ = state.apply(.tick, at: later + CrossFade.duration)
        #expect(state.timing.timers[.picturesFade] == nil, "and no longer")
    }

    @Test func theBlurhashStandsInAfterTheShowDelay() throws {
        var (state, _) = Self.loaded([Self.post("a", minutesAgo: 1, blurhash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj")])
        _ = state.apply(.tick, at: .milliseconds(100))
        let strip = try #require(state.viewport.layout(at: 0).pictures.first)
        func ink(at instant: Duration) -> Ink {
            FeedRenderer.render(state.advanced(to: instant))[strip.line + 1, strip.column + 3].style.ink
        }
        #expect(ink(at: .milliseconds(200)).isSkeleton, "no flash of a preview for a picture that comes at once")
        #expect(Self.isPicture(ink(at: .milliseconds(100) + SkeletonTiming.showDelay)), "the BlurHash after the delay")
    }

    @Test func picturesLoadAfterTheFeedsFourAtATimeTheScreenFirst() {
        var options = V.options(2)
        options.pictures = true
        var state = AppState(options: options, size: TerminalSize(width: 80, height: 60))
        _ = state.apply(.start, at: .zero)
        let posts = (0..<6).map { Self.post("p\($0)", minutesAgo: $0 + 1) }
        let first = V.answer(&state, source: 0, posts, at: .milliseconds(100))
        #expect(Self.started(first).isEmpty, "the other source's posts are still on their way")
        let second = V.answer(&state, source: 1, [], at: .milliseconds(200))
        let asked = Self.started(second)
        #expect(asked == [Self.avatar + "p0", Self.media + "p0", Self.avatar + "p1", Self.media + "p1"])
        #expect(state.pictures.pending > 4, "the rest wait their turn")
        let next = state.apply(.picture(url: Self.avatar + "p0", .failed("404")), at: .milliseconds(300))
        #expect(Self.started(next) == [Self.avatar + "p2"], "one ended, one more starts")
        let another = state.apply(.picture(url: Self.avatar + "p0", .loaded(Self.pixels)), at: .milliseconds(310))
        #expect(Self.started(another).isEmpty, "a second answer for a picture is not a new slot")
    }

    @Test func aLoadWhoseRowScrolledFarAwayIsCancelled() {
        let posts = (0..<40).map { Self.post("p\($0)", minutesAgo: $0 + 1) }
        var (state, effects) = Self.loaded(posts)
        let running = Self.started(effects)
        #expect(
            running == [Self.avatar + "p0", Self.media + "p0", Self.avatar + "p1", Self.media + "p1"],
            "the screen's first")
        var cancelled: [String] = []
        for _ in 0..<30 {
            for effect in state.apply(.key(.character("j")), at: .seconds(1)) {
                if case .cancelPictures(let urls) = effect { cancelled += urls }
            }
        }
        #expect(Set(running).isSubset(of: Set(cancelled)), "the first rows' loads stop once they are screens away")
        #expect(running.allSatisfy { state.pictures.phases[$0] == nil }, "and they are asked again if they come back")
    }

    @Test func aFailedPictureShowsItsAltTextAndAFailedAvatarItsInitials() throws {
        var (state, _) = Self.loaded([Self.post("a", minutesAgo: 1)])
        _ = state.apply(.picture(url: Self.avatar + "a", .failed("HTTP 404")), at: .seconds(1))
        _ = state.apply(.picture(url: Self.media + "a", .failed("HTTP 404")), at: .seconds(1))
        let frame = V.frame(state, at: .seconds(2))
        #expect(frame[0].contains("WA"), "the initials of Writer a")
        let strip = try #require(state.viewport.layout(at: 0).pictures.first)
        #expect(frame.joined().contains("▣ not a") == false)
        #expect(frame[strip.line + (strip.rows - 1) / 2].contains("▣ missing"), "on the picture's middle row")
        #expect(frame[strip.line + strip.rows].contains("▣ image: Picture a"), "the alt text under it")
        #expect(!frame.joined().contains("404"), "never an error row")
    }

    @Test func withoutPicturesRowsKeepTheirAltTextAndInitials() {
        var state = V.started(1)
        V.answer(&state, source: 0, [Self.post("a", minutesAgo: 1)], at: .milliseconds(100))
        let effects = state.apply(.tick, at: .seconds(1))
        #expect(Self.started(effects).isEmpty && state.pictures.phases.isEmpty)
        let layout = state.viewport.layout(at: 0)
        #expect(layout.pictures.isEmpty && layout.avatar == nil)
        let frame = V.frame(state, at: .seconds(1))
        #expect(frame[0].contains("WA") && frame[3].contains("▣ image: Picture a"))
    }

    @Test func picturesFarFromTheScreenLeaveMemoryFirst() {
        let posts = (0..<60).map { Self.post("p\($0)", minutesAgo: $0 + 1, picture: false) }
        var (state, _) = Self.loaded(posts)
        // Every avatar arrives, each 1 MiB (512 × 512), as the rows pass by: 60 MiB in all.
        let big = PicturePixels(width: 512, height: 512, rgba: [UInt8](repeating: 200, count: 512 * 512 * 4))
        for index in 0..<60 {
            let url = Self.avatar + "p\(index)"
            if state.pictures.phases[url] == nil {
                state.pictures.phases[url] = .loading(since: .zero)
            }
            let instant = Duration.seconds(1) + .milliseconds(10 * index)
            _ = state.apply(.picture(url: url, .loaded(big)), at: instant)
            _ = state.apply(.key(.character("j")), at: instant)
        }
        #expect(state.pictures.bytes <= PictureQueue.memory + big.byteCount)
        let selected = state.selected
        #expect(state.pictures.phases[Self.avatar + "p\(selected)"] != nil, "the screen's stay")
        #expect(
            state.pictures.phases[Self.avatar + "p0"] == nil && state.pictures.phases[Self.avatar + "p1"] == nil,
            "the first went")
    }
}
