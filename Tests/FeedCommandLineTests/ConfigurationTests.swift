import NetworkRegistry
import TestSupport
import Testing

@testable import FeedCommandLine
@testable import FeedCore

/// The configuration file: its words, every setting, every error with its line, and how the
/// command line and the environment win over it.
@Suite struct ConfigurationTests {
    private func parse(_ text: String) throws -> Configuration {
        try Configuration.parse(text, file: "config")
    }

    /// The error `text` stops at, as the reader reads it.
    private func error(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func wordsCommentsQuotesAndColours() throws {
        #expect(try ConfigWords.split("  bind  n   next-unread  ") == ["bind", "n", "next-unread"])
        #expect(try ConfigWords.split("store \"/my feeds/store.db\"  # kept here") == ["store", "/my feeds/store.db"])
        #expect(try ConfigWords.split(#"mute "say \"hi\" \\ there""#) == ["mute", #"say "hi" \ there"#])
        #expect(try ConfigWords.split("# all of it") == [])
        #expect(
            try ConfigWords.split("color author #ff8800 bold # a colour") == ["color", "author", "#ff8800", "bold"])
        #expect(try ConfigWords.split("#refresh 5m") == [], "a line that begins with # is a comment")
        #expect(try ConfigWords.split("color author #ff880 #bold") == ["color", "author", "#ff880", "#bold"])
        #expect(try ConfigWords.split("bind # quit") == ["bind"], "a comment, even where a key could be")
        #expect(try ConfigWords.split("bind a#b next #") == ["bind", "a#b", "next"], "inside a word # is a letter")
        #expect(throws: ConfigWords.ParseError.self) { try ConfigWords.split("store \"/open") }
        #expect(throws: ConfigWords.ParseError.self) { try ConfigWords.split("store \"a\"b") }
        #expect(throws: ConfigWords.ParseError.self) { try ConfigWords.split(#"store "a\nb""#) }
    }

    @Test func aFileSetsOptionsAndKeys() throws {
        let configuration = try parse(
            """
            # my reader\r
            refresh 10m
            animation pulse   # quieter
            no-stream
            store "/home/me/my feeds.sqlite3"

            bind x next
            bind ctrl-n next-unread
            bind F5 reload
            unbind j
            """)
        #expect(configuration.settings.map(\.line) == [2, 3, 4, 5])
        let options = try CommandLineOptions.parse([], configuration: configuration)
        #expect(options.viewer.refreshInterval == .seconds(600))
        #expect(options.viewer.animation == .pulse)
        #expect(!options.streams)
        #expect(options.storePath == "/home/me/my feeds.sqlite3")
        let keys = options.viewer.keys
        #expect(keys.action(for: .character("x")) == .next)
        #expect(keys.action(for: .control("n")) == .nextUnread)
        #expect(keys.action(for: .function(5)) == .reload)
        #expect(keys.action(for: .character("j")) == nil)
        #expect(keys.action(for: .down) == .next, "the other keys of an action stay")
        #expect(keys.keys(for: .next) == [.down, .character("x")])
    }

    @Test func theCommandLineAndTheEnvironmentWin() throws {
        let configuration = try parse("animation pulse\nimages cells\nstore /a.sqlite3\ntimeout 30\n")
        let given = try CommandLineOptions.parse(
            ["--animation", "calm", "--no-store"], environment: ["SHIMMERFEED_IMAGES": "none"],
            configuration: configuration)
        #expect(given.viewer.animation == .calm)
        #expect(given.images == .none, "the environment over the file")
        #expect(given.noStore && given.storePath == nil, "--no-store drops the file's store, which would contradict it")
        #expect(given.timeout == .seconds(30), "what the command line does not say, the file does")
        let quiet = try CommandLineOptions.parse(
            [], environment: ["SHIMMERFEED_ANIMATIONS": "none"], configuration: configuration)
        #expect(quiet.viewer.animation == AnimationStyle.none)
        let chosen = try CommandLineOptions.parse(
            [], environment: ["SSH_CONNECTION": "1 2 3 4"], configuration: try parse("animation slide"))
        #expect(chosen.viewer.animation == .slide, "a file's choice is a choice: SSH does not change it")
    }

    private static let notAKey =
        "is not a key: one character, ctrl- and a letter, space, enter, esc, tab, backspace, up, down, pgup, pgdn, "
        + "home, end, or f1 to f12"

