import FeedCore
import FeedNetwork
import FeedStore
import FeedTerminal
import FoundationEssentials
import Glibc
import Synchronization

/// `R`, `"` and `c` in the viewer. The draft is a file of the reader's own (0600, in
/// `$XDG_STATE_HOME/shimmerfeed/drafts`), opened in their editor with the terminal handed
/// over; read back, checked, and opened again with a comment on top while it is too long
/// for the server or cannot be read. Posted with a key chosen before the first try and
/// kept with the post in the store's outbox until the server has it: a try again (after a
/// lost answer, or at the next start after the network was down) carries the same key and
/// never posts twice. The file is removed once the server has the post, and kept, and
/// named, when it could not be posted.
public final class Composer: Sendable {
    /// Who posts for each source, by index.
    let posters: [(any Poster)?]
    let offline: Bool
    /// Where a post waits until the server has it; nil without a store.
    let store: FeedStore?
    /// The drafts' folder; nil with neither `XDG_STATE_HOME` nor `HOME`.
    let folder: String?
    let editor: String
    /// Each server's most a post may be, as it said.
    private let limits = Mutex<[String: Int]>([:])

    public init(posters: [(any Poster)?], offline: Bool, environment: [String: String], store: FeedStore? = nil) {
        self.posters = posters
        self.offline = offline
        self.store = store
        folder = StoreLocation.statePath("drafts", environment: environment)
        editor = EditorProcess.command(environment: environment)
    }

    /// Whether any source's account posts.
    public var posts: Bool { posters.contains { $0 != nil } }

    /// Asks each account's server for its limit, in the background: the editor opens
    /// without waiting for it (until it is known, the server's own check stands).
    public func learnLimits() {
        guard !offline else { return }
        var servers: [String: any Poster] = [:]
        for poster in posters.compactMap({ $0 }) { servers[poster.server] = poster }
        for poster in servers.values {
            Task.detached { [self] in
                if let limit = await poster.maxLength() { limits.withLock { $0[poster.server] = limit } }
            }
        }
    }

    /// The most a post may be on `server`, once it has said.
    func limit(of server: String) -> Int? {
        limits.withLock { $0[server] }
    }

    /// The editor on a new draft for `request`, then the draft and its sending.
    public func compose(_ request: ComposeRequest, handOver: (() -> Void) -> Void) -> Composed {
        guard posters.indices.contains(request.source), let poster = posters[request.source] else {
            return .cancelled("No account posts for this source.")
        }
        guard let folder else { return .cancelled("There is no folder for drafts: set XDG_STATE_HOME or HOME.") }
        if let problem = PrivateFolder.make(folder) { return .cancelled("No folder for drafts: \(problem)") }
        let path = folder + "/draft-\(Int(Date().timeIntervalSince1970))-\(getpid())-\(request.id).txt"
        let limit = limit(of: poster.server)
        let mentions = request.replyTo.map { "@\($0.handle) " } ?? ""
        let context = request.replyTo ?? request.quoting
        var text = DraftFile.template(
            replyTo: request.replyTo?.handle, quoting: request.quoting?.handle, context: context?.text ?? "",
            mentions: mentions, limit: limit.map(poster.limitNote))
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
            if let limit, poster.length(of: draft) > limit {
                let over = poster.length(of: draft) - limit
                text = DraftFile.reopened(
                    written, saying: "Too long: \(over) characters over this server's \(limit). Cut them, and save.")
                continue
            }
            draft.inReplyToID = request.replyTo?.statusID
            draft.quoting = request.quoting
            let finished = draft
            // The key is chosen once, before the first try: a retry carries it.
            let key = poster.newKey()
            return .sending(shown(finished, by: poster, request: request)) { [self] in
                await send(finished, by: poster, replyURL: request.replyTo?.statusURL, key: key, keeping: path)
            }
        }
    }

    /// The draft as its row shows it until the server answers.
    private func shown(_ draft: Draft, by poster: any Poster, request: ComposeRequest) -> Post {
        var post = Post(
            id: .string("draft"),
            author: Author(
                name: poster.name, handle: poster.name.hasPrefix("@") ? String(poster.name.dropFirst()) : nil),
            title: draft.contentWarning, content: draft.shownText, likes: nil, createdAt: Date(),
            hidesContent: draft.contentWarning != nil, inReplyToID: draft.inReplyToID, replyTo: request.replyTo?.handle)
        post.source = PostSource(index: request.source, name: nil)
        return post.sanitized()
    }

    private func send(
        _ draft: Draft, by poster: any Poster, replyURL: String?, key: String, keeping path: String
    ) async -> Posting {
        let kept = KeptPost(draft: draft, draftPath: path).queued(by: poster.name, key: key, replyURL: replyURL)
        store?.keep { store throws(FeedStore.Unavailable) in try store.queue(kept) }
        let later = store == nil ? "" : "kept to post at the next start; "
        guard !offline else { return .failed("Offline: not posted; \(later)the draft is in \(path)") }
        switch await poster.post(draft, replyURL: replyURL, key: key) {
        case .success(let posted):
            store?.keep { store throws(FeedStore.Unavailable) in try store.unqueue(kept) }
            unlink(path)
            return .posted(posted.post, note: posted.note)
        case .failure(let failure) where failure.isWorthRetrying:
            return .failed("Could not post: \(failure.message); \(later)the draft is in \(path)")
        case .failure(let failure):
            store?.keep { store throws(FeedStore.Unavailable) in try store.unqueue(kept) }
            return .failed("Could not post: \(failure.message); the draft is kept in \(path)")
        }
    }

    /// The posts an earlier run kept in the outbox (the network down, the viewer killed
    /// while one was sent), sent with their own keys, in order, once a run; what became of
    /// each, in words for the status line.
    public func sendKept() async -> [String] {
        guard !offline, let store else { return [] }
        var said: [String] = []
        var done = Set<String>()
        for poster in posters.compactMap({ $0 }) where done.insert(poster.name).inserted {
            for queued in (try? store.queued(by: poster.name)) ?? [] where queued.kind == .post {
                guard let kept = KeptPost(queued.payload) else { continue }
                let words = "the post kept from the last run (“\(kept.opening)”)"
                switch await poster.post(kept.draft, replyURL: queued.targetURL, key: queued.target) {
                case .success:
                    store.keep { store throws(FeedStore.Unavailable) in try store.unqueue(queued) }
                    unlink(kept.draftPath)
                    said.append("Posted \(words).")
                case .failure(let failure) where failure.isWorthRetrying:
                    said.append("Could not post \(words) yet: \(failure.message); kept to try at the next start.")
                case .failure(let failure):
                    store.keep { store throws(FeedStore.Unavailable) in try store.unqueue(queued) }
                    said.append("Could not post \(words): \(failure.message); the draft is in \(kept.draftPath)")
                }
            }
        }
        return said
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
