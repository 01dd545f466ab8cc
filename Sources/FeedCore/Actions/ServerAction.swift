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

    /// The action as Mastodon's endpoint names it: `POST /api/v1/statuses/:id/<endpoint>`.
    public var endpoint: String {
        let name =
            switch mark {
            case .boosted: "reblog"
            case .bookmarked: "bookmark"
            default: "favourite"
            }
        return on ? name : "un" + name
    }

    /// The action named by its endpoint, as the outbox keeps it.
    public init?(endpoint: String) {
        let on = !endpoint.hasPrefix("un")
        let name = on ? endpoint : String(endpoint.dropFirst(2))
        guard let mark = StatusMarks.each.first(where: { ServerAction(mark: $0, on: true).endpoint == name }) else {
            return nil
        }
        self.init(mark: mark, on: on)
    }

    /// In the reader's words, for messages: "boost", "unfavourite".
    public var verb: String { verb(onBluesky: false) }

    /// In the reader's words on Bluesky (whose favourites are likes and boosts reposts),
    /// else Mastodon's.
    public func verb(onBluesky: Bool) -> String {
        let name =
            switch mark {
            case .boosted: onBluesky ? "repost" : "boost"
            case .bookmarked: "bookmark"
            default: onBluesky ? "like" : "favourite"
            }
        return on ? name : "un" + name
    }
}

/// A status the reader acts on: the source whose server (or whose account's) takes the
/// action, and the status there.
public struct ActionTarget: Hashable, Sendable {
    /// The view's source the post came through: it says which server and account act.
    public var source: Int
    /// The status's id on the source's server.
    public var statusID: String
    /// Its address, to find it on the account's own server when the source is another's.
    public var statusURL: String?
    /// A Bluesky post's record (what a like or repost points to, and the reader's own),
    /// and its counts as last shown: a record's answer says nothing of counts.
    public var record: BlueskyRecord?
    public var likes: Int?
    public var boosts: Int?

    public init(
        source: Int, statusID: String, statusURL: String? = nil, record: BlueskyRecord? = nil, likes: Int? = nil,
        boosts: Int? = nil
    ) {
        self.source = source
        self.statusID = statusID
        self.statusURL = statusURL
        self.record = record
        self.likes = likes
        self.boosts = boosts
    }

    /// A Bluesky target as the server's answer left it: the next request on it starts from
    /// there (the record to delete, the counts to move).
    mutating func take(_ state: StatusState) {
        guard record != nil else { return }
        likes = state.likes
        boosts = state.boosts ?? boosts
        if let record = state.blueskyRecord { self.record = record }
    }

    /// What the actions on one status share, whatever its URL.
    var status: StatusKey { StatusKey(source: source, statusID: statusID) }
}

/// A status of a source: the key of what the reader has asked of it.
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
