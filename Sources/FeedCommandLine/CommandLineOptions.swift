import FeedCore

/// What the command line asks for. Parsing is pure: the executable turns errors into a
/// message and exit code 2.
public struct CommandLineOptions: Equatable, Sendable {
    public enum Action: Hashable, Sendable {
        case run
        case help
        case version
        /// `shimmerfeed login [--NETWORK] SERVER`: sign in to a server, of the network that
        /// knows it, or of the one named (a server of its that its name does not say).
        case login(String, network: String?)
        /// `shimmerfeed logout SERVER`: revoke the account's token and forget it.
        case logout(String)
        /// `shimmerfeed keys`: every action and its keys, as bound.
        case keys
        /// `shimmerfeed accounts`: the accounts signed in.
        case accounts
        /// `--generate KIND`: a manual page or a shell's completion.
        case generate(GeneratedDocument)
        /// A command for scripts, with no terminal.
        case script(ScriptCommand)
    }

    /// The commands for scripts and status bars: they need no terminal, and their exit
    /// status tells success or failure.
    public enum ScriptCommand: Hashable, Sendable {
        /// Every subscription into the store, then exit; 1 if any failed.
        case reload
        /// The unread count, from the store.
        case unread
        /// The timeline from the store, as lines, JSON Lines or paragraphs (nil: paragraphs in
        /// accessible mode, else lines); `unreadOnly` for `--unread`.
        case print(format: PrintFormat?, unreadOnly: Bool)
        /// The subscriptions as OPML 2.0.
        case exportOPML
    }

    /// How `print` writes the posts.
    public enum PrintFormat: String, Hashable, Sendable {
        /// A line a post, its fields apart by tabs.
        case lines
        /// `--json`: JSON Lines.
        case json
        /// `--paragraphs`: a paragraph a post, each field on a labelled line.
        case paragraphs
    }

    public var action: Action = .run
    /// File paths, `-` and URLs; none for the subscriptions file, else the sample feed.
    public var sources: [String] = []
    /// The first source; nil for none.
    public var source: String? { sources.first }
    /// What the viewer is given of the options: the animation and its rate, `--refresh`
    /// and `--offline`, written here by the parse and handed to the state as they are.
    public var viewer = ViewerOptions()
    /// `--tag NAME`: only the sources filed under this tag.
    public var tag: String?
    public var format: FeedFormat = .auto
    /// How long an HTTP request may wait for its response, and then for each next byte.
    public var timeout: Duration = .seconds(15)
    /// The configuration's `password-command`.
    public var passwordCommand: String?
    /// The most bytes a load may bring, after decompression (`--max-size`).
    public var maxSize = ByteCount.defaultLimit
    /// Simulated latency; nil for the default (1.5 s for the sample, none otherwise).
    public var delay: Duration?
    public var color = ColorChoice.auto
    public var background = BackgroundChoice.auto
    public var images = ImageChoice.auto
    /// `--palette`: animate the skeleton by redefining palette entries.
    public var palette = false
    /// `--store PATH`: the store's file; nil for its default place.
    public var storePath: String?
    /// `--no-store`: no store is read or written.
    public var noStore = false
    /// `--no-stream`: no timeline is kept live.
    public var streams = true
    /// `--dump`: print one frame as text instead of running in the terminal.
    public var dump = false
    /// The dumped frame's size.
    public var dumpSize = TerminalSize(width: 80, height: 24)
    /// `--at`: dump the loading skeleton at this time instead of the loaded feed.
    public var dumpAt: Duration?
    /// `--pictures-at`: the dumped frame this long into the pictures' load, the posts in.
    public var dumpPicturesAt: Duration?
    /// `--keys`: keys pressed before the dumped frame.
    public var dumpKeys: [Key] = []
    /// `--svg`: the dump as an SVG picture; `--svg-frame` puts a window around it;
    /// `--frames`: this many frames, at `--fps`, played in a loop.
    public var svg = false
    public var svgFrame = false
    public var svgFrames = 1
    /// The colours of the text: the configuration's `theme` and `color` lines.
    public var theme = ColourTheme()
    /// `--config FILE`: the configuration file instead of its default place.
    public var configPath: String?
    /// Whether `--animation` was given: over SSH the default changes, a choice does not.
    var animationChosen = false
    /// What the networks add: the formats `--format` takes.
    public var vocabulary = CommandLineVocabulary()

