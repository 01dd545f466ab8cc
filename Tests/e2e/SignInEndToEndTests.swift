import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// `shimmerfeed login` and `logout` against the loopback server answering as Mastodon
    /// does (recorded answers, Fixtures/mastodon-api): through the browser's redirect to
    /// the listener, with PKCE; through a pasted code on a server without PKCE; a redirect
    /// whose state is not the sign-in's refused; the token kept in the accounts file alone.
    @Suite(.serialized)
    struct SignInEndToEndTests {
        /// The token and the app's secret the recorded answers carry: never on the screen.
        static let token = "qLFk5fQZHZfAWvjsVWMJZRH2K9coa_1JOCpbMwOlPbM"
        static let secret = "nUEMHt2lM0OT2tPILQfrX10Wn9NAsH86FdIHwJmqCyg"

        struct Logged: Decodable {
            var method: String
            var path: String
            var fields: [String]
            var bearer: Bool
            var rightToken: Bool
            var scheme: String
            var host: String
            var idempotencyKey: String?
        }

        /// Whether the shell printed `marker` with an exit code (the command line itself
        /// holds `marker=$?`).
        private func ended(_ marker: String, _ screen: String) -> Bool {
            screen.contains(marker + "=0") || screen.contains(marker + "=1") || screen.contains(marker + "=2")
        }

        private func log(_ server: FeedServer) throws -> [Logged] {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return try decoder.decode([Logged].self, from: Data(try server.get("/mastodon-api/log").utf8))
        }

        /// A stand-in browser: a script that runs `body` with the authorize URL in $1.
        private func browser(in folder: URL, _ body: String) throws -> String {
            let path = folder.appendingPathComponent("browser").path
            try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o755)
            return path
        }

        private func environment(_ folder: URL, _ server: FeedServer, browser: String) -> String {
            "XDG_CONFIG_HOME='\(folder.path)/config' SSL_CERT_FILE='\(server.certificate ?? "")' BROWSER='\(browser)'"
        }

        @Test func signingInThroughTheBrowserKeepsTheAccountAndSigningOutRevokesIt() throws {
            let server = try FeedServer(tls: true)
            let folder = try ScratchFolder.make("shimmerfeed-e2e-signin")
            defer { try? FileManager.default.removeItem(at: folder) }
            let host = "127.0.0.1:\(server.tlsPort ?? 0)"
            // Follows the authorize page's redirect to the viewer's listener, as a browser would.
            let opener = try browser(
                in: folder, "exec curl -s -L --max-redirs 2 --cacert '\(server.certificate ?? "")' -o /dev/null \"$1\"")
            let tmux = try TmuxSession(width: 120, height: 40)
            try tmux.run(
                "\(environment(folder, server, browser: opener)) \(try Binary.required()) login \(host); echo LOGIN=$?")
            let screen = try tmux.waitFor("signed in") { ended("LOGIN", $0) }
            #expect(screen.contains("Signed in to \(host) as @mastodonpy_test@\(host)"), "\(screen)")
            #expect(screen.contains("LOGIN=0"))
            #expect(!screen.contains(Self.token) && !screen.contains(Self.secret), "no secret on the screen")
            // The account, in a file of the reader's alone.
            let path = folder.appendingPathComponent("config/shimmerfeed/accounts").path
            let file = try FileManager.default.attributesOfItem(atPath: path)
            let parent = try FileManager.default.attributesOfItem(
                atPath: folder.appendingPathComponent("config/shimmerfeed").path)
            #expect(file[.posixPermissions] as? Int == 0o600 && parent[.posixPermissions] as? Int == 0o700)
            #expect(try String(contentsOfFile: path, encoding: .utf8).contains(Self.token))
            // What the server heard: all over https; the code exchanged with its verifier;
            // the token checked with the token.
            let heard = try log(server)
            #expect(heard.allSatisfy { $0.scheme == "https" || $0.path.hasPrefix("/mastodon-api/") }, "\(heard)")
            let exchange = try #require(heard.first { $0.path == "/oauth/token" })
            #expect(exchange.fields.contains("code_verifier") && !exchange.bearer)
            #expect(heard.contains { $0.path == "/api/v1/accounts/verify_credentials" && $0.rightToken })
            #expect(!heard.contains { $0.bearer && !$0.rightToken })
            // With no subscriptions file, the viewer shows the account's home timeline, read
            // with its token.
            try tmux.run(
                "clear; \(environment(folder, server, browser: opener)) \(try Binary.required()) --no-store; echo EXIT=$?"
            )
            try tmux.waitFor("the home timeline") { $0.contains("13 posts") && $0.contains("Toot!") }
            #expect(try log(server).contains { $0.path == "/api/v1/timelines/home" && $0.rightToken })
            try tmux.quit()
            // A source of another host read with the account: refused, its token not sent.
            let homes = try log(server).filter { $0.path == "/api/v1/timelines/home" }.count
            let feeds = folder.appendingPathComponent("config/shimmerfeed/feeds").path
            try "https://localhost:\(server.tlsPort ?? 0)/api/v1/timelines/home account=@mastodonpy_test@\(host)\n"
                .write(toFile: feeds, atomically: true, encoding: .utf8)
            try tmux.run(
                "clear; \(environment(folder, server, browser: opener)) \(try Binary.required()) --no-store; echo EXIT=$?"
            )
            try tmux.waitFor("the refusal") { $0.contains("is not an account of localhost") }
            try tmux.quit()
            #expect(try log(server).filter { $0.path == "/api/v1/timelines/home" }.count == homes, "nothing asked")
            try FileManager.default.removeItem(atPath: feeds)
            // Signing out: revoked on the server, and forgotten here.
            try tmux.run(
                "clear; \(environment(folder, server, browser: opener)) \(try Binary.required()) logout \(host); echo LOGOUT=$?"
            )
            let out = try tmux.waitFor("signed out") { ended("LOGOUT", $0) }
            #expect(out.contains("Signed out of \(host)") && out.contains("LOGOUT=0"), "\(out)")
            let revoke = try #require(try log(server).first { $0.path == "/oauth/revoke" })
            #expect(revoke.fields == ["client_id", "client_secret", "token"])
            #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains(Self.token), "forgotten")
        }

        @Test func aPastedCodeSignsInWhereTheBrowserCannotComeBack() throws {
            let server = try FeedServer(tls: true)
            let folder = try ScratchFolder.make("shimmerfeed-e2e-signin")
            defer { try? FileManager.default.removeItem(at: folder) }
            _ = try server.get("/mastodon-api/old-server")  // before Mastodon 4.3: no PKCE
            let host = "127.0.0.1:\(server.tlsPort ?? 0)"
            // A browser elsewhere: it only notes the page it was asked to open.
            let noted = folder.appendingPathComponent("opened").path
            let opener = try browser(in: folder, "printf '%s' \"$1\" > '\(noted)'")
            let tmux = try TmuxSession(width: 120, height: 40)
            try tmux.run(
                "\(environment(folder, server, browser: opener)) \(try Binary.required()) login \(host); echo EXIT=$?")
            try tmux.waitFor("the prompt for a code") { $0.contains("Code (or wait for the browser):") }
            // The reader opens the pasting page (the same, coming back out of band) and
            // copies the code the server shows. The browser runs detached: its note may come
            // after the prompt.
            try tmux.waitFor("the browser's note") { _ in
                ((try? String(contentsOfFile: noted, encoding: .utf8)) ?? "").contains("/oauth/authorize")
            }
            let opened = try String(contentsOfFile: noted, encoding: .utf8)
            #expect(!opened.contains("code_challenge"), "no PKCE for a server that has none")
            let redirect = try #require(opened.range(of: "redirect_uri=")).upperBound
            let rest = opened[redirect...].drop { $0 != "&" }
            let path =
                String(opened[opened.range(of: "/oauth/authorize")!.lowerBound..<redirect])
                + "urn%3Aietf%3Awg%3Aoauth%3A2.0%3Aoob" + rest
            let page = try server.get(path)
            let code = try #require(page.range(of: "value='").map { page[$0.upperBound...].prefix { $0 != "'" } })
            try tmux.press(String(code), "Enter")
            let screen = try tmux.waitFor("signed in") { ended("EXIT", $0) }
            #expect(screen.contains("Signed in to \(host) as @mastodonpy_test@\(host)") && screen.contains("EXIT=0"))
            let exchange = try #require(try log(server).first { $0.path == "/oauth/token" })
            #expect(!exchange.fields.contains("code_verifier"))
        }

        @Test func aRedirectWithAnotherStateIsRefusedAndNothingKept() throws {
            let server = try FeedServer(tls: true)
            let folder = try ScratchFolder.make("shimmerfeed-e2e-signin")
            defer { try? FileManager.default.removeItem(at: folder) }
            let host = "127.0.0.1:\(server.tlsPort ?? 0)"
            // Someone else's redirect reaches the listener first: a code, with a state that
            // is not this sign-in's.
            let opener = try browser(
                in: folder,
                """
                port=$(printf '%s' "$1" | sed -n 's/.*127\\.0\\.0\\.1%3A\\([0-9]*\\)%2Fcallback.*/\\1/p')
                exec curl -s -o /dev/null "http://127.0.0.1:$port/callback?code=stolen&state=forged"
                """)
            let tmux = try TmuxSession(width: 120, height: 40)
            try tmux.run(
                "\(environment(folder, server, browser: opener)) \(try Binary.required()) login \(host); echo EXIT=$?")
            let screen = try tmux.waitFor("refused") { ended("EXIT", $0) }
            #expect(screen.contains("state did not match") && screen.contains("EXIT=1"), "\(screen)")
            #expect(!(try log(server)).contains { $0.path == "/oauth/token" }, "no code was exchanged")
            let path = folder.appendingPathComponent("config/shimmerfeed/accounts").path
            #expect(!FileManager.default.fileExists(atPath: path))
        }

        /// A Mastodon timeline read without an account: `l` marks the post here, and the
        /// status line says so once, naming the server to sign in to.
        @Test func aLikeWithoutAnAccountSaysWhereToSignIn() throws {
            let server = try FeedServer()
            let host = "127.0.0.1:\(server.port)"
            let tmux = try TmuxSession(width: 160, height: 30)
            let url = server.url("/api/v1/timelines/public")
            try tmux.run("\(try Binary.required()) --no-store '\(url)'; echo EXIT=$?")
            try tmux.waitFor("the public timeline") { $0.contains("8 posts") }
            try tmux.press("l")
            try tmux.waitFor("the hint") {
                $0.contains("Liked here only: shimmerfeed login \(host) to like on the server")
            }
            try tmux.quit()
        }

        /// A server that cannot be reached: logout says so and keeps the account, whose
        /// token would otherwise stay valid there with nothing here to revoke it.
        @Test func logoutKeepsTheAccountWhenTheServerCannotBeReached() throws {
            let server = try FeedServer(tls: true)
            let folder = try ScratchFolder.make("shimmerfeed-e2e-signin")
            defer { try? FileManager.default.removeItem(at: folder) }
            let config = folder.appendingPathComponent("config/shimmerfeed")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            // Signed in to port 1 of loopback, where nothing listens.
            let accounts = config.appendingPathComponent("accounts").path
            let kept = """
                {"accounts":[{"clientID":"client","clientSecret":"secret","network":"mastodon",\
                "server":"https://127.0.0.1:1","token":"kept-token","username":"ada"}]}
                """
            try kept.write(toFile: accounts, atomically: true, encoding: .utf8)
            let tmux = try TmuxSession(width: 240, height: 30)
            let opener = try browser(in: folder, "true")
            try tmux.run(
                "\(environment(folder, server, browser: opener)) \(try Binary.required()) logout 127.0.0.1:1; echo LOGOUT=$?"
            )
            let screen = try tmux.waitFor("the refusal") { ended("LOGOUT", $0) }
            #expect(screen.contains("could not be revoked") && screen.contains("the account is kept"), "\(screen)")
            #expect(screen.contains("Try again, or revoke it in the server's settings (Authorized apps)."))
            #expect(screen.contains("LOGOUT=1"))
            #expect(try String(contentsOfFile: accounts, encoding: .utf8).contains("kept-token"))
        }
    }
}
