import FeedCore
import Foundation
import Testing

@testable import FeedTerminal

/// `--dump` (text and SVG) waits for the pictures of the rows it prints, and the SVG
/// draws them in their colours.
@Suite struct PictureDumpTests {
    struct OnePost: FeedLoading {
        func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
            var post = Post(
                id: .string("1"), author: Author(name: "Ada Park", avatarURL: "https://p.example/avatar"),
                content: "A post with a picture.", likes: 3, createdAt: nil,
                attachments: [
                    Attachment(
                        kind: .image, description: "A sunset", url: "https://p.example/media", width: 1600, height: 900)
                ])
            post.source = PostSource(index: 0, name: nil)
            return Feed(title: "Pictures", posts: [post])
        }
    }

    /// Each picture one colour, after a real wait: the dump must wait for it.
    struct SolidPictures: PictureLoading {
        var colors: [String: UInt32]
        var wait: Duration = .milliseconds(150)

        func picture(at url: String) async throws -> PicturePixels {
            try await Task.sleep(for: wait)
            guard let color = colors[url] else { throw Failure.transfer(url: url, detail: "HTTP 404") }
            let pixel: [UInt8] = [UInt8(color >> 16), UInt8((color >> 8) & 0xFF), UInt8(color & 0xFF), 255]
            return PicturePixels(width: 16, height: 9, rgba: Array((0..<(16 * 9)).map { _ in pixel }.joined()))
        }
    }

    @MainActor
    func dump(_ pictures: SolidPictures) -> ScreenBuffer {
        var options = ViewerOptions(source: "pictures.json")
        options.pictures = true
        return FrameDump.frames(
            options: options, services: LoopServices(loaders: [OnePost()], pictures: pictures), clock: ManualClock(),
            size: TerminalSize(width: 80, height: 12), at: nil
        ).frames[0]
    }

    @Test @MainActor func theSVGDrawsThePicturesOnceTheyHaveArrived() {
        let frame = dump(
            SolidPictures(colors: ["https://p.example/avatar": 0x2288CC, "https://p.example/media": 0xE07020]))
        let svg = SVGScreenshot(depth: .truecolor, background: .dark).document([frame])
        #expect(svg.contains("#2288cc"), "the avatar's colour")
        #expect(svg.contains("#e07020"), "the picture's colour")
        #expect(!frame.cells.contains { $0.style.ink.isSkeleton }, "no cell left shimmering")
        #expect(FrameDump.text(of: frame).contains("▣ image: A sunset"), "the alt text under it")
    }

    @Test @MainActor func aPictureThatFailsLeavesInitialsAndAltText() {
        let frame = dump(SolidPictures(colors: [:]))
        let text = FrameDump.text(of: frame)
        #expect(text.contains("AP"), "the initials")
        #expect(text.contains("▣ missing"), "in the picture's cells (14 wide: the short word)")
        #expect(text.contains("▣ image: A sunset"))
        #expect(!text.contains("404"))
    }

    /// Pictures asked for with nothing to load them: each one fails at once, so the dump
    /// does not wait on them and no cell is left shimmering.
    @Test @MainActor func picturesWithNoLoaderFailAtOnce() {
        var options = ViewerOptions(source: "pictures.json")
        options.pictures = true
        let clock = ManualClock()
        let frame = FrameDump.frames(
            options: options, services: LoopServices(loaders: [OnePost()]), clock: clock,
            size: TerminalSize(width: 80, height: 12), at: nil
        ).frames[0]
        let text = FrameDump.text(of: frame)
        #expect(text.contains("AP"), "the initials")
        #expect(text.contains("▣ missing"))
        #expect(!frame.cells.contains { $0.style.ink.isSkeleton })
        #expect(clock.now < .seconds(5), "settled at once, not at the dump's deadline: \(clock.now)")
    }
}
