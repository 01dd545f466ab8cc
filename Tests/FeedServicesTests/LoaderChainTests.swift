import FeedCore
import FeedServices
import Foundation
import TestSupport
import Testing

/// The loaders a run chains for each source (docs/store.md): what a load
/// brings is kept in the store, and its validators with it, so that the next start asks
/// conditionally and a 304 costs nothing; `--dump` keeps nothing; a saved search reads the
/// store. Wired as `main` wires them, against the loopback feed server.
@Suite(.serialized) struct LoaderChainTests {
    let server: FeedServer
    let folder: SettingsTests.Folder

    init() throws {
        server = try FeedServer()
        folder = try SettingsTests.Folder()
    }

    private var store: String { folder.path("store.sqlite3") }

    private func loadOnce(_ arguments: [String]) async throws -> Result<Feed, Failure> {
        let run = try folder.run(arguments)
        let loader = try #require(run.loaders(clock: ManualClock()).first)
        defer { run.store.store?.finishWrites() }
        do {
            return .success(try await loader.load { _, _, _ in })
        } catch let failure as Failure {
            return .failure(failure)
        }
    }

    @Test func theNextStartAsksWithTheValidatorsTheStoreKept() async throws {
        let url = server.url("/etag?key=chain").absoluteString
        #expect(try await loadOnce(["--store", store, url]).get().posts.count == 3)
        #expect(try server.answers(countedAs: "chain") == ["200": 1])
        // Another run, the same store: asked with the ETag, answered 304.
        #expect(try await loadOnce(["--store", store, url]) == .failure(.notModified))
        #expect(try server.answers(countedAs: "chain") == ["200": 1, "304": 1])
        let kept = try folder.run(["--store", store, url]).store.firstScreen
        #expect(kept[0]?.feed.posts.count == 3, "the posts the first answer brought, kept")
    }

    @Test func aDumpKeepsNothingAndSoAsksWhole() async throws {
        let url = server.url("/etag?key=dump").absoluteString
        _ = try await loadOnce(["--store", store, url])
        _ = try await loadOnce(["--store", store, "--dump", url])
        #expect(try server.answers(countedAs: "dump") == ["200": 2], "a dump reads no store, so sends no validator")
    }

    @Test func aSavedSearchReadsWhatTheStoreKeptOfTheOtherSources() async throws {
        let url = server.url("/etag?key=search").absoluteString
        _ = try await loadOnce(["--store", store, url])
        let run = try folder.run(["--store", store, "search:coffee"])
        let found = try await #require(run.loaders(clock: ManualClock()).first).load { _, _, _ in }
        #expect(found.posts.map(\.author.name) == ["Ben Okafor"], "alone, every source kept is searched")
        let storeless = try folder.run(["--no-store", "search:coffee"])
        await #expect(throws: Failure.unexpected("a saved search reads the store, and this run has none")) {
            try await storeless.loaders(clock: ManualClock())[0].load { _, _, _ in }
        }
    }
}
