import FeedCore

/// One option of the command line: its names, its value, what it does, and how it sets the
/// options. `CommandLineOption.all` is the one table: the parser, `--help`, the manual and
/// the shells' completions all come from it (a test holds the manual to it), and every default it
/// names is read from `CommandLineOptions()`, never typed again.
public struct CommandLineOption: Sendable {
    /// The names, the one the help shows first: `["--help", "-h"]`.
    public var names: [String]
    /// The value's name (`SECONDS`), or its choices (`auto|dark|light`); nil for a flag.
    public var value: String?
    /// The choices, where the networks give them (`--format`): in place of `value`.
    var choices: (@Sendable (CommandLineVocabulary) -> [String])?
    /// What it does, for `--help` and the manual.
    public var summary: String
    /// More for the manual, when there is more to say.
    public var detail: String?
    /// Sets the options from the value (a flag is given an empty one).
    let apply: @Sendable (inout CommandLineOptions, String) throws(CommandLineOptions.ParseError) -> Void

    /// The value's name, or its choices as the networks give them.
    public func value(in vocabulary: CommandLineVocabulary) -> String? {
        guard let choices, !choices(vocabulary).isEmpty else { return value }
        return choices(vocabulary).joined(separator: "|")
    }

    /// The names as the help and the manual write them, the short one first: `-h`, `--help`.
    public var namesShortFirst: [String] { names.sorted { $0.count < $1.count } }

    /// How the help writes it: `--timeout SECONDS`, `-h, --help`.
    public func label(in vocabulary: CommandLineVocabulary) -> String {
        let shown = namesShortFirst.joined(separator: ", ")
        return value(in: vocabulary).map { "\(shown) \($0)" } ?? shown
    }

    /// The option a name names, `--name=value` or not.
    static func named(_ name: String) -> CommandLineOption? {
        all.first { $0.names.contains(name) }
    }
}

extension CommandLineOption {
    typealias ParseError = CommandLineOptions.ParseError

    /// The defaults, for the words that name them.
    private static let defaults = CommandLineOptions()

    /// "15", "1.5": seconds as a person writes them.
    static func seconds(_ duration: Duration) -> String {
        let value = duration.seconds
        return value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// "60", "0.3": a number as a person writes it.
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// The choices of an option with named values, as its value's name.
    static func choices<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) -> String
    where Choice.RawValue == String {
        Choice.allCases.map(\.rawValue).joined(separator: "|")
    }

    // MARK: reading values

    /// A number of seconds in `range`, as a duration rounded to milliseconds.
    static func seconds(_ text: String, of name: String, in range: ClosedRange<Double>, excludingZero: Bool = false)
        throws(ParseError) -> Duration
    {
        guard let seconds = Double(text), range.contains(seconds), !(excludingZero && seconds == 0) else {
            throw ParseError(
                description: "\(name) takes seconds from \(number(range.lowerBound)) to \(number(range.upperBound)), "
                    + "not '\(text)'")
        }
        return .milliseconds(Int((seconds * 1000).rounded(.up)))
    }

    /// A number in `range`, of the unit `unit`.
    static func number(_ text: String, of name: String, in range: ClosedRange<Double>, unit: String)
        throws(ParseError) -> Double
    {
        guard let value = Double(text), range.contains(value) else {
            throw ParseError(
                description: "\(name) takes \(unit) from \(number(range.lowerBound)) to \(number(range.upperBound)), "
                    + "not '\(text)'")
        }
        return value
    }

