// swift-tools-version:6.0
import PackageDescription

#if canImport(Glibc)
    import Glibc
#endif

// Swift 6 language mode is the default for tools 6.0; it is spelled out per target
// so that no target can drift back to 5.
let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// The release binary's link, for the memory it keeps resident (`make bench`'s many-feeds
/// peak, 300 feeds: 36.0 MiB with gold's default link, 32.7 with this): lld lays the
/// functions the viewer runs side by side (Resources/hot-functions.txt, `make
/// hot-functions`), so that the kernel's chunks of mapped code hold them and not the cold
/// ones beside them; and relative relocations packed (DT_RELR, which glibc loads from 2.36)
/// instead of a megabyte of them read at every start. Both keep the static runtime and ASLR.
let releaseLink: [LinkerSetting] = {
    let root = String(#filePath.dropLast("/Package.swift".count))
    var flags = [
        "-use-ld=lld", "-Xlinker", "--symbol-ordering-file=\(root)/Resources/hot-functions.txt",
        "-Xlinker", "--no-warn-symbol-ordering",
    ]
    if glibcLoadsPackedRelocations { flags += ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] }
    return [.unsafeFlags(flags, .when(configuration: .release))]
}()

/// Whether this machine's C library, which will load the binary built here, reads DT_RELR.
var glibcLoadsPackedRelocations: Bool {
    #if canImport(Glibc)
        // "glibc 2.36"
        var name = [CChar](repeating: 0, count: 64)
        guard confstr(Int32(_CS_GNU_LIBC_VERSION), &name, name.count) > 0 else { return false }
        let words = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let version = words.split(separator: " ").last?.split(separator: ".").compactMap { Int($0) }
        guard let version, version.count >= 2 else { return false }
        return (version[0], version[1]) >= (2, 36)
    #else
        return false
    #endif
}

