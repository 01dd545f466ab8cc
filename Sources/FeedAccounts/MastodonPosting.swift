import FeedCore
import FeedTransport
import FoundationEssentials

/// A post the reader wrote, sent to the account's server (`POST /api/v1/statuses`) with an
/// `Idempotency-Key`: a retry after an error of the server's or of the network carries the
/// same key, and the server answers it with the status it made, never a second one.
public struct MastodonPosting: Sendable {
    public let actor: MastodonActions.Actor
    public let certificateAuthorities: String?

    public init(actor: MastodonActions.Actor, certificateAuthorities: String?) {
        self.actor = actor
        self.certificateAuthorities = certificateAuthorities
    }

    /// A fresh `Idempotency-Key`: 16 random bytes in hex.
    public static func newKey() throws(RandomBytes.Unavailable) -> String {
        hex(try RandomBytes.make(16))
    }

    /// `bytes` as lowercase hex, two digits each.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }

    /// Tries after the first: once.
    static let retries = 1

    /// The status the server made of `draft`, replying to the status at `replyURL` when the
    /// account's server knows it by another id; the failure of the last try.
    public func post(_ draft: Draft, replyURL: String?, key: String) async -> Result<Post, Failure> {
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
        var request = APIClient.Request(
            url: actor.server + "/api/v1/statuses", form: form, bearerToken: actor.token,
            certificateAuthorities: certificateAuthorities)
        request.idempotencyKey = key
        var tries = 0
        while true {
            tries += 1
            do {
                return .success(try MastodonAnswer.post(from: try await APIClient.send(request)))
            } catch {
                let failure = Failure(error)
                guard tries <= Self.retries, Self.isWorthRetrying(failure) else { return .failure(failure) }
            }
        }
    }

    private var actions: MastodonActions {
        MastodonActions(actor: actor, certificateAuthorities: certificateAuthorities)
    }

    /// The server's own trouble (5xx) or the network's: the same request may pass now. A
    /// refusal of the post itself (4xx) would be refused again.
    static func isWorthRetrying(_ failure: Failure) -> Bool {
        if case .httpStatus(let code, _, _) = failure { return code >= 500 }
        return MastodonActions.isUnreachable(failure)
    }

    /// The most characters a post may have on the account's server; nil where it does not say.
    public func maxCharacters() async -> Int? {
        let request = APIClient.Request(
            url: actor.server + "/api/v2/instance", bearerToken: actor.token,
            certificateAuthorities: certificateAuthorities)
        guard let body = try? await APIClient.send(request) else { return nil }
        return try? MastodonAnswer.maxCharacters(inInstance: body)
    }
}
