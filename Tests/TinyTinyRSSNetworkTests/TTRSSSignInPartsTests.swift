import FeedCore
import FeedNetwork
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

    @Test func aFailingOrSilentPasswordCommandSaysSo() {
        #expect(throws: Failure.unexpected("password-command exit 3 failed (exit status 3)")) {
            try PasswordCommand.run("exit 3")
        }
        #expect(throws: Failure.unexpected("password-command true printed no password")) {
            try PasswordCommand.run("true")
        }
        #expect(throws: Failure.self) { try TTRSSPassword.kept(nil).read(for: "a@b") }
    }

    @Test func anAccountIsNamedByItsUserAndAddress() {
        let account = Account(
            network: TinyTinyRSS.id, server: "https://rss.example/tt-rss", username: "ada", displayName: nil, token: "s"
        )
        #expect(TinyTinyRSS().handle(of: account) == "ada@rss.example/tt-rss")
        #expect(TinyTinyRSS().accounts([account], signedOutAt: "rss.example/tt-rss/") == [account])
        #expect(TinyTinyRSS().accounts([account], signedOutAt: "ada@rss.example/tt-rss") == [account])
        #expect(TinyTinyRSS().accounts([account], signedOutAt: "other.example").isEmpty)
    }
}
