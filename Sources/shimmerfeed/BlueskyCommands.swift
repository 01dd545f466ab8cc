import FeedAccounts
import FeedCore
import FoundationEssentials
import Glibc

/// `shimmerfeed login bsky.social` (or `login --bluesky HOST` for another PDS) and
/// `shimmerfeed logout bsky.social`: a Bluesky session made with the handle and an app
/// password typed here, and forgotten. The password is typed unseen, and nothing secret is
/// printed: the tokens go from the server's answer into the accounts file.
enum BlueskyCommands {
    static func login(_ typed: String, environment: [String: String]) -> Int32 {
        AccountCommands.blocking { await signIn(typed, environment: environment) }
    }

    private static func signIn(_ typed: String, environment: [String: String]) async -> Int32 {
        do {
            let server = BlueskySignIn.entryway(try MastodonSignIn.server(typed))
            let file = try AccountCommands.accountsFile(environment)
            AccountCommands.say(
                """
                Signing in to Bluesky at \(server.dropFirst("https://".count)) with an app password: never your \
                account's own password.
                Make one in Bluesky's Settings → Privacy and security → App passwords.
                """)
            AccountCommands.say("Handle (such as alice.bsky.social): ", newline: false)
            guard let handle = TypedLine.read(echo: true)?.trimmingWhitespace(), !handle.isEmpty else {
                throw MastodonSignIn.Refused("no handle given")
            }
            AccountCommands.say("App password: ", newline: false)
            guard let password = TypedLine.read(echo: false)?.trimmingWhitespace(), !password.isEmpty else {
                AccountCommands.say("")
                throw MastodonSignIn.Refused("no app password given")
            }
            AccountCommands.say("")
            let signIn = BlueskySignIn(server: server, certificateAuthorities: environment["SSL_CERT_FILE"])
            let account = try await signIn.signIn(
                handle: handle.hasPrefix("@") ? String(handle.dropFirst()) : handle, appPassword: password)
            var accounts = try file.read().filter { $0.network != .bluesky || $0.did != account.did }
            accounts.append(account)
            try file.write(accounts)
            AccountCommands.say(
                "Signed in to Bluesky as \(account.handle), at \(account.host). The session is kept in \(file.path).")
            return 0
        } catch {
            complain("login: \(error)")
            return 1
        }
    }

    /// Forgets the Bluesky sessions. An app password stays valid on the server until it is
    /// revoked there: said so.
    static func logout(environment: [String: String]) -> Int32 {
        do {
            let file = try AccountCommands.accountsFile(environment)
            let accounts = try file.read()
            let bluesky = accounts.filter { $0.network == .bluesky }
            guard !bluesky.isEmpty else {
                complain("logout: not signed in to Bluesky")
                return 1
            }
            try file.write(accounts.filter { $0.network != .bluesky })
            AccountCommands.say(
                "Signed out of Bluesky: \(bluesky.map(\.handle).joined(separator: ", ")) forgotten here. "
                    + "To end the app password itself, revoke it in Bluesky's Settings → App passwords.")
            return 0
        } catch {
            complain("logout: \(error)")
            return 1
        }
    }
}

/// A line typed on standard input: shown as typed, or unseen (a password) where the input
/// is a terminal, whose echo is turned off for it and restored after.
enum TypedLine {
    static func read(echo: Bool) -> String? {
        var saved = termios()
        let isTerminal = isatty(0) == 1 && tcgetattr(0, &saved) == 0
        if isTerminal, !echo {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(0, TCSAFLUSH, &quiet)
        }
        defer { if isTerminal, !echo { tcsetattr(0, TCSAFLUSH, &saved) } }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < 4096, Glibc.read(0, &byte, 1) == 1 {
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