    /// Every error names its file and line, and says what is wrong.
    @Test(arguments: [
        ("refresh 5m\nanimaton pulse", "config:2: unknown setting 'animaton'; did you mean 'animation'?"),
        ("\n\nrefesh 5m", "config:3: unknown setting 'refesh'; did you mean 'refresh'?"),
        ("colour auto", "config:1: unknown setting 'colour'; did you mean 'color'?"),
        ("--refresh 5m", "config:1: unknown setting '--refresh'; did you mean 'refresh'?"),
        ("wallpaper on", "config:1: unknown setting 'wallpaper'"),
        ("refresh", "config:1: refresh needs a value: refresh INTERVAL"),
        ("refresh 5m 10m", "config:1: refresh takes one value; quote a value with spaces"),
        ("refresh 3s", "config:1: refresh takes an interval such as 30s, 5m or 1h, from 5 s to a day, not '3s'"),
        ("fps 500", "config:1: fps takes a whole number from 1 to 120, not '500'"),
        ("no-stream yes", "config:1: no-stream takes no value"),
        ("help", "config:1: help is for the command line, not the configuration"),
        ("config other", "config:1: config is for the command line, not the configuration"),
        ("bind x", "config:1: bind takes a key and an action: bind n next-unread"),
        ("bind x nxet", "config:1: no action 'nxet'; did you mean 'next'? (shimmerfeed keys lists them)"),
        ("bind x select", "config:1: no action 'select' (shimmerfeed keys lists them)"),
        ("bind pgdown next", "config:1: 'pgdown' " + notAKey),
        ("bind ctrl-1 next", "config:1: 'ctrl-1' " + notAKey),
        ("bind f13 next", "config:1: 'f13' " + notAKey),
        ("bind ctrl-c reload", "config:1: ctrl-c always quits; it cannot be bound or unbound"),
        ("unbind ctrl-c", "config:1: ctrl-c always quits; it cannot be bound or unbound"),
        ("unbind", "config:1: unbind takes a key: unbind q"),
        (
            "bind x like\n# then\n\nbind x boost",
            "config:4: x is bound twice: to like on line 1, and to boost on line 4"
        ),
        ("store \"/a b", "config:1: a quote is opened and never closed"),
        ("theme solarized", "config:1: theme takes one of auto, dark, light"),
        ("color auther red", "config:1: no element 'auther' to colour; did you mean 'author'?"),
        ("color blue", "config:1: color takes one of auto, truecolor, 256, 16, none, not 'blue'"),
        (
            "color author reddish",
            "config:1: 'reddish' is no colour: a name (red, bright-blue, default…), 0 to 255, or #rrggbb"
        ),
        ("color author 256", "config:1: '256' is no colour: a name (red, bright-blue, default…), 0 to 255, or #rrggbb"),
        (
            "color author #ff88zz",
            "config:1: '#ff88zz' is no colour: a name (red, bright-blue, default…), 0 to 255, or #rrggbb"
        ),
        ("color author", "config:1: color author needs a colour: color author FOREGROUND [BACKGROUND] [bold]…"),
        ("color author red blue green", "config:1: 'green' is a third colour: a foreground and a background at most"),
        ("color author bold red", "config:1: colours come before the attributes"),
        ("color author bold", "config:1: a colour comes first: color ELEMENT FOREGROUND [BACKGROUND]"),
    ])
    func everyErrorNamesItsLine(_ text: String, _ message: String) {
        #expect(error(text) == message)
    }

