import FeedCore

/// shimmerfeed-config(5): the configuration file and the subscriptions file, made from the
/// tables their parsers read (the lines, the options as settings, the colour elements, the
/// actions and key names, a source's settings), with the rules in words between them.
public enum ConfigurationManual {
    static let configurationRules = [
        "The configuration file is $XDG_CONFIG_HOME/shimmerfeed/config, else ~/.config/shimmerfeed/config, or the "
            + "file --config FILE names. It is optional. It holds one setting a line. A comment is a line that "
            + "begins with #, or a # standing alone after a setting; elsewhere # is a letter, as in the colour "
            + "#ff8800. A value with spaces goes in double quotes, with \\\" and \\\\ inside.",
        "Every option of the command line can be set there, by its long name without the dashes. The command "
            + "line wins over the file, and so do SHIMMERFEED_ANIMATIONS and SHIMMERFEED_IMAGES. The whole file is "
            + "read before anything starts. A line that cannot be read stops the start with FILE:LINE: what is "
            + "wrong, and exit status 2, and nothing of the file is applied. An unknown name suggests the nearest "
            + "one (unknown setting 'animaton'; did you mean 'animation'?). shimmerfeed keys lists every action "
            + "with its keys as bound, and the ? overlay and --help show the keys as bound too.",
        "mute lines hide posts everywhere: in the timeline, in a search (the store's matches too), and in the "
            + "unread count. The status line counts them (3 muted (M)), and M shows them, dimmed, until it is "
            + "pressed again. Words match whole (art is not in party), with case and accents aside, in a post's "
            + "title, text, author or source, across RSS, Atom, JSON Feed and Mastodon. A regular expression (the "
            + "standard library's Regex) matches case aside; quote it when it has spaces. Mastodon's own filters "
            + "are honoured as the server reports them on each status read with an account (filtered): one that "
            + "hides hides the post like a mute, and one that warns shows it collapsed behind the filter's name "
            + "(Filtered: spoilers · Enter shows it).",
        "Two themes ship: dark, for dark backgrounds, and light, darker inks of the same hues and a light status "
            + "line for light ones. theme auto, the default, takes the one for the background the terminal reports "
            + "(else COLORFGBG, else dark). At 16 colours and fewer both draw in the terminal's own ANSI colours, "
            + "which it sets for its background. "
            + "A color line changes one element at every colour depth: a colour named by index or #rrggbb is drawn "
            + "as itself in truecolor, as the nearest palette entry at 256 colours, and as the nearest ANSI colour "
            + "at 16 and 8. Without colour, an element told apart by its colour alone is drawn dim. The "
            + "skeleton's greys are not the theme's: they come from the background, so the shimmer reads on any "
            + "theme.",
    ]

    static let subscriptionsRules = [
        "The subscriptions file is $XDG_CONFIG_HOME/shimmerfeed/feeds, else ~/.config/shimmerfeed/feeds, read "
            + "when no SOURCE is given. Its words are the configuration file's: quotes where a value has spaces "
            + "(also after =, as in mute=\"super bowl\"), and # comments. A bad line is named by its number, and so "
            + "is a word shaped as a setting that is none (tags=swift is an error, never part of the title).",
        "An OPML file, given as a source or listed in the file, stands for the feeds of its outlines with an "
            + "xmlUrl, their title or text as names; its folders are their tags (a folder in a folder is "
            + "Parent/Child), after the tags of the line that names the file.",
    ]

    static let configurationExample = """
        # ~/.config/shimmerfeed/config
        refresh 10m
        animation pulse
        store "/home/me/feeds/my store.sqlite3"
        bind x next-unread
        bind ctrl-n next
        unbind q            # quit with Esc or Ctrl-C only
        mute crypto
        mute "super bowl"
        mute author @ada@social.example
        mute source "Hacker News"
        mute "/^re: /"
        theme light
        color author "#af5f00" bold
        color handle cyan
        color notice black bright-yellow
        color link 25 default underline
        """

