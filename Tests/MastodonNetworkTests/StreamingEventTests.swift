import FeedCore
import FeedTransport
import Foundation
import TestSupport
import Testing

@testable import MastodonNetwork

/// The recorded user stream (mastodon-streaming/SOURCES.md) as the timeline takes it:
/// updates, a notification's row, an edit and a delete; an event of another name, and one
/// that cannot be read.
@Suite struct StreamingEventTests {
    private func recorded() throws -> Data {
        try Fixtures.data("mastodon-streaming/user.sse")
    }

    private func events(_ items: [ServerSentEvents.Item]) -> [ServerSentEvents.Event] {
        items.compactMap { if case .event(let event) = $0 { event } else { nil } }
    }

    @Test func theRecordedEventsDecodeAsTheTimelineTakesThem() throws {
        var reader = ServerSentEvents()
        let decoded = try events(reader.read(try recorded())).map { event throws(Failure) in
            try StreamingEvent.decode(event)
        }
        guard case .update(let first) = decoded[0] else {
            Issue.record("\(decoded[0])")
            return
        }
        #expect(first.statusID == "117024236332527350" && first.content == "only real cars respond.")
        // The recorded notification, a mention, read as its row.
        guard case .notification(let mention?) = decoded[1] else {
            Issue.record("\(decoded[1])")
            return
        }
        #expect(mention.id == .string("14") && mention.author.handle == "admin")
        guard case .edited(let edited) = decoded[4] else {
            Issue.record("\(decoded[4])")
            return
        }
        #expect(edited.statusID == "117024236332527350")
        #expect(decoded[5] == .delete("117024236332527350"))
    }

    @Test func anUnknownEventIsNotTheTimelinesAndABrokenOneSaysWhy() throws {
        #expect(
            try StreamingEvent.decode(.init(name: "filters_changed", data: "", id: nil)) == .other("filters_changed"))
        #expect(throws: Failure.self) { try StreamingEvent.decode(.init(name: "update", data: "{", id: nil)) }
    }
}