    @Test func colourLinesAndTheTheme() throws {
        let configuration = try parse(
            """
            color auto
            theme light
            color author #ff8800 bold
            color status white 24 reverse
            color link default default underline
            color handle Bright-Cyan
            color time grey dim
            """)
        #expect(try CommandLineOptions.parse([], configuration: configuration).color == .auto, "one word: the option")
        let theme = configuration.theme
        #expect(theme.base == .light)
        #expect(theme.overrides[.author] == ElementLook(foreground: .rgb(0xFF8800), bold: true))
        #expect(theme.overrides[.status] == ElementLook(foreground: .index(7), background: .index(24), reverse: true))
        #expect(theme.overrides[.link] == ElementLook(underline: true))
        #expect(theme.overrides[.handle] == ElementLook(foreground: .index(14)))
        #expect(theme.overrides[.time] == ElementLook(foreground: .index(8), dim: true))
        // An override holds at every depth; the rest is the theme's.
        #expect(theme.look(.author, lightBackground: false, rich: false).foreground == .rgb(0xFF8800))
        #expect(theme.look(.selection, lightBackground: false, rich: true) == ColourTheme.light[.selection])
        #expect(ColourTheme().look(.selection, lightBackground: true, rich: true) == ColourTheme.light[.selection])
        #expect(ColourTheme().look(.selection, lightBackground: false, rich: true) == ColourTheme.dark[.selection])
        #expect(
            ColourTheme(base: .dark).look(.selection, lightBackground: true, rich: true)
                == ColourTheme.dark[.selection], "a theme named wins over the background")
        #expect(Set(ColourTheme.dark.keys) == Set(ThemeElement.allCases), "each theme colours every element")
        #expect(Set(ColourTheme.light.keys) == Set(ThemeElement.allCases))
        #expect(Set(ColourTheme.basic.keys) == Set(ThemeElement.allCases))
    }

    @Test func colourWords() {
        #expect(ThemeColour.parse("red") == .some(.index(1)))
        #expect(ThemeColour.parse("BRIGHT-WHITE") == .some(.index(15)))
        #expect(ThemeColour.parse("gray") == .some(.index(8)))
        #expect(ThemeColour.parse("0") == .some(.index(0)))
        #expect(ThemeColour.parse("255") == .some(.index(255)))
        #expect(ThemeColour.parse("#0a0B0c") == .some(.rgb(0x0A0B0C)))
        #expect(ThemeColour.parse("default") == .some(nil))
        for word in ["256", "-1", "+5", "#fff", "#12345g", "#1234567", "purple", ""] {
            #expect(ThemeColour.parse(word) == nil, "\(word)")
        }
    }

    @Test func aKeyBoundAgainToTheSameActionOrAfterUnbindIsNoClash() throws {
        let configuration = try parse("bind x like\nbind x like\nunbind x\nbind x boost\n")
        #expect(configuration.keys.action(for: .character("x")) == .boost)
        #expect(try parse("bind j like").keys.action(for: .character("j")) == .like, "a standard key is rebound")
        // The quote key is the quotation mark, named inside quotes as the file's words are.
        #expect(try parse("").keys.action(for: .character("\"")) == .quote)
        let moved = try parse("bind \"\\\"\" next\nbind z quote\n").keys
        #expect(moved.action(for: .character("\"")) == .next && moved.action(for: .character("z")) == .quote)
    }

    @Test func keyNamesReadAndWrittenAlike() {
        for (name, key) in Key.namedKeys {
            #expect(Key(configName: name) == key)
            #expect(Key(configName: name.uppercased()) == key, "names in any case")
            #expect(key.configName == name)
        }
        #expect(Key(configName: "Ctrl-D") == .control("d"))
        #expect(Key(configName: "G") == .character("G"), "one character keeps its case")
        #expect(Key(configName: "é") == .character("é"))
        for name in ["", "ctrl-", "ctrl-ab", "ctrl-é", "f0", "f13", "pageup", "jj"] {
            #expect(Key(configName: name) == nil, "\(name)")
        }
        #expect(Key.character(" ").configName == "space")
        #expect(Key.wheelUp.configName == nil)
        let shown: [Key: String] = [
            .control("d"): "Ctrl-D", .pageDown: "PgDn", .function(12): "F12", .up: "↑", .character(" "): "Space",
            .tab: "Tab", .escape: "Esc",
        ]
        for (key, name) in shown { #expect(key.displayName == name) }
    }

    @Test func theNearestNameIsASlipAwayOrNone() {
        #expect(NearestName.nearest(to: "refersh", among: Configuration.names) == "refresh", "a swap is one edit")
        #expect(NearestName.nearest(to: "Animation", among: Configuration.names) == "animation")
        #expect(NearestName.nearest(to: "nostream", among: Configuration.names) == "no-stream")
        #expect(NearestName.nearest(to: "wallpaper", among: Configuration.names) == nil)
        #expect(NearestName.distance(Array("kitten"), Array("sitting")) == 3)
    }

    /// `shimmerfeed keys` and `--help` show the keys as bound.
    @Test func theListingAndTheHelpShowTheKeysAsBound() throws {
        let keys = try parse("bind x next\nunbind j\nunbind A\nbind F2 help").keys
        let listing = CommandLineOptions.keysListing(keys)
        #expect(listing.contains("next            down x\n"))
        #expect(listing.contains("help            ? f2\n"))
        #expect(listing.contains("mark-all-read\n"), "an action with no key is listed bare")
        #expect(listing.contains("scroll-down     (wheel down)\n"))
        #expect(listing.split(separator: "\n").count == KeyAction.bindable.count)
        let help = CommandLineOptions.usage(keys: keys, vocabulary: NetworkRegistry.vocabulary)
        #expect(help.contains("  ↓ x  k ↑ "))
        #expect(help.contains("  unbound  ") && help.contains("mark every post read"))
        #expect(help.contains("  ? F2  "))
    }
}
