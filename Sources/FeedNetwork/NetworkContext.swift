import FeedCore
import FeedTransport
import FoundationEssentials

/// What a network is given for a run: the transport, its accounts, the environment (the
/// variables `token=` names), the formats every network reads (a file may hold any), and
/// what the run asks of every source.
public struct NetworkContext: Sendable {
    public var client: HTTPClient
    /// The accounts signed in to this network.
    public var accounts: [Account]
    /// Where refreshed sessions are kept; nil keeps them for this run only.
    public var accountsFile: AccountsFile?
    public var environment: [String: String]
    /// Every network's formats, and the one `--format` named.
    public var formats: DocumentFormats
    public var format: FeedFormat
    /// Names resolved to accounts' ids, kept between runs (the store's).
    public var names: (any NameMemory)?
    /// Whether timelines may be kept live (not with `--no-stream`, `--offline` or
    /// `--dump`), and the viewer's refresh, which a server that cannot stream is asked at.
    public var live: Bool
    public var refresh: Duration?
    /// Whether read positions are kept on the servers (not with `--offline` or `--dump`).
    public var readPositions: Bool
    /// Why the accounts file could not be read, for the sources that need an account.
    public var accountsProblem: String?
    /// What a network's waits (a stream's back-off, a poll's interval) sleep on: the
    /// system's in the viewer, a manual one in tests.
    public var clock: any LoopClock
    /// The configuration's `password-command`: what gives a reader server's password when
    /// its session ends, where none is kept.
    public var passwordCommand: String?

    public init(
        client: HTTPClient, accounts: [Account] = [], accountsFile: AccountsFile? = nil,
        environment: [String: String] = [:], formats: DocumentFormats, format: FeedFormat = .auto,
        names: (any NameMemory)? = nil, live: Bool = false, refresh: Duration? = nil, readPositions: Bool = false,
        accountsProblem: String? = nil, clock: any LoopClock = SystemLoopClock(), passwordCommand: String? = nil
    ) {
        self.client = client
        self.accounts = accounts
        self.accountsFile = accountsFile
        self.environment = environment
        self.formats = formats
        self.format = format
        self.names = names
        self.live = live
        self.refresh = refresh
        self.readPositions = readPositions
        self.accountsProblem = accountsProblem
        self.clock = clock
        self.passwordCommand = passwordCommand
    }

    /// The token `entry` names with `token=$VARIABLE`: the variable's value, or the failure
    /// every load of it meets while the variable is unset; nil without `token=`.
    public func token(of entry: SourceEntry) -> Result<String, Failure>? {
        guard let variable = entry.tokenVariable else { return nil }
        guard let token = environment[variable], !token.isEmpty else {
            return .failure(.tokenUnset(variable: variable))
        }
        return .success(token)
    }
}

/// Names resolved to accounts' ids, kept between runs, so that a feed named by a handle
/// is asked for without resolving it at every start.
public protocol NameMemory: Sendable {
    func id(ofName name: String) -> String?
    func remember(name: String, id: String)
}
