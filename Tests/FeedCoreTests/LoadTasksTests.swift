import Dispatch
import Synchronization
import Testing

@testable import FeedCore

/// The load tasks between the loaders and the state: each answer comes tagged with its
/// source, and a big feed is not copied on the way.
@MainActor
@Suite struct LoadTasksTests {
    /// A loader that answers with posts it makes, noting where their list lies.
    final class MakingLoader: FeedLoading {
        let storage = Mutex<Int>(0)

        func load(progress: @escaping @Sendable (Feed, Int, Int) -> Void) async throws -> Feed {
            let posts = (0..<1_000).map { index in
                Post(
                    id: .number(Int64(index)), author: Author(name: "A"), content: "Post \(index)", likes: nil,
                    createdAt: nil)
            }
            storage.withLock { $0 = posts.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } }
            return Feed(posts: posts)
        }
    }

    @Test func anAnswerComesTaggedWithItsSourceInTheListTheLoaderMade() throws {
        let loader = MakingLoader()
        let arrived = DispatchSemaphore(value: 0)
        let inbox = EventInbox { arrived.signal() }
        let tasks = LoadTasks(loaders: [loader, loader], inbox: inbox)
        tasks.start([SourceRequest(source: 1, name: "Second")], generation: 3)
        var answers: [SourceAnswer] = []
        while answers.isEmpty, arrived.wait(timeout: .now() + 10) == .success {
            answers += inbox.drain().compactMap { if case .answer(let answer) = $0 { answer } else { nil } }
        }
        let answer = try #require(answers.first)
        guard case .loaded(let feed) = answer.outcome else {
            Issue.record("the load failed: \(answer.outcome)")
            return
        }
        #expect(answer.source == 1 && answer.generation == 3)
        #expect(feed.posts.count == 1_000)
        #expect(feed.posts.isTagged(with: PostSource(index: 1, name: "Second")))
        #expect(feed.posts.first?.id == .string("1/0"))
        let storage = feed.posts.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        #expect(storage == loader.storage.withLock { $0 }, "tagged where the loader left it, not copied")
    }
}
