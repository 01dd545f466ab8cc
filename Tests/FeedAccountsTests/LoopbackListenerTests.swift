import FeedAccounts
import Foundation
import Glibc
import Testing

/// The sign-in's listener: on 127.0.0.1 only, one request taken and answered, then closed.
@Suite struct LoopbackListenerTests {
    /// A connection to 127.0.0.1:`port` that sends `request`; the answer, or nil when the
    /// connection is refused.
    private func ask(port: Int, _ request: String) -> String? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
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
        _ = send(socket, bytes, bytes.count, 0)
        var answer = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = recv(socket, &buffer, buffer.count, 0), count > 0 { answer += buffer[0..<count] }
        return String(decoding: answer, as: UTF8.self)
    }

    /// `ask` on a thread of its own (the listener blocks the test's), its answer when done.
    private func asking(port: Int, _ request: String) -> () -> String? {
        final class Answer: @unchecked Sendable {
            var text: String?
            let done = DispatchSemaphore(value: 0)
        }
        let answer = Answer()
        Thread.detachNewThread {
            answer.text = ask(port: port, request)
            answer.done.signal()
        }
        return {
            answer.done.wait()
            return answer.text
        }
    }

    @Test func oneRequestOnLoopbackIsTakenAnsweredAndTheListenerCloses() throws {
        let listener = try LoopbackListener()
        let port = listener.port
        // Bound to 127.0.0.1, not to every address.
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener.descriptor, $0, &length) }
        }
        #expect(UInt32(bigEndian: address.sin_addr.s_addr) == 0x7F00_0001)
        let answer = asking(port: port, "GET /callback?code=c&state=s HTTP/1.1\r\nHost: x\r\n\r\n")
        var seen: String?
        let target = listener.takeRequest(timeout: .seconds(10)) { target in
            seen = target
            return (200, "<p>Signed in</p>")
        }
        #expect(target == "/callback?code=c&state=s" && seen == target)
        let page = try #require(answer())
        #expect(page.hasPrefix("HTTP/1.1 200 OK") && page.hasSuffix("<p>Signed in</p>"), "\(page)")
        #expect(ask(port: port, "GET / HTTP/1.1\r\n\r\n") == nil, "closed after one request")
    }

    @Test func aRequestThatIsNotAGetHasNoTarget() throws {
        let listener = try LoopbackListener()
        let port = listener.port
        let answer = asking(port: port, "POST /callback HTTP/1.1\r\n\r\n")
        let target = listener.takeRequest(timeout: .seconds(10)) { target in
            (target == nil ? 400 : 200, "page")
        }
        #expect(target == nil)
        #expect(try #require(answer()).hasPrefix("HTTP/1.1 400"))
    }
}
