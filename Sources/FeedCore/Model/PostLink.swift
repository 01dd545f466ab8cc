/// A link in a post's HTML: the words it is on, and where it goes. An expanded post
/// numbers them (`Jacques Distler[1]`), `L` lists them, and a number opens one.
public struct PostLink: Hashable, Sendable {
    public var text: String
    public var url: String

    public init(text: String, url: String) {
        self.text = text
        self.url = url
    }
}
