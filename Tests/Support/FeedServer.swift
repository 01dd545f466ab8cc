import Foundation
import Glibc

/// The loopback feed server (Tests/servers/feed_server.py), started by the tests
/// themselves on a free port of 127.0.0.1. It ends when this object goes, or after a
/// minute.
public final class FeedServer {
    public let port: Int
    /// A port on 127.0.0.1 whose listener never accepts: a connect to it hangs.
    public let hangingPort: Int
    /// With `tls`: the HTTPS port, and the certificate to trust for it.
    public let tlsPort: Int?
    public let certificate: String?
    private let process: Process
    private let input: Pipe

    public static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("FeedCoreTests/Fixtures")
    /// The loopback servers' scripts.
    public static let servers = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("servers")

    public init(tls: Bool = false) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", Self.servers.appendingPathComponent("feed_server.py").path] + (tls ? ["--tls"] : [])
            // The test run's id, for its leftovers check (Tests/test-run.sh); the server ignores it.
            + ["--run", TestRun.id]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The port, the hanging port, and with TLS its port and certificate: a line each.
        let reader = output.fileHandleForReading
        let lines = try (0..<(tls ? 4 : 2)).map { _ in try Self.readLine(reader) }
        let ports = lines.prefix(tls ? 3 : 2).compactMap { Int($0) }
        guard ports.count == (tls ? 3 : 2) else {
            try? input.fileHandleForWriting.close()
            throw StartFailed()
        }
        port = ports[0]
        hangingPort = ports[1]
        tlsPort = tls ? ports[2] : nil
        certificate = tls ? lines[3] : nil
    }

    private static func readLine(_ handle: FileHandle) throws -> String {
        var line = Data()
        while let byte = try handle.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line += byte
        }
        return String(decoding: line, as: UTF8.self)
    }

    /// The server's process id, to check that it ends.
    public var processIdentifier: Int32 { process.processIdentifier }

    public struct StartFailed: Error {}

    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// An https URL of the TLS server.
    public func secureURL(_ path: String) -> URL {
        URL(string: "https://127.0.0.1:\(tlsPort ?? 0)\(path)")!
    }

    /// A URL whose connect never completes.
    public var hangingURL: URL { URL(string: "http://127.0.0.1:\(hangingPort)/feed.json")! }

    /// How many bodies the server streams now, the most it streamed at once, and how many
    /// it began in all.
    public func streams() throws -> (open: Int, most: Int, total: Int) {
        struct Streams: Decodable { var open, most, total: Int }
        let body = try get("/streams")
        let streams = try JSONDecoder().decode(Streams.self, from: Data(body.utf8))
        return (streams.open, streams.most, streams.total)
    }

    /// The body of a plain HTTP/1.0 GET, over a socket of its own: the tests check the
    /// transport, so they do not ask it.
    public func get(_ path: String) throws -> String {
        guard let response = Self.exchange(port: port, "GET \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n") else {
            throw StartFailed()
        }
        return response.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
    }

    /// The body of a plain HTTP/1.0 POST of `form` (already encoded) with a bearer token,
    /// as another client of the loopback Mastodon server posts.
    public func post(_ path: String, form: String, token: String) throws -> String {
        let request =
            "POST \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(form.utf8.count)\r\n\r\n\(form)"
        guard let response = Self.exchange(port: port, request) else { throw StartFailed() }
        return response.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
    }

    /// `request` sent over a connection of its own to 127.0.0.1:`port`, and all that comes
    /// back until the other end closes; nil when the connection is refused.
    public static func exchange(port: Int, _ request: String) -> String? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return nil }
        let bytes = Array(request.utf8)
        guard send(socket, bytes, bytes.count, 0) == bytes.count else { return nil }
        var response = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = recv(socket, &buffer, buffer.count, 0), count > 0 {
            response += buffer[0..<count]
        }
        return String(decoding: response, as: UTF8.self)
    }

    deinit {
        // Closing its input ends the server; no waiting here, which would hold one of the
        // few threads the tests run on.
        try? input.fileHandleForWriting.close()
        process.terminate()
    }
}