    public init() {}

    public static let sampleDelay: Duration = .milliseconds(1500)
    /// A picture's colours are chosen, not detected: `--color auto` and `--background auto`
    /// draw `--svg` in these.
    public static let pictureColor = ColorChoice.truecolor
    public static let pictureBackground = BackgroundChoice.dark

    /// The latency to simulate for `source`: `--delay`, else 1.5 s for the sample feed (a
    /// local file loads too fast to see the skeleton) and none for the rest.
    public func delay(for source: FeedSource) -> Duration {
        delay ?? (source == .sample ? Self.sampleDelay : .zero)
    }

    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// When the command line gives an option, the configuration's word on these goes too:
    /// `--no-store` there drops the file's `store`, which would contradict it.
    static let overrides: [String: Set<String>] = [
        "--no-store": ["--store", "--offline"], "--store": ["--no-store"], "--offline": ["--no-store"],
    ]

    /// Parses `arguments` (without the program name) through `CommandLineOption.all`, over
    /// the `configuration` file's settings, which the command line and the environment win
    /// over. `environment` supplies `SHIMMERFEED_ANIMATIONS=none` and `SHIMMERFEED_IMAGES`,
    /// which an explicit `--animation` or `--images` overrides, and `SSH_CONNECTION`/`SSH_TTY`.
    public static func parse(
        _ arguments: [String], environment: [String: String] = [:], configuration: Configuration = Configuration(),
        vocabulary: CommandLineVocabulary = CommandLineVocabulary()
    ) throws(ParseError) -> CommandLineOptions {
        var options = CommandLineOptions()
        options.vocabulary = vocabulary
        if arguments.count == 3, arguments[0] == "login", arguments[1].hasPrefix("--"), arguments[1].count > 2,
            !arguments[2].hasPrefix("-")
        {
            options.action = .login(arguments[2], network: String(arguments[1].dropFirst(2)))
            return options
        }
        if let command = arguments.first, command == "login" || command == "logout" {
            guard arguments.count == 2, let server = arguments.last, !server.hasPrefix("-") else {
                throw ParseError(description: "\(command) takes a server: shimmerfeed \(command) SERVER")
            }
            options.action = command == "login" ? .login(server, network: nil) : .logout(server)
            return options
        }
        if arguments.first == "accounts" {
            guard arguments.count == 1 else { throw ParseError(description: "accounts takes nothing more") }
            options.action = .accounts
            return options
        }
        var arguments = arguments[...]
        if arguments.first == "keys" {
            arguments.removeFirst()
            options.action = .keys
        }
        if let command = arguments.first, let script = try scriptCommand(command, &arguments) {
            options.action = .script(script)
        }
        // The names the command line gives, whose settings in the file it replaces.
        var scratch = CommandLineOptions()
        scratch.vocabulary = vocabulary
        let given = try scratch.apply(arguments).names
        let replaced = given.union(given.flatMap { overrides[$0] ?? [] })
        for setting in configuration.settings where !replaced.contains(setting.option.names[0]) {
            // Each value was tried when the file was read.
            try setting.option.apply(&options, setting.value)
        }
        options.viewer.keys = configuration.keys
        options.theme = configuration.theme
        options.viewer.mutes.everywhere = configuration.mutes
        options.passwordCommand = configuration.passwordCommand
        if environment["SHIMMERFEED_ANIMATIONS"]?.lowercased() == "none", !given.contains("--animation") {
            options.viewer.animation = .none
        }
        if let images = environment["SHIMMERFEED_IMAGES"], !images.isEmpty, !given.contains("--images") {
            options.images = try CommandLineOption.choice(
                images.lowercased(), of: "SHIMMERFEED_IMAGES", ImageChoice.self)
        }
        options.sources = try options.apply(arguments).sources
        if ["1", "yes", "true", "on"].contains(environment["SHIMMERFEED_ACCESSIBLE"]?.lowercased() ?? "") {
            options.viewer.accessible = true
        }
        if options.viewer.accessible {
            // Set again, after every option: an `--animation` given too does not undo it.
            options.viewer.accessible = true
            // Pictures are their alt text: none is loaded, nor the terminal asked how it draws them.
            options.images = .none
        }
        if options.action == .keys, !options.sources.isEmpty {
            throw ParseError(description: "keys takes options only, such as --config FILE")
        }
        // Over SSH every frame crosses the network: the pulse, at about 9 KB/s at 200x50,
        // instead of the band's 170 KB/s, unless the reader chose.
        if !options.animationChosen, options.viewer.animation == .slide, isRemote(environment) {
            options.viewer.animation = .pulse
        }
        try options.checkCombinations()
        return options
    }

