/// The lines that stand for a post's attachments: "▣ image: a cat on a chair" each in an
/// expanded post, a count ("▣ 3 images · ▶ video") in a collapsed one.
public enum AttachmentText {
    public static func mark(_ kind: Attachment.Kind) -> String {
        switch kind {
        case .image: "▣"
        case .video: "▶"
        case .audio: "♪"
        case .file: "◆"
        }
    }

    static func noun(_ kind: Attachment.Kind, count: Int = 1) -> String {
        let word =
            switch kind {
            case .image: "image"
            case .video: "video"
            case .audio: "audio"
            case .file: "file"
            }
        // "audio" is a mass noun: "2 audio".
        return count == 1 || kind == .audio ? word : word + "s"
    }

    /// "▣ image: alt text", or "▣ image" when nothing describes it. In words (read aloud,
    /// `--accessible`): "image: alt text", or "image, no description".
    public static func line(_ attachment: Attachment, inWords: Bool = false) -> String {
        let noun = noun(attachment.kind)
        let head = inWords ? noun : "\(mark(attachment.kind)) \(noun)"
        guard let description = attachment.description, !description.isEmpty else {
            return inWords ? "\(head), no description" : head
        }
        return "\(head): \(description)"
    }

    /// One line for a collapsed post: a lone attachment as its line (without its text when
    /// the post's content is hidden: alt text can say what a warning hides), several as a
    /// count per kind, in the order the kinds first appear.
    public static func summary(_ attachments: [Attachment], hidesText: Bool = false, inWords: Bool = false)
        -> String?
    {
        guard let first = attachments.first else { return nil }
        if attachments.count == 1 {
            return hidesText ? line(Attachment(kind: first.kind), inWords: inWords) : line(first, inWords: inWords)
        }
        var kinds: [Attachment.Kind] = []
        for attachment in attachments where !kinds.contains(attachment.kind) { kinds.append(attachment.kind) }
        return kinds.map { kind in
            let count = attachments.count { $0.kind == kind }
            let words = count == 1 ? noun(kind) : "\(count) \(noun(kind, count: count))"
            return inWords ? words : "\(mark(kind)) \(words)"
        }.joined(separator: inWords ? ", " : " · ")
    }
}
