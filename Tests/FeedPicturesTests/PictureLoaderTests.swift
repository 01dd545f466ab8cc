import FeedCore
import FeedTransport
import Foundation
import TestSupport
import Testing

@testable import FeedPictures

/// The picture loader against the loopback server: its bounds, the disk cache and its
/// revalidation, and the transport's rules.
@Suite struct PictureLoaderTests {
    private func folder() throws -> URL { try ScratchFolder.make("shimmerfeed-pictures") }

    @Test func aPictureIsFetchedKeptOnDiskAndRevalidated() async throws {
        let server = try FeedServer()
        let scratch = try folder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cache = PictureDiskCache(folder: scratch.path)
        let loader = PictureLoader(cache: cache)
        let url = server.url("/pictures/etag?key=kept").absoluteString
        let first = try await loader.picture(at: url)
        #expect(first.width == 8 && Array(first.rgba[0..<4]) == [10, 200, 90, 255])
        #expect(cache.entry(for: url)?.validators.etag == "\"p1\"")
        let again = try await loader.picture(at: url)
        #expect(again == first)
        #expect(try server.get("/count?key=kept") == #"{"200": 1, "304": 1}"#, "the second load asked conditionally")
    }

    /// The kept copy answers when revalidating it fails: the server says 503, takes longer
    /// than the bound, or cannot be reached. The reader sees the picture, not "not available".
    @Test(arguments: ["fail", "slow"])
    func aKeptPictureIsShownWhenItsRevalidationFails(revalidate: String) async throws {
        let server = try FeedServer()
        let scratch = try folder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cache = PictureDiskCache(folder: scratch.path)
        let key = "revalidate-\(revalidate)"
        let url = server.url("/pictures/etag?key=\(key)&revalidate=\(revalidate)").absoluteString
        let loader = PictureLoader(cache: cache, timeLimit: .milliseconds(700))
        let first = try await loader.picture(at: url)
        let again = try await loader.picture(at: url)
        #expect(again == first)
        let answered = revalidate == "fail" ? "503" : "slow"
        #expect(try server.get("/count?key=\(key)") == #"{"200": 1, "\#(answered)": 1}"#, "it did ask again")
    }

    @Test func aKeptPictureIsShownWhenItsServerCannotBeReached() async throws {
        let server = try FeedServer()
        let scratch = try folder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cache = PictureDiskCache(folder: scratch.path)
        let kept = try await PictureLoader(cache: cache).picture(
            at: server.url("/pictures/etag?key=gone").absoluteString)
        let entry = try #require(cache.entry(for: server.url("/pictures/etag?key=gone").absoluteString))
        // The same picture kept for an address where nothing listens (port 1 refuses).
        let unreachable = "http://127.0.0.1:1/pictures/etag"
        cache.store(entry.bytes, validators: entry.validators, for: unreachable)
        #expect(try await PictureLoader(cache: cache).picture(at: unreachable) == kept)
        await #expect(throws: (any Error).self, "with nothing kept, the failure is said") {
            try await PictureLoader(cache: nil).picture(at: unreachable)
        }
    }

    @Test func withoutACacheNothingIsWritten() async throws {
        let server = try FeedServer()
        let loader = PictureLoader(cache: nil)
        let url = server.url("/pictures/etag?key=unkept").absoluteString
        _ = try await loader.picture(at: url)
        _ = try await loader.picture(at: url)
        #expect(try server.get("/count?key=unkept") == #"{"200": 2}"#)
    }

    @Test func offlineOnlyTheCacheAnswers() async throws {
        let server = try FeedServer()
        let scratch = try folder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cache = PictureDiskCache(folder: scratch.path)
        let url = server.url("/pictures/etag?key=offline").absoluteString
        _ = try await PictureLoader(cache: cache).picture(at: url)
        let offline = PictureLoader(cache: cache, client: HTTPClient(offline: true))
        #expect(try await offline.picture(at: url).width == 8)
        await #expect(throws: (any Error).self) {
            try await offline.picture(at: server.url("/pictures/media/1").absoluteString)
        }
        #expect(try server.get("/count?key=offline") == #"{"200": 1}"#, "offline asks nothing")
    }

    @Test func moreThanEightMebibytesIsRefused() async throws {
        let server = try FeedServer()
        await #expect(throws: Failure.tooLarge(limit: 8 << 20, what: "the response")) {
            try await PictureLoader(cache: nil).picture(at: server.url("/pictures/huge").absoluteString)
        }
        #expect(PictureLoader.maxBytes == 8 << 20 && PictureLoader.timeLimit == .seconds(5))
    }

    @Test func aPictureThatTakesTooLongIsGivenUp() async throws {
        // The server would answer after 30 s; the bound is half a second. What is checked is
        // that the load ends long before the answer, not how fast (no timed test).
        let server = try FeedServer()
        let started = ContinuousClock.now
        await #expect(throws: (any Error).self) {
            try await PictureLoader(cache: nil, timeLimit: .milliseconds(500))
                .picture(at: server.url("/pictures/avatar/1?delay=30").absoluteString)
        }
        #expect(ContinuousClock.now - started < .seconds(15))
    }

    @Test func aPictureThatTricklesIsBoundedAsAWhole() async throws {
        // A byte every 0.2 s (the picture would take 20 s) never waits long for one: only the
        // bound on the whole ends it, and says so.
        let server = try FeedServer()
        let started = ContinuousClock.now
        let error = await #expect(throws: PictureLoader.TimedOut.self) {
            try await PictureLoader(cache: nil, timeLimit: .milliseconds(700))
                .picture(at: server.url("/pictures/trickle").absoluteString)
        }
        #expect(error?.description == "no picture within 700 ms")
        #expect(PictureLoader.TimedOut(limit: .seconds(5)).description == "no picture within 5 s")
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func aMissingPictureAndHTTPSDownToHTTPFail() async throws {
        let server = try FeedServer(tls: true)
        #expect(server.certificate != nil)
        let loader = PictureLoader(cache: nil, client: server.client)
        await #expect(throws: (any Error).self) {
            try await loader.picture(at: server.url("/pictures/missing").absoluteString)
        }
        // The same picture is fine over http, but not as a redirect down from https.
        _ = try await loader.picture(at: server.url("/pictures/media/1").absoluteString)
        await #expect(throws: (any Error).self) {
            try await loader.picture(at: server.secureURL("/pictures/to-http").absoluteString)
        }
    }

    @Test func theCacheKeepsItsLimitLeastRecentlyUsedOutFirst() throws {
        let scratch = try folder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cache = PictureDiskCache(folder: scratch.path, limit: 2500)
        let kilobyte = [UInt8](repeating: 7, count: 1000)
        func used(_ number: Int, secondsAgo: Double) throws {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -secondsAgo)],
                ofItemAtPath: cache.path(for: "https://p.example/\(number)") + ".picture")
        }
        cache.store(kilobyte, validators: HTTPValidators(), for: "https://p.example/1")
        try used(1, secondsAgo: 120)
        cache.store(kilobyte, validators: HTTPValidators(), for: "https://p.example/2")
        try used(2, secondsAgo: 60)
        // The first is used again: the second is now the least recently used.
        #expect(cache.entry(for: "https://p.example/1") != nil)
        cache.store(kilobyte, validators: HTTPValidators(etag: "\"x\""), for: "https://p.example/3")
        #expect(cache.entry(for: "https://p.example/3")?.validators.etag == "\"x\"")
        #expect(cache.entry(for: "https://p.example/1") != nil)
        #expect(cache.entry(for: "https://p.example/2") == nil, "2,500 bytes hold two of them")
    }
}
