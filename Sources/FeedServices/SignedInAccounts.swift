import FeedCore
import FeedNetwork

/// The accounts signed in with `shimmerfeed login`, of every network, as this run reads
/// them from the accounts file.
public struct SignedInAccounts: Sendable {
    public let accounts: [Account]
    /// The accounts file; nil where no folder is named for it.
    public let file: AccountsFile?
    /// Why the accounts file could not be read, for the sources that need it.
    public let problem: String?

    public init(environment: [String: String]) {
        file = AccountsFile.defaultPath(environment: environment).map(AccountsFile.init(path:))
        do throws(AccountsFile.Unusable) {
            accounts = try file?.read() ?? []
            problem = nil
        } catch {
            accounts = []
            problem = error.description
        }
    }

    public init(accounts: [Account], file: AccountsFile? = nil, problem: String? = nil) {
        self.accounts = accounts
        self.file = file
        self.problem = problem
    }

    /// The accounts of the network `id`.
    public func of(_ id: NetworkID?) -> [Account] {
        accounts.filter { $0.network == id }
    }
}
