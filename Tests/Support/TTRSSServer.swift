import Foundation

/// A private Tiny Tiny RSS on loopback (Tests/servers/ttrss_server.py): Debian's tt-rss
/// package with its own PostgreSQL cluster in a scratch folder, PHP's server behind a TLS
/// front, and RSS feeds its own updater fetches. Everything it started ends, by id, when
/// this object goes (its input closed, then SIGTERM).
public final class TTRSSServer: @unchecked Sendable {
    /// tt-rss's address, its certificate, and the user the schema makes (API access on).
    public let url: String
    public let certificate: String
    public let user: String
    public let password: String
    /// How long it took to start, as the script measured it.
    public let startSeconds: Double
    private let process: Process
    private let input: Pipe
    private let output: FileHandle
    private let lock = NSLock()

    /// Why the tests of the real server cannot run here, if they cannot: tt-rss or
    /// PostgreSQL not installed, or not run as root (PostgreSQL and PHP run as their own
    /// users).
    public static var unavailable: String? {
        let manager = FileManager.default
        if !manager.fileExists(atPath: "/usr/share/tt-rss/www/api/index.php") {
            return "tt-rss is not installed (.ci/system-packages test installs it)"
        }
        if (try? manager.contentsOfDirectory(atPath: "/usr/lib/postgresql"))?.isEmpty ?? true {
            return "PostgreSQL is not installed (.ci/system-packages test installs it)"
        }
        if getuid() != 0 { return "the private tt-rss runs PostgreSQL and PHP as their own users: it needs root" }
        return nil
    }

    public struct StartFailed: Error, CustomStringConvertible {
        public var description: String
    }

    /// A tt-rss with `feeds` feeds of `articles` articles each, filed in turn under
    /// `categories` categories ("Category A", "Category B", …).
    public init(feeds: Int = 3, articles: Int = 5, categories: Int = 2) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", FeedServer.servers.appendingPathComponent("ttrss_server.py").path, "--feeds", String(feeds),
            "--articles", String(articles), "--categories", String(categories), "--run", TestRun.id,
        ]
        input = Pipe()
        let pipe = Pipe()
        process.standardInput = input
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        output = pipe.fileHandleForReading
        let line = Self.readLine(output)
        struct Started: Decodable {
            var url, cert, user, password: String
            var seconds: Double
        }
        guard let started = try? JSONDecoder().decode(Started.self, from: Data(line.utf8)) else {
            try? input.fileHandleForWriting.close()
            process.terminate()
            throw StartFailed(description: "tt-rss did not start: \(line)")
        }
        url = started.url
        certificate = started.cert
        user = started.user
        password = started.password
        startSeconds = started.seconds
    }

    /// Sends a command of the script's (`update`, `publish 1 Title`, `sql …`, `down`, `up`,
    /// `user NAME PASSWORD on|off`) and returns its one-line answer.
    @discardableResult
    public func command(_ line: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
        return Self.readLine(output)
    }

    /// The rows of `statement` in tt-rss's database: a row a string, fields tab-separated.
    @discardableResult
    public func sql(_ statement: String) -> [String] {
        let answer = command("sql " + statement)
        return answer.isEmpty ? [] : answer.components(separatedBy: "|")
    }

    /// How many articles of the admin's are unread on the server.
    public func unreadCount(owner: Int = 1) -> Int {
        Int(sql("select count(*) from ttrss_user_entries where unread and owner_uid = \(owner)").first ?? "") ?? -1
    }

    /// The titles of the articles the server holds read (or starred) for `owner`, sorted.
    public func titles(where condition: String, owner: Int = 1) -> [String] {
        sql(
            "select e.title from ttrss_user_entries u join ttrss_entries e on e.id = u.ref_id "
                + "where u.owner_uid = \(owner) and \(condition) order by e.title")
    }

    /// The server's id of the article titled `title`.
    public func articleID(_ title: String) -> String {
        sql("select id from ttrss_entries where title = '\(title)'").first ?? ""
    }

    private static func readLine(_ handle: FileHandle) -> String {
        var line = Data()
        while let byte = try? handle.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line += byte
        }
        return String(decoding: line, as: UTF8.self)
    }

    /// The server's process id, to check that it ends.
    public var processIdentifier: Int32 { process.processIdentifier }

    deinit {
        try? input.fileHandleForWriting.close()
        process.terminate()
    }
}
