extension HTMLText {
    /// What the markup read so far leaves open: hidden spans, lists and their numbers,
    /// `<pre>`; and the text it has given.
    struct Reading {
        var text = TextBuilder()
        /// Inside <span class="invisible">, <script> or <style>.
        var hiddenDepth = 0
        var spanStack: [SpanKind] = []
        /// Per open list: nil for bullets, else the next number.
        var lists: [Int?] = []
        var preDepth = 0
        /// The links closed so far, and the one open: its address and where its text began.
        var links: [PostLink] = []
        private var openLink: (url: String, start: Int)?

        var isVisible: Bool { hiddenDepth == 0 }

        mutating func append(_ character: Character) {
            guard isVisible else { return }
            if character == "\n" || character == "\r\n" {
                // Source line breaks are not line breaks in HTML, but for <pre>.
                if preDepth > 0 { text.lineBreak() } else { text.append(" ") }
            } else {
                text.append(character)
            }
        }

        mutating func apply(_ tag: Tag) {
            switch tag.name {
            case "br":
                if isVisible { text.lineBreak(always: true) }
            case "p", "div", "h1", "h2", "h3", "h4", "h5", "h6":
                if tag.isClosing, isVisible { text.paragraphBreak() }
            case "blockquote":
                text.paragraphBreak()
                text.quoteDepth = max(0, text.quoteDepth + (tag.isClosing ? -1 : 1))
            case "q":
                if isVisible { text.append(tag.isClosing ? "”" : "“") }
            case "ul", "ol":
                takeList(tag)
            case "li":
                if isVisible { takeListItem(tag) }
            case "pre":
                preDepth = max(0, preDepth + (tag.isClosing ? -1 : 1))
                if isVisible { tag.isClosing ? text.paragraphBreak() : text.lineBreak() }
            case "span":
                takeSpan(tag)
            case "img":
                // Alt text is the picture for those who cannot see it; an image without
                // one is decoration (or a tracking pixel) and leaves nothing.
                if isVisible, let alt = tag.attribute("alt").map(decodingEntities), !alt.isEmpty {
                    text.append("[image: \(alt.split(whereSeparator: \.isWhitespace).joined(separator: " "))]")
                }
            case "a":
                takeAnchor(tag)
            case "script", "style":
                hiddenDepth += tag.isClosing ? -1 : 1
            default:
                break
            }
            hiddenDepth = max(0, hiddenDepth)
        }

        private mutating func takeList(_ tag: Tag) {
            if tag.isClosing {
                _ = lists.popLast()
                if lists.isEmpty { text.paragraphBreak() }
            } else {
                text.lineBreak()
                lists.append(tag.name == "ol" ? 1 : nil)
            }
        }

        private mutating func takeListItem(_ tag: Tag) {
            text.lineBreak()
            guard !tag.isClosing else { return }
            // No-break spaces: the clean-up of source white space keeps them.
            let indent = String(repeating: "\u{00A0}\u{00A0}", count: max(0, lists.count - 1))
            if let number = lists.last ?? nil {
                text.append("\(indent)\(number). ")
                lists[lists.count - 1] = number + 1
            } else {
                text.append("\(indent)• ")
            }
        }

        private mutating func takeAnchor(_ tag: Tag) {
            if tag.isClosing {
                guard let open = openLink else { return }
                openLink = nil
                // The words as the text has them, so that an expanded post finds them again.
                let words = String(decoding: text.output.utf8.dropFirst(open.start), as: UTF8.self)
                    .trimmingWhitespace()
                if !words.isEmpty { links.append(PostLink(text: words, url: open.url)) }
                return
            }
            let classes = tag.classes
            guard let href = tag.attribute("href").map(HTMLText.decodingEntities),
                href.lowercased().hasPrefix("https://") || href.lowercased().hasPrefix("http://"),
                !classes.contains("mention"), !classes.contains("hashtag")
            else {
                openLink = nil
                return
            }
            openLink = (href, text.output.utf8.count)
        }

        private mutating func takeSpan(_ tag: Tag) {
            if tag.isClosing {
                switch spanStack.popLast() {
                case .invisible: hiddenDepth -= 1
                case .ellipsis: if isVisible { text.append("…") }
                case .plain, nil: break
                }
            } else {
                let kind =
                    tag.classes.contains("invisible")
                    ? SpanKind.invisible : tag.classes.contains("ellipsis") ? .ellipsis : .plain
                if kind == .invisible { hiddenDepth += 1 }
                spanStack.append(kind)
            }
        }
    }
}
