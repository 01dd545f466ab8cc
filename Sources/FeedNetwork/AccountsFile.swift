import FeedCore
import FoundationEssentials
import Glibc

/// A signed-in account: its network, the server, who the reader is there, the app
/// registered for this viewer, and the tokens. Kept in the accounts file only: never in the
/// store, on a command line, on the screen or in a message.
public struct Account: Codable, Sendable, Equatable {
    public var network: NetworkID
    /// The server's base: `https://host[:port]`.
    public var server: String
    /// The reader's name there, without the host.
    public var username: String
    public var displayName: String?
    /// The app registered for this viewer, where the network registers one (OAuth).
    public var clientID: String
    public var clientSecret: String
    public var token: String
    /// The refresh token that makes a new `token` when that one expires, where the
    /// network's tokens expire.
    public var refreshToken: String?
    /// The account's own id on its network, where records are written under it.
    public var accountID: String?
    /// The password, where the network signs in with one again when its session ends (a
    /// reader server's) and no password command gives it.
    public var password: String?

    public init(
        network: NetworkID, server: String, username: String, displayName: String?, clientID: String = "",
        clientSecret: String = "", token: String, refreshToken: String? = nil, accountID: String? = nil
    ) {
        self.network = network
        self.server = server
        self.username = username
        self.displayName = displayName
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.token = token
        self.refreshToken = refreshToken
        self.accountID = accountID
    }

    private enum CodingKeys: String, CodingKey {
        case network, server, username, displayName, clientID, clientSecret, token, refreshToken, password
        case accountID = "did"
    }

    /// The host as the reader names the server.
    public var host: String { String(server.dropFirst("https://".count)) }
}

/// `$XDG_CONFIG_HOME/shimmerfeed/accounts` (else `~/.config/…`): the accounts, as JSON, in a
/// folder only the reader may enter (0700) and a file only the reader may read (0600),
/// written whole to a file beside it and renamed over it, so that a crash leaves one or the
/// other.
public struct AccountsFile: Sendable {
    public struct Unusable: Error, CustomStringConvertible {
        public var description: String
    }

    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Where the accounts live by default; nil with neither `XDG_CONFIG_HOME` nor `HOME`.
    public static func defaultPath(environment: [String: String]) -> String? {
        ConfigFolder.path("accounts", environment: environment)
    }

    private struct Contents: Codable {
        var accounts: [Account]
    }

    /// The accounts kept; none where there is no file yet.
    public func read() throws(Unusable) -> [Account] {
        guard access(path, F_OK) == 0 else { return [] }
        do {
            let data = try Data(contentsOf: URL(filePath: path))
            return try JSONDecoder().decode(Contents.self, from: data).accounts
        } catch {
            throw Unusable(description: "\(path) cannot be read: \(error)")
        }
    }

    /// Keeps `accounts` as the whole file.
    public func write(_ accounts: [Account]) throws(Unusable) {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if let failure = PrivateFolder.make(folder) { throw Unusable(description: failure) }
        // The reader's alone, even where it was there before.
        guard chmod(folder, 0o700) == 0 else {
            throw Unusable(description: "\(folder) cannot be made private: \(String(cString: strerror(errno)))")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(Contents(accounts: accounts)) else {
            throw Unusable(description: "the accounts cannot be written as JSON")
        }
        let temporary = path + ".new"
        let file = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard file >= 0 else {
            throw Unusable(description: "\(temporary) cannot be written: \(String(cString: strerror(errno)))")
        }
        // Made 0600 whatever the umask, before a byte of it is written.
        fchmod(file, 0o600)
        let written = data.withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) }
        let synced = fsync(file) == 0
        close(file)
        guard written == data.count, synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Unusable(description: "\(path) cannot be written: \(reason)")
        }
    }
}
