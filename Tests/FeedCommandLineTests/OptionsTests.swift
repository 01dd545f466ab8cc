import NetworkRegistry
import TestSupport
import Testing

@testable import FeedCommandLine
@testable import FeedCore

@Suite struct OptionsTests {
    /// `login SERVER` and `logout SERVER` are commands of their own, with one server each.
    @Test func loginAndLogoutTakeOneServer() throws {
        #expect(
            try CommandLineOptions.parse(["login", "mastodon.example"]).action
                == .login("mastodon.example", network: nil))
        // A server its name does not say the network of: the network named.
        #expect(
            try CommandLineOptions.parse(["login", "--bluesky", "pds.example"]).action
                == .login("pds.example", network: "bluesky"))
        #expect(try CommandLineOptions.parse(["logout", "https://m.example"]).action == .logout("https://m.example"))
        for arguments in [["login"], ["logout", "a.example", "b.example"], ["login", "--help"]] {
            #expect(throws: CommandLineOptions.ParseError.self, "\(arguments)") {
                try CommandLineOptions.parse(arguments)
            }
        }
        #expect(try CommandLineOptions.parse(["./login"]).sources == ["./login"], "a file named login, by its path")
        #expect(CommandLineOptions.usage(vocabulary: NetworkRegistry.vocabulary).contains("shimmerfeed login SERVER"))
        #expect(CommandLineOptions.usage(vocabulary: NetworkRegistry.vocabulary).contains("account="))
    }

    @Test func defaultsShowTheSampleWithItsSimulatedLatency() throws {
        let options = try CommandLineOptions.parse([])
        #expect(options.action == .run)
        #expect(options.source == nil)
        #expect(options.delay(for: .sample) == .milliseconds(1500))
        #expect(options.viewer.animation == .slide)
        #expect(options.viewer.framesPerSecond == 16)
    }

    @Test func aFileHasNoLatencyUnlessAsked() throws {
        #expect(try CommandLineOptions.parse(["feed.json"]).delay(for: .file("feed.json")) == .zero)
        #expect(
            try CommandLineOptions.parse(["feed.json", "--delay", "0.25"]).delay(for: .file("feed.json"))
                == .milliseconds(250))
        #expect(try CommandLineOptions.parse(["--delay=0"]).delay(for: .sample) == .zero)
    }

    @Test func parsesAnimationAndFps() throws {
        let options = try CommandLineOptions.parse(["--animation", "pulse", "--fps", "30"])
        #expect(options.viewer.animation == .pulse)
        #expect(options.viewer.framesPerSecond == 30)
    }

    @Test func shimmerSpeedPauseAndCalm() throws {
        let options = try CommandLineOptions.parse([
            "--shimmer-speed", "30", "--shimmer-pause", "1.5", "--animation", "calm",
        ])
        #expect(options.viewer.shimmerSpeed == 30)
        #expect(options.viewer.shimmerPause == 1.5)
        #expect(options.viewer.animation == .calm)
        #expect(throws: CommandLineOptions.ParseError.self) { try CommandLineOptions.parse(["--shimmer-speed", "0"]) }
    }

    @Test func colourBackgroundPaletteAndTilt() throws {
        let options = try CommandLineOptions.parse([
            "--color", "truecolor", "--background=light", "--palette", "--shimmer-tilt", "1.5",
        ])
        #expect(options.color == .truecolor)
        #expect(options.background == .light)
        #expect(options.palette)
        #expect(options.viewer.shimmerTilt == 1.5)
        let defaults = try CommandLineOptions.parse([])
        #expect(defaults.background == .auto && !defaults.palette && defaults.viewer.shimmerTilt == 0)
    }

    @Test func theEnvironmentCanTurnAnimationOffAndAnOptionWins() throws {
        #expect(
            try CommandLineOptions.parse([], environment: ["SHIMMERFEED_ANIMATIONS": "none"]).viewer.animation == .none)
        #expect(
            try CommandLineOptions.parse(["--animation", "pulse"], environment: ["SHIMMERFEED_ANIMATIONS": "none"])
                .viewer.animation == .pulse)
    }

    @Test func overSSHThePulseIsTheDefaultAndAChoiceWins() throws {
        let remote = ["SSH_CONNECTION": "10.0.0.2 52100 10.0.0.1 22"]
        #expect(try CommandLineOptions.parse([], environment: remote).viewer.animation == .pulse)
        #expect(try CommandLineOptions.parse([], environment: ["SSH_TTY": "/dev/pts/3"]).viewer.animation == .pulse)
        #expect(try CommandLineOptions.parse(["--animation", "slide"], environment: remote).viewer.animation == .slide)
        #expect(try CommandLineOptions.parse([], environment: ["SSH_TTY": ""]).viewer.animation == .slide)
        // Turned off stays off.
        let off = remote.merging(["SHIMMERFEED_ANIMATIONS": "none"]) { $1 }
        #expect(try CommandLineOptions.parse([], environment: off).viewer.animation == AnimationStyle.none)
    }

    @Test func picturesAreAskedOfTheTerminalByDefaultOverSSHTooAndNoneDrawsNone() throws {
        let remote = ["SSH_CONNECTION": "10.0.0.2 52100 10.0.0.1 22"]
        #expect(try CommandLineOptions.parse([], environment: remote).images.drawsPictures)
        #expect(try CommandLineOptions.parse([]).images == .auto)
        #expect(try !CommandLineOptions.parse(["--images", "none"], environment: remote).images.drawsPictures)
        #expect(try CommandLineOptions.parse(["--images", "sixel"]).images == .sixel)
        #expect(throws: CommandLineOptions.ParseError.self) { try CommandLineOptions.parse(["--images", "iterm"]) }
        // SHIMMERFEED_IMAGES chooses too, and the option wins over it.
        #expect(try CommandLineOptions.parse([], environment: ["SHIMMERFEED_IMAGES": "kitty"]).images == .kitty)
        #expect(
            try CommandLineOptions.parse(["--images", "cells"], environment: ["SHIMMERFEED_IMAGES": "kitty"]).images
                == .cells)
        #expect(throws: CommandLineOptions.ParseError.self) {
            try CommandLineOptions.parse([], environment: ["SHIMMERFEED_IMAGES": "pixels"])
        }
        #expect(throws: CommandLineOptions.ParseError.self) { try CommandLineOptions.parse(["--pictures-at", "1"]) }
        #expect(throws: CommandLineOptions.ParseError.self) {
            try CommandLineOptions.parse(["--dump", "--at", "1", "--pictures-at", "1"])
        }
        // Either moment alone is a dump's.
        #expect(try CommandLineOptions.parse(["--dump", "--at", "0.5"]).dumpAt == .milliseconds(500))
        #expect(try CommandLineOptions.parse(["--dump", "--pictures-at", "1"]).dumpPicturesAt == .seconds(1))
    }

    @Test func maxSizeTakesSizesWithUnits() throws {
        #expect(try CommandLineOptions.parse([]).maxSize == 256 << 20)
        #expect(try CommandLineOptions.parse(["--max-size", "64M"]).maxSize == 64 << 20)
        #expect(try CommandLineOptions.parse(["--max-size=1G"]).maxSize == 1 << 30)
        #expect(try CommandLineOptions.parse(["--max-size", "10MB"]).maxSize == 10_000_000)
        #expect(ByteCount.parse("512KiB") == 512 << 10)
        #expect(ByteCount.parse("12") == 12)
        #expect(ByteCount.parse("1.5G") == nil)
        #expect(ByteCount.parse("99999999999999999999G") == nil)
        #expect(ByteCount.format(256 << 20) == "256 MiB")
        #expect(ByteCount.format(1536 << 20) == "1.5 GiB")
        #expect(ByteCount.format(900) == "900 bytes")
        #expect(throws: CommandLineOptions.ParseError.self) { try CommandLineOptions.parse(["--max-size", "12"]) }
        #expect(throws: CommandLineOptions.ParseError.self) { try CommandLineOptions.parse(["--max-size", "lots"]) }
    }

    @Test func tagNamesATagAsTheFileWritesIt() throws {
        #expect(try CommandLineOptions.parse(["--tag", " tech / swift "]).tag == "tech/swift")
        #expect(try CommandLineOptions.parse(["--tag=open source"]).tag == "open source")
        #expect(try CommandLineOptions.parse([]).tag == nil)
    }

    @Test func helpAndVersion() throws {
        #expect(try CommandLineOptions.parse(["--help"]).action == .help)
        #expect(try CommandLineOptions.parse(["-h"]).action == .help)
        #expect(try CommandLineOptions.parse(["--version"]).action == .version)
    }

    @Test(arguments: [
        (["--frobnicate"], "unknown option '--frobnicate'"),
        (["--delay"], "--delay needs a value"),
        (["--delay", "soon"], "--delay takes seconds from 0 to 3600, not 'soon'"),
        (["--delay", "-1"], "--delay takes seconds from 0 to 3600, not '-1'"),
        (["--animation", "spin"], "--animation takes one of slide, pulse, calm, none, not 'spin'"),
        (["--fps", "0"], "--fps takes a whole number from 1 to 120, not '0'"),
        (["--shimmer-pause", "90"], "--shimmer-pause takes seconds from 0 to 60, not '90'"),
        (
            ["--format", "xml"],
            "--format takes one of auto, bluesky, mastodon, notifications, jsonfeed, posts, rss, atom, not 'xml'"
        ),
        (["--color", "8"], "--color takes one of auto, truecolor, 256, 16, none, not '8'"),
        (["-", "-"], "standard input (-) can be read once, not twice"),
        (["--refresh", "2s"], "--refresh takes an interval such as 30s, 5m or 1h, from 5 s to a day, not '2s'"),
        (["--background", "grey"], "--background takes one of auto, dark, light, not 'grey'"),
        (["--shimmer-tilt", "20"], "--shimmer-tilt takes cells per row from 0 to 8, not '20'"),
        (["--shimmer-speed", "0"], "--shimmer-speed takes cells per second from 1 to 1000, not '0'"),
        (["--svg-frame"], "--svg, --svg-frame and --frames go with --dump"),
        (["--frames", "3"], "--svg, --svg-frame and --frames go with --dump"),
        (["--size", "100x30"], "--size, --at, --pictures-at and --keys go with --dump"),
        (["--at", "1"], "--size, --at, --pictures-at and --keys go with --dump"),
        (["--pictures-at", "1"], "--size, --at, --pictures-at and --keys go with --dump"),
        (["--keys", "s"], "--size, --at, --pictures-at and --keys go with --dump"),
        (["--tag", " / "], "--tag takes a tag's name, such as --tag swift"),
    ])
    func badArgumentsSayWhatIsWrong(_ arguments: [String], _ message: String) {
        #expect(throws: CommandLineOptions.ParseError(description: message)) {
            try CommandLineOptions.parse(arguments, vocabulary: NetworkRegistry.vocabulary)
        }
    }
}

