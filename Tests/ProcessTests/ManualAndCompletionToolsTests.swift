import FeedCommandLine
import Foundation
import NetworkRegistry
import TestSupport
import Testing

/// The generated manual pages and completions, read by the programs that read them:
/// groff's warnings (all of them, `-ww`) and man's rendering of each page; bash, zsh and
/// fish loading each script, and bash and fish completing with it.
@Suite struct ManualAndCompletionToolsTests {
    let vocabulary = NetworkRegistry.vocabulary

    /// A program's exit status and what it printed on each output.
    struct Ran {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs `arguments` (found on PATH) in `folder`, with `environment` over this one's.
    func run(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws -> Ran {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let folder { process.currentDirectoryURL = folder }
        // Standard error to a file, standard output through a pipe read to its end: no pipe
        // fills while the other is waited for.
        let errorsFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "shimmerfeed-tool-errors-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try #require(FileManager.default.createFile(atPath: errorsFile.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: errorsFile) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorsFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Ran(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? "")
    }

    /// The document written to a file of its own in a scratch folder.
    func written(_ document: GeneratedDocument, name: String) throws -> (folder: URL, file: URL) {
        let folder = try ScratchFolder.make("shimmerfeed-generated")
        let file = folder.appendingPathComponent(name)
        try document.text(vocabulary: vocabulary).write(to: file, atomically: true, encoding: .utf8)
        return (folder, file)
    }

    func available(_ program: String) -> Bool {
        (try? run(["sh", "-c", "command -v \(program)"]).status) == 0
    }

    /// groff on the terminal's device, as man runs it (its default device, PostScript, has
    /// no glyph for one character a row draws, ⚑, and says so), and mandoc's lint, style
    /// notes and all.
    @Test(arguments: [(GeneratedDocument.man, "shimmerfeed.1"), (.manConfig, "shimmerfeed-config.5")])
    func groffAndMandocFindNothingToWarnAboutAndManRendersThePage(document: GeneratedDocument, name: String) throws {
        try #require(
            available("groff") && available("mandoc") && available("man"),
            "groff, mandoc and man-db (.ci/system-packages test)")
        let (folder, file) = try written(document, name: name)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lint = try run(["groff", "-man", "-Tutf8", "-ww", "-z", file.path])
        #expect(lint.status == 0)
        #expect(lint.errors.isEmpty, "groff's warnings:\n\(lint.errors)")
        let mandoc = try run(["mandoc", "-T", "lint", file.path])
        #expect(
            mandoc.status == 0 && mandoc.output.isEmpty && mandoc.errors.isEmpty, "\(mandoc.output)\(mandoc.errors)")
        let shown = try run(
            ["man", "-l", file.path], environment: ["MANPAGER": "cat", "MANWIDTH": "80", "LANG": "C.UTF-8"])
        #expect(shown.status == 0, "\(shown.errors)")
        // Filled and justified: the words apart by one space again.
        let text = shown.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        if document == .man {
            #expect(text.contains("shimmerfeed - a feed of posts in the terminal"), "\(text.prefix(400))")
            #expect(text.contains("--format"), "an option as it is typed: ASCII hyphens")
            #expect(text.contains("EXIT STATUS"))
            #expect(!text.contains("\\["), "no escape left unread")
        } else {
            #expect(text.contains("shimmerfeed-config - shimmerfeed's configuration and subscriptions files"))
            #expect(text.contains("password-command"))
            #expect(text.contains("refresh 10m"), "the example as typed")
        }
    }

    /// bash with the completion sourced, completing as the Tab key does (COMP_WORDS up to
    /// the cursor), a `shimmerfeed` on PATH that lists one account.
    func bashCompletes(_ words: [String], in folder: URL) throws -> [String] {
        let script = folder.appendingPathComponent("shimmerfeed.bash")
        let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let ran = try run(
            [
                "bash", "--norc", "-c",
                "source '\(script.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); "
                    + "_shimmerfeed; printf '%s\\n' \"${COMPREPLY[@]}\"",
            ], in: folder, environment: ["PATH": "\(folder.path)/bin:/usr/bin:/bin"])
        #expect(ran.status == 0 && ran.errors.isEmpty, "\(ran.errors)")
        return ran.output.split(separator: "\n").map(String.init).filter { !$0.isEmpty }.sorted()
    }

