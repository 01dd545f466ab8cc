import FeedCore
import FeedNetwork
import FeedTransport
import FoundationEssentials

/// Signing in to a Mastodon server in the browser: the viewer registers itself, the reader
/// authorizes it (with PKCE where the server takes it), and the code comes back to a
/// listener on 127.0.0.1, or is pasted here where the browser cannot reach this machine
/// (over SSH). Nothing secret is said: the token goes from the server's answer into the
/// account kept.
struct MastodonBrowserSignIn {
    /// How long the sign-in waits for the browser or a pasted code.
    static let waitForAuthorization: Duration = .seconds(300)

    let server: String
    let console: any SignInConsole
    let client: HTTPClient

    func run() async throws -> Account {
        let listener = try LoopbackListener()
        let signIn = MastodonSignIn(server: server, redirectPort: listener.port, client: client)
        var pkce: PKCE?
        if await signIn.takesPKCE() { pkce = try PKCE.make() }
        let app = try await signIn.register()
        let state = Base64URL.encode(try RandomBytes.make(16))
        let url = signIn.authorizeURL(app: app, redirect: signIn.redirect, state: state, pkce: pkce)
        let pasteURL = signIn.authorizeURL(app: app, redirect: MastodonSignIn.outOfBand, state: state, pkce: pkce)
        console.say(
            """
            Signing in to \(server.dropFirst("https://".count)): authorize shimmerfeed in your browser.
            If no browser opens, visit:

              \(url)

            Over SSH, where the browser cannot reach this machine, open this page instead and
            paste the code it shows here:

              \(pasteURL)

            """)
        if !console.openInBrowser(url) {
            console.say("No browser opened it (set BROWSER to name one): visit the page above.")
        }
        console.say("Code (or wait for the browser): ", newline: false)
        let (code, redirect) = try waitForCode(listener: listener, state: state, signIn: signIn)
        let token = try await signIn.token(app: app, code: code, redirect: redirect, pkce: pkce)
        return try await signIn.account(app: app, token: token)
    }

    /// The code, from the browser's redirect to the listener or typed here, and the
    /// redirect it was made for.
    private func waitForCode(listener: LoopbackListener, state: String, signIn: MastodonSignIn) throws -> (
        String, String
    ) {
        let deadline = ContinuousClock.now + Self.waitForAuthorization
        while ContinuousClock.now < deadline {
            switch console.waitForLine(or: listener.descriptor, until: deadline) {
            case .timedOut:
                continue
            case .line(let typed):
                let code = typed.trimmingWhitespace()
                if !code.isEmpty { return (code, MastodonSignIn.outOfBand) }
            case .readable:
                var refusal: SignInRefused?
                var code: String?
                let taken = listener.takeRequest(timeout: .seconds(10)) { target in
                    switch target.map({ MastodonSignIn.code(fromRedirect: $0, state: state) }) {
                    case .success(let found)?:
                        code = found
                        return (200, Self.page("Signed in: shimmerfeed has the authorization. You can close this tab."))
                    case .failure(let refused)?:
                        refusal = refused
                        return (400, Self.page("Not signed in: \(refused.description)."))
                    case nil:
                        refusal = SignInRefused("the browser's request could not be read")
                        return (400, Self.page("Not signed in: the request could not be read."))
                    }
                }
                // A connection the browser opened and left unused: the redirect may follow.
                if taken == .nothing { continue }
                if let code { return (code, signIn.redirect) }
                throw refusal ?? SignInRefused("the browser's request could not be read")
            }
        }
        throw SignInRefused(
            "no authorization came within \(Self.waitForAuthorization.components.seconds / 60) minutes")
    }

    private static func page(_ text: String) -> String {
        "<!doctype html><meta charset=utf-8><title>shimmerfeed</title><p>\(text)</p>"
    }
}
