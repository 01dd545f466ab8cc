/// What the command line asks for. Parsing is pure: the executable turns errors into a
/// message and exit code 2.
/// `--color`: how much colour to use; `auto` follows the terminal and NO_COLOR.
public enum ColorChoice: String, Hashable, Sendable, CaseIterable {
    case auto
    case truecolor
    case ansi256 = "256"
    case ansi16 = "16"
    case none
}

/// `--background`: the terminal's background, for the skeleton's greys; `auto` reads
/// COLORFGBG where the terminal sets it.
public enum BackgroundChoice: String, Hashable, Sendable, CaseIterable {
    case auto
    case dark
    case light
}

public struct CommandLineOptions: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        case run
        case help
        case version
    }

    public var action: Action = .run
    /// File paths, `-` and URLs; none for the subscriptions file, else the sample feed.
    public var sources: [String] = []
    /// The first source; nil for none.
    public var source: String? { sources.first }
    /// `--refresh`: how often a timeline reloads in the background.
    public var refresh: Duration?
    public var format: FeedFormat = .auto
    /// How long an HTTP request may wait for its response, and then for each next byte.
    public var timeout: Duration = .seconds(15)
    /// The most bytes a load may bring, after decompression (`--max-size`).
    public var maxSize = ByteCount.defaultLimit
    /// Simulated latency; nil for the default (1.5 s for the sample, none otherwise).
    public var delay: Duration?
    public var animation: AnimationStyle = .slide
    public var framesPerSecond = 30
    public var shimmerSpeed = Shimmer.defaultSpeed
    public var shimmerPause = Shimmer.defaultPause
    public var color = ColorChoice.auto
    public var background = BackgroundChoice.auto
    /// `--palette`: animate the skeleton by redefining palette entries.
    public var palette = false
    public var shimmerTilt = 0.0
    /// `--dump`: print one frame as text instead of running in the terminal.
    public var dump = false
    /// The dumped frame's size.
    public var dumpSize = TerminalSize(width: 80, height: 24)
    /// `--at`: dump the loading skeleton at this time instead of the loaded feed.
    public var dumpAt: Duration?
    /// `--svg`: the dump as an SVG picture; `--svg-frame` puts a window around it;
    /// `--frames`: this many frames, at `--fps`, played in a loop.
    public var svg = false
    public var svgFrame = false
    public var svgFrames = 1
    /// Whether `--fps` was given (an SVG's default differs from the viewer's).
    public var fpsChosen = false

    public init() {}

    public static let sampleDelay: Duration = .milliseconds(1500)

    /// The latency to simulate for `source`: `--delay`, else 1.5 s for the sample feed (a
    /// local file loads too fast to see the skeleton) and none for the rest.
    public func delay(for source: FeedSource) -> Duration {
        delay ?? (source == .sample ? Self.sampleDelay : .zero)
    }

    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Parses `arguments` (without the program name). `environment` supplies
    /// `SHIMMERFEED_ANIMATIONS=none`, which an explicit `--animation` overrides.
    public static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(ParseError)
        -> CommandLineOptions
    {
        var options = CommandLineOptions()
        if environment["SHIMMERFEED_ANIMATIONS"]?.lowercased() == "none" { options.animation = .none }
        var remaining = arguments[...]
        var sources: [String] = []
        var animationChosen = false
        while let argument = remaining.popFirst() {
            // `--name=value` is the same as `--name value`.
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            /// A number of seconds in `range`, as a duration rounded to milliseconds.
            func seconds(in range: ClosedRange<Double>, excludingZero: Bool = false) throws(ParseError) -> Duration {
                let text = try value()
                guard let seconds = Double(text), range.contains(seconds), !(excludingZero && seconds == 0) else {
                    let bounds = "\(Int(range.lowerBound)) to \(Int(range.upperBound))"
                    throw ParseError(description: "\(name) takes seconds from \(bounds), not '\(text)'")
                }
                return .milliseconds(Int((seconds * 1000).rounded(.up)))
            }
            /// A number in `range`, of the unit `unit`.
            func number(in range: ClosedRange<Double>, of unit: String) throws(ParseError) -> Double {
                let text = try value()
                guard let number = Double(text), range.contains(number) else {
                    let bounds = "\(Int(range.lowerBound)) to \(Int(range.upperBound))"
                    throw ParseError(description: "\(name) takes \(unit) from \(bounds), not '\(text)'")
                }
                return number
            }
            /// One of an option's named values.
            func choice<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) throws(ParseError) -> Choice
            where Choice.RawValue == String {
                let text = try value()
                guard let chosen = Choice(rawValue: text) else {
                    let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
                    throw ParseError(description: "\(name) takes one of \(names), not '\(text)'")
                }
                return chosen
            }
            func value() throws(ParseError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw ParseError(description: "\(name) needs a value") }
                return next
            }
            switch name {
            case "-h", "--help":
                options.action = .help
            case "-V", "--version":
                options.action = .version
            case "--delay":
                options.delay = try seconds(in: 0...3600)
            case "--animation":
                options.animation = try choice(AnimationStyle.self)
                animationChosen = true
            case "--format":
                options.format = try choice(FeedFormat.self)
            case "--color":
                options.color = try choice(ColorChoice.self)
            case "--background":
                options.background = try choice(BackgroundChoice.self)
            case "--palette":
                options.palette = true
            case "--shimmer-tilt":
                options.shimmerTilt = try number(in: 0...8, of: "cells per row")
            case "--timeout":
                options.timeout = try seconds(in: 0...3600, excludingZero: true)
            case "--max-size":
                let text = try value()
                guard let bytes = ByteCount.parse(text), bytes >= 1024 else {
                    throw ParseError(
                        description: "--max-size takes a size of at least 1K, such as 64M or 1G, not '\(text)'")
                }
                options.maxSize = bytes
            case "--shimmer-speed":
                options.shimmerSpeed = try number(in: 1...1000, of: "cells per second")
            case "--shimmer-pause":
                options.shimmerPause = try seconds(in: 0...60).seconds
            case "--refresh":
                let text = try value()
                guard let interval = RefreshInterval.parse(text) else {
                    throw ParseError(
                        description:
                            "--refresh takes an interval such as 30s, 5m or 1h, from 5 s to a day, not '\(text)'")
                }
                options.refresh = interval
            case "--svg":
                options.svg = true
            case "--svg-frame":
                options.svgFrame = true
            case "--frames":
                let text = try value()
                guard let count = Int(text), (1...600).contains(count) else {
                    throw ParseError(description: "--frames takes a whole number from 1 to 600, not '\(text)'")
                }
                options.svgFrames = count
            case "--dump":
                options.dump = true
            case "--size":
                let text = try value()
                let parts = text.lowercased().split(separator: "x")
                guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
                    (1...1000).contains(width), (1...1000).contains(height)
                else {
                    throw ParseError(description: "--size takes WIDTHxHEIGHT, such as 80x24, not '\(text)'")
                }
                options.dumpSize = TerminalSize(width: width, height: height)
            case "--at":
                options.dumpAt = try seconds(in: 0...3600)
            case "--fps":
                let text = try value()
                guard let fps = Int(text), (1...120).contains(fps) else {
                    throw ParseError(description: "--fps takes a whole number from 1 to 120, not '\(text)'")
                }
                options.framesPerSecond = fps
                options.fpsChosen = true
            case "--":
                sources.append(contentsOf: remaining)
                remaining = []
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    throw ParseError(description: "unknown option '\(argument)'")
                }
                sources.append(argument)
            }
        }
        guard sources.filter({ $0 == "-" }).count <= 1 else {
            throw ParseError(description: "standard input (-) can be read once, not twice")
        }
        options.sources = sources
        // Over SSH every frame crosses the network: the pulse, at about 9 KB/s at 200x50,
        // instead of the band's 170 KB/s, unless the reader chose.
        if !animationChosen, options.animation == .slide, isRemote(environment) { options.animation = .pulse }
        if !options.dump, options.dumpAt != nil || options.dumpSize != CommandLineOptions().dumpSize {
            throw ParseError(description: "--size and --at go with --dump")
        }
        if !options.dump, options.svg || options.svgFrame || options.svgFrames != 1 {
            throw ParseError(description: "--svg, --svg-frame and --frames go with --dump")
        }
        if !options.svg, options.svgFrame || options.svgFrames != 1 {
            throw ParseError(description: "--svg-frame and --frames go with --svg")
        }
        return options
    }

    /// Whether the terminal is at the other end of an SSH connection.
    static func isRemote(_ environment: [String: String]) -> Bool {
        ["SSH_CONNECTION", "SSH_TTY"].contains { environment[$0].map { !$0.isEmpty } ?? false }
    }

    /// The keys as `--help` lists them, from the same list as the `?` overlay.
    private static var keysText: String {
        let width = (KeyBinding.all.map { CellWidth.of($0.label) }.max() ?? 0) + 3
        return KeyBinding.all.map { entry in
            "  " + entry.label + String(repeating: " ", count: width - CellWidth.of(entry.label)) + entry.summary + "\n"
        }.joined()
    }

    public static var usage: String {
        """
        shimmerfeed — a feed of posts in the terminal, with skeleton rows while it loads

        Usage: shimmerfeed [OPTIONS] [SOURCE...]

        A SOURCE is a file, - for standard input (keys still come from the terminal), an
        http:// or https:// URL, or an OPML file of feeds. Several sources make one
        timeline, newest first. With no SOURCE, the subscriptions file
        ($XDG_CONFIG_HOME/shimmerfeed/feeds, else ~/.config/shimmerfeed/feeds: a source
        per line, then a title; token=$VARIABLE for a bearer token; refresh 5m), and
        without one, the bundled sample feed.

        Options:
          --format FORMAT       auto (default: from the document), posts, jsonfeed,
                                mastodon, rss or atom
          --timeout SECONDS     how long an HTTP request may wait for its response, and
                                then for each next byte of it (default 15)
          --max-size SIZE       the most a feed may weigh, decompressed: 64M, 1G, ...
                                (default 256M); for URLs, files and standard input
          --refresh INTERVAL    reload in the background every 30s, 5m, 1h, ...; new
                                posts come in at the top, what you read stays put
          --delay SECONDS       simulated network latency before the feed arrives
                                (default 1.5 for the sample feed, 0 otherwise)
          --animation STYLE     slide (default), pulse, calm (a slow breath) or none;
                                over SSH (SSH_CONNECTION or SSH_TTY set) the default is
                                pulse, the lighter on the link; slide still gives the band;
                                SHIMMERFEED_ANIMATIONS=none turns animation off too
          --fps N               frames per second while animating (default 30)
          --color WHICH         auto (default: the terminal's colours, none with NO_COLOR),
                                truecolor, 256, 16 or none; with COLORTERM=truecolor the
                                direct-colour terminfo (xterm-direct) is used if installed
          --background WHICH    auto (default: asked of the terminal, else COLORFGBG),
                                dark or light: picks the skeleton's greys
          --palette             animate the skeleton by redefining a few palette colours
                                (a pulse; restored on exit) where the terminal can
          --shimmer-speed N     the band's speed in cells per second (default 60)
          --shimmer-pause S     seconds between two sweeps of the band (default 0.3)
          --shimmer-tilt N      cells each row's band trails the row above (default 0)
          --dump                print one frame as text and exit, without the terminal:
                                the loaded feed, or with --at the skeleton at that time
          --size WxH            the dumped frame's size (default 80x24)
          --at SECONDS          dump the loading skeleton at this time
          --svg                 dump as an SVG picture: the real colours at the --color
                                depth (default truecolor) and --background (default dark)
          --svg-frame           put a window frame around the picture
          --frames N            N frames from --at, at --fps (default 30), played in a
                                loop: an animated SVG of the shimmer
          -h, --help            show this help
          -V, --version         show the version

        Keys:
        \(keysText)
        Exit codes: 0 on quit, 1 when --dump could not load the feed, 2 for a usage or
        terminal error, 128+N on signal N.
        """
    }
}
