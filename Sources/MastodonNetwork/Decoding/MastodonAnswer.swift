import FeedCore
import FoundationEssentials

extension StatusState {
    /// The state of the status an action's answer (a Status entity) tells. A boost's
    /// answer is the reader's own boost, with the status in `reblog`.
    static func decode(_ data: Data) throws(Failure) -> StatusState {
        let status = try MastodonAnswer.decode(MastodonStatus.self, from: data)
        let acted = status.reblog?.status ?? status
        return StatusState(
            statusID: acted.id, likes: max(0, acted.favouritesCount), boosts: acted.reblogsCount.map { max(0, $0) },
            marks: acted.marks)
    }
}

/// Mastodon's answers other than timelines, decoded as the timelines are.
enum MastodonAnswer {
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(Failure) -> Value {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw FeedErrorDescription.describe(error, data: data)
        }
    }

    /// The status an answer is (a post's, `POST /api/v1/statuses`), as its row shows it.
    static func post(from data: Data) throws(Failure) -> Post {
        guard let post = try decode(MastodonStatus.self, from: data).post else {
            throw Failure.unexpectedShape("the server's answer is not a status")
        }
        return post.sanitized()
    }

    /// A poll as the server answers a vote (`POST /api/v1/polls/:id/votes`).
    static func poll(from data: Data) throws(Failure) -> Poll {
        let poll = try decode(MastodonStatus.PollEntity.self, from: data).poll
        return Post(id: .string(""), author: Author(name: ""), content: "", likes: nil, createdAt: nil, poll: poll)
            .sanitized().poll ?? poll
    }

    /// The most characters a post may have on the server (`GET /api/v2/instance`,
    /// `configuration.statuses.max_characters`); nil where it does not say.
    static func maxCharacters(inInstance data: Data) throws(Failure) -> Int? {
        struct Instance: Decodable {
            struct Configuration: Decodable {
                struct Statuses: Decodable { var maxCharacters: Int? }
                var statuses: Statuses?
            }
            var configuration: Configuration?
        }
        return try decode(Instance.self, from: data).configuration?.statuses?.maxCharacters
    }

    /// The id of the first status a search (`GET /api/v2/search`) found; nil for none.
    static func firstStatusID(inSearch data: Data) throws(Failure) -> String? {
        struct Search: Decodable {
            struct Found: Decodable { var id: String }
            var statuses: [Found]
        }
        return try decode(Search.self, from: data).statuses.first?.id
    }
}

extension MastodonAnswer {
    /// The streaming API's base as the instance names it (`GET /api/v2/instance`,
    /// `configuration.urls.streaming`, such as `wss://streaming.mastodon.example`); nil where
    /// it names none.
    static func streamingBase(inInstance data: Data) throws(Failure) -> String? {
        struct Instance: Decodable {
            struct Configuration: Decodable {
                struct URLs: Decodable { var streaming: String? }
                var urls: URLs?
            }
            var configuration: Configuration?
        }
        return try decode(Instance.self, from: data).configuration?.urls?.streaming
    }
}
