import FeedCore

/// What the shells' completions offer, read from the tables: every option with its names,
/// a short description and what its value is; every command with the words it takes. The
/// scripts for bash, zsh and fish are written from this, so that the three and the parser
/// cannot disagree.
struct ShellCompletion {
    /// What an option's value is, for what to offer after it.
    enum Value: Equatable {
        /// A flag: nothing follows it.
        case flag
        /// One of these words.
        case choices([String])
        /// A file's name.
        case file
        /// Something to type (a number, an interval, a name): nothing to offer.
        case typed(String)

        var isTyped: Bool {
            if case .typed = self { return true }
            return false
        }
    }

    struct Option {
        var names: [String]
        var description: String
        var value: Value

        var long: String? { names.first { $0.hasPrefix("--") } }
        var short: String? { names.first { !$0.hasPrefix("--") } }
    }

    struct Command {
        var word: String
        var description: String
        /// The words it takes, where it takes words of its own (`print --json`, `export opml`).
        var words: [String]
        /// Whether what follows it may be a signed-in account's address (`login`, `logout`).
        var offersAccounts: Bool
    }

    var options: [Option]
    var commands: [Command]

    /// The command that lists the accounts signed in, an address a line first.
    static let accountsCommand = "shimmerfeed accounts 2>/dev/null | cut -f1"

    init(vocabulary: CommandLineVocabulary) {
        options = CommandLineOption.all.map { option in
            let value: Value
            switch option.value(in: vocabulary) {
            case nil: value = .flag
            case let words? where words.contains("|"): value = .choices(words.split(separator: "|").map(String.init))
            case "FILE"?, "PATH"?: value = .file
            case let name?: value = .typed(name)
            }
            return Option(names: option.names, description: Self.short(option.summary), value: value)
        }
        var commands: [Command] = []
        for command in CommandLineCommand.all(vocabulary) {
            // A word of the usage that is neither a placeholder nor a bracket's: `opml`,
            // `--ttrss`, `bsky.social`, `--json`.
            let words = command.usage.split(separator: " ").dropFirst().flatMap { $0.split(separator: "|") }.map {
                String($0).filter { !"[]".contains($0) }
            }.filter { $0 != $0.uppercased() }
            if let index = commands.firstIndex(where: { $0.word == command.word }) {
                commands[index].words += words.filter { !commands[index].words.contains($0) }
                commands[index].description = Self.shared(commands[index].description, Self.short(command.summary))
            } else {
                commands.append(
                    Command(
                        word: command.word, description: Self.short(command.summary), words: words,
                        offersAccounts: ["login", "logout"].contains(command.word)))
            }
        }
        self.commands = commands
    }

    /// `text` in single quotes, for any of the three shells.
    static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// What two summaries of one word say alike, their first words in common ("sign in to
    /// Bluesky…" and "sign in to Tiny Tiny RSS…": "sign in"), without a last word that only
    /// leads on.
    static func shared(_ one: String, _ other: String) -> String {
        var words = zip(one.split(separator: " "), other.split(separator: " ")).prefix { $0 == $1 }.map(\.0)
        while let last = words.last, ["to", "a", "an", "the", "at", "with", "of"].contains(last) { words.removeLast() }
        return words.isEmpty ? one : words.joined(separator: " ")
    }

    /// A summary cut to its first clause, for a menu's line.
    static func short(_ summary: String) -> String {
        var text = summary
        for stop in ["; ", ": ", " ("] {
            if let range = text.firstRange(of: stop) { text = String(text[..<range.lowerBound]) }
        }
        if text.count > 72 { text = String(text.prefix(71)) + "…" }
        return text
    }
}
