import FeedCore

/// The README's reference of the configuration file, made from the tables `--help` comes
/// from (the options, the keys), so that the two cannot drift apart: a test holds the
/// README to it.
extension Configuration {
    /// What each line may say.
    static let lines: [(line: String, meaning: String)] = [
        (
            "bind KEY ACTION",
            "KEY does ACTION, instead of what it did; a key two `bind` lines give two actions is an error naming "
                + "both lines"
        ),
        ("unbind KEY", "KEY does nothing (Ctrl-C always quits: it cannot be bound or unbound)"),
        (
            "password-command \"COMMAND\"",
            "a reader server's password (tt-rss's), as the first line COMMAND prints (`pass show ttrss`), asked "
                + "when the server's session ends; with it, `login --ttrss` keeps no password in the accounts file"
        ),
        (
            "mute WORD…",
            "hide every post that holds each word whole (a quoted phrase is one), in its title, text, author or "
                + "source, case and accents aside"
        ),
        (
            "mute author @HANDLE",
            "hide an author's posts: `@ada` on any server, `@ada@social.example`, or a quoted name"
        ),
        ("mute source NAME", "hide a source's posts, by the name the subscriptions file gives it or its address"),
        ("mute /REGEX/", "hide the posts whose title, text, author or source the expression matches, case aside"),
        (
            "theme auto|dark|light",
            "the colours for a dark or a light background (auto, the default: the one for the background the "
                + "terminal reports, else dark)"
        ),
        (
            "color ELEMENT FOREGROUND [BACKGROUND] [bold] [dim] [underline] [reverse]",
            "an element's colours over the theme's, at every colour depth: a colour is a name (`black`, `red`, "
                + "`green`, `yellow`, `blue`, `magenta`, `cyan`, `white`, each also `bright-…`, `grey`, and "
                + "`default` for the terminal's own), 0 to 255, or `#rrggbb`, drawn as the nearest the terminal has"
        ),
    ]

    /// The reference in Markdown: the lines, the settings, the actions and the key names.
    public static func markdownReference(_ vocabulary: CommandLineVocabulary) -> String {
        var text = ["| line | meaning |", "| --- | --- |"]
        for (line, meaning) in lines { text.append("| `\(MarkdownCell.escaped(line))` | \(meaning) |") }
        for option in CommandLineOption.all {
            guard let name = option.names.first(where: { $0.hasPrefix("--") }), !commandLineOnly.contains(name)
            else { continue }
            let value = option.value(in: vocabulary).map { " " + MarkdownCell.escaped($0) } ?? ""
            text.append("| `\(name.dropFirst(2))\(value)` | as `\(name)` |")
        }
        text += ["", "| element | is |", "| --- | --- |"]
        for element in ThemeElement.allCases { text.append("| `\(element.rawValue)` | \(element.meaning) |") }
        text += ["", "| actions | standard keys | do |", "| --- | --- | --- |"]
        for binding in KeyBinding.all {
            let actions = binding.actions.filter { $0 != .select }
            let keys = actions.map { action in
                let names = KeyMap.standard.keys(for: action).compactMap(\.configName).map {
                    "`\(MarkdownCell.escaped($0))`"
                }
                return names.joined(separator: " ")
            }.filter { !$0.isEmpty }
            text.append(
                "| \(actions.map { "`\($0.rawValue)`" }.joined(separator: ", ")) | "
                    + (keys.isEmpty ? "the mouse wheel" : keys.joined(separator: "; ")) + " "
                    + "| \(binding.summary) |")
        }
        let names = Key.namedKeys.map { "`\($0.name)`" }.joined(separator: ", ")
        text += [
            "", "A KEY is one character (`j`, `G`, `/`), `ctrl-` and a letter (`ctrl-d`), or one of \(names).",
        ]
        return text.joined(separator: "\n") + "\n"
    }
}
