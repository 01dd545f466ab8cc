import FeedCore
import FeedNetwork
import Foundation
import TestSupport
import Testing

/// The accounts file: the reader's alone (folder 0700, file 0600, whatever the umask), read
/// back as written, and replaced whole.
@Suite struct AccountsFileTests {
    private func account(_ name: String) -> Account {
        Account(
            network: NetworkID("mastodon"), server: "https://mastodon.example", username: name, displayName: "Ada",
            clientID: "client", clientSecret: "secret", token: "token-\(name)")
    }

    @Test func theFileIsTheReadersAloneAndReadsBackAsWritten() throws {
        let folder = try ScratchFolder.make("accounts").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = AccountsFile(path: folder + "/config/shimmerfeed/accounts")
        #expect(try file.read().isEmpty, "no file yet: no accounts")
        let old = umask(0o022)
        defer { umask(old) }
        try file.write([account("ada")])
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: folder + "/config/shimmerfeed")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
        #expect(try file.read() == [account("ada")])
        try file.write([account("bea")])
        #expect(try file.read() == [account("bea")], "replaced whole")
        #expect(!FileManager.default.fileExists(atPath: file.path + ".new"), "nothing left beside it")
        #expect(account("ada").host == "mastodon.example")
    }

    /// A file written before the accounts were any network's (the fields a Mastodon
    /// account and a Bluesky session had, the DID under `did`) reads as it was, and is
    /// written back in the same words.
    @Test func aFileOfTheVersionBeforeReadsAsItWas() throws {
        let folder = try ScratchFolder.make("accounts").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = AccountsFile(path: folder + "/accounts")
        let written = """
            {"accounts": [
              {"network": "mastodon", "server": "https://mastodon.example", "username": "ada", "displayName": "Ada",
               "clientID": "client", "clientSecret": "secret", "token": "token-ada"},
              {"network": "bluesky", "server": "https://pds.example", "username": "ada.bsky.social",
               "clientID": "", "clientSecret": "", "token": "access", "refreshToken": "refresh",
               "did": "did:plc:ada"}
            ]}
            """
        try Data(written.utf8).write(to: URL(fileURLWithPath: file.path))
        let accounts = try file.read()
        #expect(accounts.map(\.network) == [NetworkID("mastodon"), NetworkID("bluesky")])
        #expect(accounts[0] == account("ada"))
        #expect(accounts[1].accountID == "did:plc:ada" && accounts[1].refreshToken == "refresh")
        try file.write(accounts)
        let again = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file.path)), as: UTF8.self)
        #expect(again.contains(#""did" : "did:plc:ada""#) && !again.contains("accountID"), "\(again)")
    }

    @Test func aFileThatIsNotAccountsIsSaidNotIgnored() throws {
        let folder = try ScratchFolder.make("accounts").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/accounts"
        try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: AccountsFile.Unusable.self) { try AccountsFile(path: path).read() }
    }
}
