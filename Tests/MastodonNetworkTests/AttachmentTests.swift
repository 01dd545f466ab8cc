import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import MastodonNetwork

/// Attachments and polls: decoded from Mastodon and JSON Feed, and shown as lines of their
/// own, in full when a post is expanded and summed up when it is not.
@Suite struct AttachmentTests {
    /// One rule reads a kind from every format's word for it: MIME types, Media RSS
    /// mediums, Mastodon's attachment types.
    @Test func everyFormatsWordForAKindIsReadByOneRule() {
        #expect(Attachment.kind(named: "image/png") == .image)
        #expect(Attachment.kind(named: "Image") == .image)
        #expect(Attachment.kind(named: "gifv") == .video)
        #expect(Attachment.kind(named: "video/mp4") == .video)
        #expect(Attachment.kind(named: "application/x-shockwave-flash") == .video)
        #expect(Attachment.kind(named: "audio/mpeg") == .audio)
        #expect(Attachment.kind(named: "unknown") == nil && Attachment.kind(named: "document") == nil)
        #expect(Attachment.kind(mimeType: "application/pdf") == .file && Attachment.kind(mimeType: nil) == .file)
    }

    private func mastodon() throws -> [Post] {
        try FeedDocumentDecoder.decode(Fixtures.data("mastodon-media.json")).posts
    }

    private let now = Fixtures.referenceDate

