import FeedCore
import Foundation
import NetworkRegistry
import TestSupport
import Testing

@testable import FeedCommandLine

/// The manual pages and the completions come from the tables the parser reads: every
/// option, command, key, setting and word of the tables is in them, so that a new one
/// cannot be forgotten; and the roff they are written in says each word as it is.
@Suite struct ManualTests {
    let vocabulary = NetworkRegistry.vocabulary
    var program: String { Self.flat(ProgramManual.page(vocabulary: vocabulary)) }
    var configuration: String { Self.flat(ConfigurationManual.page(vocabulary: vocabulary)) }

    /// A page's text with its lines joined as roff fills them: a paragraph is written a
    /// sentence a line, so what a table says is looked for across its breaks.
    static func flat(_ page: String) -> String {
        page.replacing("\n\\&", with: " ").replacing("\n", with: " ")
    }

    /// Each document whole, as recorded after a person read it: a sentence, a paragraph
    /// break or a shell's word lost or changed is a difference (RECORD_SNAPSHOTS=1 records a
    /// change made on purpose, to be read in the diff).
    @Test(arguments: GeneratedDocument.allCases)
    func eachDocumentIsAsRecorded(document: GeneratedDocument) throws {
        try Snapshot.assertText(
            document.text(vocabulary: vocabulary), named: document.rawValue,
            in: Fixtures.snapshots(of: "FeedCommandLineTests"))
    }

    @Test func roffSaysEachCharacterAsItIs() {
        #expect(Roff.text("--format a\\b") == "\\-\\-format a\\eb")
        #expect(Roff.text("a — b “c”") == "a \\[u2014] b \\[u201C]c\\[u201D]")
        #expect(Roff.text("😀") == "\\[u1F600]")
        #expect(Roff.text("run `make test` now") == "run \\fBmake test\\fR now")
        #expect(Roff.text("an `open one") == "an \\fBopen one\\fR", "a backtick left open is closed")
        #expect(Roff.line(".hidden") == "\\&.hidden", "a line that would be a request")
        #expect(Roff.line("'quoted") == "\\&'quoted")
        #expect(Roff.line("plain") == "plain")
        // A sentence a line, none over 80 bytes, none taken for a request.
        let long = Roff.line(String(repeating: "word ", count: 40) + "end. Then .more here.")
        #expect(long.split(separator: "\n").allSatisfy { $0.utf8.count <= 80 }, "\(long)")
        #expect(long.hasSuffix(" end.\nThen .more here."))
        #expect(Roff.line("A sentence. .hidden after") == "A sentence.\n\\&.hidden after")
        #expect(Roff.literal("  two  spaces") == "\\&  two  spaces", "an example's line as it is")
        #expect(Roff.quoted("say \"hi\"") == "\"say \\(dqhi\\(dq\"")
        #expect(Roff.usage("logout SERVER") == "\\fBlogout\\fR \\fISERVER\\fR")
        #expect(Roff.usage("print [--json|--unread]") == "\\fBprint\\fR \\fB[\\-\\-json|\\-\\-unread]\\fR")
        #expect(Roff.placeholder("auto|dark") == "\\fIauto\\fR|\\fIdark\\fR")
        #expect(Roff.placeholder("[BACKGROUND]") == "[\\fIBACKGROUND\\fR]")
    }

