import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials

/// Posts and replies written on Bluesky: one `app.bsky.feed.post` record in the reader's
/// repo (`com.atproto.repo.createRecord`), its facets found in the text (mentions resolved
/// to their accounts), a reply's root and parent read from the parent's own record, and its
/// key (a TID) chosen before the first try: a try again after a lost answer names the same
/// record, and finds it made rather than make a second post.
struct BlueskyPosting: Poster {
    let session: BlueskySession
    let reading: BlueskyReading
    /// The languages a post says it is in when its draft names none: the locale's.
    var languages: [String] = []

    var name: String { session.name }
    var server: String { session.server }

    func maxLength() async -> Int? { BlueskyPostRecord.maxGraphemes }

    /// Characters as a person counts them: an emoji of several code points is one.
    func length(of draft: Draft) -> Int { draft.text.count }

    func limitNote(_ limit: Int) -> String {
        "At most \(limit) characters as you see them, and \(BlueskyPostRecord.maxBytes) bytes; a link counts as written."
    }

    func newKey() -> String { BlueskyTID.next() }

    /// How many times a post is sent again after the server's trouble or the network's.
    static let retries = 2

    func post(_ draft: Draft, replyURL: String?, key: String) async -> Result<Posted, Failure> {
        if let refusal = BlueskyPostRecord.refusal(of: draft.text) { return .failure(.unexpected(refusal)) }
        do {
            let (facets, unresolved) = try await facets(of: draft.text)
            var record = BlueskyPostRecord(
                text: draft.text, facets: facets, langs: draft.language.map { [$0] } ?? languages,
                createdAt: Date())
            if let parent = draft.inReplyToID { record.reply = try await references(answering: parent) }
            if let quoted = draft.quoting?.statusID { record.quoted = try await reference(to: quoted) }
            let made = try await create(record, key: key)
            var post = row(of: record, made: made)
            post.content = Draft(text: record.text, quoting: draft.quoting).shownText
            return .success(Posted(post.sanitized(), note: Self.note(unresolved: unresolved)))
        } catch {
            return .failure(Failure(error))
        }
    }

    /// What the status line says of mentions that named no account: they stayed text.
    static func note(unresolved handles: [String]) -> String? {
        guard !handles.isEmpty else { return nil }
        let named = handles.map { "@" + $0 }.joined(separator: ", ")
        return "\(named) \(handles.count == 1 ? "is" : "are") no Bluesky account: left as text, no mention"
    }

    /// The facets of `text`, its mentions given the accounts their handles name; a handle no
    /// account has stays text, and is named in the second list.
    private func facets(of text: String) async throws -> ([BlueskyFacets.Facet], unresolved: [String]) {
        var accounts: [String: String] = [:]
        var unresolved: [String] = []
        for found in BlueskyRichText.find(in: text) {
            guard case .mention(let handle) = found.kind, accounts[handle.lowercased()] == nil,
                !unresolved.contains(handle)
            else { continue }
            do {
                accounts[handle.lowercased()] = try await reading.did(of: handle)
            } catch Failure.unknownHandle {
                unresolved.append(handle)
            }
        }
        return (BlueskyPostRecord.facets(of: text, resolved: accounts).facets, unresolved)
    }

    /// A record as `com.atproto.repo.getRecord` answers: its address, content id, and value.
    private struct Stored: Decodable {
        var uri: String
        var cid: String
        var value: Value?

        struct Value: Decodable {
            var reply: Reply?
            var text: String?
        }

        struct Reply: Decodable { var root: BlueskyPostRecord.PostRef }
    }

    /// The record at `address`.
    private func stored(_ address: BlueskyRecordAddress) async throws -> Stored {
        let body = try await session.call(
            "com.atproto.repo.getRecord?repo=\(FormEncoding.escape(address.repo))"
                + "&collection=\(FormEncoding.escape(address.collection))&rkey=\(FormEncoding.escape(address.rkey))")
        guard let stored = try? JSONDecoder().decode(Stored.self, from: body) else {
            throw Failure.unexpectedShape("getRecord answered no record")
        }
        return stored
    }

    /// A reply's references: the thread's root (the parent's own root, or the parent when
    /// it answers none) and the parent.
    private func references(answering parent: String) async throws -> (
        root: BlueskyPostRecord.PostRef, parent: BlueskyPostRecord.PostRef
    ) {
        let stored = try await stored(at: parent)
        let reference = BlueskyPostRecord.PostRef(uri: stored.uri, cid: stored.cid)
        return (stored.value?.reply?.root ?? reference, reference)
    }

    /// A quoted post's reference: its address and its content id as its own record says.
    private func reference(to quoted: String) async throws -> BlueskyPostRecord.PostRef {
        let stored = try await stored(at: quoted)
        return BlueskyPostRecord.PostRef(uri: stored.uri, cid: stored.cid)
    }

    /// The post record at `uri`.
    private func stored(at uri: String) async throws -> Stored {
        guard let address = BlueskyRecordAddress(uri) else { throw Failure.unexpected("not a post's address: \(uri)") }
        return try await stored(address)
    }

    /// The record made at `key`; sent again after trouble, and found made where the answer
    /// to an earlier try was lost.
    private func create(_ record: BlueskyPostRecord, key: String) async throws -> BlueskyPostRecord.PostRef {
        struct Input: Encodable {
            var repo, collection, rkey: String
            var record: BlueskyPostRecord
        }
        let input = Input(repo: session.did, collection: "app.bsky.feed.post", rkey: key, record: record)
        let json = String(decoding: try JSONEncoder().encode(input), as: UTF8.self)
        var tries = 0
        while true {
            tries += 1
            do {
                let body = try await session.call("com.atproto.repo.createRecord", json: json)
                guard let made = try? JSONDecoder().decode(BlueskyPostRecord.PostRef.self, from: body) else {
                    throw Failure.unexpectedShape("createRecord answered no record")
                }
                return made
            } catch {
                let failure = Failure(error)
                // A try may have made its record and lost the answer (or an earlier run's
                // may have): the record at the key is the post, and no second is made.
                if let made = try? await stored(
                    BlueskyRecordAddress(repo: session.did, collection: "app.bsky.feed.post", rkey: key)),
                    made.value?.text == record.text
                {
                    return BlueskyPostRecord.PostRef(uri: made.uri, cid: made.cid)
                }
                guard tries <= Self.retries, failure.isWorthRetrying else { throw failure }
            }
        }
    }

    /// The new post's row, as the timeline shows it until the next load brings the
    /// AppView's view of it.
    private func row(of record: BlueskyPostRecord, made: BlueskyPostRecord.PostRef) -> Post {
        var post = Post(
            id: .string(made.uri), author: Author(name: session.handle, handle: session.handle), content: record.text,
            likes: 0, createdAt: record.createdAt,
            url: BlueskyPostView.webAddress(of: made.uri, handle: session.handle), statusID: made.uri,
            inReplyToID: record.reply?.parent.uri)
        post.links = BlueskyFacets.links(in: record.text, facets: record.facets)
        post.network = .bluesky
        post.payload = BlueskyRecord(cid: made.cid).payload
        return post.sanitized()
    }
}