    @Test func mastodonMediaKeepTheirKindAndDescription() throws {
        let posts = try mastodon()
        #expect(posts[0].content.isEmpty)
        let files = "https://files.social.example/media_attachments/files/022/345/792"
        #expect(
            posts[0].attachments == [
                Attachment(
                    kind: .video, description: "A kite turns over the bay at dusk.",
                    url: "\(files)/original/video.mp4", thumbnailURL: "\(files)/small/video.png", width: 640,
                    height: 360, blurhash: "UFBWY:8_0Jxv4mx]t8t64.%M-:IUWGWAt6M}")
            ], "the video, its preview, its size and its BlurHash, for the pictures")
        #expect(
            posts[1].attachments.map(\.kind) == [.image, .image, .video, .audio, .image], "a gifv is a video")
        #expect(posts[1].attachments.map(\.description) == ["A red door", nil, "A cat sneezes", nil, "A blue door"])
    }

    @Test func mastodonPollsKeepTheirCountsAndState() throws {
        let posts = try mastodon()
        let closed = try #require(posts[2].poll)
        #expect(closed.options == [.init(title: "Tabs", votes: 12), .init(title: "Spaces", votes: 8)])
        #expect(closed.votes == 20 && closed.closed)
        let open = try #require(posts[3].poll)
        #expect(!open.closed && open.voters == 10 && open.options[2].votes == nil)
    }

    @Test func attachmentLinesSayWhatEachIs() {
        #expect(AttachmentText.line(Attachment(kind: .image, description: "a cat")) == "▣ image: a cat")
        #expect(AttachmentText.line(Attachment(kind: .video, description: "a kite")) == "▶ video: a kite")
        #expect(AttachmentText.line(Attachment(kind: .audio)) == "♪ audio")
        let several = [
            Attachment(kind: .image), Attachment(kind: .video), Attachment(kind: .image), Attachment(kind: .audio),
            Attachment(kind: .audio),
        ]
        #expect(AttachmentText.summary(several) == "▣ 2 images · ▶ video · ♪ 2 audio")
        #expect(AttachmentText.summary([Attachment(kind: .image, description: "a cat")]) == "▣ image: a cat")
        // Behind a content warning, the alt text waits too.
        #expect(AttachmentText.summary([Attachment(kind: .image, description: "a cat")], hidesText: true) == "▣ image")
        #expect(AttachmentText.summary([]) == nil)
    }

    @Test func pollLinesShowBarsPercentagesAndWhetherItClosed() throws {
        let posts = try mastodon()
        #expect(
            PollText.lines(try #require(posts[2].poll), now: now) == [
                "██████░░░░  60%  Tabs · 12",
                "████░░░░░░  40%  Spaces · 8",
                "20 votes · closed",
            ])
        // Several choices: shares of the voters, not of the votes; a hidden count has no bar.
        #expect(
            PollText.lines(try #require(posts[3].poll), now: now) == [
                "██████████ 100%  Monday · 10",
                "█████░░░░░  50%  Friday · 5",
                "░░░░░░░░░░    –  Hidden",
                "15 votes · closes in 2d",
            ])
        #expect(PollText.summary(try #require(posts[2].poll), now: now) == "☰ poll · 2 options · 20 votes · closed")
        // A poll past its end reads as closed even if the server has not said so yet.
        let stale = Poll(options: [], votes: 1, closed: false, closesAt: now - 60)
        #expect(PollText.summary(stale, now: now) == "☰ poll · 0 options · 1 vote · closed")
    }

    private func lines(_ post: Post, expanded: Bool, width: Int = 60) -> [String] {
        let content = RowContent(post: post, now: now, expanded: expanded)
        let layout = RowLayout.make(
            content, screenWidth: width, maxContentLines: expanded ? nil : RowGeometry.maxContentLines)
        return layout.spans.filter { $0.role == .content }.map(\.text)
    }

    @Test func aCollapsedPostSumsUpAndAnExpandedOneListsEach() throws {
        let posts = try mastodon()
        // All video and no text: the video's line, no blank line above it.
        #expect(lines(posts[0], expanded: false) == ["▶ video: A kite turns over the bay at dusk."])
        #expect(lines(posts[1], expanded: false) == ["Three pictures and a sound", "▣ 3 images · ▶ video · ♪ audio"])
        #expect(
            lines(posts[1], expanded: true) == [
                "Three pictures and a sound", "▣ image: A red door", "▣ image", "▶ video: A cat sneezes", "♪ audio",
                "▣ image: A blue door",
            ])
        #expect(lines(posts[2], expanded: false) == ["Tabs or spaces?", "☰ poll · 2 options · 20 votes · closed"])
        #expect(lines(posts[2], expanded: true).count == 4)
        // Behind a warning: the count, not the alt text, until it is expanded.
        #expect(lines(posts[4], expanded: false) == [RowContent.hiddenContent, "▣ image"])
        #expect(lines(posts[4], expanded: true) == ["Lunch", "▣ image: A plate of noodles"])
    }

    @Test func longAltTextIsCutCollapsedAndWrappedExpanded() {
        let alt = String(repeating: "word ", count: 30).trimmingWhitespace()
        let post = Post(
            id: .number(1), author: Author(name: "A"), content: "", likes: nil, createdAt: nil,
            attachments: [Attachment(kind: .image, description: alt)])
        let collapsed = lines(post, expanded: false)
        #expect(collapsed.count == 1 && collapsed[0].hasSuffix("…"))
        let expanded = lines(post, expanded: true)
        #expect(expanded.count > 1)
        #expect(expanded.joined(separator: " ") == "▣ image: " + alt)
    }

    @Test func anImagesAltTextStaysInTheText() {
        #expect(
            HTMLText.plainText(#"<p>Look <img src="a.png" alt="a &quot;red&quot; door"></p>"#)
                == #"Look [image: a "red" door]"#)
        #expect(HTMLText.plainText("<p>x<img src='a.png' alt='single quotes'/>y</p>") == "x[image: single quotes]y")
        #expect(HTMLText.plainText(#"<img data-alt="no" src="a.png">tracking<img src="p.gif" alt="">"#) == "tracking")
        #expect(HTMLText.plainText(#"<img alt=bare src=a.png>"#) == "[image: bare]")
    }

    @Test func attachmentAndPollTextIsSanitized() {
        let post = Post(
            id: .number(1), author: Author(name: "A"), content: "", likes: nil, createdAt: nil,
            attachments: [Attachment(kind: .image, description: "a\u{1B}[31mred\ncat")],
            poll: Poll(options: [.init(title: "\u{1B}]0;x\u{07}yes", votes: -3)], votes: -1, closed: true)
        ).sanitized()
        let text = (post.attachments.compactMap(\.description) + (post.poll?.options.map(\.title) ?? [])).joined()
        #expect(SanitizedText.isInert(text))
        #expect(post.poll?.options[0].votes == 0 && post.poll?.votes == 0)
    }

    @Test func anExpandedPostWithAPollAndPictures() throws {
        let size = TerminalSize(width: 70, height: 24)
        var state = Views.showing(try FeedDocumentDecoder.decode(Fixtures.data("mastodon-media.json")), size: size)
        _ = state.apply(.key(.character("j")))
        _ = state.apply(.key(.enter))
        _ = state.apply(.key(.character("j")))
        _ = state.apply(.key(.character("j")))
        _ = state.apply(.key(.enter))
        try Snapshot.assertMatches(
            FeedRenderer.render(state.advanced(to: .zero)), named: "attachments-70x24",
            in: Fixtures.snapshots(of: "MastodonNetworkTests"))
    }
}