/// One option table for the parser, `--help` and the manual.
@Suite struct OptionTableTests {
    /// The short name first, as every tool's help writes it, and the value after the names.
    @Test func theHelpWritesTheShortNameFirst() throws {
        let help = try #require(CommandLineOption.named("--help"))
        #expect(help.label(in: NetworkRegistry.vocabulary) == "-h, --help")
        #expect(try #require(CommandLineOption.named("-V")).label(in: NetworkRegistry.vocabulary) == "-V, --version")
        #expect(
            try #require(CommandLineOption.named("--timeout")).label(in: NetworkRegistry.vocabulary)
                == "--timeout SECONDS")
        #expect(CommandLineOptions.usage(vocabulary: NetworkRegistry.vocabulary).contains("\n  -h, --help"))
    }

    /// Each summary starts in one column, a short label padded to it, a long one on a line
    /// of its own above it.
    @Test func theHelpsSummariesStartInOneColumn() throws {
        let help = CommandLineOptions.usage(vocabulary: NetworkRegistry.vocabulary)
        for option in CommandLineOption.all {
            let label = "  " + option.label(in: NetworkRegistry.vocabulary)
            let firstWord = String(option.summary.prefix { $0 != " " })
            if label.count + 2 <= 24 {
                let padded = label + String(repeating: " ", count: 24 - label.count) + firstWord
                #expect(help.contains("\n" + padded), "\(option.label(in: NetworkRegistry.vocabulary))")
            } else {
                #expect(
                    help.contains("\n\(label)\n" + String(repeating: " ", count: 24) + firstWord),
                    "\(option.label(in: NetworkRegistry.vocabulary))")
            }
        }
    }

    /// The keys' summaries start three cells after the longest key, in one column.
    @Test func theHelpsKeysLineUpThreeCellsAfterTheLongest() {
        let help = CommandLineOptions.usage(vocabulary: NetworkRegistry.vocabulary)
        let labels = KeyBinding.all.map { $0.label(in: .standard) }
        let width = (labels.map(CellWidth.of).max() ?? 0) + 3
        for (label, entry) in zip(labels, KeyBinding.all) {
            let line = "  " + label + String(repeating: " ", count: width - CellWidth.of(label)) + entry.summary + "\n"
            #expect(help.contains(line), "\(label)")
        }
    }

    /// `--frames` and `--svg-frame` go with `--svg`, and with it they parse.
    @Test func framesGoWithAnSVG() throws {
        let frames = try CommandLineOptions.parse(["--dump", "--svg", "--frames", "57"])
        #expect(frames.svgFrames == 57)
        #expect(try CommandLineOptions.parse(["--dump", "--svg", "--svg-frame"]).svgFrame)
        for arguments in [["--dump", "--frames", "3"], ["--dump", "--svg-frame"]] {
            #expect(throws: CommandLineOptions.ParseError(description: "--svg-frame and --frames go with --svg")) {
                try CommandLineOptions.parse(arguments)
            }
        }
    }

    @Test func everyOptionIsInTheHelpAndEveryNameParses() throws {
        let help = CommandLineOptions.usage(vocabulary: NetworkRegistry.vocabulary)
        for option in CommandLineOption.all {
            #expect(
                help.contains("  \(option.label(in: NetworkRegistry.vocabulary))"),
                "\(option.label(in: NetworkRegistry.vocabulary)) in --help")
            for name in option.names {
                var arguments = [name]
                // A value that each option takes; --size and --at need --dump, --frames --svg.
                let values = ["--refresh": "30s", "--size": "80x24", "--max-size": "1M", "--frames": "2"]
                if option.value != nil {
                    arguments.append(values[name] ?? option.value!.split(separator: "|").first.map(String.init) ?? "")
                }
                if ["--size", "--at", "--pictures-at", "--keys", "--svg", "--svg-frame", "--frames"].contains(name) {
                    arguments.append("--dump")
                }
                if ["--svg-frame", "--frames"].contains(name) { arguments.append("--svg") }
                if [
                    "--timeout", "--delay", "--shimmer-speed", "--shimmer-pause", "--shimmer-tilt", "--fps", "--at",
                    "--pictures-at",
                ]
                .contains(name) {
                    arguments[1] = "2"
                }
                #expect(throws: Never.self, "\(arguments)") { try CommandLineOptions.parse(arguments) }
            }
        }
    }

    @Test func aDefaultNamedInTheHelpIsTheDefault() {
        let defaults = CommandLineOptions()
        let help = CommandLineOption.all.map(\.summary).joined(separator: "\n")
        #expect(help.contains("(default \(Int(defaults.timeout.seconds)))"))
        #expect(help.contains("(default \(defaults.viewer.framesPerSecond))"))
        #expect(help.contains("(default \(defaults.dumpSize))"))
        #expect(help.contains("(default 256 MiB;"))
        #expect(help.contains("(default 1.5 for the sample feed"))
    }

    @Test func aFlagTakesNoValue() {
        #expect(throws: CommandLineOptions.ParseError(description: "--palette takes no value")) {
            try CommandLineOptions.parse(["--palette=yes"])
        }
    }
}