    /// A whole number in `range`.
    static func whole(_ text: String, of name: String, in range: ClosedRange<Int>) throws(ParseError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw ParseError(
                description:
                    "\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    /// One of an option's named values.
    static func choice<Choice: RawRepresentable & CaseIterable>(_ text: String, of name: String, _: Choice.Type)
        throws(ParseError) -> Choice
    where Choice.RawValue == String {
        guard let chosen = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw ParseError(description: "\(name) takes one of \(names), not '\(text)'")
        }
        return chosen
    }

    // MARK: the table

    /// Every option, in the order `--help` and the manual list them.
    public static let all: [CommandLineOption] = [
        CommandLineOption(
            names: ["--refresh"], value: "INTERVAL",
            summary:
                "reload every source in the background every 30s, 5m, 1h, ... (from 5 s to a day; seconds "
                + "without a unit; default: the subscriptions file's refresh, else never); no skeleton over the "
                + "rows: new posts come in at the top, and what you read stays put",
            detail:
                "each request is conditional (`If-None-Match`, `If-Modified-Since`); a source that fails is asked "
                + "again after the interval, doubled with each failure in a row (at most an hour), or after the "
                + "server's `Retry-After` when that is longer"
        ) { options, text throws(ParseError) in
            guard let interval = RefreshInterval.parse(text) else {
                throw ParseError(
                    description: "--refresh takes an interval such as 30s, 5m or 1h, from 5 s to a day, not '\(text)'")
            }
            options.viewer.refreshInterval = interval
        },
        CommandLineOption(
            names: ["--tag"], value: "NAME",
            summary:
                "open the timeline of the sources filed under this tag (the subscriptions file's tag=, an OPML "
                + "file's folder; tech is tech/swift's too)"
        ) { options, text throws(ParseError) in
            guard let tag = SourceTags.normalised(text) else {
                throw ParseError(description: "--tag takes a tag's name, such as --tag swift")
            }
            options.tag = tag
        },
        CommandLineOption(
            names: ["--unread"],
            summary:
                "start with unread only on (U turns it off): the posts not yet read, and those read since, until "
                + "you leave the view; `unread` in the configuration file makes it the default; with print, the "
                + "unread posts only"
        ) { options, _ in options.viewer.unreadOnly = true },
        CommandLineOption(
            names: ["--pane"], value: choices(PaneChoice.self),
            summary:
                "the reading pane: the selected post's whole text beside the timeline (default auto: on a terminal "
                + "\(ReadingPane.autoWidth) columns wide or more; on: from \(ReadingPane.minimumWidth) columns); v "
                + "shows or hides it, J and K scroll it"
        ) { options, text throws(ParseError) in options.viewer.pane = try choice(text, of: "--pane", PaneChoice.self) },
        CommandLineOption(
            names: ["--format"], value: "FORMAT", choices: \.formats,
            summary: "the feeds' format (default \(defaults.format.rawValue): from the document and its Content-Type)"
        ) { options, text throws(ParseError) in
            let known = options.vocabulary.formats
            guard known.isEmpty || known.contains(text) else {
                throw ParseError(description: "--format takes one of \(known.joined(separator: ", ")), not '\(text)'")
            }
            options.format = FeedFormat(rawValue: text)
        },
        CommandLineOption(
            names: ["--timeout"], value: "SECONDS",
            summary:
                "how long an HTTP request may wait for its response to begin, and then for each next byte of its "
                + "body (default \(seconds(defaults.timeout))); connecting gets at most "
                + "\(seconds(TransferLimits.connectTimeout)) s of it"
        ) { options, text throws(ParseError) in
            options.timeout = try seconds(text, of: "--timeout", in: 0...3600, excludingZero: true)
        },
        CommandLineOption(
            names: ["--max-size"], value: "SIZE",
            summary:
                "the most a feed may weigh, after decompression, from a URL, a file or standard input (default "
                + "\(ByteCount.format(defaults.maxSize)); K, M, G are powers of 1024, KB, MB, GB of 1000)"
        ) { options, text throws(ParseError) in
            guard let bytes = ByteCount.parse(text), bytes >= 1024 else {
                throw ParseError(
                    description: "--max-size takes a size of at least 1K, such as 64M or 1G, not '\(text)'")
            }
            options.maxSize = bytes
        },
        CommandLineOption(
            names: ["--delay"], value: "SECONDS",
            summary:
                "a simulated network latency before each source (and each further page) arrives (default "
                + "\(seconds(CommandLineOptions.sampleDelay)) for the sample feed, 0 otherwise)"
        ) { options, text throws(ParseError) in options.delay = try seconds(text, of: "--delay", in: 0...3600) },
        CommandLineOption(
            names: ["--animation"], value: choices(AnimationStyle.self),
            summary:
                "the shimmer (default \(defaults.viewer.animation.rawValue)): a band sliding across the screen, each "
                + "element pulsing light to dark and back, a slow breath for reduced motion (under one change a "
                + "second), or static grey; over SSH (SSH_CONNECTION or SSH_TTY set) the default is the pulse, "
                + "about a twentieth of the band's bytes; SHIMMERFEED_ANIMATIONS=none turns animation off unless "
                + "this option says otherwise"
        ) { options, text throws(ParseError) in
            options.viewer.animation = try choice(text, of: "--animation", AnimationStyle.self)
            options.animationChosen = true
        },
        CommandLineOption(
            names: ["--accessible"],
            summary:
                "for screen readers and braille displays: no animation, the cursor on the selected post, words "
                + "for glyphs, pictures as their alt text, and nothing redrawn that did not change (also "
                + "SHIMMERFEED_ACCESSIBLE=1)"
        ) { options, _ in options.viewer.accessible = true },
        CommandLineOption(
            names: ["--shimmer-speed"], value: "N",
            summary: "the band's speed in cells per second (default \(number(defaults.viewer.shimmerSpeed)))"
        ) { options, text throws(ParseError) in
            options.viewer.shimmerSpeed = try number(
                text, of: "--shimmer-speed", in: 1...1000, unit: "cells per second")
        },
        CommandLineOption(
            names: ["--shimmer-pause"], value: "SECONDS",
            summary: "the rest between two sweeps of the band (default \(number(defaults.viewer.shimmerPause)))"
        ) { options, text throws(ParseError) in
            options.viewer.shimmerPause = try seconds(text, of: "--shimmer-pause", in: 0...60).seconds
        },
        CommandLineOption(
            names: ["--shimmer-tilt"], value: "N",
            summary:
                "cells each row's band trails the row above (default \(number(defaults.viewer.shimmerTilt)): upright; "
                + "1 or 2 lean it like a mobile app's diagonal sheen)"
        ) { options, text throws(ParseError) in
            options.viewer.shimmerTilt = try number(text, of: "--shimmer-tilt", in: 0...8, unit: "cells per row")
        },
        CommandLineOption(
            names: ["--palette"],
            summary:
                "animate the skeleton by redefining six palette colours instead of rewriting cells (a pulse), where "
                + "the terminal can redefine colours; they are put back on exit"
        ) { options, _ in options.palette = true },
        CommandLineOption(
            names: ["--fps"], value: "N",
            summary: "frames per second while animating, and of --frames (default \(defaults.viewer.framesPerSecond))"
        ) { options, text throws(ParseError) in
            options.viewer.framesPerSecond = try whole(text, of: "--fps", in: 1...120)
        },
        CommandLineOption(
            names: ["--color"], value: choices(ColorChoice.self),
            summary:
                "how much colour to use (default \(defaults.color.rawValue): what the terminal has, none when "
                + "NO_COLOR is set); a choice wins over NO_COLOR, never over what the terminal has"
        ) { options, text throws(ParseError) in options.color = try choice(text, of: "--color", ColorChoice.self) },
        CommandLineOption(
            names: ["--background"], value: choices(BackgroundChoice.self),
            summary:
                "the terminal's background, for the skeleton's greys (default \(defaults.background.rawValue): "
                + "asked of the terminal at start, else from COLORFGBG, else greys that read on both)"
        ) { options, text throws(ParseError) in
            options.background = try choice(text, of: "--background", BackgroundChoice.self)
        },
        CommandLineOption(
            names: ["--images"], value: choices(ImageChoice.self),
            summary:
                "avatars, feed icons and media in the rows (default \(defaults.images.rawValue): asked of the "
                + "terminal at start, kitty's pictures, else sixel, else cells); cells draws two colours a cell in "
                + "half blocks and quadrants, over SSH too; none shows their alt text and the initials; "
                + "SHIMMERFEED_IMAGES sets it too",
            detail:
                "each picture shimmers as skeleton until its bytes arrive (a BlurHash, in cells, meanwhile); in "
                + "cells it then fades in; its bytes are kept under $XDG_CACHE_HOME/shimmerfeed/pictures (else "
                + "~/.cache/shimmerfeed/pictures), at most 100 MB, unless --no-store; inside tmux, kitty's "
                + "pictures need the pane's allow-passthrough on (tmux set -g allow-passthrough on), and "
                + "without it the status line says once that pictures are in cells"
        ) { options, text throws(ParseError) in options.images = try choice(text, of: "--images", ImageChoice.self) },
        CommandLineOption(
            names: ["--store"], value: "PATH",
            summary:
                "keep posts, read marks and validators in this file instead of "
                + "$XDG_STATE_HOME/shimmerfeed/store.sqlite3 (else ~/.local/state/shimmerfeed/store.sqlite3)",
            detail:
                "a file that is not a store, is damaged, or was made by a newer version is moved aside as "
                + "`store.sqlite3.broken-TIME` and a fresh one started; standard input and the sample feed are never kept"
        ) { options, text throws(ParseError) in
            guard !text.isEmpty else { throw ParseError(description: "--store takes a file's path") }
            options.storePath = text
        },
        CommandLineOption(
            names: ["--no-store"],
            summary: "read and write no store: every start is a first start"
        ) { options, _ in options.noStore = true },
        CommandLineOption(
            names: ["--no-stream"],
            summary:
                "never keep timelines live (read with an account or a token, a Mastodon server that streams brings "
                + "new posts as they are posted; Bluesky's Following timeline and notifications are asked every "
                + "minute); they are asked again at each refresh instead"
        ) { options, _ in options.streams = false },
        CommandLineOption(
            names: ["--offline"],
            summary: "show what the store holds and touch no network; with --dump, the one way --dump reads the store"
        ) { options, _ in options.viewer.offline = true },
        CommandLineOption(
            names: ["--dump"],
            summary:
                "print one frame as text and exit, without the terminal: the loaded feed, or with --at the "
                + "skeleton at that time"
        ) { options, _ in options.dump = true },
        CommandLineOption(
            names: ["--size"], value: "WxH",
            summary: "the dumped frame's size (default \(defaults.dumpSize))"
        ) { options, text throws(ParseError) in
            let parts = text.lowercased().split(separator: "x")
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
                (1...1000).contains(width), (1...1000).contains(height)
            else {
                throw ParseError(description: "--size takes WIDTHxHEIGHT, such as 80x24, not '\(text)'")
            }
            options.dumpSize = TerminalSize(width: width, height: height)
        },
        CommandLineOption(
            names: ["--at"], value: "SECONDS",
            summary: "dump the skeleton this long into a load that has not answered"
        ) { options, text throws(ParseError) in options.dumpAt = try seconds(text, of: "--at", in: 0...3600) },
        CommandLineOption(
            names: ["--pictures-at"], value: "SECONDS",
            summary:
                "dump the posts with their pictures this long into a load that has not answered: skeleton cells, "
                + "and a BlurHash where the feed gives one once the show delay has passed"
        ) { options, text throws(ParseError) in
            options.dumpPicturesAt = try seconds(text, of: "--pictures-at", in: 0...3600)
        },
        CommandLineOption(
            names: ["--keys"], value: "KEYS",
            summary:
                "with --dump, press these keys (each character a key, as typed) once the frame would be dumped, "
                + "and dump the frame after them: --keys s shows the sources view, --keys jj the third post"
        ) { options, text throws(ParseError) in
            guard !text.isEmpty, text.allSatisfy({ !$0.isNewline }) else {
                throw ParseError(description: "--keys takes the keys to press, such as --keys s")
            }
            options.dumpKeys = text.map { Key.character($0) }
        },
        CommandLineOption(
            names: ["--svg"],
            summary:
                "dump an SVG picture instead: each cell in the colours of --color (default "
                + "\(CommandLineOptions.pictureColor.rawValue)) on --background (default "
                + "\(CommandLineOptions.pictureBackground.rawValue)), bold and dim, band edges split in their cell, "
                + "blocks as shapes, wide characters over two cells"
        ) { options, _ in options.svg = true },
        CommandLineOption(
            names: ["--svg-frame"], summary: "draw a window around the picture"
        ) { options, _ in options.svgFrame = true },
        CommandLineOption(
            names: ["--frames"], value: "N",
            summary:
                "N frames from --at, at --fps, played in a loop by CSS keyframes, each after the first holding "
                + "only the cells that differ from it: an animated SVG of the shimmer"
        ) { options, text throws(ParseError) in options.svgFrames = try whole(text, of: "--frames", in: 1...600) },
        CommandLineOption(
            names: ["--config"], value: "FILE",
            summary:
                "read the configuration from FILE instead of $XDG_CONFIG_HOME/shimmerfeed/config (else "
                + "~/.config/shimmerfeed/config), where it is optional"
        ) { options, text throws(ParseError) in
            guard !text.isEmpty else { throw ParseError(description: "--config takes a file's path") }
            options.configPath = text
        },
        CommandLineOption(
            names: ["--generate"], value: choices(GeneratedDocument.self),
            summary:
                "print the manual (man: shimmerfeed(1); man-config: shimmerfeed-config(5)) or a shell's completion, "
                + "made from the tables the parser reads; make install installs each where its system looks"
        ) { options, text throws(ParseError) in
            options.action = .generate(try choice(text, of: "--generate", GeneratedDocument.self))
        },
        CommandLineOption(names: ["--help", "-h"], summary: "show this help") { options, _ in options.action = .help },
        CommandLineOption(names: ["--version", "-V"], summary: "show the version") { options, _ in
            options.action = .version
        },
    ]
}
