import FeedCore
import FeedTransport

/// A network shimmerfeed reads: a module of its own, and a line in the registry. Through
/// this one protocol it says which addresses and servers are its own, how its sources are
/// read (address, formats, pages), what a reader can do there and in what words, and how
/// each action is sent. Everything else holds neutral values: an action is "like this
/// post", never an endpoint's name.
public protocol Network: Sendable {
    /// Its name in the registry, its words, and what it can do for a signed-in reader.
    var traits: NetworkTraits { get }
    /// The formats its answers come in; a file or standard input may hold them too.
    var formats: DocumentFormats { get }
    /// How `--help` tells to sign in to it; none where it has no accounts.
    var signIns: [CommandLineVocabulary.SignIn] { get }

    /// Whether `server`, as `login` or `logout` was given it, is one of its own. A network
    /// whose servers are anywhere answers yes to any: the registry asks it last.
    func signsIn(at server: String) -> Bool
    /// Signs in at `server`, asking the reader through `console`: the account to keep.
    func signIn(at server: String, console: any SignInConsole, client: HTTPClient) async throws -> Account
    /// The accounts of `accounts` that `logout server` means.
    func accounts(_ accounts: [Account], signedOutAt server: String) -> [Account]
    /// Ends `account`'s session on its server, where there is one to end; what to tell the
    /// reader. Throws where the server refused (the account is then kept).
    func signOut(_ account: Account, client: HTTPClient) async throws -> String
    /// How the reader names `account`: its handle, `@ada@mastodon.example`.
    func handle(of account: Account) -> String
    /// What to tell the reader once `account` is kept in the accounts file at `path`.
    func signedIn(_ account: Account, keptIn path: String) -> String

    /// This run's reading of its sources, with the accounts signed in to it.
    func reader(_ context: NetworkContext) -> any NetworkReader
}

extension Network {
    public var id: NetworkID? { traits.id }
    public var signIns: [CommandLineVocabulary.SignIn] { [] }
    public func signsIn(at server: String) -> Bool { false }
    public func signIn(at server: String, console: any SignInConsole, client: HTTPClient) async throws -> Account {
        throw Failure.unexpected("\(traits.words.name) has no accounts to sign in to")
    }
    public func accounts(_ accounts: [Account], signedOutAt server: String) -> [Account] { [] }
    public func signOut(_ account: Account, client: HTTPClient) async throws -> String { "" }
    public func handle(of account: Account) -> String { "@\(account.username)@\(account.host)" }
    public func signedIn(_ account: Account, keptIn path: String) -> String {
        "Signed in to \(account.host) as \(handle(of: account)). The account is kept in \(path)."
    }
}

/// One run's reading of a network's sources.
public protocol NetworkReader: Sendable {
    /// The source a run with none given reads for `account` (one of its network's): its
    /// home timeline.
    func home(of account: Account) -> SourceEntry?
    /// The entry that reads the notifications `entry` (a `notifications` source) asks
    /// for: of its `account=`, else of the network's first account; nil where this
    /// network has no such account.
    func notifications(for entry: SourceEntry) -> SourceEntry?
    /// Whether `entry` is an account's list of sources (a reader server's feeds), which
    /// `sources(of:)` lists: decided without asking anyone.
    func listsSources(_ entry: SourceEntry) -> Bool
    /// The sources `entry` stands for, where it is an account's list of them, asked of the
    /// server at the start; nil where it stands for itself.
    func sources(of entry: SourceEntry) async -> [SourceEntry]?
    /// How `entry` is read and acted on, when it is this network's; nil when it is not.
    func open(_ entry: SourceEntry) -> NetworkSource?
}

extension NetworkReader {
    public func home(of account: Account) -> SourceEntry? { nil }
    public func notifications(for entry: SourceEntry) -> SourceEntry? { nil }
    public func listsSources(_ entry: SourceEntry) -> Bool { false }
    public func sources(of entry: SourceEntry) async -> [SourceEntry]? { nil }
}
