/// A picture, video, sound or file that comes with a post: Mastodon's media attachments,
/// JSON Feed's `attachments`, RSS enclosures and Media RSS, Atom's `enclosure` links.
public struct Attachment: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case image, video, audio, file
    }

    public var kind: Kind
    /// What the attachment shows, for readers who cannot see it: alt text, a description
    /// or a title.
    public var description: String?

    public init(kind: Kind, description: String? = nil) {
        self.kind = kind
        self.description = description
    }

    /// The kind a MIME type (`image/png`) or a Media RSS `medium` (`image`) names.
    public static func kind(mimeType: String?) -> Kind {
        let major = (mimeType ?? "").lowercased().prefix { $0 != "/" }
        switch major {
        case "image": return .image
        case "video": return .video
        case "audio": return .audio
        default: return .file
        }
    }
}
