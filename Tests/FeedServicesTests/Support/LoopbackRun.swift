import FeedCommandLine
import FeedCore
import FeedNetwork
import FeedServices
import FeedTransport
import Foundation
import NetworkRegistry
import TestSupport

@testable import BlueskyNetwork
@testable import MastodonNetwork

/// A run as `main` makes one (the command line over the configuration file, every
/// network of the registry), in a folder of the test's own: its configuration, accounts
/// file and store there, and the loopback server's certificate trusted. The server answers
/// as Mastodon and Bluesky do, with their recorded answers (Tests/servers).
final class LoopbackRun {
    let server: FeedServer
    let folder: URL

    /// The app password the loopback PDS takes (bluesky_api.py), and the recorded session's account.
    static let appPassword = "abcd-efgh-ijkl-mnop"
    static let blueskyHandle = "bskyr.bsky.social"

    init() throws {
        server = try FeedServer(tls: true)
        folder = try ScratchFolder.make("shimmerfeed-services")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// `https://127.0.0.1:PORT`: the TLS server, where accounts are.
    var base: String { "https://127.0.0.1:\(server.tlsPort ?? 0)" }
    var host: String { "127.0.0.1:\(server.tlsPort ?? 0)" }
    var config: URL { folder.appendingPathComponent("config/shimmerfeed") }
    var storePath: String { folder.appendingPathComponent("store.sqlite3").path }
    var accountsFile: AccountsFile { AccountsFile(path: config.appendingPathComponent("accounts").path) }

    /// The environment of the run: this folder's configuration, the server's certificate,
    /// Bluesky's AppView on the loopback server.
    var environment: [String: String] {
        [
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path, "HOME": folder.path,
            "SSL_CERT_FILE": server.certificate ?? "",
            "SHIMMERFEED_BLUESKY_APPVIEW": "http://127.0.0.1:\(server.port)",
        ]
    }

    /// The recorded Mastodon account, signed in to the TLS server.
    var mastodonAccount: Account {
        Account(
            network: Mastodon.id, server: base, username: "mastodonpy_test", displayName: "John Lennon",
            clientID: RecordedMastodon.clientID, clientSecret: RecordedMastodon.clientSecret,
            token: RecordedMastodon.token)
    }

    /// The Mastodon account's handle, and the outbox's name for it.
    var mastodonHandle: String { "@mastodonpy_test@\(host)" }

    /// The accounts file holding `accounts`, as `login` writes it.
    func signIn(_ accounts: [Account]) throws {
        try accountsFile.write(accounts)
    }

    /// A Bluesky session made at the loopback PDS, as `login --bluesky` makes one.
    func blueskySession() async throws -> Account {
        let console = ScriptedConsole(lines: [Self.blueskyHandle, Self.appPassword])
        return try await Bluesky().signIn(at: host, console: console, client: HTTPClient(environment: environment))
    }

    /// The run of `arguments` (`--store` in the folder unless they say otherwise), on
    /// `clock`, with `extra` in its environment.
    func run(
        _ arguments: [String], clock: any LoopClock = SystemLoopClock(), environment extra: [String: String] = [:]
    ) throws -> ViewerRun {
        let stored = arguments.contains("--store") || arguments.contains("--no-store")
        let environment = environment.merging(extra) { $1 }
        let options = try RunOptions.load(
            (stored ? [] : ["--store", storePath]) + arguments, environment: environment,
            vocabulary: NetworkRegistry.vocabulary)
        return try ViewerRun(
            options: options, environment: environment, networks: NetworkRegistry.networks, clock: clock)
    }
}

/// A sign-in's console that types the given lines in turn and keeps what was said.
final class ScriptedConsole: SignInConsole, @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String]
    private(set) var said: [String] = []

    init(lines: [String]) {
        self.lines = lines
    }

    func say(_ text: String, newline: Bool) {
        lock.withLock { said.append(text) }
    }

    func ask(_ prompt: String, secret: Bool) -> String? {
        lock.withLock {
            said.append(prompt)
            return lines.isEmpty ? nil : lines.removeFirst()
        }
    }

    func openInBrowser(_ url: String) -> Bool { false }

    func waitForLine(or descriptor: Int32, until deadline: ContinuousClock.Instant) -> ConsoleWait {
        lock.withLock { lines.isEmpty ? .timedOut : .line(lines.removeFirst()) }
    }

    func endLine() {}
}
