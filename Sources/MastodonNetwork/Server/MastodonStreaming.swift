import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials
import Synchronization

/// A Mastodon timeline kept live through the server's streaming API (server-sent events
/// over one long GET). Each connection, its first byte there, first fetches what the
/// timeline brought since the newest status known (`MissedStatuses`), then hands over the
/// stream's events. A lost or silent stream is connected again after a back-off with
/// jitter; a server that refuses streaming, or has none, is polled instead, and said once.
struct MastodonStreaming: LiveSource {
    struct Setup: Sendable {
        /// `https://host[:port]`: the account's server, where the API is.
        var server: String
        /// The timeline's address (`…/api/v1/timelines/home`).
        var timeline: String
        var token: String
        var client: HTTPClient
        /// The longest silence before a stream counts as lost: Mastodon's streaming server
        /// sends a comment every 15 seconds.
        var silence: Duration = .seconds(45)
        /// How often a server that does not stream is asked instead.
        var pollEvery: Duration = .seconds(300)
        /// Whether the stream asks at that interval itself; not where the viewer's own
        /// refresh does.
        var polls = true
        /// The most one event may weigh.
        var maxEventSize = 1 << 20
        /// What the back-off and the polls sleep on.
        var clock: any LoopClock = SystemLoopClock()
    }

    typealias Report = LiveReport

    let setup: Setup

    init(_ setup: Setup) {
        self.setup = setup
    }

    /// Streams until cancelled, from the newest status `feed` brought. A notifications
    /// source's stream brings rows of its own: each one a new row, not counted again.
    func run(after feed: Feed, report: @escaping @Sendable (LiveReport) -> Void) async {
        let newest = feed.posts.compactMap(StatusID.of).max(by: StatusID.isOlder)
        let isNotifications = URL(string: setup.timeline)?.path() == "/api/v1/notifications"
        await run(after: newest) { item in
            if isNotifications, case .event(.notification(let row?)) = item {
                report(.event(.update(row)))
            } else {
                report(item)
            }
        }
    }

    /// Streams until cancelled. `newest` is the timeline's newest status id when it starts.
    func run(after newest: String?, report: @escaping @Sendable (Report) -> Void) async {
        guard let timeline = URL(string: setup.timeline), let path = MastodonStreamAddress.path(forTimeline: timeline)
        else { return }
        var newest = newest
        var backoff = StreamBackoff()
        var base: String?
        // The server unreachable is asked again, as a lost stream is; a server that names
        // no streaming, or refuses to say, is polled.
        while base == nil, !Task.isCancelled {
            switch await streamingBase() {
            case .success(let found):
                base = found
            case .failure(.unreachable):
                try? await setup.clock.sleep(for: backoff.next(random: Double.random(in: 0..<1)))
            case .failure(let reason):
                report(.polling(pollingNotice(reason)))
                await poll(after: &newest, report: report)
                return
            }
        }
        guard let base else { return }
        backoff.reset()
        while !Task.isCancelled {
            switch await connect(base + path, newest: &newest, backoff: &backoff, report: report) {
            case .refused(let reason):
                report(.polling(pollingNotice(reason)))
                await poll(after: &newest, report: report)
                return
            case .lost:
                try? await setup.clock.sleep(for: backoff.next(random: Double.random(in: 0..<1)))
            }
        }
    }

    /// The streaming base the instance names (`configuration.urls.streaming`), or why
    /// there is none to use.
    func streamingBase() async -> Result<String, StreamRefusal> {
        let request = HTTPClient.Request(url: setup.server + "/api/v2/instance", bearerToken: setup.token)
        let body: Data
        do {
            body = try await setup.client.send(request)
        } catch let failure as Failure where Self.isRefusal(failure) {
            return .failure(.noInstance)
        } catch {
            return .failure(.unreachable)
        }
        guard let named = try? MastodonAnswer.streamingBase(inInstance: body),
            let base = MastodonStreamAddress.base(named)
        else { return .failure(.noStreaming) }
        return .success(base)
    }

