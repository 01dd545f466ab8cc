import Foundation

/// The loopback feed server (FeedCoreTests/Fixtures/feed_server.py), started by the tests
/// themselves on a free port of 127.0.0.1. It ends when this object goes, or after a
/// minute.
public final class FeedServer {
    public let port: Int
    private let process: Process
    private let input: Pipe

    public static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("FeedCoreTests/Fixtures")

    public init() throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.fixtures.appendingPathComponent("feed_server.py").path]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line is the port.
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line += byte
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw StartFailed()
        }
        self.port = port
    }

    public struct StartFailed: Error {}

    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    deinit {
        // Closing its input ends the server; no waiting here, which would hold one of the
        // few threads the tests run on.
        try? input.fileHandleForWriting.close()
        process.terminate()
    }
}
