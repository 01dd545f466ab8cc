import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// The read position kept on the server (Mastodon's markers), against the loopback
    /// server: read at start, the statuses at or older than it read; written at quit with
    /// the newest status read; a second viewer with a fresh store starts where the first
    /// left off.
    @Suite(.serialized)
    struct MarkersEndToEndTests {
        typealias Actions = ActionsEndToEndTests
        /// The recorded home timeline's statuses, newest first: "Toot!" is the newest.
        static let newest = "117020593473214477"
        static let tenth = "117020585724931720"

        static func markers(_ server: FeedServer) throws -> [String: String] {
            struct Marker: Decodable { var lastReadId: String }
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            let held = try decoder.decode(
                [String: Marker].self, from: Data(try server.get("/mastodon-api/markers").utf8))
            return held.mapValues(\.lastReadId)
        }

        @Test func readAtStartWrittenAtQuitAndFollowedByASecondViewer() throws {
            let server = try FeedServer(tls: true)
            let folder = try Actions.signedIn(server)
            defer { try? FileManager.default.removeItem(at: folder) }
            // Another machine read up to the tenth status.
            _ = try server.get("/mastodon-api/markers?home=\(Self.tenth)")
            let tmux = try TmuxSession(width: 100, height: 12)
            try Actions.view(tmux, folder, server)
            let first = try tmux.waitFor("the marker's statuses read") { $0.contains("13 posts · 9 unread") }
            print("first viewer, at start:\n\(first)")
            // Reading: the first two statuses scrolled past above the screen.
            try tmux.press("j", "j", "j", "j", "j")
            try tmux.waitFor("two more read") { $0.contains("13 posts · 7 unread") }
            try Actions.quitAndWait(tmux)
            #expect(try Self.markers(server)["home"] == Self.newest, "written at quit: the newest status read")
            let writes = try Actions.log(server).filter { $0.path == "/api/v1/markers" && $0.method == "POST" }
            #expect(writes.count == 1 && writes.allSatisfy { $0.rightToken && $0.scheme == "https" })

            // Two statuses posted since; a second viewer, its store fresh.
            for n in 1...2 {
                _ = try server.post("/api/v1/statuses", form: "status=Since+\(n)", token: SignInEndToEndTests.token)
            }
            let second = try TmuxSession(width: 100, height: 12)
            try second.run(
                "clear; XDG_CONFIG_HOME='\(folder.path)/config' SSL_CERT_FILE='\(server.certificate ?? "")' "
                    + "exec \(try Binary.required()) --store '\(folder.path)/second.sqlite3'")
            let screen = try second.waitFor("the first's read position") { $0.contains("15 posts · 2 unread") }
            print("second viewer, fresh store:\n\(screen)")
            let lines = screen.split(separator: "\n").map(String.init)
            #expect(lines[1].contains("Since 2"), "the newest, unread, on top")
            try Actions.quitAndWait(second)
        }
    }
}