let package = Package(
    name: "shimmerfeed",
    products: [
        .executable(name: "shimmerfeed", targets: ["shimmerfeed"])
    ],
    targets: [
        .systemLibrary(
            name: "CNcurses",
            path: "Sources/CNcurses",
            // No pkgConfig: the header includes <ncursesw/curses.h> by path, and the
            // -D flags pkg-config reports are dropped by SwiftPM with a warning anyway.
            providers: [.apt(["libncurses-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            path: "Sources/CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The picture decoders, each the system's library, imported by FeedPictures alone.
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CJPEG", path: "Sources/CJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CGIF", path: "Sources/CGIF", providers: [.apt(["libgif-dev"])]),
        // zlib: kitty pictures are sent compressed. Imported by FeedTerminal alone.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // glibc's malloc tuning: no library to link, imported by MemoryTuning alone.
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .target(
            name: "MemoryTuning",
            dependencies: ["CMalloc"],
            swiftSettings: swift6
        ),
        // The bundled sample feed, embedded in the binary so that an installed copy needs
        // no files beside it.
        .target(
            name: "SampleFeed",
            path: "Resources",
            exclude: ["hot-functions.txt"],
            resources: [.embedInCode("sample-feed.json")],
            swiftSettings: swift6
        ),
        .target(
            name: "FeedCore",
            swiftSettings: swift6
        ),
        // The one option table: the parser, --help, the configuration file, the
        // subscriptions file.
        .target(
            name: "FeedCommandLine",
            dependencies: ["FeedCore"],
            swiftSettings: swift6
        ),
        // RSS and Atom, read with libxml2's streaming reader; OPML.
        .target(
            name: "FeedXML",
            dependencies: ["FeedCore", "CLibXML2"],
            swiftSettings: swift6
        ),
        // Where bytes come from: files, standard input and HTTP through libcurl, one client
        // value carrying every transport setting.
        .target(
            name: "FeedTransport",
            dependencies: ["FeedCore", "CCurl"],
            swiftSettings: swift6
        ),
        // The memory between runs: posts, read marks, validators and the outbox in SQLite.
        .target(
            name: "FeedStore",
            dependencies: ["FeedCore", "CSQLite"],
            swiftSettings: swift6
        ),
        // Pictures: bytes from the network and the disk cache, decoded and scaled down.
        .target(
            name: "FeedPictures",
            dependencies: ["FeedCore", "FeedTransport", "CPNG", "CJPEG", "CWebP", "CGIF"],
            swiftSettings: swift6
        ),
        .target(
            name: "FeedTerminal",
            dependencies: ["FeedCore", "CNcurses", "CZlib"],
            swiftSettings: swift6
        ),
        // The seam: the Network protocol every network's module answers, the accounts, and
        // the loader of documents every network reads through.
        .target(
            name: "FeedNetwork",
            dependencies: ["FeedCore", "FeedTransport"],
            swiftSettings: swift6
        ),
        // The networks, one module each, all of each in its own.
        .target(
            name: "WebFeedNetwork",
            dependencies: ["FeedCore", "FeedNetwork", "FeedXML"],
            swiftSettings: swift6
        ),
        .target(
            name: "MastodonNetwork",
            dependencies: ["FeedCore", "FeedNetwork", "FeedTransport"],
            swiftSettings: swift6
        ),
        .target(
            name: "BlueskyNetwork",
            dependencies: ["FeedCore", "FeedNetwork", "FeedTransport"],
            swiftSettings: swift6
        ),
        // A reader server: Tiny Tiny RSS's JSON API. Another reader server's API would be a
        // module beside it.
        .target(
            name: "TinyTinyRSSNetwork",
            dependencies: ["FeedCore", "FeedNetwork", "FeedTransport"],
            swiftSettings: swift6
        ),
        // The list of networks, in one place.
        .target(
            name: "NetworkRegistry",
            dependencies: [
                "FeedNetwork", "WebFeedNetwork", "MastodonNetwork", "BlueskyNetwork", "TinyTinyRSSNetwork",
                "SampleFeed",
            ],
            swiftSettings: swift6
        ),
        // What talks to servers and the store for the viewer, over any network: the loader
        // chain, the outbox, read positions, composing, live timelines, the commands.
        .target(
            name: "FeedServices",
            dependencies: [
                "FeedCore", "FeedCommandLine", "FeedNetwork", "FeedTransport", "FeedStore", "FeedPictures", "FeedXML",
                "FeedTerminal",
            ],
            swiftSettings: swift6
        ),
        .executableTarget(
            name: "shimmerfeed",
            dependencies: [
                "FeedCore", "FeedCommandLine", "FeedServices", "FeedTerminal", "NetworkRegistry", "MemoryTuning",
            ],
            swiftSettings: swift6,
            linkerSettings: releaseLink
        ),
        // What more than one test target uses: the loopback feed server, and a client that
        // trusts its certificate.
        .target(
            name: "TestSupport",
            dependencies: ["FeedCore", "FeedTransport"],
            path: "Tests/Support",
            swiftSettings: swift6
        ),
        // `make bench`: render and decode figures, in release mode.
        .executableTarget(
            name: "FeedBench",
            dependencies: ["FeedCore", "FeedStore", "FeedTerminal", "NetworkRegistry"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "FeedCoreTests",
            dependencies: ["FeedCore", "FeedCommandLine", "SampleFeed", "TestSupport", "WebFeedNetwork"],
            exclude: ["Fixtures", "Snapshots"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "FeedCommandLineTests",
            dependencies: ["FeedCommandLine", "FeedCore", "NetworkRegistry", "TestSupport"],
            exclude: ["Snapshots"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "FeedXMLTests",
            dependencies: ["FeedXML", "FeedCore", "TestSupport"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "FeedTransportTests",
            dependencies: ["FeedTransport", "FeedCore", "WebFeedNetwork", "TestSupport"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "FeedPicturesTests",
            dependencies: ["FeedPictures", "FeedTransport", "FeedCore", "TestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "FeedStoreTests",
            dependencies: ["FeedStore", "FeedCore", "MastodonNetwork", "TestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "FeedTerminalTests",
            dependencies: ["FeedTerminal", "FeedCore", "FeedCommandLine", "WebFeedNetwork", "TestSupport"],
            exclude: ["Snapshots"],
            swiftSettings: swift6
        ),
        // Each network where it lives: its formats on recorded answers, its addresses, its
        // rows, and the code that talks to its servers against the loopback server.
        .testTarget(
            name: "FeedNetworkTests",
            dependencies: ["FeedNetwork", "FeedTransport", "FeedCore", "WebFeedNetwork", "TestSupport"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "WebFeedNetworkTests",
            dependencies: ["WebFeedNetwork", "FeedNetwork", "FeedTransport", "FeedCore", "TestSupport"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "MastodonNetworkTests",
            dependencies: ["MastodonNetwork", "FeedNetwork", "FeedTransport", "FeedCore", "TestSupport"],
            exclude: ["Fixtures", "Snapshots"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "BlueskyNetworkTests",
            dependencies: ["BlueskyNetwork", "FeedNetwork", "FeedTransport", "FeedCore", "TestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: swift6
        ),
        // The services on a manual clock, over the real networks and the loopback server.
        .testTarget(
            name: "TinyTinyRSSNetworkTests",
            dependencies: ["TinyTinyRSSNetwork", "FeedNetwork", "FeedTransport", "FeedCore", "TestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "FeedServicesTests",
            dependencies: [
                "FeedServices", "FeedCommandLine", "FeedNetwork", "FeedStore", "FeedTransport", "FeedCore",
                "NetworkRegistry", "MastodonNetwork", "BlueskyNetwork", "WebFeedNetwork", "TinyTinyRSSNetwork",
                "TestSupport",
            ],
            swiftSettings: swift6
        ),
        // Real child processes, apart from the in-memory tiers.
        .testTarget(
            name: "ProcessTests",
            dependencies: [
                "FeedTerminal", "FeedCore", "FeedPictures", "FeedCommandLine", "NetworkRegistry", "TestSupport",
            ],
            swiftSettings: swift6
        ),
        // The real binary in tmux; depends on the executable so `swift test` builds it.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["shimmerfeed", "FeedTerminal", "FeedStore", "TestSupport"],
            path: "Tests/e2e",
            exclude: ["Tools"],
            swiftSettings: swift6
        ),
    ]
)
