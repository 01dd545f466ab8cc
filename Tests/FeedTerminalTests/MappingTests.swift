import CNcurses
import FeedCore
import Testing

@testable import FeedTerminal

@Suite struct KeyMappingTests {
    @Test func functionKeys() {
        #expect(KeyMapping.key(forFunctionKey: KEY_UP) == .up)
        #expect(KeyMapping.key(forFunctionKey: KEY_DOWN) == .down)
        #expect(KeyMapping.key(forFunctionKey: KEY_NPAGE) == .pageDown)
        #expect(KeyMapping.key(forFunctionKey: KEY_PPAGE) == .pageUp)
        #expect(KeyMapping.key(forFunctionKey: KEY_HOME) == .home)
        #expect(KeyMapping.key(forFunctionKey: KEY_END) == .end)
        #expect(KeyMapping.key(forFunctionKey: KEY_F0 + 5) == .unknown)
    }

    @Test func characters() {
        #expect(KeyMapping.key(forCharacter: 0x71) == .character("q"))
        #expect(KeyMapping.key(forCharacter: 0x1B) == .escape)
        #expect(KeyMapping.key(forCharacter: 0x0D) == .enter)
        #expect(KeyMapping.key(forCharacter: 0x0A) == .enter)
        #expect(KeyMapping.key(forCharacter: 0x03) == .control("c"))
        #expect(KeyMapping.key(forCharacter: 0x0C) == .control("l"))
        #expect(KeyMapping.key(forCharacter: 0x7F) == .backspace)
        #expect(KeyMapping.key(forCharacter: 0xD55C) == .character("한"))
    }
}

@Suite struct MouseMappingTests {
    @Test func theWheelScrollsAndTheFirstButtonClicks() {
        #expect(KeyMapping.key(forMouse: CNcurses_BUTTON4_PRESSED(), row: 3, column: 4) == .wheelUp)
        #expect(KeyMapping.key(forMouse: CNcurses_BUTTON5_PRESSED(), row: 3, column: 4) == .wheelDown)
        #expect(KeyMapping.key(forMouse: CNcurses_BUTTON1_PRESSED(), row: 3, column: 4) == .click(row: 3, column: 4))
        #expect(KeyMapping.key(forMouse: CNcurses_BUTTON1_CLICKED(), row: 0, column: 0) == .click(row: 0, column: 0))
        #expect(KeyMapping.key(forMouse: 0, row: 0, column: 0) == nil)
    }
}

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
