import FeedCore
import FoundationEssentials

/// What a Bluesky post embeds, as the AppView shows it (`app.bsky.embed.*#view`): pictures,
/// a video, a link's card, a quoted post, or a quoted post with pictures or a video of its
/// own. A kind not known here (new ones come) is `.unknown` and shows nothing.
indirect enum BlueskyEmbed: Decodable {
    case images([Image])
    case video(Video)
    case external(External)
    case record(QuotedRecord)
    case recordWithMedia(QuotedRecord, media: BlueskyEmbed)
    case unknown

    struct AspectRatio: Decodable {
        var width: Int?
        var height: Int?
    }

    struct Image: Decodable {
        var thumb: String?
        var fullsize: String?
        var alt: String?
        var aspectRatio: AspectRatio?
    }

    struct Video: Decodable {
        var playlist: String?
        var thumbnail: String?
        var alt: String?
        var aspectRatio: AspectRatio?
    }

    struct External: Decodable {
        var uri: String?
        var title: String?
        var description: String?
        var thumb: String?
    }

    /// `app.bsky.embed.record#view`'s record: a post (`viewRecord`), one not found, blocked
    /// or detached by its author, or a feed, a list, a starter pack or a labeler, each
    /// named with its creator.
    struct QuotedRecord: Decodable {
        var type: String?
        var author: BlueskyPostView.Profile?
        var value: BlueskyPostView.Record?
        var embeds: [BlueskyEmbed]?
        /// A feed's, list's, starter pack's or labeler's account.
        var creator: BlueskyPostView.Profile?
        /// A feed's name (`generatorView`).
        var displayName: String?
        /// A list's name (`listView`).
        var name: String?
        /// A starter pack's own record, with its name (`starterPackViewBasic`).
        var record: Named?

        struct Named: Decodable { var name: String? }

        enum CodingKeys: String, CodingKey {
            case type = "$type"
            case author, value, embeds, creator, displayName, name, record
        }
    }

    /// `app.bsky.embed.record#view` itself: the record inside it.
    private struct RecordView: Decodable {
        var record: QuotedRecord
    }

    private enum CodingKeys: String, CodingKey {
        case type = "$type"
        case images, external, record, media
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // An embed the decoder cannot read is skipped with the rest of its post kept.
        do {
            switch try container.decodeIfPresent(String.self, forKey: .type) {
            case "app.bsky.embed.images#view":
                self = .images(try container.decode([Image].self, forKey: .images))
            case "app.bsky.embed.video#view":
                self = .video(try Video(from: decoder))
            case "app.bsky.embed.external#view":
                self = .external(try container.decode(External.self, forKey: .external))
            case "app.bsky.embed.record#view":
                self = .record(try container.decode(QuotedRecord.self, forKey: .record))
            case "app.bsky.embed.recordWithMedia#view":
                let record = try container.decode(RecordView.self, forKey: .record).record
                self = .recordWithMedia(record, media: try container.decode(BlueskyEmbed.self, forKey: .media))
            default:
                self = .unknown
            }
        } catch {
            self = .unknown
        }
    }

    /// What an embed adds to its row: pictures and videos as attachments, and blocks of
    /// text after the post's own (a link's card, a quoted post behind a bar).
    struct Shown {
        var attachments: [Attachment] = []
        var blocks: [String] = []
        var links: [PostLink] = []
    }

    /// The bar before each line of a quoted post, as a quotation in a Mastodon post has.
    static let quoteBar = HTMLText.quoteBar

    func show(into shown: inout Shown) {
        switch self {
        case .images(let images):
            shown.attachments += images.map {
                Attachment(
                    kind: .image, description: $0.alt?.trimmingWhitespace(), url: $0.fullsize ?? $0.thumb,
                    thumbnailURL: $0.thumb, width: $0.aspectRatio?.width, height: $0.aspectRatio?.height)
            }
        case .video(let video):
            shown.attachments.append(
                Attachment(
                    kind: .video, description: video.alt?.trimmingWhitespace(), url: video.playlist,
                    thumbnailURL: video.thumbnail, width: video.aspectRatio?.width, height: video.aspectRatio?.height))
        case .external(let card):
            guard let uri = card.uri else { return }
            let title = (card.title ?? "").trimmingWhitespace()
            let host = URL(string: uri)?.host() ?? uri
            var lines = ["↗ " + (title.isEmpty ? host : "\(title) (\(host))")]
            if let description = card.description?.trimmingWhitespace(), !description.isEmpty {
                lines.append("  " + description)
            }
            shown.blocks.append(lines.joined(separator: "\n"))
            shown.links.append(PostLink(text: title.isEmpty ? host : title, url: uri))
            if let thumb = card.thumb {
                shown.attachments.append(
                    Attachment(kind: .image, description: title.isEmpty ? nil : title, url: thumb, thumbnailURL: thumb))
            }
        case .record(let quoted):
            quoted.show(into: &shown)
        case .recordWithMedia(let quoted, let media):
            media.show(into: &shown)
            quoted.show(into: &shown)
        case .unknown:
            break
        }
    }
}

extension BlueskyEmbed.QuotedRecord {
    /// A quoted post as lines behind a bar: its author, its text, and what it carries.
    func show(into shown: inout BlueskyEmbed.Shown) {
        let lines: [String]
        switch type {
        case "app.bsky.embed.record#viewRecord":
            guard let author else { return }
            var inner = BlueskyEmbed.Shown()
            for embed in embeds ?? [] { embed.show(into: &inner) }
            let summary = AttachmentText.summary(inner.attachments, hidesText: false, inWords: true)
            let header = "\(author.name) @\(author.handle)"
            let text: [String] = (value?.text ?? "").split(separator: "\n", omittingEmptySubsequences: false).map {
                String($0)
            }
            let carried: [String] = inner.blocks.flatMap { $0.split(separator: "\n").map { String($0) } }
            lines = [header] + text + carried + (summary.map { [$0] } ?? [])
        case "app.bsky.embed.record#viewNotFound": lines = ["Quoted post not found"]
        case "app.bsky.embed.record#viewBlocked": lines = ["Quoted post blocked"]
        case "app.bsky.embed.record#viewDetached": lines = ["Quoted post removed by its author"]
        case "app.bsky.feed.defs#generatorView": lines = [named("Feed", displayName)]
        case "app.bsky.graph.defs#listView": lines = [named("List", name)]
        case "app.bsky.graph.defs#starterPackViewBasic": lines = [named("Starter pack", record?.name)]
        case "app.bsky.labeler.defs#labelerView": lines = [named("Labeler", nil)]
        default: lines = ["A quoted record of a kind not shown here"]
        }
        shown.blocks.append(lines.map { BlueskyEmbed.quoteBar + $0 }.joined(separator: "\n"))
    }

    /// "Feed: Science by @bsky.app": what the quoted record is, its name, its creator.
    private func named(_ kind: String, _ title: String?) -> String {
        let title = TextSanitizer.singleLine(title ?? "").trimmingWhitespace()
        let by = creator.map { " by @\($0.handle)" } ?? ""
        return kind + (title.isEmpty ? "" : ": " + title) + by
    }
}
