import FeedCore
import Testing

@testable import FeedTerminal

@Suite struct LinkOpenerTests {
    private let executables: Set<String> = ["/usr/bin/firefox", "/usr/bin/xdg-open", "/opt/bin/browse"]

    private func command(_ environment: [String: String]) -> [String]? {
        LinkOpener.command(for: "https://e.org/a b;rm", environment: environment, isExecutable: executables.contains)?
            .arguments
    }

    @Test func theProgramIsFoundOnceOnPath() {
        let found = LinkOpener.command(
            for: "https://e.org", environment: ["BROWSER": "firefox", "PATH": "/nowhere:/usr/bin"],
            isExecutable: executables.contains)
        #expect(found?.path == "/usr/bin/firefox")
        let fallback = LinkOpener.command(
            for: "https://e.org", environment: ["PATH": "/usr/bin"], isExecutable: executables.contains)
        #expect(fallback?.path == "/usr/bin/xdg-open")
    }

    @Test func theURLIsOneArgumentToBrowser() {
        #expect(command(["BROWSER": "firefox", "PATH": "/usr/bin"]) == ["firefox", "https://e.org/a b;rm"])
        #expect(
            command(["BROWSER": "/opt/bin/browse --new %s:lynx", "PATH": "/usr/bin"]) == [
                "/opt/bin/browse", "--new", "https://e.org/a b;rm",
            ])
    }

    @Test func withoutABrowserXdgOpenIsUsedAndWithoutEitherNothing() {
        #expect(command(["PATH": "/usr/bin"]) == ["xdg-open", "https://e.org/a b;rm"])
        #expect(command(["BROWSER": "missing", "PATH": "/usr/bin"]) == ["xdg-open", "https://e.org/a b;rm"])
        #expect(command(["PATH": "/nowhere"]) == nil)
    }
}

@Suite struct TerminalCheckTests {
    @Test func theTerminalIsCheckedBeforeCursesStarts() {
        #expect(TerminalCheck.problem(outputIsTerminal: true, term: "xterm-256color") == nil)
        #expect(
            TerminalCheck.problem(outputIsTerminal: false, term: "xterm-256color")?.message.contains("not a terminal")
                == true)
        #expect(TerminalCheck.problem(outputIsTerminal: true, term: nil)?.message.contains("TERM is not set") == true)
        #expect(TerminalCheck.problem(outputIsTerminal: true, term: "")?.message.contains("TERM is not set") == true)
        #expect(TerminalCheck.problem(outputIsTerminal: true, term: "dumb")?.message.contains("TERM=dumb") == true)
    }
}
