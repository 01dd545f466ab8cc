import FeedCore

/// An item's enclosures and Media RSS objects, gathered as their elements close: each
/// once (a podcast often names its file as both), with the text that describes it.
///
/// Media RSS puts that text in the object (`media:content/media:description`), in its
/// `media:group` (YouTube: after the content), or in the item for all its objects; the
/// nearest wins, and a description wins over a title.
struct XMLMediaList {
    private struct Entry {
        var url: String?
        var kind: Attachment.Kind
        var text: String?
        var fromGroup: Bool
    }

    private var entries: [Entry] = []
    /// Text read inside the `media:content` that has not closed yet, in the group open
    /// now, and in the item itself: (text, isTitle).
    private var objectText: (String, Bool)?
    private var groupText: (String, Bool)?
    private var itemText: (String, Bool)?
    /// A group's or the item's description: YouTube's feeds carry a video's words there
    /// alone, with no content or summary, so it is the post's text when there is no other.
    private(set) var description: String?

    mutating func add(url: String?, kind: Attachment.Kind, text: String? = nil, fromGroup: Bool = false) {
        let described = text.flatMap { $0.isEmpty ? nil : $0 } ?? objectText?.0
        objectText = nil
        if let url, let index = entries.firstIndex(where: { $0.url == url }) {
            if entries[index].text == nil { entries[index].text = described }
            if entries[index].kind == .file { entries[index].kind = kind }
            return
        }
        entries.append(Entry(url: url, kind: kind, text: described, fromGroup: fromGroup))
    }

    mutating func describe(_ text: String, isTitle: Bool, parent: String?) {
        guard !text.isEmpty else { return }
        func better(_ old: (String, Bool)?) -> (String, Bool) {
            if let old, !old.1 || isTitle { return old }
            return (text, isTitle)
        }
        switch parent {
        case "content": objectText = better(objectText)
        case "group": groupText = better(groupText)
        case "item", "entry": itemText = better(itemText)
        default: break
        }
    }

    /// A `media:group` ends: its text goes to its objects that have none of their own.
    mutating func closeGroup() {
        if let (text, isTitle) = groupText, !isTitle { description = description ?? text }
        for index in entries.indices where entries[index].fromGroup {
            if entries[index].text == nil { entries[index].text = groupText?.0 }
            entries[index].fromGroup = false
        }
        groupText = nil
    }

    var attachments: [Attachment] {
        entries.map { Attachment(kind: $0.kind, description: $0.text ?? itemText?.0) }
    }

    /// The description that stands for the post's text, when it has none of its own.
    var looseDescription: String? {
        description ?? itemText.flatMap { $0.1 ? nil : $0.0 }
    }

    /// A Media RSS object's kind: its `medium`, else its MIME type.
    static func kind(_ attributes: [String: String]) -> Attachment.Kind {
        Attachment.kind(named: attributes["medium"]) ?? Attachment.kind(mimeType: attributes["type"])
    }
}
