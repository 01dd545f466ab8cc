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

    /// An OPML file's folders are its feeds' tags, after those of the line that names it;
    /// `--tag` keeps the sources filed under a tag or a tag nested in it.
    @Test func opmlFoldersAreTagsAndTagFilesTheSources() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("shimmerfeed")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let opml = folder.appendingPathComponent("export.opml")
        try """
        <opml version="2.0"><body>
          <outline text="tech"><outline text="swift">
            <outline text="Swift blog" xmlUrl="https://swift.example/feed.xml"/>
          </outline></outline>
          <outline text="Loose" xmlUrl="https://loose.example/rss"/>
        </body></opml>
        """.write(to: opml, atomically: true, encoding: .utf8)
        try """
        https://lwn.example/rss tag=tech LWN
        \(opml.path) tag=imported
        https://cats.example/rss
        """.write(to: config.appendingPathComponent("feeds"), atomically: true, encoding: .utf8)
        let list = try SourceList.resolve([], environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(list.entries.map(\.tags) == [["tech"], ["imported", "tech/swift"], ["imported"], []])
        #expect(try list.filed(under: "tech").entries.map(\.title) == ["LWN", "Swift blog"])
        #expect(try list.filed(under: "tech/swift").entries.map(\.title) == ["Swift blog"])
        // `tec` is no tag, though `tech` begins with it.
        #expect(
            throws: Failure.unexpected("no source is filed under the tag tec; the tags are tech, imported, tech/swift")
        ) {
            try list.filed(under: "tec")
        }
        let untagged = try SourceList.resolve(["a.json"], environment: [:])
        #expect(
            throws: Failure.unexpected(
                "no source has a tag to open with --tag x: give them tag=NAME in the subscriptions file")
        ) {
            try untagged.filed(under: "x")
        }
    }
}
