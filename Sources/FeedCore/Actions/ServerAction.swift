/// One action on a status the server keeps: a mark set, or taken away.
public struct ServerAction: Hashable, Sendable {
    /// One of `StatusMarks.each`.
    public var mark: StatusMarks
    /// Set (favourite, boost, bookmark), or taken away (their undos).
    public var on: Bool

    public init(mark: StatusMarks, on: Bool) {
        self.mark = mark
        self.on = on
    }

    /// What the reader did, as the outbox keeps it.
    public var kind: ActionKind {
        switch mark {
        case .boosted: .boost
        case .bookmarked: .bookmark
        default: .like
        }
    }

    /// The action of `kind`, set or undone; nil for a kind that sets no mark.
    public init?(kind: ActionKind, on: Bool) {
        switch kind {
        case .like: self.init(mark: .favourited, on: on)
        case .boost: self.init(mark: .boosted, on: on)
        case .bookmark: self.init(mark: .bookmarked, on: on)
        case .vote, .post, .read: return nil
        }
    }

    /// In the network's words, for messages: "boost", "unfavourite", "repost".
    public func verb(in words: NetworkWords) -> String {
        let name =
            switch mark {
            case .boosted: words.boost
            case .bookmarked: words.bookmark
            default: words.like
            }
        return on ? name : "un" + name
    }

    /// The capability the action needs of the post's network.
    public var capability: Capabilities {
        switch mark {
        case .boosted: .boost
        case .bookmarked: .bookmark
        default: .like
        }
    }
}

/// What the reader did to a post on its server, in no network's words: what the outbox
/// keeps of each action, with the network's own payload beside it where it needs one.
public enum ActionKind: String, Hashable, Sendable, CaseIterable {
    case like
    case boost
    case bookmark
    case vote
    case post
    /// A read mark the server keeps.
    case read
}

/// A post the reader acts on: the source whose server (or whose account's) takes the
/// action, and the post there.
public struct ActionTarget: Hashable, Sendable {
    /// The view's source the post came through: it says which server and account act.
    public var source: Int
    /// The post's id on the source's server.
    public var statusID: String
    /// Its address, to find it on the account's own server when the source is another's.
    public var statusURL: String?
    /// The post's network's payload (for a record, what a like points to and the reader's
    /// own records), and its counts as last shown, for a network whose answer says nothing
    /// of counts.
    public var payload: String?
    public var likes: Int?
    public var boosts: Int?

    public init(
        source: Int, statusID: String, statusURL: String? = nil, payload: String? = nil, likes: Int? = nil,
        boosts: Int? = nil
    ) {
        self.source = source
        self.statusID = statusID
        self.statusURL = statusURL
        self.payload = payload
        self.likes = likes
        self.boosts = boosts
    }

    /// A target with a payload as the server's answer left it: the next request on it
    /// starts from there (the record to delete, the counts to move).
    mutating func update(to state: StatusState) {
        guard payload != nil else { return }
        likes = state.likes
        boosts = state.boosts ?? boosts
        if let payload = state.payload { self.payload = payload }
    }

    /// What the actions on one status share, whatever its URL.
    var status: StatusKey { StatusKey(source: source, statusID: statusID) }
}

/// A post of a source: the key of what the reader has asked of it.
public struct StatusKey: Hashable, Sendable {
    public var source: Int
    public var statusID: String

    public init(source: Int, statusID: String) {
        self.source = source
        self.statusID = statusID
    }
}

/// An action to send: the loop hands it to the sender, which answers with `ActionAnswer`.
public struct ActionRequest: Hashable, Sendable {
    /// Names the answer; each request has its own.
    public var id: Int
    public var target: ActionTarget
    public var action: ServerAction

    public init(id: Int, target: ActionTarget, action: ServerAction) {
        self.id = id
        self.target = target
        self.action = action
    }
}

/// How the server answered an action.
public struct ActionAnswer: Sendable {
    public enum Outcome: Sendable {
        /// The server took it, and says how the status stands now.
        case confirmed(StatusState)
        /// The server refused it (an HTTP error, a status it could not find): the row
        /// goes back.
        case refused(Failure)
        /// It could not be sent (no network, `--offline`): kept in the outbox, sent at
        /// the next chance.
        case unsent(Failure)
    }

    public var request: Int
    public var outcome: Outcome

    public init(request: Int, outcome: Outcome) {
        self.request = request
        self.outcome = outcome
    }
}
