import FeedAccounts
import FeedCore
import FeedStore
import FeedTerminal
import FoundationEssentials
import Glibc
import Synchronization

/// `R` and `c` in the viewer. The draft is a file of the reader's own (0600, in
/// `$XDG_STATE_HOME/shimmerfeed/drafts`), opened in their editor with the terminal handed
/// over; read back, checked, and opened again with a comment on top while it is too long
/// for the server or cannot be read. Posted with an `Idempotency-Key`; the file is removed
/// once the server has the post, and kept, and named, when it could not be posted.
final class Composer: Sendable {
    let actors: [MastodonActions.Actor?]
    let certificateAuthorities: String?
    let offline: Bool
    /// The drafts' folder; nil with neither `XDG_STATE_HOME` nor `HOME`.
    let folder: String?
    let editor: String
    /// Each server's most characters a post may have, as it said.
    private let limits = Mutex<[String: Int]>([:])

    init(sources: SourceLoaders, environment: [String: String]) {
        actors = sources.actors
        certificateAuthorities = sources.certificateAuthorities
        offline = sources.options.viewer.offline
        folder = StoreLocation.statePath("drafts", environment: environment)
        editor = EditorProcess.command(environment: environment)
    }

    /// Asks each account's server for its limit, in the background: the editor opens
    /// without waiting for it (until it is known, the server's own check stands).
    func learnLimits() {
        guard !offline else { return }
        var servers: [String: MastodonActions.Actor] = [:]
        for actor in actors.compactMap({ $0 }) { servers[actor.server] = actor }
        for actor in servers.values {
            Task.detached { [self] in
                let posting = MastodonPosting(actor: actor, certificateAuthorities: certificateAuthorities)
                if let limit = await posting.maxCharacters() { limits.withLock { $0[actor.server] = limit } }
            }
        }
    }

    /// The editor on a new draft for `request`, then the draft and its sending.
    func compose(_ request: ComposeRequest, handOver: (() -> Void) -> Void) -> Composed {
        guard actors.indices.contains(request.source), let actor = actors[request.source] else {
            return .cancelled("No account posts for this source.")
        }
        guard let folder else { return .cancelled("There is no folder for drafts: set XDG_STATE_HOME or HOME.") }
        if let problem = PrivateFolder.make(folder) { return .cancelled("No folder for drafts: \(problem)") }
        let path = folder + "/draft-\(Int(Date().timeIntervalSince1970))-\(getpid())-\(request.id).txt"
        let limit = limits.withLock { $0[actor.server] }
        let mentions = request.replyTo.map { "@\($0.handle) " } ?? ""
        var text = DraftFile.template(replyTo: request.replyTo?.handle, mentions: mentions, limit: limit)
        while true {
            guard write(text, to: path) else { return .cancelled("The draft could not be written to \(path).") }
            var outcome: Result<Int32, EditorProcess.Failed> = .success(0)
            handOver { outcome = EditorProcess.run(editor, file: path) }
            switch outcome {
            case .failure(let failed):
                return .cancelled("The editor (\(editor)) could not run: \(failed.reason); the draft is in \(path)")
            case .success(let status) where status != 0:
                return .cancelled("The editor (\(editor)) ended with status \(status); the draft is in \(path)")
            case .success:
                break
            }
            let written = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            let draft: Draft?
            do {
                draft = try DraftFile.parse(written, given: mentions)
            } catch {
                text = DraftFile.reopened(written, saying: error.message)
                continue
            }
            guard var draft else {
                unlink(path)
                return .cancelled("Nothing posted: the text was empty.")
            }
            if let limit, draft.length > limit {
                text = DraftFile.reopened(
                    written,
                    saying:
                        "Too long: \(draft.length - limit) characters over this server's \(limit). Cut them, and save.")
                continue
            }
            draft.inReplyToID = request.replyTo?.statusID
            let finished = draft
            return .sending(shown(finished, by: actor, request: request)) { [self] in
                await send(finished, as: actor, replyURL: request.replyTo?.statusURL, keeping: path)
            }
        }
    }

    /// The draft as its row shows it until the server answers.
    private func shown(_ draft: Draft, by actor: MastodonActions.Actor, request: ComposeRequest) -> Post {
        var post = Post(
            id: .string("draft"),
            author: Author(name: actor.name, handle: actor.name.hasPrefix("@") ? String(actor.name.dropFirst()) : nil),
            title: draft.contentWarning, content: draft.text, likes: nil, createdAt: Date(),
            hidesContent: draft.contentWarning != nil, inReplyToID: draft.inReplyToID, replyTo: request.replyTo?.handle)
        post.source = PostSource(index: request.source, name: nil)
        return post.sanitized()
    }

    private func send(
        _ draft: Draft, as actor: MastodonActions.Actor, replyURL: String?, keeping path: String
    ) async -> Posting {
        guard !offline else { return .failed("Offline: not posted; the draft is kept in \(path)") }
        let key = (try? MastodonPosting.newKey()) ?? path
        let posting = MastodonPosting(actor: actor, certificateAuthorities: certificateAuthorities)
        switch await posting.post(draft, replyURL: replyURL, key: key) {
        case .success(let post):
            unlink(path)
            return .posted(post)
        case .failure(let failure):
            return .failed("Could not post: \(failure.message); the draft is kept in \(path)")
        }
    }

    /// `text` in `path`, readable by the reader alone.
    private func write(_ text: String, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count
    }
}