    @Test func everyOptionOfTheHelpIsInTheProgramsPageWithItsValues() {
        let page = program
        for option in CommandLineOption.all {
            for name in option.names {
                #expect(page.contains("\\fB\(Roff.text(name))\\fR"), "\(name)")
            }
            for choice in option.value(in: vocabulary)?.split(separator: "|") ?? [] {
                #expect(page.contains("\\fI\(Roff.text(String(choice)))\\fR"), "\(option.names[0]) \(choice)")
            }
            #expect(page.contains(Roff.text(option.summary)), "\(option.names[0])'s summary")
            if let detail = option.detail { #expect(page.contains(Roff.text(detail)), "\(option.names[0])'s detail") }
        }
        for format in vocabulary.formats { #expect(page.contains("\\fI\(format)\\fR"), "--format \(format)") }
    }

    @Test func everyCommandKeyAndFactIsInTheProgramsPage() {
        let page = program
        for command in CommandLineCommand.all(vocabulary) {
            #expect(page.contains("\\fBshimmerfeed\\fR " + Roff.usage(command.usage)), "\(command.usage)")
            #expect(page.contains(Roff.text(command.summary)), "\(command.usage)'s summary")
        }
        for binding in KeyBinding.all {
            #expect(page.contains(Roff.text(binding.summary)), "\(binding.summary)")
            for key in binding.label.split(separator: " ") where key != "mouse" {
                #expect(page.contains("\\fB\(Roff.text(String(key)))\\fR"), "the key \(key)")
            }
        }
        for entry in ManualFacts.environment + ManualFacts.files + ManualFacts.exitStatuses + ManualFacts.examples {
            #expect(page.contains(Roff.text(entry.name)), "\(entry.name)")
        }
        for section in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "KEYS", "ENVIRONMENT", "FILES",
            "EXIT STATUS", "EXAMPLES", "SEE ALSO",
        ] {
            #expect(page.contains(".SH \"\(section)\" "), "\(section)")
        }
        #expect(page.hasPrefix(".\\\" shimmerfeed(1)"))
        #expect(page.contains(".TH SHIMMERFEED 1 \"\(Version.date)\" \"shimmerfeed \(Version.current)\""))
    }

    /// Every variable the code reads (`environment["NAME"]`) is in the manual's list.
    @Test func everyVariableTheCodeReadsIsInTheEnvironmentSection() throws {
        let sources = Fixtures.tests.deletingLastPathComponent().appendingPathComponent("Sources")
        let listed = Set(ManualFacts.environment.flatMap { $0.name.split(separator: ", ").map(String.init) })
        var read: Set<String> = []
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: #/environment\["([A-Z_]+)"\]/#) { read.insert(String(match.output.1)) }
        }
        #expect(read.count > 15, "the code's variables found: \(read.sorted())")
        #expect(read.subtracting(listed).isEmpty, "read, not in the manual: \(read.subtracting(listed).sorted())")
    }

    @Test func everyWordOfTheConfigurationIsInItsPage() throws {
        let page = configuration
        for word in Configuration.names {
            #expect(page.contains("\\fB\(Roff.text(word))\\fR"), "\(word)")
        }
        let settings = try #require(page.firstRange(of: ".SH \"SETTINGS\"")?.upperBound)
        let colours = try #require(page.firstRange(of: ".SH \"COLOURS\"")?.lowerBound)
        for option in CommandLineOption.all where option.names.contains(where: Configuration.commandLineOnly.contains) {
            let name = option.names.first { $0.hasPrefix("--") }!.dropFirst(2)
            #expect(
                !page[settings..<colours].contains(" .TP \\fB\(Roff.text(String(name)))\\fR"),
                "\(name) is the command line's only")
        }
        for element in ThemeElement.allCases { #expect(page.contains("\\fB\(element.rawValue)\\fR"), "\(element)") }
        for action in KeyAction.bindable {
            #expect(page.contains("\\fB\(Roff.text(action.rawValue))\\fR"), "\(action)")
        }
        for (name, _) in Key.namedKeys { #expect(page.contains(Roff.text(name)), "the key name \(name)") }
        for setting in Subscriptions.settings {
            #expect(page.contains("\\fB\(Roff.text(setting.example))\\fR"), "\(setting.name)=")
        }
        for (line, _) in Subscriptions.lines { #expect(page.contains(Roff.usage(line)), "\(line)") }
    }

    /// The subscriptions file's table is the parser's: each example is read as the setting
    /// it shows, never as a word of the title.
    @Test func eachSettingOfTheSubscriptionsTableIsOneTheParserTakes() throws {
        for setting in Subscriptions.settings {
            let file = try Subscriptions.parse("https://feed.example/rss \(setting.example)", file: "feeds")
            #expect(file.entries.count == 1 && file.entries[0].title == nil, "\(setting.example)")
            #expect(
                file.entries[0] != Subscriptions.Entry(source: "https://feed.example/rss"), "\(setting.example) set")
        }
        #expect(
            throws: Subscriptions.ParseError(
                description: "feeds, line 1: tags= is not a setting of a source (did you mean tag=?); a source takes "
                    + Subscriptions.settings.map { $0.name + "=" }.joined(separator: ", "))
        ) { try Subscriptions.parse("https://feed.example/rss tags=swift", file: "feeds") }
    }

