import FeedCore
import FeedStore
import FoundationEssentials

/// A post on its way, as the store's outbox keeps it until the server has it: its draft
/// (its text, settings, the post it answers or quotes) and where the draft's file is. The
/// outbox row's target is the post's key, and its address the post it answers.
struct KeptPost: Codable, Equatable {
    var draft: Draft
    var draftPath: String

    /// The outbox's row of it, by `actor`, with its `key`.
    func queued(by actor: String, key: String, replyURL: String?) -> FeedStore.Queued {
        let payload = (try? JSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) }
        return FeedStore.Queued(
            actor: actor, kind: .post, target: key, on: true, targetURL: replyURL, payload: payload, queuedAt: Date())
    }

    /// The post a row's payload keeps; nil for one that cannot be read.
    init?(_ payload: String?) {
        guard let payload, let kept = try? JSONDecoder().decode(KeptPost.self, from: Data(payload.utf8)) else {
            return nil
        }
        self = kept
    }

    init(draft: Draft, draftPath: String) {
        self.draft = draft
        self.draftPath = draftPath
    }

    /// Its first words, to name it in a message.
    var opening: String {
        let line = TextSanitizer.singleLine(draft.text)
        return line.count > 40 ? String(line.prefix(39)) + "…" : line
    }
}
