import Dispatch
import FeedAccounts
import FeedCore
import FeedTerminal
import FoundationEssentials
import Glibc
import Synchronization

/// `shimmerfeed login SERVER` and `shimmerfeed logout SERVER`: signing in to a Mastodon
/// server in the browser (or with a code pasted here), and signing out. Nothing secret is
/// printed: the token goes from the server's answer into the accounts file.
enum AccountCommands {
    /// How long the sign-in waits for the browser or a pasted code.
    static let waitForAuthorization: Duration = .seconds(300)

    static func login(_ typed: String, environment: [String: String]) -> Int32 {
        if BlueskySignIn.isBluesky(typed) { return BlueskyCommands.login(typed, environment: environment) }
        return blocking { await signIn(typed, environment: environment) }
    }

    static func logout(_ typed: String, environment: [String: String]) -> Int32 {
        if BlueskySignIn.isBluesky(typed) { return BlueskyCommands.logout(environment: environment) }
        return blocking { await signOut(typed, environment: environment) }
    }

    private static func signIn(_ typed: String, environment: [String: String]) async -> Int32 {
        do {
            let server = try MastodonSignIn.server(typed)
            let file = try accountsFile(environment)
            let listener = try LoopbackListener()
            let signIn = MastodonSignIn(
                server: server, redirectPort: listener.port, certificateAuthorities: environment["SSL_CERT_FILE"])
            var pkce: PKCE?
            if await signIn.takesPKCE() { pkce = try PKCE.make() }
            let app = try await signIn.register()
            let state = Base64URL.encode(try RandomBytes.make(16))
            let url = signIn.authorizeURL(app: app, redirect: signIn.redirect, state: state, pkce: pkce)
            let pasteURL = signIn.authorizeURL(app: app, redirect: MastodonSignIn.outOfBand, state: state, pkce: pkce)
            say(
                """
                Signing in to \(server.dropFirst("https://".count)): authorize shimmerfeed in your browser.
                If no browser opens, visit:

                  \(url)

                Over SSH, where the browser cannot reach this machine, open this page instead and
                paste the code it shows here:

                  \(pasteURL)

                """)
            if !LinkOpener.open(url).hasPrefix("Opened") {
                say("No browser opened it (set BROWSER to name one): visit the page above.")
            }
            say("Code (or wait for the browser): ", newline: false)
            let (code, redirect) = try waitForCode(listener: listener, state: state, signIn: signIn)
            let token = try await signIn.token(app: app, code: code, redirect: redirect, pkce: pkce)
            let account = try await signIn.account(app: app, token: token)
            var accounts = try file.read().filter { $0.server != account.server }
            accounts.append(account)
            try file.write(accounts)
            let name = account.displayName.map { " (\($0))" } ?? ""
            say("\nSigned in to \(account.host) as \(account.handle)\(name). The account is kept in \(file.path).")
            return 0
        } catch {
            say("")
            complain("login: \(error)")
            return 1
        }
    }

    private static func signOut(_ typed: String, environment: [String: String]) async -> Int32 {
        do {
            let server = try MastodonSignIn.server(typed)
            let file = try accountsFile(environment)
            var accounts = try file.read()
            guard let account = accounts.first(where: { $0.server == server }) else {
                complain("logout: not signed in to \(server.dropFirst("https://".count))")
                return 1
            }
            do {
                try await MastodonSignIn.revoke(account, certificateAuthorities: environment["SSL_CERT_FILE"])
            } catch {
                complain(
                    "logout: the token could not be revoked on \(account.host) (\(error)); the account is kept. "
                        + "Try again, or revoke it in the server's settings (Authorized apps).")
                return 1
            }
            accounts.removeAll { $0.server == server }
            try file.write(accounts)
            say("Signed out of \(account.host): \(account.handle)'s token is revoked and forgotten.")
            return 0
        } catch {
            complain("logout: \(error)")
            return 1
        }
    }

    static func accountsFile(_ environment: [String: String]) throws -> AccountsFile {
        guard let path = AccountsFile.defaultPath(environment: environment) else {
            throw MastodonSignIn.Refused("no place for the accounts: set HOME or XDG_CONFIG_HOME")
        }
        return AccountsFile(path: path)
    }

    /// The code, from the browser's redirect to the listener or typed on standard input,
    /// and the redirect it was made for.
    private static func waitForCode(listener: LoopbackListener, state: String, signIn: MastodonSignIn) throws -> (
        String, String
    ) {
        let deadline = ContinuousClock.now + waitForAuthorization
        var typed: [UInt8] = []
        var readsInput = true
        while ContinuousClock.now < deadline {
            var ready = [pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0)]
            if readsInput { ready.append(pollfd(fd: 0, events: Int16(POLLIN), revents: 0)) }
            let left = deadline - ContinuousClock.now
            let milliseconds = Int32(min(left.components.seconds * 1000 + 1, 1000))
            guard poll(&ready, nfds_t(ready.count), milliseconds) > 0 else { continue }
            if ready[0].revents != 0 {
                var refusal: MastodonSignIn.Refused?
                var code: String?
                let taken = listener.takeRequest(timeout: .seconds(10)) { target in
                    switch target.map({ MastodonSignIn.code(fromRedirect: $0, state: state) }) {
                    case .success(let found)?:
                        code = found
                        return (200, page("Signed in: shimmerfeed has the authorization. You can close this tab."))
                    case .failure(let refused)?:
                        refusal = refused
                        return (400, page("Not signed in: \(refused.description)."))
                    case nil:
                        refusal = MastodonSignIn.Refused("the browser's request could not be read")
                        return (400, page("Not signed in: the request could not be read."))
                    }
                }
                // A connection the browser opened and left unused: the redirect may follow.
                if taken == .nothing { continue }
                if let code { return (code, signIn.redirect) }
                throw refusal ?? MastodonSignIn.Refused("the browser's request could not be read")
            }
            if readsInput, ready.count > 1, ready[1].revents != 0 {
                var byte: UInt8 = 0
                if read(0, &byte, 1) != 1 {
                    readsInput = false  // no terminal to paste into: the browser alone
                } else if byte == UInt8(ascii: "\n") {
                    let code = String(decoding: typed, as: UTF8.self).trimmingWhitespace()
                    if !code.isEmpty { return (code, MastodonSignIn.outOfBand) }
                    typed = []
                } else if typed.count < 1024 {
                    typed.append(byte)
                }
            }
        }
        throw MastodonSignIn.Refused(
            "no authorization came within \(waitForAuthorization.components.seconds / 60) minutes")
    }

    private static func page(_ text: String) -> String {
        "<!doctype html><meta charset=utf-8><title>shimmerfeed</title><p>\(text)</p>"
    }

    static func say(_ text: String, newline: Bool = true) {
        let line = newline ? text + "\n" : text
        _ = line.utf8CString.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count - 1) }
    }

    /// `body`'s exit code, waited for here: the commands run before any loop exists.
    static func blocking(_ body: @escaping @Sendable () async -> Int32) -> Int32 {
        Blocking.run(body) ?? 1
    }
}