    /// Each command of the table is one the parser takes, with its words.
    @Test func eachCommandOfTheTableIsOneTheParserTakes() throws {
        for command in CommandLineCommand.all(vocabulary) {
            // The usage with a value for each placeholder and the first of each choice.
            let words = command.usage.split(separator: " ").map { word -> String in
                let first = String(word.split(separator: "|")[0]).filter { !"[]".contains($0) }
                return first == first.uppercased() && !first.hasPrefix("-") ? "server.example" : first
            }
            let action = try CommandLineOptions.parse(words, vocabulary: vocabulary).action
            #expect(action != .run, "\(words)")
        }
        #expect(try CommandLineOptions.parse(["accounts"]).action == .accounts)
        #expect(throws: CommandLineOptions.ParseError.self) { try CommandLineOptions.parse(["accounts", "x"]) }
        #expect(try CommandLineOptions.parse(["--generate", "man-config"]).action == .generate(.manConfig))
        #expect(
            throws: CommandLineOptions.ParseError(
                description:
                    "--generate takes one of man, man-config, complete-bash, complete-zsh, complete-fish, not 'pdf'")
        ) { try CommandLineOptions.parse(["--generate", "pdf"]) }
    }

    /// What the shells offer is read from the tables: the options with their values' kinds,
    /// the commands with their words.
    @Test func theCompletionsKnowEachOptionsValueAndEachCommandsWords() {
        let completion = ShellCompletion(vocabulary: vocabulary)
        #expect(completion.options.flatMap(\.names) == CommandLineOption.all.flatMap(\.names))
        func value(_ name: String) -> ShellCompletion.Value? {
            completion.options.first { $0.names.contains(name) }?.value
        }
        #expect(value("--format") == .choices(vocabulary.formats))
        #expect(value("--images") == .choices(["auto", "kitty", "sixel", "cells", "none"]))
        #expect(value("--store") == .file && value("--config") == .file)
        #expect(value("--timeout") == .typed("SECONDS") && value("--palette") == .flag)
        let commands = Dictionary(completion.commands.map { ($0.word, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(
            completion.commands.map(\.word) == [
                "login", "logout", "accounts", "keys", "reload", "unread", "print", "export",
            ])
        #expect(commands["login"]?.words == ["bsky.social", "--bluesky", "--ttrss"])
        #expect(commands["print"]?.words == ["--lines", "--json", "--paragraphs", "--unread"])
        #expect(commands["export"]?.words == ["opml"])
        #expect(commands["logout"]?.offersAccounts == true && commands["login"]?.offersAccounts == true)
        #expect(commands["export"]?.offersAccounts == false && commands["print"]?.offersAccounts == false)
        #expect(commands["login"]?.description == "sign in", "what the ways to sign in say alike")
        #expect(commands["accounts"]?.description == "the accounts signed in, one a line")
        #expect(ShellCompletion.short("the feeds' format (default auto: from the document)") == "the feeds' format")
        #expect(ShellCompletion.quoted("the feeds' format") == "'the feeds'\\'' format'")
    }
}