    /// Applies each option of `arguments`; returns the sources among them, and the names
    /// of the options given (each option's first name).
    private mutating func apply(_ arguments: ArraySlice<String>) throws(ParseError) -> (
        sources: [String], names: Set<String>
    ) {
        var remaining = arguments
        var sources: [String] = []
        var names: Set<String> = []
        while let argument = remaining.popFirst() {
            if argument == "--" {
                sources.append(contentsOf: remaining)
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                sources.append(argument)
                continue
            }
            // `--name=value` is the same as `--name value`.
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = CommandLineOption.named(name) else {
                throw ParseError(description: "unknown option '\(argument)'")
            }
            var value = ""
            if option.value != nil {
                guard let given = inlineValue ?? remaining.popFirst() else {
                    throw ParseError(description: "\(name) needs a value")
                }
                value = given
            } else if inlineValue != nil {
                throw ParseError(description: "\(name) takes no value")
            }
            try option.apply(&self, value)
            names.insert(option.names[0])
        }
        guard sources.filter({ $0 == "-" }).count <= 1 else {
            throw ParseError(description: "standard input (-) can be read once, not twice")
        }
        return (sources, names)
    }

    /// The command `word` names, its own words taken out of `arguments`; nil for a word
    /// that is no command.
    private static func scriptCommand(_ word: String, _ arguments: inout ArraySlice<String>) throws(ParseError)
        -> ScriptCommand?
    {
        let command: ScriptCommand
        switch word {
        case "reload": command = .reload
        case "unread": command = .unread
        case "print":
            let formats = [("--lines", PrintFormat.lines), ("--json", .json), ("--paragraphs", .paragraphs)]
                .filter { arguments.contains($0.0) }
            guard formats.count <= 1 else {
                throw ParseError(description: "print takes one of --lines, --json and --paragraphs")
            }
            let unreadOnly = arguments.contains("--unread")
            arguments = arguments.filter { word in word != "--unread" && !formats.contains { $0.0 == word } }[...]
            command = .print(format: formats.first?.1, unreadOnly: unreadOnly)
        case "export":
            guard arguments.dropFirst().first == "opml" else {
                throw ParseError(description: "export takes opml: shimmerfeed export opml > feeds.opml")
            }
            arguments.removeFirst()
            command = .exportOPML
        default: return nil
        }
        arguments.removeFirst()
        return command
    }

    /// Options that make sense only with another, or not with another.
    private func checkCombinations() throws(ParseError) {
        if !dump,
            dumpAt != nil || dumpPicturesAt != nil || dumpSize != CommandLineOptions().dumpSize || !dumpKeys.isEmpty
        {
            throw ParseError(description: "--size, --at, --pictures-at and --keys go with --dump")
        }
        if dumpAt != nil, dumpPicturesAt != nil {
            throw ParseError(description: "--at is a moment of the posts' load, --pictures-at of their pictures': one")
        }
        if !dump, svg || svgFrame || svgFrames != 1 {
            throw ParseError(description: "--svg, --svg-frame and --frames go with --dump")
        }
        if noStore, storePath != nil || viewer.offline {
            throw ParseError(
                description: viewer.offline
                    ? "--offline shows what the store holds; --no-store has none"
                    : "--store and --no-store say opposite things")
        }
        if !svg, svgFrame || svgFrames != 1 {
            throw ParseError(description: "--svg-frame and --frames go with --svg")
        }
    }

