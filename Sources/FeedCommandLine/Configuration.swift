import FeedCore

/// The configuration file, `$XDG_CONFIG_HOME/shimmerfeed/config` (else
/// `~/.config/shimmerfeed/config`, or `--config FILE`): one setting a line.
/// - Every option of the command line by its long name, without dashes: `refresh 5m`,
///   `no-stream`. The command line wins over the file.
/// - `bind KEY ACTION` and `unbind KEY`.
///
/// The whole file is read before anything starts: a line that cannot be read is an error
/// that names it, and nothing of the file is applied.
public struct Configuration: Sendable {
    /// An option the file sets, and its line.
    struct Setting: Sendable {
        var line: Int
        var option: CommandLineOption
        var value: String
    }

    var settings: [Setting] = []
    /// The standard keys, with the file's `bind` and `unbind` lines.
    public var keys = KeyMap.standard
    /// The `theme` and the `color` lines.
    public var theme = ColourTheme()
    /// The `mute` lines.
    public var mutes: [MuteRules.Rule] = []
    /// `password-command`: what prints a reader server's password when its session ends,
    /// so that no password is kept in the accounts file.
    public var passwordCommand: String?

    public init() {}

    /// `FILE:LINE: what is wrong`.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var message: String
        public var description: String { "\(file):\(line): \(message)" }
    }

    /// Where the file is looked for when `--config` does not say; nil when neither
    /// variable says.
    public static func path(environment: [String: String]) -> String? {
        ConfigFolder.path("config", environment: environment)
    }

    /// The options that are for one command line, never a file's.
    static let commandLineOnly: Set<String> = ["--help", "--version", "--config", "--generate"]

    /// The words a line may begin with besides the options' names.
    static var commands: [String] { lines.map { String($0.line.prefix { $0 != " " }) } }

    /// The options a file may set, each by its long name without the dashes.
    static var settings: [(name: String, option: CommandLineOption)] {
        CommandLineOption.all.compactMap { option in
            option.names.first { $0.hasPrefix("--") && !commandLineOnly.contains($0) }.map {
                (String($0.dropFirst(2)), option)
            }
        }
    }

    /// Every name a line may begin with, for the nearest to a mistyped one.
    static var names: [String] { commands + settings.map(\.name) }

    public static func parse(_ text: String, file: String) throws(ParseError) -> Configuration {
        var configuration = Configuration()
        var reader = LineReader(file: file)
        // Any line end: "\r\n" is one Character, never equal to "\n".
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            reader.line = index + 1
            let words: [String]
            do {
                words = try ConfigWords.split(line)
            } catch {
                throw reader.fail(error.description)
            }
            guard let name = words.first else { continue }
            try reader.read(name, Array(words.dropFirst()), into: &configuration)
        }
        return configuration
    }
}

/// Reads the lines of one file, remembering what earlier lines bound, to name them when a
/// later line clashes.
private struct LineReader {
    let file: String
    var line = 0
    /// The keys `bind` lines bound so far: the action and the line.
    var bound: [Key: (action: KeyAction, line: Int)] = [:]
    /// The options as the file sets them so far, to try each value on.
    var trial = CommandLineOptions()

    init(file: String) { self.file = file }

    func fail(_ message: String) -> Configuration.ParseError {
        Configuration.ParseError(file: file, line: line, message: message)
    }

    mutating func read(_ name: String, _ arguments: [String], into configuration: inout Configuration)
        throws(Configuration.ParseError)
    {
        switch name {
        case "bind":
            guard arguments.count == 2 else { throw fail("bind takes a key and an action: bind n next-unread") }
            let key = try key(arguments[0])
            guard let action = KeyAction(rawValue: arguments[1]), action != .select else {
                throw fail(
                    "no action '\(arguments[1])'"
                        + NearestName.suggestion(for: arguments[1], among: KeyAction.bindable.map(\.rawValue))
                        + " (shimmerfeed keys lists them)")
            }
            if let earlier = bound[key], earlier.action != action {
                throw fail(
                    "\(arguments[0]) is bound twice: to \(earlier.action.rawValue) on line \(earlier.line), "
                        + "and to \(action.rawValue) on line \(line)")
            }
            bound[key] = (action, line)
            configuration.keys.bind(key, to: action)
        case "mute":
            do {
                configuration.mutes.append(try MuteRules.rule(arguments))
            } catch {
                throw fail(error.description)
            }
        case "theme":
            guard arguments.count == 1, let base = ColourTheme.Base(rawValue: arguments[0]) else {
                throw fail("theme takes one of \(ColourTheme.Base.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            configuration.theme.base = base
        case "color" where arguments.count == 1 && ThemeElement(rawValue: arguments[0]) != nil:
            throw fail("color \(arguments[0]) needs a colour: color \(arguments[0]) FOREGROUND [BACKGROUND] [bold]…")
        case "color" where arguments.count > 1:
            // `color auto` is the option; `color ELEMENT …` an element's colours.
            guard let element = ThemeElement(rawValue: arguments[0]) else {
                throw fail(
                    "no element '\(arguments[0])' to colour"
                        + NearestName.suggestion(for: arguments[0], among: ThemeElement.allCases.map(\.rawValue)))
            }
            do {
                configuration.theme.overrides[element] = try ColourTheme.look(Array(arguments.dropFirst()))
            } catch {
                throw fail(error.description)
            }
        case "password-command":
            guard arguments.count == 1, !arguments[0].trimmingWhitespace().isEmpty else {
                throw fail("password-command takes one command, quoted: password-command \"pass show ttrss\"")
            }
            configuration.passwordCommand = arguments[0]
        case "unbind":
            guard arguments.count == 1 else { throw fail("unbind takes a key: unbind q") }
            let key = try key(arguments[0])
            bound[key] = nil
            configuration.keys.unbind(key)
        default:
            try set(name, arguments, into: &configuration)
        }
    }

    /// A key a line names; Ctrl-C is never one, since it always quits.
    private func key(_ name: String) throws(Configuration.ParseError) -> Key {
        guard let key = Key(configName: name), key.configName != nil else {
            throw fail(
                "'\(name)' is not a key: one character, ctrl- and a letter, space, enter, esc, tab, backspace, "
                    + "up, down, pgup, pgdn, home, end, or f1 to f12")
        }
        guard key != KeyMap.alwaysQuits else { throw fail("ctrl-c always quits; it cannot be bound or unbound") }
        return key
    }

    /// An option of the command line, tried on the options so far so that its error names
    /// this line.
    private mutating func set(_ name: String, _ arguments: [String], into configuration: inout Configuration)
        throws(Configuration.ParseError)
    {
        let flag = "--" + name
        guard let option = CommandLineOption.named(flag), name.first != "-" else {
            throw fail("unknown setting '\(name)'" + NearestName.suggestion(for: name, among: Configuration.names))
        }
        guard !Configuration.commandLineOnly.contains(flag) else {
            throw fail("\(name) is for the command line, not the configuration")
        }
        if let valueName = option.value {
            guard arguments.count == 1 else {
                throw fail(
                    arguments.isEmpty
                        ? "\(name) needs a value: \(name) \(valueName)"
                        : "\(name) takes one value; quote a value with spaces")
            }
        } else if !arguments.isEmpty {
            throw fail("\(name) takes no value")
        }
        let value = arguments.first ?? ""
        do {
            try option.apply(&trial, value)
        } catch {
            // The option's words name it as the command line does.
            throw fail(error.description.replacing(flag, with: name))
        }
        configuration.settings.append(Configuration.Setting(line: line, option: option, value: value))
    }
}