    @Test func bashCompletesOptionsTheirValuesCommandsAndFiles() throws {
        try #require(available("bash"))
        let (folder, _) = try written(.completeBash, name: "shimmerfeed.bash")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A stand-in for the binary's `accounts` (tested where it lives), as the completion calls it.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("bin"), withIntermediateDirectories: true)
        let stand = folder.appendingPathComponent("bin/shimmerfeed")
        try "#!/bin/sh\n[ \"$1\" = accounts ] && printf 'social.example\\tmastodon\\tada\\n'\n".write(
            to: stand, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stand.path)
        try "".write(to: folder.appendingPathComponent("feed.json"), atomically: true, encoding: .utf8)
        #expect(try bashCompletes(["shimmerfeed", "--for"], in: folder) == ["--format"])
        #expect(try bashCompletes(["shimmerfeed", "--format", ""], in: folder) == vocabulary.formats.sorted())
        #expect(try bashCompletes(["shimmerfeed", "--format", "=", "r"], in: folder) == ["rss"], "--format=r")
        #expect(try bashCompletes(["shimmerfeed", "--images", "s"], in: folder) == ["sixel"])
        #expect(try bashCompletes(["shimmerfeed", "--store", "fe"], in: folder) == ["feed.json"])
        #expect(try bashCompletes(["shimmerfeed", "--timeout", ""], in: folder).isEmpty, "a number to type")
        #expect(try bashCompletes(["shimmerfeed", "lo"], in: folder) == ["login", "logout"])
        #expect(try bashCompletes(["shimmerfeed", "f"], in: folder) == ["feed.json"], "a source")
        #expect(try bashCompletes(["shimmerfeed", "logout", ""], in: folder) == ["social.example"])
        #expect(try bashCompletes(["shimmerfeed", "login", "--t"], in: folder) == ["--ttrss"])
        #expect(try bashCompletes(["shimmerfeed", "export", ""], in: folder) == ["opml"])
        #expect(try bashCompletes(["shimmerfeed", "print", "--j"], in: folder) == ["--json"])
        #expect(
            try bashCompletes(["shimmerfeed", "feed.json", "--no-s"], in: folder) == ["--no-store", "--no-stream"])
    }

    @Test func zshAndFishReadTheirScriptsAndFishCompletesValues() throws {
        try #require(available("zsh") && available("fish"), "zsh and fish (.ci/system-packages test)")
        let (zshFolder, zsh) = try written(.completeZsh, name: "_shimmerfeed")
        defer { try? FileManager.default.removeItem(at: zshFolder) }
        let checked = try run(["zsh", "-n", zsh.path])
        #expect(checked.status == 0 && checked.errors.isEmpty, "\(checked.errors)")
        let (fishFolder, fish) = try written(.completeFish, name: "shimmerfeed.fish")
        defer { try? FileManager.default.removeItem(at: fishFolder) }
        let parsed = try run(["fish", "--no-execute", fish.path])
        #expect(parsed.status == 0 && parsed.errors.isEmpty, "\(parsed.errors)")
        func fishCompletes(_ line: String) throws -> [String] {
            let ran = try run(
                ["fish", "--no-config", "-c", "source '\(fish.path)'; complete -C '\(line)'"], in: fishFolder)
            #expect(ran.status == 0 && ran.errors.isEmpty, "\(ran.errors)")
            return ran.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.sorted()
        }
        #expect(try fishCompletes("shimmerfeed --format ") == vocabulary.formats.sorted())
        #expect(try fishCompletes("shimmerfeed --for") == ["--format"])
        #expect(try fishCompletes("shimmerfeed export ") == ["opml"])
        #expect(try fishCompletes("shimmerfeed lo") == ["login", "logout"])
    }
}
