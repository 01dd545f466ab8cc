/// A picture, video, sound or file that comes with a post: a server's media attachments,
/// JSON Feed's `attachments`, RSS enclosures and Media RSS, Atom's `enclosure` links.
public struct Attachment: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case image, video, audio, file
    }

    public var kind: Kind
    /// What the attachment shows, for readers who cannot see it: alt text, a description
    /// or a title.
    public var description: String?
    /// Where its bytes are, made absolute by the decoder; nil when the feed gives none.
    public var url: String?
    /// A smaller picture that stands for it (Media RSS `media:thumbnail`), for a video
    /// most of all.
    public var thumbnailURL: String?
    /// The picture's size in pixels as the feed gives it (a server's `meta`, Media RSS
    /// `width`/`height`): its cells are known before any byte of it arrives.
    public var width: Int?
    public var height: Int?
    /// The picture's BlurHash, where the server sends one, drawn while it loads.
    public var blurhash: String?

    public init(
        kind: Kind, description: String? = nil, url: String? = nil, thumbnailURL: String? = nil, width: Int? = nil,
        height: Int? = nil, blurhash: String? = nil
    ) {
        self.kind = kind
        self.description = description
        self.url = url
        self.thumbnailURL = thumbnailURL
        self.width = width
        self.height = height
        self.blurhash = blurhash
    }

    /// The kind a name says, whichever format wrote it: a MIME type (`image/png`), a Media
    /// RSS `medium` (`image`) or a server's attachment type (`gifv`). Nil for a name of no
    /// kind (`document`, `unknown`, none). Flash is how video players were typed (YouTube's
    /// feeds still do); a `gifv` is a silent looping video.
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

    /// The kind of an attachment as feeds describe it: its Media RSS `medium`, else its
    /// MIME type, else the extension of its URL's path (The Guardian's pictures carry
    /// neither a type nor a medium); a file when none of them tells.
    public static func kind(medium: String? = nil, mimeType: String?, url: String?) -> Kind {
        kind(named: medium) ?? kind(named: mimeType) ?? url.flatMap(kind(ofURL:)) ?? .file
    }

    /// The kind the extension of a URL's path names: `…/photo.JPG?width=460` is a picture.
    public static func kind(ofURL url: String) -> Kind? {
        let path = url.prefix { $0 != "?" && $0 != "#" }
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return extensions[path[path.index(after: dot)...].lowercased()]
    }

    private static let extensions: [String: Kind] = [
        "jpg": .image, "jpeg": .image, "png": .image, "gif": .image, "webp": .image, "avif": .image,
        "svg": .image, "bmp": .image, "heic": .image, "mp4": .video, "m4v": .video, "webm": .video,
        "mov": .video, "mkv": .video, "mp3": .audio, "m4a": .audio, "ogg": .audio, "oga": .audio,
        "opus": .audio, "wav": .audio, "aac": .audio, "flac": .audio,
    ]
}
