import FeedAccounts
import FeedCore
import FeedTransport
import FoundationEssentials
import Synchronization

/// The Mastodon timelines that stream: each read with a token of its own server (an account
/// or `token=`), with a stream that carries it, unless `--no-stream`, `stream=off`,
/// `--offline` or `--dump`. A source's stream starts once its first load has come, from the
/// newest status that load brought, and runs until the viewer ends.
final class LiveTimelines: Sendable {
    /// Each source's streaming, by index; nil for those that do not stream.
    let setups: [MastodonStreaming.Setup?]
    /// Where the streams' reports go: the loop, once it is there.
    private let post = Mutex<(@Sendable (AppEvent) -> Void)?>(nil)
    private let started = Mutex<Set<Int>>([])

    init(
        sources: SourceList, actors: [MastodonActions.Actor?], options: CommandLineOptions, refresh: Duration?,
        certificateAuthorities: String?
    ) {
        let streams = options.streams && !options.viewer.offline && !options.dump
        setups = zip(sources.entries, actors).map { entry, actor in
            guard streams, entry.streams, let actor, !actor.resolves, case .url(let url) = entry.source,
                url.scheme?.lowercased() == "https", MastodonStreamAddress.path(forTimeline: url) != nil
            else { return nil }
            var setup = MastodonStreaming.Setup(
                server: actor.server, timeline: url.absoluteString, token: actor.token,
                certificateAuthorities: certificateAuthorities)
            // A server that does not stream is asked at the viewer's refresh, or, where it
            // has none, every five minutes by the stream itself.
            setup.pollEvery = refresh ?? .seconds(300)
            setup.polls = refresh == nil
            return setup
        }
    }

    var streams: Bool { setups.contains { $0 != nil } }

    /// Reports go to `post` from now.
    func connect(_ post: @escaping @Sendable (AppEvent) -> Void) {
        self.post.withLock { $0 = post }
    }

    /// Source `index` loaded `feed`: its stream starts, the first time.
    func loaded(_ feed: Feed, source index: Int) {
        guard setups.indices.contains(index), let setup = setups[index],
            started.withLock({ $0.insert(index).inserted })
        else { return }
        let newest = feed.posts.compactMap(StatusID.of).max(by: StatusID.isOlder)
        let isNotifications = URL(string: setup.timeline)?.path() == "/api/v1/notifications"
        Task.detached { [self] in
            await MastodonStreaming(setup).run(after: newest) { report in
                guard let post = self.post.withLock({ $0 }) else { return }
                switch report {
                case .event(.notification(let row?)) where isNotifications:
                    // A notifications source's rows: its own, not counted again.
                    post(.streamed(source: index, .update(row)))
                case .event(let event):
                    post(.streamed(source: index, event))
                case .missed(let posts):
                    for status in posts { post(.streamed(source: index, .update(status))) }
                case .polling(let notice):
                    post(.notice(notice))
                }
            }
        }
    }
}

/// A streaming source's loader: each load that brings posts tells the live timelines, whose
/// stream for it starts with the first.
struct StreamingAfterLoad: FeedLoading {
    let base: any FeedLoading
    let index: Int
    let live: LiveTimelines

    func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
        do {
            let feed = try await base.load(progress: progress)
            live.loaded(feed, source: index)
            return feed
        } catch Failure.notModified {
            // Nothing new since the kept posts: the stream catches up from the newest page.
            live.loaded(Feed(posts: []), source: index)
            throw Failure.notModified
        }
    }

    func loadPage(_ url: String) async throws -> Feed {
        try await base.loadPage(url)
    }
}
