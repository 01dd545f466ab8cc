import FeedCore
import FeedNetwork
import FeedTransport

/// `shimmerfeed login [--NETWORK] SERVER` and `shimmerfeed logout SERVER`: the network that
/// knows the server (or the one named) signs in and out; the accounts file keeps the
/// account. Nothing secret is printed: tokens go from the server's answer into the file.
public struct AccountCommands: Sendable {
    let networks: [any Network]
    let file: AccountsFile?
    let client: HTTPClient
    let console: any SignInConsole
    let output: CommandOutput
    /// The configuration's `password-command`: with it, no password is kept.
    let passwordCommand: String?

    public init(
        networks: [any Network], environment: [String: String], console: any SignInConsole = TerminalConsole(),
        output: CommandOutput = .standard, passwordCommand: String? = nil
    ) {
        self.passwordCommand = passwordCommand
        self.networks = networks
        file = AccountsFile.defaultPath(environment: environment).map(AccountsFile.init(path:))
        client = HTTPClient(environment: environment)
        self.console = console
        self.output = output
    }

    /// The network `login` means: the one named, else the first whose server it is.
    func network(named: String?, server: String) throws(SignInRefused) -> any Network {
        if let named {
            let withAccounts = networks.filter { !$0.signIns.isEmpty }
            guard let network = withAccounts.first(where: { $0.id?.rawValue == named }) else {
                let names = withAccounts.compactMap(\.id).map { "--\($0.rawValue)" }.joined(separator: ", ")
                throw SignInRefused("no network is named --\(named) (there are \(names))")
            }
            return network
        }
        guard let network = networks.first(where: { $0.signsIn(at: server) }) else {
            throw SignInRefused("\(server): no network signs in there")
        }
        return network
    }

    private func accountsFile() throws(SignInRefused) -> AccountsFile {
        guard let file else { throw SignInRefused("no place for the accounts: set HOME or XDG_CONFIG_HOME") }
        return file
    }

    public func login(_ server: String, network named: String?) -> Int32 {
        awaitResult { await signIn(server, network: named) } ?? 1
    }

    public func logout(_ server: String) -> Int32 {
        awaitResult { await signOut(server) } ?? 1
    }

    func signIn(_ server: String, network named: String?) async -> Int32 {
        do {
            let network = try network(named: named, server: server)
            let file = try accountsFile()
            var account = try await network.signIn(at: server, console: console, client: client)
            // The command gives the password whenever it is needed again: none is kept.
            if passwordCommand != nil { account.password = nil }
            // The same account signed in again takes its own place.
            var accounts = try file.read().filter { !Self.isSame($0, account) }
            accounts.append(account)
            try file.write(accounts)
            console.endLine()
            output.say(network.signedIn(account, keptIn: file.path))
            return 0
        } catch {
            console.endLine()
            output.complain("login: \(error)")
            return 1
        }
    }

    /// Whether two accounts are one: of one network, and its id where it has one, else
    /// its server.
    static func isSame(_ kept: Account, _ new: Account) -> Bool {
        guard kept.network == new.network else { return false }
        if let id = new.accountID { return kept.accountID == id }
        return kept.server == new.server
    }

    func signOut(_ server: String) async -> Int32 {
        do {
            let file = try accountsFile()
            var accounts = try file.read()
            // The network whose server it is; where that has no account there, the network
            // that has (a reader server's address is no network's by its name).
            var network = try network(named: nil, server: server)
            if network.accounts(accounts, signedOutAt: server).isEmpty,
                let holding = networks.first(where: { !$0.accounts(accounts, signedOutAt: server).isEmpty })
            {
                network = holding
            }
            let leaving = network.accounts(accounts, signedOutAt: server)
            guard !leaving.isEmpty else {
                output.complain("logout: not signed in to \(Self.host(server))")
                return 1
            }
            for account in leaving {
                let said: String
                do {
                    said = try await network.signOut(account, client: client)
                } catch {
                    output.complain("logout: \(error)")
                    return 1
                }
                accounts.removeAll { $0 == account }
                try file.write(accounts)
                output.say(said)
            }
            return 0
        } catch {
            output.complain("logout: \(error)")
            return 1
        }
    }

    /// `shimmerfeed accounts`: each account signed in, a line: the address `logout` takes,
    /// the network and the name there, apart by tabs (for a person, and for the shells'
    /// completion of `logout`). Nothing secret.
    public func list() -> Int32 {
        do {
            for account in try accountsFile().read() {
                output.say("\(Self.host(account.server))\t\(account.network)\t\(account.username)")
            }
            return 0
        } catch {
            output.complain("accounts: \(error)")
            return 1
        }
    }

    /// A server as the reader typed it, without its scheme.
    static func host(_ typed: String) -> String {
        let lower = typed.lowercased()
        return lower.hasPrefix("https://") ? String(typed.dropFirst("https://".count)) : typed
    }
}
