// swift-tools-version:6.0
import PackageDescription

// Swift 6 language mode is the default for tools 6.0; it is spelled out per target
// so that no target can drift back to 5.
let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

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
            resources: [.embedInCode("sample-feed.json")],
            swiftSettings: swift6
        ),
        .target(
            name: "FeedCore",
            swiftSettings: swift6
        ),
        // RSS and Atom, read with libxml2's streaming reader.
        .target(
            name: "FeedXML",
            dependencies: ["FeedCore", "CLibXML2"],
            swiftSettings: swift6
        ),
        // Where feed bytes come from: files, standard input and HTTP through libcurl.
        .target(
            name: "FeedTransport",
            dependencies: ["FeedCore", "FeedXML", "CCurl"],
            swiftSettings: swift6
        ),
        // The memory between runs: posts, read marks and validators in SQLite.
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
        // Accounts: signing in to a server (OAuth with PKCE, a loopback redirect), and the
        // accounts file.
        .target(
            name: "FeedAccounts",
            dependencies: ["FeedCore", "FeedTransport"],
            swiftSettings: swift6
        ),
        .target(
            name: "FeedTerminal",
            dependencies: ["FeedCore", "CNcurses", "CZlib"],
            swiftSettings: swift6
        ),
        .executableTarget(
            name: "shimmerfeed",
            dependencies: [
                "FeedCore", "FeedTransport", "FeedStore", "FeedPictures", "FeedTerminal", "FeedAccounts", "SampleFeed",
                "MemoryTuning",
            ],
            swiftSettings: swift6
        ),
        // What more than one test target uses: the loopback feed server.
        .target(
            name: "TestSupport",
            dependencies: ["FeedCore"],
            path: "Tests/Support",
            swiftSettings: swift6
        ),
        // `make bench`: render and decode figures, in release mode.
        .executableTarget(
            name: "FeedBench",
            dependencies: ["FeedCore", "FeedStore", "FeedTerminal"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "FeedCoreTests",
            dependencies: ["FeedCore", "SampleFeed", "TestSupport"],
            exclude: ["Fixtures", "Snapshots"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "FeedXMLTests",
            dependencies: ["FeedXML", "FeedCore", "TestSupport"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "FeedTransportTests",
            dependencies: ["FeedTransport", "FeedCore", "TestSupport"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "FeedPicturesTests",
            dependencies: ["FeedPictures", "FeedCore", "TestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "FeedAccountsTests",
            dependencies: ["FeedAccounts", "FeedTransport", "FeedCore", "TestSupport"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "FeedStoreTests",
            dependencies: ["FeedStore", "FeedCore", "TestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: swift6
        ),
        .testTarget(
            name: "FeedTerminalTests",
            dependencies: ["FeedTerminal", "FeedCore", "TestSupport"],
            exclude: ["Snapshots"],
            swiftSettings: swift6
        ),
        // Real child processes, apart from the in-memory tiers.
        .testTarget(
            name: "ProcessTests",
            dependencies: ["FeedTerminal", "FeedCore", "FeedPictures", "TestSupport"],
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
