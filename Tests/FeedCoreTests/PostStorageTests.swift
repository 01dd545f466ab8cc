import FoundationEssentials
import Testing

@testable import FeedCore

/// A post's fields in one box that copies share: a copy costs one reference, a list of
/// posts a reference each, and a change to one copy never shows in another.
@Suite struct PostStorageTests {
    static func post(_ id: Int) -> Post {
        Post(
            id: .number(Int64(id)), author: Author(name: "Ada Park", handle: "@ada@example.org"),
            title: "A title long enough to have storage of its own", content: "Content of post \(id), long enough",
            likes: 3, createdAt: Date(timeIntervalSince1970: 1_796_000_000), url: "https://example.org/posts/\(id)")
    }

    @Test func aListHoldsAReferenceAPost() {
        // The bound the merge's speed and the timeline's memory rest on: a list of 6,000
        // posts grown by doubling held a few hundred bytes of fields in each empty place.
        #expect(MemoryLayout<Post>.stride == MemoryLayout<AnyObject>.stride)
    }

    /// What most posts leave empty (Mastodon's counts, attachments, polls) is in a box of
    /// its own, absent while empty: a feed's post holds its fields in under 200 bytes.
    @Test func whatMostPostsLeaveEmptyTakesNoRoom() {
        #expect(MemoryLayout<Post.Fields>.size < 200, "\(MemoryLayout<Post.Fields>.size) bytes")
        #expect(Self.post(1).fields.more == nil)
        var post = Self.post(1)
        post.attachments.append(Attachment(kind: .image, description: "alt", url: "https://e.org/p.jpg"))
        post.boosts = 4
        post.poll = Poll(options: [.init(title: "Yes", votes: 1)], votes: 1, closed: false)
        post.poll?.votes = 2
        #expect(post.attachments.count == 1 && post.boosts == 4 && post.poll?.votes == 2)
        #expect(post.fields.more != nil)
        #expect(post != Self.post(1))
        // Emptied again, it is the post it was, box and all.
        post.attachments = []
        post.boosts = nil
        post.poll = nil
        #expect(post.fields.more == nil)
        #expect(post == Self.post(1) && post.hashValue == Self.post(1).hashValue)
    }

    @Test func aChangedCopyLeavesTheOriginalAsItWas() {
        let original = Self.post(1)
        var copy = original
        copy.likes = 4
        copy.author.name = "Someone Else"
        copy.source = PostSource(index: 2, name: "Blog")
        copy.tag(with: PostSource(index: 2, name: "Blog"))
        #expect(original.likes == 3)
        #expect(original.author.name == "Ada Park")
        #expect(original.source == nil)
        #expect(original.id == .number(1))
        #expect(copy.likes == 4 && copy.author.name == "Someone Else" && copy.id == .string("2/1"))
        // A list's copy too: the list written, its posts' boxes shared until then.
        let list = [Self.post(1), Self.post(2)]
        var changed = list
        changed[1].title = "Changed"
        #expect(list[1].title == "A title long enough to have storage of its own")
        #expect(changed[1].title == "Changed")
    }

    @Test func postsAreEqualByTheirFieldsNotTheirBoxes() {
        let a = Self.post(1)
        let b = Self.post(1)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
        var c = a
        c.replies = 1
        #expect(c != a)
        var d = a
        d.source = PostSource(index: 0, name: nil)
        #expect(d != a, "the source is part of a post")
    }

    @Test func aTextIsKeptInStorageOfItsOwnLength() {
        // Built by appending, the text's storage grew by doubling; what is kept is a copy
        // of its length. Measured through malloc: the storage a string's bytes are in.
        let words = String(repeating: "word ", count: 150)
        let text = HTMLText.plainText("<p>\(words)</p>")
        #expect(text == String(words.dropLast()))
        #expect(HTMLText.fitted(text) == text)
        #expect(HTMLText.fitted("short") == "short")
        #expect(HTMLText.fitted("Crème brûlée, 한국어, 🇫🇷 and more") == "Crème brûlée, 한국어, 🇫🇷 and more")
        // No room past its length: 64 more bytes move it to new storage, where a text
        // kept with the room it grew into takes them in place.
        // Plain text, one line, as most feeds' descriptions: the trim hands the builder's
        // own storage back, where the room is.
        var probe = HTMLText.plainText(String(words.dropLast()))
        let before = probe.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        probe += String(repeating: "x", count: 64)
        let after = probe.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        #expect(before != nil && before != after, "the text had room for 64 more bytes")
    }
}
