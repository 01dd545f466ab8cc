import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import FeedTransport

/// Server-sent events as the transport reads them: the user stream a real Mastodon server
/// sent (Mastodon.py's recorded session, mastodon-streaming/SOURCES.md), in pieces of any
/// size, its keep-alives set aside, an oversized event dropped without costing the next one.
@Suite struct ServerSentEventsTests {
    private func recorded() throws -> Data {
        try Fixtures.data("mastodon-streaming/user.sse")
    }

    private func events(_ items: [ServerSentEvents.Item]) -> [ServerSentEvents.Event] {
        items.compactMap { if case .event(let event) = $0 { event } else { nil } }
    }

    @Test func theRecordedUserStreamReadsAsItsEventsWhateverThePieces() throws {
        let data = try recorded()
        var whole = ServerSentEvents()
        let items = whole.read(data)
        let names = events(items).map(\.name)
        #expect(names == ["update", "notification", "update", "notification", "status.update", "delete"])
        // The opening “:)”; the closing “:” has no line end yet, and waits for it.
        #expect(items.filter { $0 == .keepAlive }.count == 1)
        #expect(whole.read(Data("\n".utf8)) == [.keepAlive])
        // Byte by byte, and in pieces of 7: the same events.
        var byByte = ServerSentEvents()
        let oneByOne = data.flatMap { byByte.read([$0]) }
        #expect(oneByOne == items)
        var inPieces = ServerSentEvents()
        let pieces = stride(from: 0, to: data.count, by: 7).flatMap {
            inPieces.read(data[(data.startIndex + $0)..<min(data.endIndex, data.startIndex + $0 + 7)])
        }
        #expect(pieces == items)
    }

    @Test func carriageReturnsEndLinesAndSeveralDataLinesJoin() {
        var reader = ServerSentEvents()
        let items = reader.read(Data("event: delete\r\ndata: 1\r\ndata: 2\r\rdata:3\n\n".utf8))
        #expect(
            events(items) == [
                ServerSentEvents.Event(name: "delete", data: "1\n2", id: nil),
                ServerSentEvents.Event(name: "message", data: "3", id: nil),
            ])
    }

    @Test func anEventOverTheBoundIsDroppedAndTheNextIsRead() {
        var reader = ServerSentEvents(maxEventSize: 64)
        let big = "event: update\ndata: " + String(repeating: "x", count: 200) + "\ndata: more\n\n"
        let items = reader.read(Data((big + "event: delete\ndata: 7\n\n").utf8))
        #expect(items.count == 2)
        guard case .tooLarge(let bytes) = items.first else {
            Issue.record("\(items)")
            return
        }
        #expect(bytes == 65, "stopped at the bound, not at the end of the event")
        #expect(events(items) == [ServerSentEvents.Event(name: "delete", data: "7", id: nil)])
        // Keep-alives are not an event's: a day of them is no event over the bound.
        var idle = ServerSentEvents(maxEventSize: 64)
        let keepAlives = idle.read(Data(String(repeating: ":thump\n", count: 1000).utf8))
        #expect(keepAlives.count == 1000 && keepAlives.allSatisfy { $0 == .keepAlive })
    }
}
