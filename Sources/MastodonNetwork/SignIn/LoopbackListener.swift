import Glibc

/// The one-shot listener OAuth's redirect comes back to: bound to 127.0.0.1 only, on a
/// port the kernel picks (known before the app is registered, so that the redirect URI
/// registered is exact), taking one request and closing.
public final class LoopbackListener {
    public struct Failed: Error, CustomStringConvertible {
        public var description: String
    }

    public let port: Int
    private var socket: Int32

    public init() throws(Failed) {
        let listening = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listening >= 0 else { throw Failed(description: "no socket for the sign-in's redirect: \(Self.error())") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian  // 127.0.0.1
        address.sin_port = 0
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listening, $0, size) }
        }
        var length = size
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listening, $0, &length) }
        }
        guard bound == 0, listen(listening, 1) == 0, named == 0 else {
            let reason = Self.error()
            Glibc.close(listening)
            throw Failed(description: "cannot listen on 127.0.0.1 for the sign-in's redirect: \(reason)")
        }
        socket = listening
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { shut() }

    /// The file descriptor to wait on beside others (the terminal, for a pasted code).
    public var descriptor: Int32 { socket }

    /// What a connection to the listener brought.
    public enum Taken: Equatable, Sendable {
        /// A request, answered: its target (nil where it was not a GET); the listener is
        /// closed.
        case request(target: String?)
        /// Nothing before it closed or the time ran out (a browser opens connections it
        /// may never use): the listener waits on.
        case nothing
    }

    /// Takes the connection waiting (call once `descriptor` is readable), and its request,
    /// read within `timeout`: `answer` gives the status line's code and the page the browser
    /// shows for its target. After a request the listener closes.
    public func takeRequest(timeout: Duration, answer: (String?) -> (status: Int, page: String)) -> Taken {
        let connection = accept(socket, nil, nil)
        guard connection >= 0 else { return .nothing }
        _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        defer { Glibc.close(connection) }
        guard let target = Self.readTarget(connection, timeout: timeout) else { return .nothing }
        defer { shut() }
        let (status, page) = answer(target)
        let reason = status == 200 ? "OK" : status == 404 ? "Not Found" : "Bad Request"
        let body = Array(page.utf8)
        let head =
            "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/html; charset=utf-8\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\nCache-Control: no-store\r\n\r\n"
        let bytes = Array(head.utf8) + body
        _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return .request(target: target)
    }

    /// The request line's target, from at most 8 KiB read within `timeout`: nil when no
    /// byte came; `.some(nil)` for bytes that are not a GET's request line.
    private static func readTarget(_ connection: Int32, timeout: Duration) -> String?? {
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        var chunk = [UInt8](repeating: 0, count: 2048)
        while !received.contains(UInt8(ascii: "\n")), received.count < 8192 {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return received.isEmpty ? nil : .some(nil) }
            var ready = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1000 + 1, 60_000))
            guard poll(&ready, 1, milliseconds) > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += chunk[..<count]
        }
        guard !received.isEmpty else { return nil }
        // "GET /callback?code=… HTTP/1.1"
        guard let end = received.firstIndex(of: UInt8(ascii: "\n")) else { return .some(nil) }
        let line = String(decoding: received[..<end], as: UTF8.self)
        let parts = line.split(separator: " ")
        guard parts.count >= 2, parts[0] == "GET" else { return .some(nil) }
        return .some(String(parts[1]))
    }

    private func shut() {
        if socket >= 0 { Glibc.close(socket) }
        socket = -1
    }

    private static func error() -> String { String(cString: strerror(errno)) }
}
