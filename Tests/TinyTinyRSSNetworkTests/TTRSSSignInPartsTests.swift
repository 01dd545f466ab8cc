import FeedCore
import FeedNetwork
import FeedTransport
import Foundation
import Testing

@testable import TinyTinyRSSNetwork

/// The parts of signing in that need no server: the address, the password command.
struct TTRSSSignInPartsTests {
    @Test func anAddressKeepsItsPathAndDropsTheAPIs() throws {
        #expect(try TTRSSSignIn.address("rss.example/tt-rss/") == "https://rss.example/tt-rss")
        #expect(try TTRSSSignIn.address("https://RSS.example:8443/tt-rss/api/") == "https://rss.example:8443/tt-rss")
        #expect(try TTRSSSignIn.address("https://rss.example/index.php") == "https://rss.example")
        #expect(try TTRSSSignIn.address("http://127.0.0.1:8080/") == "http://127.0.0.1:8080")
        #expect(try TTRSSSignIn.address("http://localhost/tt-rss") == "http://localhost/tt-rss")
    }

    @Test func aPasswordGoesOverPlainHTTPToThisMachineOnly() {
        #expect(throws: SignInRefused.self) { try TTRSSSignIn.address("http://rss.example/tt-rss") }
        #expect(throws: SignInRefused.self) { try TTRSSSignIn.address("http://128.0.0.1/") }
        #expect(throws: SignInRefused.self) { try TTRSSSignIn.address("ftp://rss.example/") }
        #expect(throws: SignInRefused.self) { try TTRSSSignIn.address("https://rss.example/?a=b") }
    }

    @Test func thePasswordCommandsFirstLineIsThePassword() throws {
        #expect(try PasswordCommand.run("printf 'hunter2\\r\\nsecond\\n'") == "hunter2")
        #expect(try TTRSSPassword.command("echo s3cret").read(for: "a@b") == "s3cret")
        #expect(try TTRSSPassword.kept("kept").read(for: "a@b") == "kept")
    }

    @Test func aPasswordCommandIsReadTo64KiBAndNoFurther() {
        // 64 KiB and a line end: read whole, the line the password.
        #expect((try? PasswordCommand.run("head -c 65535 /dev/zero | tr '\\0' a; echo"))?.count == 65535)
        // More: never read past 64 KiB. The command is left with its pipe closed under it: it
        // fails (then so does this), or its last bytes fit in the emptied pipe and it ends well.
        let long = try? PasswordCommand.run("head -c 70000 /dev/zero | tr '\\0' a")
        #expect(long.map { $0.count == 65536 } ?? true, "read to \(long?.count ?? 0) bytes")
    }

    @Test func aFailingOrSilentPasswordCommandSaysSo() {
        #expect(throws: Failure.unexpected("password-command exit 3 failed (exit status 3)")) {
            try PasswordCommand.run("exit 3")
        }
        #expect(throws: Failure.unexpected("password-command true printed no password")) {
            try PasswordCommand.run("true")
        }
        #expect(throws: Failure.self) { try TTRSSPassword.kept(nil).read(for: "a@b") }
    }

    @Test func theFeedListIsKeptInTheCacheFolder() {
        let xdg = TTRSSFeedListMemory(
            environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"], account: "ada@rss.example/tt-rss")
        #expect(xdg?.path == "/c/shimmerfeed/ttrss/ada_rss.example_tt-rss.json")
        // A relative XDG_CACHE_HOME is not one (the XDG rule): HOME's.
        let home = TTRSSFeedListMemory(environment: ["XDG_CACHE_HOME": "c", "HOME": "/h"], account: "a@b:1")
        #expect(home?.path == "/h/.cache/shimmerfeed/ttrss/a_b_1.json")
        #expect(TTRSSFeedListMemory(environment: [:], account: "a@b") == nil)
    }

    @Test func onlyAnAccountsOwnEntryListsItsFeeds() {
        let account = Account(
            network: TinyTinyRSS.id, server: "https://rss.example/tt-rss", username: "ada", displayName: nil, token: "s"
        )
        let reader = TTRSSReader(
            context: NetworkContext(client: HTTPClient(), accounts: [account], formats: DocumentFormats(json: [])))
        let api = URL(string: "https://rss.example/tt-rss/api/")!
        #expect(reader.listsSources(SourceEntry(source: .url(api))))
        var line = SourceEntry(source: .url(URL(string: "https://rss.example/tt-rss/")!))
        line.network = TinyTinyRSS.id
        #expect(reader.listsSources(line), "a subscriptions line `ttrss URL`")
        // A feed of it, another network's line, another server: none lists.
        #expect(!reader.listsSources(SourceEntry(source: .url(URL(string: "https://rss.example/tt-rss/api/?feed=3")!))))
        var other = SourceEntry(source: .url(api))
        other.network = NetworkID("mastodon")
        #expect(!reader.listsSources(other))
        #expect(!reader.listsSources(SourceEntry(source: .url(URL(string: "https://elsewhere.example/api/")!))))
    }

    @Test func anAccountIsNamedByItsUserAndAddress() {
        let account = Account(
            network: TinyTinyRSS.id, server: "https://rss.example/tt-rss", username: "ada", displayName: nil, token: "s"
        )
        #expect(TinyTinyRSS().handle(of: account) == "ada@rss.example/tt-rss")
        #expect(TinyTinyRSS().accounts([account], signedOutAt: "rss.example/tt-rss/") == [account])
        #expect(TinyTinyRSS().accounts([account], signedOutAt: "ada@rss.example/tt-rss") == [account])
        #expect(TinyTinyRSS().accounts([account], signedOutAt: "@ada@rss.example/tt-rss") == [account])
        #expect(TinyTinyRSS().accounts([account], signedOutAt: "other.example").isEmpty)
        // A tt-rss on this machine over plain http, whose address is no https address: its
        // handle names it, with the @ or without.
        let local = Account(
            network: TinyTinyRSS.id, server: "http://127.0.0.1:8080", username: "admin", displayName: nil, token: "s")
        #expect(TinyTinyRSS().accounts([local], signedOutAt: "admin@http://127.0.0.1:8080") == [local])
        #expect(TinyTinyRSS().accounts([local], signedOutAt: "@admin@http://127.0.0.1:8080") == [local])
        // Another network's account at the same address is not tt-rss's to sign out.
        let mastodon = Account(
            network: NetworkID("mastodon"), server: "https://rss.example", username: "ada", displayName: nil, token: "t"
        )
        #expect(TinyTinyRSS().accounts([mastodon, account], signedOutAt: "ada@rss.example/tt-rss") == [account])
    }
}
