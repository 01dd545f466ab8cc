import Foundation
import Glibc
import TestSupport
import Testing

@testable import MastodonNetwork

/// The sign-in's listener: on 127.0.0.1 only, one request taken and answered, then closed.
@Suite struct LoopbackListenerTests {
    /// `request` sent to `port` on a thread of its own (the listener blocks the test's); its
    /// answer, when it is done.
    private func asking(port: Int, _ request: String) -> () -> String? {
        final class Answer: @unchecked Sendable {
            var text: String?
            let done = DispatchSemaphore(value: 0)
        }
        let answer = Answer()
        Thread.detachNewThread {
            answer.text = FeedServer.exchange(port: port, request)
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
        #expect(target == .request(target: "/callback?code=c&state=s") && seen == "/callback?code=c&state=s")
        let page = try #require(answer())
        #expect(page.hasPrefix("HTTP/1.1 200 OK") && page.hasSuffix("<p>Signed in</p>"), "\(page)")
        #expect(FeedServer.exchange(port: port, "GET / HTTP/1.1\r\n\r\n") == nil, "closed after one request")
    }

    @Test func aRequestThatIsNotAGetHasNoTarget() throws {
        let listener = try LoopbackListener()
        let port = listener.port
        let answer = asking(port: port, "POST /callback HTTP/1.1\r\n\r\n")
        let target = listener.takeRequest(timeout: .seconds(10)) { target in
            (target == nil ? 400 : 200, "page")
        }
        #expect(target == .request(target: nil))
        #expect(try #require(answer()).hasPrefix("HTTP/1.1 400"))
    }

    /// A connection that sends nothing (a browser's preconnect) is let go, and the
    /// listener takes the request that follows.
    @Test func aConnectionThatSendsNothingLeavesTheListenerOpen() throws {
        let listener = try LoopbackListener()
        let idle = asking(port: listener.port, "")
        var answered = false
        let first = listener.takeRequest(timeout: .milliseconds(300)) { _ in
            answered = true
            return (200, "page")
        }
        #expect(first == .nothing && !answered)
        _ = idle()
        let request = asking(port: listener.port, "GET /callback?code=c&state=s HTTP/1.1\r\n\r\n")
        #expect(
            listener.takeRequest(timeout: .seconds(10)) { _ in (200, "page") }
                == .request(target: "/callback?code=c&state=s"))
        #expect(try #require(request()).hasPrefix("HTTP/1.1 200"))
    }
}
