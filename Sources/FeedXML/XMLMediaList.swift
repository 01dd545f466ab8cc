import FeedCore

/// An item's enclosures and Media RSS objects, gathered as their elements close: each
/// picture, video or sound once, with the text that describes it and its thumbnail.
///
/// Once means: a URL named twice (a podcast often names its file as both an enclosure and
/// a `media:content`) is one attachment; the objects of a `media:group` are renditions of
/// one, and so are pictures at the same path in several sizes (The Guardian's
/// `…/master/3000.jpg?width=140` and `?width=460`): the widest stands for them.
///
/// Media RSS puts a description in the object (`media:content/media:description`), in its
/// `media:group` (YouTube: after the content), or in the item for all its objects; the
/// nearest wins, and a description wins over a title. Thumbnails are placed the same way.
struct XMLMediaList {
    private struct Entry {
        var url: String?
        var kind: Attachment.Kind
        var text: String?
        var thumbnail: String?
        var width: Int?
        var height: Int?
        var isDefault = false
        var fromGroup: Bool
    }

    /// A piece of describing text: (text, isTitle).
    typealias Text = (String, Bool)

    private var entries: [Entry] = []
    /// Text and thumbnails read inside the `media:content` that has not closed yet, in
    /// the group open now, and in the item itself.
    private var objectText: Text?
    private var groupText: Text?
    private var itemText: Text?
    private var objectThumbnail: String?
    private var groupThumbnail: String?
    private var itemThumbnail: String?
    /// A group's or the item's description: YouTube's feeds carry a video's words there
    /// alone, with no content or summary, so it is the post's text when there is no other.
    private(set) var description: String?

    mutating func add(
        url: String?, kind: Attachment.Kind, text: String? = nil, width: Int? = nil, height: Int? = nil,
        isDefault: Bool = false, fromGroup: Bool = false
    ) {
        let described = text.flatMap { $0.isEmpty ? nil : $0 } ?? objectText?.0
        let thumbnail = objectThumbnail
        objectText = nil
        objectThumbnail = nil
        var entry = Entry(
            url: url, kind: kind, text: described, thumbnail: thumbnail, width: width, height: height,
            isDefault: isDefault, fromGroup: fromGroup)
        if let url, let index = entries.firstIndex(where: { Self.sameObject($0.url, url) }) {
            var kept = entries[index]
            if (width ?? 0) > (kept.width ?? 0) {
                kept.url = url
                kept.width = width
                kept.height = height
            }
            kept.text = kept.text ?? entry.text
            kept.thumbnail = kept.thumbnail ?? entry.thumbnail
            if kept.kind == .file { kept.kind = kind }
            entries[index] = kept
            return
        }
        entry.fromGroup = fromGroup
        entries.append(entry)
    }

    mutating func describe(_ text: String, isTitle: Bool, parent: XMLName?) {
        guard !text.isEmpty else { return }
        func better(_ old: Text?) -> Text {
            if let old, !old.1 || isTitle { return old }
            return (text, isTitle)
        }
        switch parent?.local {
        case "content": objectText = better(objectText)
        case "group": groupText = better(groupText)
        case "item", "entry": itemText = better(itemText)
        default: break
        }
    }

    /// A `media:thumbnail`, for the object, group or item it stands in.
    mutating func thumbnail(_ url: String, parent: XMLName?) {
        switch parent?.local {
        case "content": objectThumbnail = objectThumbnail ?? url
        case "group": groupThumbnail = groupThumbnail ?? url
        default: itemThumbnail = itemThumbnail ?? url
        }
    }

    /// A `media:group` ends: its objects are one, the default or the widest, and its
    /// text and thumbnail go to it when it has none of its own.
    mutating func closeGroup() {
        if let (text, isTitle) = groupText, !isTitle { description = description ?? text }
        let members = entries.indices.filter { entries[$0].fromGroup }
        if let first = members.first {
            let chosen =
                members.first { entries[$0].isDefault }
                ?? members.max { (entries[$0].width ?? 0) < (entries[$1].width ?? 0) } ?? first
            let group = members.map { entries[$0] }
            var kept = entries[chosen]
            kept.text = kept.text ?? group.lazy.compactMap(\.text).first ?? groupText?.0
            kept.thumbnail = kept.thumbnail ?? group.lazy.compactMap(\.thumbnail).first ?? groupThumbnail
            kept.fromGroup = false
            entries[first] = kept
            for index in members.dropFirst().reversed() { entries.remove(at: index) }
        } else if let groupThumbnail {
            // A group of thumbnails alone: the picture they show.
            entries.append(Entry(url: groupThumbnail, kind: .image, text: groupText?.0, fromGroup: false))
        }
        groupText = nil
        groupThumbnail = nil
    }

    var attachments: [Attachment] {
        if entries.isEmpty, let itemThumbnail {
            // Many feeds give an item's picture only as its thumbnail.
            return [Attachment(kind: .image, description: itemText?.0, url: itemThumbnail)]
        }
        return entries.map {
            Attachment(
                kind: $0.kind, description: $0.text ?? itemText?.0, url: $0.url,
                thumbnailURL: $0.thumbnail ?? ($0.kind == .image ? nil : itemThumbnail), width: $0.width,
                height: $0.height)
        }
    }

    /// The description that stands for the post's text, when it has none of its own.
    var looseDescription: String? {
        description ?? itemText.flatMap { $0.1 ? nil : $0.0 }
    }

    /// Whether two URLs name one object: the same URL, or the same picture, video or
    /// sound file (by the extension of its path) asked for with other query parameters,
    /// as image servers give sizes. `image.php?id=1` and `?id=2` stay two.
    static func sameObject(_ old: String?, _ new: String) -> Bool {
        guard let old else { return false }
        if old == new { return true }
        let oldPath = old.prefix { $0 != "?" && $0 != "#" }
        let newPath = new.prefix { $0 != "?" && $0 != "#" }
        return oldPath == newPath && Attachment.kind(ofURL: String(newPath)) != nil
    }
}
