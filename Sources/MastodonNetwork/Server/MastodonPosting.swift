import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials

/// A post the reader wrote, sent to the account's server (`POST /api/v1/statuses`) with an
/// `Idempotency-Key`: a retry after an error of the server's or of the network carries the
/// same key, and the server answers it with the status it made, never a second one.
struct MastodonPosting: Poster {
    let actor: MastodonActions.Actor
    let client: HTTPClient

    var name: String { actor.name }
    var server: String { actor.server }

    /// A fresh `Idempotency-Key`: 16 random bytes in hex; a draft's own name where the
    /// system gives no random bytes.
    func newKey() -> String {
        (try? RandomBytes.make(16)).map(Self.hex) ?? "shimmerfeed-\(Date().timeIntervalSince1970)"
    }

    /// `bytes` as lowercase hex, two digits each.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }

    /// Tries after the first: once.
    static let retries = 1

    func length(of draft: Draft) -> Int {
        draft.mastodonLength
    }

    func limitNote(_ limit: Int) -> String {
        "At most \(limit) characters; a link counts as \(Draft.charactersPerLink)."
    }

    /// The status the server made of `draft`, replying to the status at `replyURL` when the
    /// account's server knows it by another id; the failure of the last try.
    func post(_ draft: Draft, replyURL: String?, key: String) async -> Result<Posted, Failure> {
        var form = [("status", draft.text), ("visibility", draft.visibility.rawValue)]
        if let warning = draft.contentWarning { form.append(("spoiler_text", warning)) }
        if let language = draft.language { form.append(("language", language)) }
        do {
            if let replyID = draft.inReplyToID {
                let id = actor.resolves ? try await actions.resolve(replyURL) : replyID
                form.append(("in_reply_to_id", id))
            }
        } catch {
            return .failure(Failure(error))
        }
        var request = HTTPClient.Request(url: actor.server + "/api/v1/statuses", form: form, bearerToken: actor.token)
        request.idempotencyKey = key
        var tries = 0
        while true {
            tries += 1
            do {
                return .success(Posted(try MastodonAnswer.post(from: try await client.send(request))))
            } catch {
                let failure = Failure(error)
                guard tries <= Self.retries, failure.isWorthRetrying else { return .failure(failure) }
            }
        }
    }

    private var actions: MastodonActions {
        MastodonActions(actor: actor, client: client)
    }

    /// The most characters a post may have on the account's server; nil where it does not say.
    func maxLength() async -> Int? {
        let request = HTTPClient.Request(url: actor.server + "/api/v2/instance", bearerToken: actor.token)
        guard let body = try? await client.send(request) else { return nil }
        return try? MastodonAnswer.maxCharacters(inInstance: body)
    }
}
