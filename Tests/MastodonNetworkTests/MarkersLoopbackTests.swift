import FeedNetwork
import FeedTransport
import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import MastodonNetwork

/// The account's read markers on the loopback server: read, written, and on a write that
/// meets another client's (409), read again, merged and written again, never moved back.
@Suite(.serialized) struct MarkersLoopbackTests {
    let server: FeedServer
    let markers: MastodonMarkers

    init() throws {
        server = try FeedServer(tls: true)
        markers = MastodonMarkers(
            actor: MastodonActions.Actor(
                server: "https://127.0.0.1:\(server.tlsPort ?? 0)", token: RecordedMastodon.token, name: "@me",
                resolves: false),
            client: server.client)
    }

    private func writes() throws -> Int {
        try MastodonLog.paths(server).count { $0 == "POST /api/v1/markers" }
    }

    @Test func readThenWrittenThenReadAgain() async throws {
        let none = try await markers.read()
        #expect(none.isEmpty, "none held yet")
        let written = try await markers.write(ReadPositions(home: "117020574841135347"))
        #expect(written == ReadPositions(home: "117020574841135347"))
        let after = try await markers.read()
        #expect(after == ReadPositions(home: "117020574841135347"))
        let asked = try MastodonLog.entries(server).filter { $0.path == "/api/v1/markers" }
        #expect(asked.allSatisfy { $0.rightToken })
        #expect(asked.first?.fields == ["timeline[]"])
        #expect(asked.dropFirst().first?.fields == ["home[last_read_id]"])
    }

    @Test func aConflictWithAnOlderWriteIsMergedAndWrittenAgain() async throws {
        _ = try server.get("/mastodon-api/markers?conflict=1&home=100")
        let written = try await markers.write(ReadPositions(home: "200"))
        #expect(written == ReadPositions(home: "200"))
        #expect(try writes() == 2, "the write, its conflict, and the write again")
        let after = try await markers.read()
        #expect(after == ReadPositions(home: "200"))
    }

    @Test func aConflictWithANewerWriteKeepsTheNewer() async throws {
        _ = try server.get("/mastodon-api/markers?conflict=1&home=300")
        let written = try await markers.write(ReadPositions(home: "200"))
        #expect(written == ReadPositions(home: "300"), "the other client read further")
        #expect(try writes() == 1, "nothing written back over it")
        let after = try await markers.read()
        #expect(after == ReadPositions(home: "300"))
    }

    @Test func conflictsThatGoOnEndInTheError() async throws {
        _ = try server.get("/mastodon-api/markers?conflict=5&home=100")
        await #expect(throws: Failure.self) { try await markers.write(ReadPositions(home: "200")) }
        #expect(try writes() == MastodonMarkers.attempts)
    }
}
