import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// Pictures in the rows, in the binary in tmux, against the loopback server: avatars
    /// that arrive one by one, each replacing its skeleton while the others shimmer; a
    /// picture that is missing; `--images none`; no token sent with a picture.
    @Suite(.serialized)
    struct PicturesEndToEndTests {

        /// The server's avatars (red, green, blue, gold) as tmux's 256 colours draw them.
        static let avatarColors = [167, 71, 62, 184]

        /// Whether the avatar of Person `number` is drawn in its colour: the background
        /// set before the name, on the line that names them.
        static func avatarArrived(_ number: Int, in screen: String) -> Bool {
            guard let line = screen.split(separator: "\n").first(where: { $0.contains("Person \(number)") }),
                let name = line.range(of: "Person \(number)")
            else { return false }
            return line[..<name.lowerBound].contains("48;5;\(avatarColors[number - 1])m")
        }

        @Test func avatarsArriveOneByOneEachReplacingItsSkeleton() throws {
            let server = try FeedServer()
            let tmux = try TmuxSession(width: 80, height: 30)
            // Avatar N comes 0.8 × N seconds after it is asked for.
            try tmux.run("\(try Binary.required()) '\(server.url("/pictures/timeline?slow=0.8"))'; echo EXIT=$?")
            let first = try tmux.waitFor("the first avatar alone", colors: true) {
                Self.avatarArrived(1, in: $0)
            }
            // The last comes 2.4 s after the first: it still shimmers.
            #expect(!Self.avatarArrived(4, in: first), "the others still wait")
            let lastLine = try #require(first.split(separator: "\n").first { $0.contains("Person 4") })
            #expect(!lastLine.contains("P4"), "a picture on its way shimmers, it shows no initials")
            let all = try tmux.waitFor("every avatar", colors: true) { screen in
                (1...4).allSatisfy { Self.avatarArrived($0, in: screen) }
            }
            // The pictures of posts 1 and 3 (orange and teal halves) are drawn too.
            #expect(all.contains("48;5;208m") && all.contains("48;5;37m"))
            try tmux.quit()
        }

        @Test func aMissingPictureShowsItsAltText() throws {
            let server = try FeedServer()
            let tmux = try TmuxSession(width: 80, height: 30)
            try tmux.run("\(try Binary.required()) '\(server.url("/pictures/timeline"))'; echo EXIT=$?")
            // Its cells (8 wide: a square in four lines) mark it, and its alt text stays under.
            let screen = try tmux.waitFor("the missing picture") { screen in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                guard let post = lines.firstIndex(where: { $0.contains("Post 2 of the picture timeline") }) else {
                    return false
                }
                return lines[(post + 1)...].prefix(4).contains { $0.trimmingCharacters(in: .whitespaces) == "▣" }
            }
            #expect(screen.contains("▣ image: A picture that is missing"))
            #expect(!screen.contains("404"), "never an error row")
            try tmux.quit()
        }

        @Test func withImagesNoneThereAreAltTextAndInitialsAndNoRequest() throws {
            let server = try FeedServer()
            let tmux = try TmuxSession(width: 80, height: 30)
            try tmux.run("\(try Binary.required()) --images none '\(server.url("/pictures/timeline"))'; echo EXIT=$?")
            let screen = try tmux.waitFor("the posts") { $0.contains("4 posts") }
            #expect(screen.contains("P1") && screen.contains("P4"), "the initials")
            #expect(screen.contains("▣ image: Picture 1") && !screen.contains("▣ missing"))
            // The lines are those of the text alone: no picture's cells between.
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            let post = try #require(lines.firstIndex { $0.contains("Post 1 of the picture timeline") })
            #expect(lines[post + 1].contains("▣ image: Picture 1"))
            try tmux.quit()
            let log = try server.get("/auth-log")
            #expect(!log.contains("/pictures/avatar") && !log.contains("/pictures/media"), "\(log)")
        }

        @Test func noPictureRequestCarriesTheFeedsToken() throws {
            let server = try FeedServer(tls: true)
            let folder = try ScratchFolder.make("shimmerfeed-e2e-pictures")
            defer { try? FileManager.default.removeItem(at: folder) }
            let config = folder.appendingPathComponent("shimmerfeed")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            // A private timeline whose pictures are on its own host, over https.
            try "\(server.secureURL("/pictures/timeline")) token=$E2E_TOKEN Private pictures\n"
                .write(to: config.appendingPathComponent("feeds"), atomically: true, encoding: .utf8)
            let tmux = try TmuxSession(width: 80, height: 30)
            let certificate = try #require(server.certificate)
            try tmux.run(
                "XDG_CONFIG_HOME='\(folder.path)' E2E_TOKEN=test-token-123 SSL_CERT_FILE='\(certificate)' "
                    + "\(try Binary.required()); echo EXIT=$?")
            try tmux.waitFor("every avatar", colors: true) { screen in
                (1...4).allSatisfy { Self.avatarArrived($0, in: screen) }
            }
            try tmux.quit()
            let log = try server.get("/auth-log")
            struct Request: Decodable {
                var path: String
                var token: Bool
                var any: Bool
            }
            let requests = try JSONDecoder().decode([Request].self, from: Data(log.utf8))
            #expect(requests.contains { $0.path.hasPrefix("/pictures/timeline") && $0.token }, "the feed had its token")
            let pictures = requests.filter {
                $0.path.hasPrefix("/pictures/avatar") || $0.path.hasPrefix("/pictures/media")
            }
            #expect(pictures.count >= 6)
            #expect(pictures.allSatisfy { !$0.any }, "no picture request carries any Authorization")
        }
    }
}