    static let subscriptionsExample = """
        # A source per line, then an optional title and its settings.
        https://blog.example/feed.xml          The blog
        exported.opml                          # the feeds it lists
        https://mastodon.example/api/v1/timelines/home  token=$MASTODON_TOKEN  Home
        https://news.example/rss.xml  refresh=15m  keep=200  images=none  "The News"
        https://www.swift.org/atom.xml  tag=swift  tag="open source"  Swift.org
        search "swift ncurses"                 Swift
        ttrss https://rss.example/tt-rss/
        refresh 10m
        """

    /// The page, in man(7)'s macros.
    public static func page(vocabulary: CommandLineVocabulary) -> String {
        var lines = Roff.header(
            name: "shimmerfeed-config", section: 5, kind: "File Formats", generate: "man-config",
            what: "shimmerfeed's configuration and subscriptions files")
        lines += [
            Roff.section("SYNOPSIS"),
            Roff.line("$XDG_CONFIG_HOME/shimmerfeed/config"),
            ".br",
            Roff.line("$XDG_CONFIG_HOME/shimmerfeed/feeds"),
            Roff.section("DESCRIPTION"),
        ]
        lines += Roff.paragraphs(configurationRules)
        lines.append(Roff.section("CONFIGURATION LINES"))
        for (line, meaning) in Configuration.lines {
            lines += Roff.tagged(Roff.usage(line), meaning + ".")
        }
        lines.append(Roff.section("SETTINGS"))
        lines.append(Roff.line("Each as the option of the same name in shimmerfeed(1); a flag takes no value."))
        for (name, option) in Configuration.settings {
            let value = option.value(in: vocabulary).map { " " + Roff.placeholder($0) } ?? ""
            lines += Roff.tagged(Roff.bold(name) + value, option.summary + ".")
        }
        lines.append(Roff.section("COLOURS"))
        lines.append(Roff.line("The elements a color line names:"))
        for element in ThemeElement.allCases {
            lines += Roff.tagged(Roff.bold(element.rawValue), element.meaning + ".")
        }
        lines.append(Roff.section("ACTIONS"))
        lines.append(Roff.line("What bind gives a key, with the standard keys of each:"))
        for action in KeyAction.bindable {
            let keys = KeyMap.standard.keys(for: action).compactMap(\.configName)
            let binding = KeyBinding.all.first { $0.actions.contains(action) }
            let does = binding.map { " (\($0.summary))" } ?? ""
            lines += Roff.tagged(
                Roff.bold(action.rawValue),
                (keys.isEmpty ? "no standard key" : keys.joined(separator: " ")) + does + ".")
        }
        let names = Key.namedKeys.map { $0.name }.joined(separator: ", ")
        lines += [
            ".PP",
            Roff.line("A KEY is one character (j, G, /), ctrl- and a letter (ctrl-d), or one of \(names)."),
        ]
        lines.append(Roff.section("SUBSCRIPTIONS FILE"))
        lines += Roff.paragraphs(subscriptionsRules)
        for (line, meaning) in Subscriptions.lines {
            lines += Roff.tagged(Roff.usage(line), meaning + ".")
        }
        lines += [".PP", Roff.line("A source's settings:")]
        for setting in Subscriptions.settings {
            lines += Roff.tagged(Roff.bold(setting.example), setting.meaning + ".")
        }
        lines.append(Roff.section("EXAMPLES"))
        lines += example("A configuration file:", configurationExample)
        lines.append(".PP")
        lines += example("A subscriptions file:", subscriptionsExample)
        lines += [
            Roff.section("SEE ALSO"),
            "\\fBshimmerfeed\\fR(1)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// An example as it is typed: its caption, then the lines unfilled, in a monospaced
    /// block.
    static func example(_ caption: String, _ text: String) -> [String] {
        [Roff.line(caption), ".PP", ".RS 4", ".EX"]
            + text.split(separator: "\n", omittingEmptySubsequences: false).map { Roff.literal(String($0)) }
            + [".EE", ".RE"]
    }
}
