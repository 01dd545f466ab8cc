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

    /// "▣ image: alt text", or "▣ image" when nothing describes it.
    public static func line(_ attachment: Attachment) -> String {
        let head = "\(mark(attachment.kind)) \(noun(attachment.kind))"
        guard let description = attachment.description, !description.isEmpty else { return head }
        return "\(head): \(description)"
    }

    /// One line for a collapsed post: a lone attachment as its line (without its text when
    /// the post's content is hidden: alt text can say what a warning hides), several as a
    /// count per kind, in the order the kinds first appear.
    public static func summary(_ attachments: [Attachment], hidesText: Bool = false) -> String? {
        guard let first = attachments.first else { return nil }
        if attachments.count == 1 {
            return hidesText ? line(Attachment(kind: first.kind)) : line(first)
        }
        var kinds: [Attachment.Kind] = []
        for attachment in attachments where !kinds.contains(attachment.kind) { kinds.append(attachment.kind) }
        return kinds.map { kind in
            let count = attachments.count { $0.kind == kind }
            return count == 1 ? "\(mark(kind)) \(noun(kind))" : "\(mark(kind)) \(count) \(noun(kind, count: count))"
        }.joined(separator: " · ")
    }
}
