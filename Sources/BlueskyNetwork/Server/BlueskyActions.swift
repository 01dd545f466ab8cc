import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials

/// The reader's likes and reposts on Bluesky: records in their own repo, made with
/// `com.atproto.repo.createRecord` (a like or repost whose subject is the post's URI and
/// CID) and undone with `deleteRecord` (by the record's key).
struct BlueskyActions: ServerActor {
    let session: BlueskySession

    /// The name the outbox keeps its actions by: the account's handle.
    var name: String { session.name }

    func send(_ action: ServerAction, on target: ActionTarget) async -> ActionAnswer.Outcome {
        await send(
            action, uri: target.statusID, record: BlueskyRecord(payload: target.payload), likes: target.likes,
            boosts: target.boosts)
    }

    /// The collection a mark's records are in; nil for a mark Bluesky has no record of.
    static func collection(of mark: StatusMarks) -> String? {
        switch mark {
        case .favourited: "app.bsky.feed.like"
        case .boosted: "app.bsky.feed.repost"
        default: nil
        }
    }

    /// Sends `action` on the post `uri` (its `record`, and its counts as last shown), and
    /// says how it stands after: the server's answer taken, a refusal, or unsent.
    func send(
        _ action: ServerAction, uri: String, record: BlueskyRecord?, likes: Int?, boosts: Int?, now: Date = Date()
    ) async -> ActionAnswer.Outcome {
        guard let collection = Self.collection(of: action.mark) else {
            return .refused(.unexpected("Bluesky has no bookmarks that others' apps keep"))
        }
        guard var record, !record.cid.isEmpty else {
            return .refused(.unexpected("the post's record is not known: reload, and try again"))
        }
        let isLike = action.mark == .favourited
        // Whether the server has the reader's record already: its address is known.
        let had = (isLike ? record.like : record.repost) != nil
        do {
            if action.on, !had {
                let made = try await create(collection, subject: uri, cid: record.cid, now: now)
                if isLike { record.like = made } else { record.repost = made }
            } else if !action.on {
                guard let mine = isLike ? record.like : record.repost else {
                    return .refused(
                        .unexpected("this reader does not know the \(isLike ? "like" : "repost") to undo: reload"))
                }
                try await delete(collection, record: mine)
                if isLike { record.like = nil } else { record.repost = nil }
            }
        } catch {
            let failure = Failure(error)
            return failure.isUnreachable ? .unsent(failure) : .refused(failure)
        }
        // The record's answer says nothing of the counts: one more or one less, as every
        // Bluesky app shows it until the next load.
        let change = action.on == had ? 0 : (action.on ? 1 : -1)
        var after: StatusMarks = []
        if record.like != nil { after.insert(.favourited) }
        if record.repost != nil { after.insert(.boosted) }
        var state = StatusState(
            statusID: uri, likes: max(0, (likes ?? 0) + (isLike ? change : 0)),
            boosts: boosts.map { max(0, $0 + (isLike ? 0 : change)) }, marks: after)
        state.payload = record.payload
        return .confirmed(state)
    }

    /// A like or repost of `subject`; its record's URI.
    private func create(_ collection: String, subject: String, cid: String, now: Date) async throws -> String {
        struct Input: Encodable {
            var repo, collection: String
            var record: BlueskyMarkRecord
        }
        let input = Input(
            repo: session.did, collection: collection,
            record: BlueskyMarkRecord(collection: collection, subject: .init(uri: subject, cid: cid), createdAt: now))
        let body = try await session.call(
            "com.atproto.repo.createRecord", json: String(decoding: try JSONEncoder().encode(input), as: UTF8.self))
        struct Made: Decodable { var uri: String }
        guard let made = try? JSONDecoder().decode(Made.self, from: body) else {
            throw Failure.unexpectedShape("createRecord answered no record")
        }
        return TextSanitizer.singleLine(made.uri)
    }

    /// The reader's record at `uri` (`at://DID/COLLECTION/RKEY`), deleted.
    private func delete(_ collection: String, record uri: String) async throws {
        guard let rkey = uri.split(separator: "/").last, uri.hasPrefix("at://") else {
            throw Failure.unexpected("not a record's address: \(uri)")
        }
        struct Input: Encodable { var repo, collection, rkey: String }
        let input = Input(repo: session.did, collection: collection, rkey: String(rkey))
        _ = try await session.call(
            "com.atproto.repo.deleteRecord", json: String(decoding: try JSONEncoder().encode(input), as: UTF8.self))
    }
}