    enum StreamRefusal: Error {
        /// The server could not be reached: asked again later.
        case unreachable
        case noInstance
        case noStreaming
        case refused(Failure)
    }

    enum Connection {
        case lost
        case refused(StreamRefusal)
    }

    /// One connection, from its opening to its end: the gap fetched at its first byte, then
    /// its events.
    private func connect(
        _ url: String, newest: inout String?, backoff: inout StreamBackoff,
        report: @escaping @Sendable (Report) -> Void
    ) async -> Connection {
        let (chunks, feed) = AsyncStream<Data>.makeStream()
        let setup = setup
        let transfer = Task {
            defer { feed.finish() }
            return try? await setup.client.stream(url, token: setup.token, silence: setup.silence) {
                feed.yield(Data($0))
            }
        }
        let opened = setup.clock.now
        var events = ServerSentEvents(maxEventSize: setup.maxEventSize)
        var caughtUp = false
        await withTaskCancellationHandler {
            for await chunk in chunks {
                if !caughtUp {
                    // Anything posted before this connection was open is the gap's; after,
                    // the stream's (a status in both is merged once).
                    guard let missed = try? await fetchMissed(after: newest) else {
                        transfer.cancel()
                        break
                    }
                    caughtUp = true
                    note(missed, newest: &newest)
                    if !missed.isEmpty { report(.missed(missed)) }
                }
                for item in events.read(chunk) {
                    guard case .event(let event) = item, let decoded = try? StreamingEvent.decode(event) else {
                        continue
                    }
                    if case .update(let post) = decoded { note([post], newest: &newest) }
                    backoff.reset()
                    report(.event(decoded))
                }
            }
        } onCancel: {
            transfer.cancel()
        }
        let end = await transfer.value
        // A connection that held a while worked: the next failure waits the least again.
        if setup.clock.now - opened > .seconds(30) { backoff.reset() }
        if case .failed(let failure)? = end, Self.isRefusal(failure) { return .refused(.refused(failure)) }
        return .lost
    }

    private func fetchMissed(after newest: String?) async throws -> [Post] {
        try await MissedStatuses.fetch(timeline: setup.timeline, after: newest) { address in
            try await setup.client.send(HTTPClient.Request(url: address, bearerToken: setup.token))
        }
    }

    private func note(_ posts: [Post], newest: inout String?) {
        for id in posts.compactMap(StatusID.of)
        where newest.map({ StatusID.isOlder($0, than: id) }) ?? true {
            newest = id
        }
    }

    /// Where streaming is not there, the timeline asked again now and then, if the viewer's
    /// own refresh does not.
    private func poll(after newest: inout String?, report: @escaping @Sendable (Report) -> Void) async {
        guard setup.polls else { return }
        while !Task.isCancelled {
            try? await setup.clock.sleep(for: setup.pollEvery)
            guard !Task.isCancelled, let missed = try? await fetchMissed(after: newest) else { continue }
            note(missed, newest: &newest)
            if !missed.isEmpty { report(.missed(missed)) }
        }
    }

    private func pollingNotice(_ reason: StreamRefusal) -> String {
        let host = URL(string: setup.server)?.host() ?? setup.server
        let why =
            switch reason {
            case .unreachable, .noInstance: "\(host) did not say where it streams"
            case .noStreaming: "\(host) has no streaming API"
            case .refused(.httpStatus(let code, let reason, _)): "\(host) refused streaming (HTTP \(code) \(reason))"
            case .refused(let failure): "\(host) refused streaming (\(failure.message))"
            }
        return "Not live: \(why); polling every \(RefreshInterval.describe(setup.pollEvery))"
    }

    /// A refusal that asking again would not change: the stream not there (404), not allowed
    /// (401, 403), or not spoken (501), or a token that may not go there.
    static func isRefusal(_ failure: Failure) -> Bool {
        switch failure {
        case .httpStatus(let code, _, _): (400..<500).contains(code) && code != 408 && code != 429 || code == 501
        case .tokenOverPlainHTTP: true
        default: false
        }
    }
}
