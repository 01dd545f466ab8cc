import FeedCommandLine
import FeedCore
import FeedStore
import FeedTransport
import FoundationEssentials
import Glibc

/// The commands for scripts and status bars (`reload`, `unread`, `print`, `export opml`):
/// no terminal, output on standard output, problems on standard error, and an exit status
/// that says which.
public struct ScriptCommands {
    let run: ViewerRun
    let output: CommandOutput

    public init(run: ViewerRun, output: CommandOutput = .standard) {
        self.run = run
        self.output = output
    }

    private var options: CommandLineOptions { run.options }
    private var sources: SourceList { run.sources.list }
    private var store: OpenedStore { run.store }

    public func run(_ command: CommandLineOptions.ScriptCommand) -> Int32 {
        switch command {
        case .exportOPML: return exportOPML()
        case .reload: return reload()
        case .unread: return unread()
        case .print(let format, let unreadOnly):
            // Read aloud, labelled paragraphs are the default.
            return print(
                format ?? (run.viewer.accessible ? .paragraphs : .lines),
                unreadOnly: unreadOnly || run.viewer.unreadOnly)
        }
    }

    private func complain(_ message: String) {
        output.complain(message)
    }

    private var name: String {
        switch options.action {
        case .script(.reload): "reload"
        case .script(.unread): "unread"
        case .script(.print): "print"
        default: "export"
        }
    }

    /// The feeds of the subscriptions: sources with a web address (files, standard input
    /// and saved searches are this machine's alone).
    private func exportOPML() -> Int32 {
        var feeds: [OPMLExport.Feed] = []
        for entry in sources.entries {
            guard case .url(let url) = entry.source else {
                if entry.source != .sample { complain("left out of the OPML: \(entry.source.label) (no web address)") }
                continue
            }
            feeds.append(OPMLExport.Feed(url: url.absoluteString, title: entry.title, tags: entry.tags))
        }
        guard !feeds.isEmpty else {
            complain("no subscriptions to export: the subscriptions file lists no web feed")
            return 1
        }
        output.say(OPMLExport.document(feeds, created: Date()), newline: false)
        return 0
    }

    /// Every subscription asked once, at most 8 at a time, and its answer kept in the store.
    private func reload() -> Int32 {
        guard let store = store.store else {
            complain(
                "reload keeps what it loads in the store, and there is none (\(store.notice ?? "--no-store"))")
            return 2
        }
        let indices = sources.entries.indices.filter {
            switch sources.entries[$0].source {
            case .url, .file: true
            default: false
            }
        }
        guard !indices.isEmpty else {
            complain("nothing to reload: no subscriptions file, and no feed given")
            return 2
        }
        let made = run.loaders(clock: SystemLoopClock())
        let failures: [Int: Failure] =
            awaitResult { () async -> [Int: Failure] in
                await withTaskGroup(of: (Int, Failure?).self) { group -> [Int: Failure] in
                    var waiting = indices[...]
                    var failures: [Int: Failure] = [:]
                    func start(_ index: Int) {
                        let loader = made[index]
                        group.addTask {
                            do {
                                _ = try await loader.load { _, _, _ in }
                                return (index, nil)
                            } catch Failure.notModified {
                                return (index, nil)
                            } catch let failure as Failure {
                                return (index, failure)
                            } catch {
                                return (index, Failure.unexpected("\(error)"))
                            }
                        }
                    }
                    for _ in 0..<SourceLoads.concurrency { if let next = waiting.popFirst() { start(next) } }
                    for await (index, failure) in group {
                        if let failure { failures[index] = failure }
                        if let next = waiting.popFirst() { start(next) }
                    }
                    return failures
                }
            } ?? [:]
        store.finishWrites()
        for index in indices where failures[index] != nil {
            let entry = sources.entries[index]
            complain("\(entry.title ?? entry.source.label): \(failures[index]!.message)")
        }
        return failures.isEmpty ? 0 : 1
    }

    /// The sources' posts as the store keeps them, merged newest first, without the muted;
    /// with whether each is unread.
    private func timeline() -> [TimelinePrint.Entry]? {
        guard store.store != nil else {
            complain("\(name) reads the store, and there is none (\(store.notice ?? "--no-store"))")
            return nil
        }
        let kept = store.takeStored()
        var owners: [String: Int] = [:]
        let merged = TimelineMerge.combining(
            kept.map { (source: $0.key, posts: $0.value.feed.posts) }, owners: &owners)
        // The store's read marks are its posts' own ids; the merged posts carry their source's.
        let read = Set(kept.flatMap { index, stored in stored.read.map { $0.tagged(by: index) } })
        let viewer = run.viewer
        let statuses = viewer.sources
        let mutes = viewer.mutes
        return merged.compactMap { post in
            let index = post.source?.index ?? 0
            let status = statuses.indices.contains(index) ? statuses[index] : nil
            if mutes.hides(post, from: status) { return nil }
            return TimelinePrint.Entry(post: post, source: status?.name ?? "", unread: !read.contains(post.id))
        }
    }

    private func unread() -> Int32 {
        guard let entries = timeline() else { return 2 }
        output.say(String(entries.count { $0.unread }))
        return 0
    }

    private func print(_ format: CommandLineOptions.PrintFormat, unreadOnly: Bool) -> Int32 {
        guard let entries = timeline() else { return 2 }
        var output = ""
        for entry in entries where !unreadOnly || entry.unread {
            switch format {
            case .lines: output += TimelinePrint.line(entry) + "\n"
            case .json: output += TimelinePrint.json(entry) + "\n"
            // A blank line between posts: each is a paragraph.
            case .paragraphs: output += (output.isEmpty ? "" : "\n") + TimelinePrint.paragraph(entry)
            }
        }
        self.output.say(output, newline: false)
        return 0
    }
}
