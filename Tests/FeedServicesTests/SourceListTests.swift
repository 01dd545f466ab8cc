import Foundation
import TestSupport
import Testing

@testable import FeedCore
@testable import FeedServices

/// Which sources a run has: the command line's, else the subscriptions file's, else the
/// sample; an OPML file among them expands to its feeds.
@Suite struct SourceListTests {
    private func scratch() throws -> URL { try ScratchFolder.make("mapped-sources") }

    @Test func noSourceAndNoFileIsTheSample() throws {
        let list = try SourceList.resolve([], environment: ["XDG_CONFIG_HOME": "/nonexistent"])
        #expect(list.entries.map(\.source) == [.sample])
    }

    @Test func theSubscriptionsFileWithTildesAndAnOPMLFile() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("shimmerfeed")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let opml = folder.appendingPathComponent("subscriptions")  // no .opml: found by its content
        try """
        <?xml version="1.0"?>
        <opml version="1.0"><body><outline text="Folder">
          <outline text="Dev blog" xmlUrl="https://dev.example/feed.xml"/>
          <outline title="Podcast" text="ignored" xmlUrl=" https://pod.example/rss "/>
          <outline text="A folder, no feed"/>
        </outline></body></opml>
        """.write(to: opml, atomically: true, encoding: .utf8)
        try """
        ~/local.json Local
        \(opml.path)
        refresh 1h
        """.write(to: config.appendingPathComponent("feeds"), atomically: true, encoding: .utf8)
        let list = try SourceList.resolve([], environment: ["XDG_CONFIG_HOME": folder.path, "HOME": "/home/ada"])
        #expect(
            list.entries.map(\.source) == [
                .file("/home/ada/local.json"), .url(URL(string: "https://dev.example/feed.xml")!),
                .url(URL(string: "https://pod.example/rss")!),
            ])
        #expect(list.entries.map(\.title) == ["Local", "Dev blog", "Podcast"])
        #expect(list.refresh == .seconds(3600))
        // Sources on the command line: the file is not read.
        let named = try SourceList.resolve(["a.json"], environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(named.entries.map(\.source) == [.file("a.json")] && named.refresh == nil)
    }
}
