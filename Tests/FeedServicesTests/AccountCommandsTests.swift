import FeedCore
import FeedNetwork
import FeedServices
import Foundation
import NetworkRegistry
import TestSupport
import Testing

/// `shimmerfeed login` and `logout` (docs/mastodon.md, docs/bluesky.md), as `main` runs them, their
/// words kept: the network named, or the one that knows the server, signs in; the accounts
/// file keeps the account, one place for each (signed in again, it takes its own place),
/// readable by the reader alone; nothing secret is printed; `logout` revokes a token where
/// the network has one and forgets the account. Against the loopback server's Bluesky PDS
/// and Mastodon.
@Suite(.serialized) struct AccountCommandsTests {
    let loopback: LoopbackRun

    init() throws {
        loopback = try LoopbackRun()
    }

    private func commands(typing lines: [String] = []) -> (
        AccountCommands, ScriptedConsole, @Sendable () -> (out: String, error: String)
    ) {
        let console = ScriptedConsole(lines: lines)
        let (output, printed) = CommandOutput.kept()
        let commands = AccountCommands(
            networks: NetworkRegistry.networks, environment: loopback.environment, console: console, output: output)
        return (commands, console, printed)
    }

    /// `login`, which waits for its sign-in, run on a thread of its own.
    private func login(_ commands: AccountCommands, network: String?) async throws -> Int32 {
        let host = loopback.host
        return try await onOwnThread { commands.login(host, network: network) }
    }

    private func logout(_ commands: AccountCommands, _ server: String) async throws -> Int32 {
        try await onOwnThread { commands.logout(server) }
    }

    @Test func loginWithTheNetworkNamedKeepsTheSessionForTheReaderAlone() async throws {
        let (commands, console, printed) = commands(typing: [LoopbackRun.blueskyHandle, LoopbackRun.appPassword])
        #expect(try await login(commands, network: "bluesky") == 0)
        let path = loopback.accountsFile.path
        #expect(
            printed().out
                == "Signed in to Bluesky as @bskyr.bsky.social, at \(loopback.host). The session is kept in \(path).\n")
        #expect(printed().error.isEmpty)
        #expect(console.said.contains("App password: "))
        #expect(!printed().out.contains("access-1") && !console.said.joined().contains(LoopbackRun.appPassword))
        let accounts = try loopback.accountsFile.read()
        #expect(accounts.map(\.network) == [.init("bluesky")] && accounts.first?.token == "access-1")
        #expect(accounts.first?.accountID == "did:plc:5c2r73erhng4bszmxlfdtscf")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    /// `accounts` lists each account by the address `logout` takes (signed out by it), its
    /// network and its name: nothing secret.
    @Test func accountsListsTheAddressLogoutTakes() async throws {
        let (commands, _, _) = commands(typing: [LoopbackRun.blueskyHandle, LoopbackRun.appPassword])
        #expect(try await login(commands, network: "bluesky") == 0)
        let (lister, _, listed) = self.commands()
        #expect(lister.list() == 0)
        let account = try #require(try loopback.accountsFile.read().first)
        #expect(listed().out == "\(loopback.host)\tbluesky\t\(account.username)\n")
        #expect(!listed().out.contains(account.token) && listed().error.isEmpty)
        let address = String(listed().out.prefix { $0 != "\t" })
        #expect(try await logout(lister, address) == 0)
        #expect(try loopback.accountsFile.read().isEmpty)
        let (empty, _, none) = self.commands()
        #expect(empty.list() == 0 && none().out.isEmpty, "no account: no line")
    }

    @Test func theSameAccountSignedInAgainTakesItsOwnPlace() async throws {
        try loopback.signIn([loopback.mastodonAccount])
        for _ in 0..<2 {
            let (commands, _, _) = commands(typing: [LoopbackRun.blueskyHandle, LoopbackRun.appPassword])
            #expect(try await login(commands, network: "bluesky") == 0)
        }
        let accounts = try loopback.accountsFile.read()
        #expect(accounts.map(\.network.rawValue) == ["mastodon", "bluesky"], "the other network's account stays")
        #expect(accounts.last?.token == "access-2", "the second session")
    }

