import FeedCommandLine
import FeedCore
import FeedServices
import Foundation
import NetworkRegistry
import TestSupport
import Testing

/// Where a run's settings come from (docs/timeline.md and
/// shimmerfeed-config(5)): the command line over the configuration file over the subscriptions
/// file; a source's own `refresh=` and `mute=` over the run's; the environment's
/// SHIMMERFEED_ACCESSIBLE; the store the file names unless the command line names another
/// or none. Each read as `main` reads them, from files in a folder of the test's own.
@Suite struct SettingsTests {
    /// A folder with a configuration file and a subscriptions file, and two feeds to read.
    final class Folder {
        let url: URL

        init(config: String? = nil, feeds: String? = nil) throws {
            url = try ScratchFolder.make("shimmerfeed-settings")
            try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
            for name in ["a.json", "b.json"] {
                try Data(
                    #"{"posts": [{"id": "1", "author": {"name": "Ada"}, "content": "Hello", "likes": 0, "created_at": "2026-11-01T00:00:00Z"}]}"#
                        .utf8
                ).write(
                    to: url.appendingPathComponent(name))
            }
            if let config {
                try config.write(to: settings.appendingPathComponent("config"), atomically: true, encoding: .utf8)
            }
            if let feeds {
                try feeds.write(to: settings.appendingPathComponent("feeds"), atomically: true, encoding: .utf8)
            }
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        var settings: URL { url.appendingPathComponent("config/shimmerfeed") }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }

        var environment: [String: String] {
            [
                "XDG_CONFIG_HOME": url.appendingPathComponent("config").path, "HOME": url.path,
                "XDG_STATE_HOME": url.appendingPathComponent("state").path,
            ]
        }

        func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ViewerRun {
            let environment = environment.merging(extra) { $1 }
            let options = try RunOptions.load(
                arguments, environment: environment, vocabulary: NetworkRegistry.vocabulary)
            return try ViewerRun(options: options, environment: environment, networks: NetworkRegistry.networks)
        }
    }

    @Test func theRefreshOfTheCommandLineOverTheConfigurationsOverTheSubscriptionsFiles() throws {
        let feeds = "a.json\nb.json\nrefresh 30m\n"
        let alone = try Folder(feeds: feeds)
        #expect(try alone.run([]).refreshInterval == .seconds(1800), "the subscriptions file's")
        let configured = try Folder(config: "refresh 10m\n", feeds: feeds)
        #expect(try configured.run([]).refreshInterval == .seconds(600), "the configuration's")
        #expect(try configured.run(["--refresh", "1m"]).refreshInterval == .seconds(60), "the command line's")
        #expect(try Folder(config: "refresh 10m\n").run([alone.path("a.json")]).refreshInterval == .seconds(600))
        #expect(try Folder().run([alone.path("a.json")]).refreshInterval == nil, "never, unless asked")
    }

    @Test func aSourcesOwnRefreshIsItsOwn() throws {
        let folder = try Folder(feeds: "a.json refresh=15m\nb.json\nrefresh 1h\n")
        let run = try folder.run([])
        #expect(run.sources.statuses.map(\.refreshInterval) == [.seconds(900), nil])
        #expect(run.viewer.refreshInterval == .seconds(3600))
        #expect(run.viewer.sources.map(\.refreshInterval) == [.seconds(900), nil], "handed to the view")
    }

    @Test func theConfigurationsMutesAreEverywhereAndASourcesOwnAreItsOwn() throws {
        let folder = try Folder(
            config: "mute crypto\nmute author @ada\n", feeds: "a.json mute=\"Super Bowl\"\nb.json\n")
        let mutes = try folder.run([]).viewer.mutes
        #expect(mutes.everywhere == [.words(["crypto"]), .author("@ada")])
        #expect(mutes.bySource == [0: [.words(["super bowl"])]], "folded, for source 0 only")
        #expect(
            try folder.run(["--no-store", folder.path("b.json")]).viewer.mutes.bySource.isEmpty, "a source of its own")
    }

    @Test func theStoreTheConfigurationNamesUnlessTheCommandLineNamesAnotherOrNone() throws {
        let configured = try Folder()
        let named = configured.path("named.sqlite3")
        try "store \"\(named)\"\n".write(
            to: configured.settings.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        let file = configured.path("a.json")
        #expect(try configured.run([file]).store.store != nil)
        #expect(FileManager.default.fileExists(atPath: named), "the configuration's store")
        let given = configured.path("given.sqlite3")
        #expect(try configured.run(["--store", given, file]).store.store != nil)
        #expect(FileManager.default.fileExists(atPath: given), "the command line's")
        #expect(try configured.run(["--no-store", file]).store.store == nil, "none")
        #expect(throws: RunOptions.Refused.self, "--offline shows the store: with none, nothing") {
            try configured.run(["--no-store", "--offline", file])
        }
    }

    @Test func aConfigurationFileTheCommandLineNamesMustBeThere() throws {
        let folder = try Folder()
        #expect(throws: RunOptions.Refused.self) { try folder.run(["--config", folder.path("missing")]) }
        do {
            _ = try folder.run(["--config", folder.path("missing")])
        } catch {
            #expect("\(error)" == "\(folder.path("missing")): no such configuration file")
        }
        // The default one may be missing.
        #expect(try folder.run([folder.path("a.json")]).sources.count == 1)
        // A line it cannot read stops the start, by its line.
        let broken = try Folder(config: "refresh 10m\nanimation sideways\n")
        do {
            _ = try broken.run([broken.path("a.json")])
            Issue.record("a bad line was taken")
        } catch {
            #expect("\(error)".contains("config:2"), "\(error)")
        }
        // Words that are the same whatever the file says need none of it: `make install`
        // runs --generate wherever it runs, and a broken file is fixed with the manual.
        let environment = broken.environment
        for (arguments, action) in [
            (["--generate", "man"], CommandLineOptions.Action.generate(.man)), (["accounts"], .accounts),
            (["--version"], .version), (["logout", "social.example"], .logout("social.example")),
            (["login", "social.example"], .login("social.example", network: nil)),
        ] {
            let options = try RunOptions.load(
                arguments, environment: environment, vocabulary: NetworkRegistry.vocabulary)
            #expect(options.action == action, "\(arguments)")
        }
    }

    @Test func theEnvironmentsAccessibleModeDrawsNoPictures() throws {
        let folder = try Folder()
        let file = folder.path("a.json")
        let accessible = try folder.run(["--images", "cells", file], environment: ["SHIMMERFEED_ACCESSIBLE": "1"])
        #expect(accessible.viewer.accessible && accessible.options.images == .none && accessible.pictures == nil)
        let plain = try folder.run(["--images", "cells", file])
        #expect(!plain.viewer.accessible && plain.options.images == .cells && plain.pictures != nil)
    }
}
