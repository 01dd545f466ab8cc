/// `R`, `"` or `c`: a post to write, as the state asks the loop for it.
public struct ComposeRequest: Hashable, Sendable {
    /// The post a reply answers, or a quote quotes.
    public struct Target: Hashable, Sendable, Codable {
        public var statusID: String
        /// Its author's handle ("ada", "ada@elsewhere.example").
        public var handle: String
        /// Its address, to find it on the account's own server when the source is another's.
        public var statusURL: String?
        /// Its text, shown in the draft for the context.
        public var text: String

        public init(statusID: String, handle: String, statusURL: String?, text: String = "") {
            self.statusID = statusID
            self.handle = handle
            self.statusURL = statusURL
            self.text = text
        }
    }

    /// Names the post's progress events.
    public var id: Int
    /// The source whose account posts it (its timeline shows it).
    public var source: Int
    public var replyTo: Target?
    public var quoting: Target?

    public init(id: Int, source: Int, replyTo: Target? = nil, quoting: Target? = nil) {
        self.id = id
        self.source = source
        self.replyTo = replyTo
        self.quoting = quoting
    }
}

/// What became of a post the reader wrote.
public enum Posting: Sendable {
    /// On its way: the draft as its row shows it until the server answers.
    case sending(Post)
    /// The post as the server made it, and what to say of it (a mention left as text).
    case posted(Post, note: String?)
    /// Not posted, and why; the draft is kept where the message says.
    case failed(String)
    /// Nothing to post (an empty text); what to say.
    case cancelled(String)
}

/// What the editor gave: nothing to post (and what to say), or a draft and its sending.
public enum Composed: Sendable {
    case cancelled(String)
    case sending(Post, @Sendable () async -> Posting)
}