    @Test func aNetworkNotKnownIsRefusedByItsNameWithTheNamesThereAre() async throws {
        let (commands, _, printed) = commands()
        #expect(try await login(commands, network: "friendica") == 1)
        #expect(
            printed().error
                == "shimmerfeed: login: no network is named --friendica (there are --bluesky, --ttrss, --mastodon)\n"
        )
        #expect(try loopback.accountsFile.read().isEmpty)
        #expect(try BlueskyLog.entries(loopback.server).isEmpty && MastodonLog.entries(loopback.server).isEmpty)
    }

    @Test func aRefusedAppPasswordKeepsNothing() async throws {
        let (commands, _, printed) = commands(typing: [LoopbackRun.blueskyHandle, "wxyz-wxyz-wxyz-wxyz"])
        #expect(try await login(commands, network: "bluesky") == 1)
        #expect(printed().error.hasPrefix("shimmerfeed: login: "))
        #expect(!printed().error.contains("wxyz"))
        #expect(try loopback.accountsFile.read().isEmpty)
    }

    @Test func logoutRevokesTheTokenAndForgetsTheAccountOnly() async throws {
        let session = Account(
            network: .init("bluesky"), server: loopback.base, username: "bskyr.bsky.social", displayName: nil,
            token: "access-9", refreshToken: "refresh-9", accountID: "did:plc:5c2r73erhng4bszmxlfdtscf")
        try loopback.signIn([loopback.mastodonAccount, session])
        let (commands, _, printed) = commands()
        #expect(try await logout(commands, loopback.host) == 0)
        #expect(
            printed().out
                == "Signed out of \(loopback.host): \(loopback.mastodonHandle)'s token is revoked and forgotten.\n")
        #expect(try MastodonLog.paths(loopback.server) == ["POST /oauth/revoke"])
        #expect(try loopback.accountsFile.read() == [session], "the Bluesky session stays")
        // Its PDS is the same loopback host: asked again, the host has that account left.
        let (again, _, _) = self.commands()
        #expect(try await logout(again, loopback.host) == 0)
        #expect(try loopback.accountsFile.read().isEmpty)
        let (third, _, said) = self.commands()
        #expect(try await logout(third, loopback.host) == 1)
        #expect(said().error == "shimmerfeed: logout: not signed in to \(loopback.host)\n")
    }

    @Test func aTokenTheServerWillNotRevokeKeepsItsAccount() async throws {
        var account = loopback.mastodonAccount
        account.clientSecret = "not the app's"
        try loopback.signIn([account])
        let (commands, _, printed) = commands()
        #expect(try await logout(commands, "https://" + loopback.host) == 1)
        #expect(printed().error.contains("the token could not be revoked on \(loopback.host) (HTTP 403 Forbidden"))
        #expect(printed().error.contains("the account is kept"))
        #expect(try loopback.accountsFile.read() == [account])
    }

    @Test func anAccountsFileThatCannotBeReadIsSaidAndLeftAsItWas() async throws {
        try Data("not the accounts".utf8).write(to: URL(fileURLWithPath: loopback.accountsFile.path))
        let (commands, _, printed) = commands()
        #expect(try await logout(commands, loopback.host) == 1)
        #expect(printed().error.hasPrefix("shimmerfeed: logout: "), "\(printed().error)")
        #expect(printed().error.contains(loopback.accountsFile.path), "the file named: \(printed().error)")
        #expect(try MastodonLog.entries(loopback.server).isEmpty, "nothing revoked")
        #expect(try String(contentsOfFile: loopback.accountsFile.path, encoding: .utf8) == "not the accounts")
    }
}
