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

    /// The kind a name says, whichever format wrote it: a MIME type (`image/png`), a Media
    /// RSS `medium` (`image`) or a Mastodon attachment type (`gifv`). Nil for a name of no
    /// kind (`document`, `unknown`, none). Flash is how video players were typed (YouTube's
    /// feeds still do); Mastodon's `gifv` is a silent looping video.
    public static func kind(named name: String?) -> Kind? {
        guard let name = name?.lowercased() else { return nil }
        if name == "application/x-shockwave-flash" { return .video }
        switch name.prefix(while: { $0 != "/" }) {
        case "image": return .image
        case "video", "gifv": return .video
        case "audio": return .audio
        default: return nil
        }
    }

    /// The kind a MIME type names, a file when it names none.
    public static func kind(mimeType: String?) -> Kind {
        kind(named: mimeType) ?? .file
    }
}