    /// Whether the terminal is at the other end of an SSH connection.
    static func isRemote(_ environment: [String: String]) -> Bool {
        ["SSH_CONNECTION", "SSH_TTY"].contains { environment[$0].map { !$0.isEmpty } ?? false }
    }

    /// The keys as `--help` lists them, bound as in `keys`, from the same list as the `?`
    /// overlay.
    private static func keysText(_ keys: KeyMap) -> String {
        let labels = KeyBinding.all.map { $0.label(in: keys) }
        let width = (labels.map(CellWidth.of).max() ?? 0) + 3
        return zip(labels, KeyBinding.all).map { label, entry in
            "  " + label + String(repeating: " ", count: width - CellWidth.of(label)) + entry.summary + "\n"
        }.joined()
    }

    /// `shimmerfeed keys`: every action a key may be bound to, and its keys as `keys` binds
    /// them, in the words a configuration's `bind` line takes.
    public static func keysListing(_ keys: KeyMap) -> String {
        let width = (KeyAction.bindable.map(\.rawValue.count).max() ?? 0) + 2
        return KeyAction.bindable.map { action in
            let names = keys.keys(for: action).map { $0.configName ?? "(\($0.displayName))" }
            let padded = action.rawValue + String(repeating: " ", count: width - action.rawValue.count)
            return (names.isEmpty ? action.rawValue : padded + names.joined(separator: " ")) + "\n"
        }.joined()
    }

    /// The options as `--help` lists them: each label, then its summary wrapped beside it.
    private static func optionsText(_ vocabulary: CommandLineVocabulary) -> String {
        let column = 24
        let width = 80 - column
        return CommandLineOption.all.map { option in
            let label = "  " + option.label(in: vocabulary)
            var lines = TextWrapper.wrap(option.summary, width: width)
            // A label too long to leave two spaces before the column has a line of its own.
            let first = label.count + 2 > column ? label : label + String(repeating: " ", count: column - label.count)
            if label.count + 2 <= column { lines[0] = first + lines[0] }
            let rest = lines.dropFirst(label.count + 2 > column ? 0 : 1).map {
                String(repeating: " ", count: column) + $0
            }
            return ((label.count + 2 > column ? [first] : [lines[0]]) + rest).joined(separator: "\n") + "\n"
        }.joined()
    }

    /// The commands as `--help` lists them, each summary beside its usage.
    private static func commandsText(_ vocabulary: CommandLineVocabulary) -> String {
        CommandLineCommand.all(vocabulary).map { command in
            let usage = "shimmerfeed " + command.usage
            let gap = String(repeating: " ", count: max(2, 28 - usage.count))
            return "       " + usage + gap + command.summary + "\n"
        }.joined()
    }

    /// The manual's description, wrapped for the terminal; the first paragraph (what the
    /// program is) stands in the help's title.
    private static func descriptionText() -> String {
        var paragraphs = Array(ProgramManual.description.dropFirst())
        paragraphs[paragraphs.count - 1] += " man shimmerfeed and man shimmerfeed-config have the rest."
        return paragraphs.map(wrapped).joined(separator: "\n\n")
    }

    private static func wrapped(_ paragraph: String) -> String {
        TextWrapper.wrap(paragraph, width: 80).joined(separator: "\n")
    }

    /// `--help`, with the keys as `keys` binds them, and what the networks add.
    public static func usage(keys: KeyMap = .standard, vocabulary: CommandLineVocabulary) -> String {
        """
        shimmerfeed — a feed of posts in the terminal, with skeleton rows while it loads

        Usage: shimmerfeed [OPTIONS] [SOURCE...]
        \(commandsText(vocabulary))
        \(descriptionText())

        Options:
        \(optionsText(vocabulary))
        Keys:
        \(keysText(keys))
        \(wrapped("Exit codes: " + ManualFacts.exitStatuses.map { "\($0.name) \($0.meaning)" }.joined(separator: "; ") + "."))
        """
    }
}
