import FeedCore

/// shimmerfeed(1), made from the tables the parser, `--help` and the keys read: the
/// options, the commands, the key bindings and the manual's facts. Nothing in it is written
/// twice: a new option is in the page as soon as it is in the table.
public enum ProgramManual {
    /// What the program is, a paragraph each: `--help` wraps them, the manual fills them.
    static var description: [String] {
        [
            "A feed of posts in the terminal. While the posts load, every row is drawn as a grey skeleton of exactly "
                + "the shape the real row will have, with a shimmer sweeping across it; when they arrive, the real "
                + "rows take the skeleton's place without moving a cell.",
            "A SOURCE is a file, - for standard input (keys still come from the terminal), an http:// or https:// "
                + "URL, or an OPML file of feeds: JSON Feed, RSS, Atom, Mastodon's and Bluesky's APIs, or the "
                + "program's own JSON. Several sources make one timeline, newest first. With no SOURCE, the "
                + "subscriptions file ($XDG_CONFIG_HOME/shimmerfeed/feeds, else ~/.config/shimmerfeed/feeds: a source "
                + "a line, then a title and its settings, "
                + Subscriptions.settings.map { $0.name + "=" }.joined(separator: " ") + "); without one, the home "
                + "timeline of each account signed in with login, else the bundled sample feed.",
            "The configuration file ($XDG_CONFIG_HOME/shimmerfeed/config, else ~/.config/shimmerfeed/config, or "
                + "--config FILE) sets any option below by its name without dashes, one a line (refresh 5m, "
                + "no-stream), and keys (bind n next-unread, unbind q); the command line wins over it.",
        ]
    }

    /// The page, in man(7)'s macros.
    public static func page(vocabulary: CommandLineVocabulary) -> String {
        var lines = Roff.header(
            name: "shimmerfeed", section: 1, kind: "User Commands", generate: "man",
            what: "a feed of posts in the terminal, with skeleton rows as it loads")
        lines += [
            Roff.section("SYNOPSIS"),
            ".B shimmerfeed",
            "[\\fIOPTIONS\\fR] [\\fISOURCE\\fR ...]",
        ]
        for command in CommandLineCommand.all(vocabulary) {
            lines += [".br", ".B shimmerfeed", Roff.usage(command.usage)]
        }
        lines.append(Roff.section("DESCRIPTION"))
        lines += Roff.paragraphs(description)
        lines += [
            ".PP",
            Roff.line(
                "The keys, the settings of the configuration and of the subscriptions file, and the colours are in "
                    + "shimmerfeed-config(5); the guides to each network, the store, the pictures and the "
                    + "architecture are in the docs folder of the source."),
        ]
        lines.append(Roff.section("COMMANDS"))
        lines.append(
            Roff.line(
                "None needs a terminal but login, which asks for a password on it. Each prints on standard output, "
                    + "says what went wrong on standard error, and its exit status tells success or failure; "
                    + "reload, unread, print and export read the subscriptions file (or the sources given) and the "
                    + "configuration, mutes included."))
        for command in CommandLineCommand.all(vocabulary) {
            lines += Roff.tagged(
                "\\fBshimmerfeed\\fR " + Roff.usage(command.usage),
                command.detail.map { "\(command.summary): \($0)." } ?? command.summary + ".")
        }
        lines.append(Roff.section("OPTIONS"))
        for option in CommandLineOption.all {
            let names = option.namesShortFirst.map(Roff.bold).joined(separator: ", ")
            let value = option.value(in: vocabulary).map { " " + Roff.placeholder($0) } ?? ""
            lines += Roff.tagged(
                names + value, option.detail.map { "\(option.summary); \($0)." } ?? option.summary + ".")
        }
        lines.append(Roff.section("KEYS"))
        lines.append(
            Roff.line(
                "The standard keys; bind and unbind in the configuration change them (shimmerfeed-config(5)), and "
                    + "shimmerfeed keys lists them as bound. ? shows them in the viewer."))
        for binding in KeyBinding.all {
            let keys = binding.label.split(separator: "  ").map { group in
                group.split(separator: " ").map { $0 == "mouse" ? Roff.text("mouse") : Roff.bold(String($0)) }
                    .joined(separator: " ")
            }.joined(separator: ", ")
            lines += Roff.tagged(keys, binding.detail.map { "\(binding.summary): \($0)." } ?? binding.summary + ".")
        }
        lines += facts("ENVIRONMENT", ManualFacts.environment, bold: true)
        lines += facts("FILES", ManualFacts.files, bold: false)
        lines += facts("EXIT STATUS", ManualFacts.exitStatuses, bold: true)
        lines.append(Roff.section("EXAMPLES"))
        for example in ManualFacts.examples {
            lines += Roff.tagged(
                Roff.bold(example.name), example.meaning.prefix(1).uppercased() + example.meaning.dropFirst() + ".")
        }
        lines += [
            Roff.section("SEE ALSO"),
            "\\fBshimmerfeed\\-config\\fR(5), \\fBnewsboat\\fR(1), \\fBtmux\\fR(1), \\fBcurl\\fR(1)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A section of names and what each means, the names in bold or italics.
    static func facts(_ title: String, _ entries: [ManualFacts.Entry], bold: Bool) -> [String] {
        [Roff.section(title)]
            + entries.flatMap { entry in
                Roff.tagged(bold ? Roff.bold(entry.name) : Roff.italic(entry.name), entry.meaning + ".")
            }
    }
}
