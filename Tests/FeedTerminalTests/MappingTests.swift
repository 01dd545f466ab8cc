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

/// A picture's cell at every depth: its own colours where the terminal has them, the
/// nearest where it has fewer, its glyph alone without colour.
@Suite struct PictureStyleTests {
    let orangeOverTeal = Style(.picture(foreground: 0xF08C28, background: 0x28A0A0))

    @Test func directColourDrawsTheColoursThemselves() {
        let style = StyleMapping.style(for: orangeOverTeal, depth: .truecolor)
        #expect(style.foreground == 0xF08C28 && style.background == 0x28A0A0 && style.glyph == nil)
    }

    @Test func thePalettesDrawTheNearest() {
        let palette = StyleMapping.style(for: orangeOverTeal, depth: .ansi256)
        #expect(palette.foreground == 208 && palette.background == 37, "the colour cube's orange and teal")
        let sixteen = StyleMapping.style(for: orangeOverTeal, depth: .ansi16)
        #expect((0..<16).contains(sixteen.foreground) && (0..<16).contains(sixteen.background))
        #expect(sixteen.foreground != sixteen.background)
        let eight = StyleMapping.style(for: orangeOverTeal, depth: .ansi8)
        #expect((0..<8).contains(eight.foreground) && (0..<8).contains(eight.background))
    }

    @Test func withoutColourTheLighterPartIsTheTerminalsForeground() {
        let darkOverLight = StyleMapping.style(
            for: Style(.picture(foreground: 0x202020, background: 0xE0E0E0)), depth: .none)
        #expect(darkOverLight.reverse && darkOverLight.foreground == -1 && darkOverLight.glyph == nil)
        let lightOverDark = StyleMapping.style(
            for: Style(.picture(foreground: 0xE0E0E0, background: 0x202020)), depth: .none)
        #expect(!lightOverDark.reverse)
    }

    @Test func transparentPartsAreTheTerminalsBackground() {
        let style = StyleMapping.style(for: Style(.pictureOnDefault(foreground: 0xF08C28)), depth: .truecolor)
        #expect(style.foreground == 0xF08C28 && style.background == -1)
    }

    /// From near the skeleton's grey, the picture already showing: its first frame mixes
    /// the grey in as text's does.
    @Test func aPictureFadesInFromTheSkeletonsGrey() {
        let start = StyleMapping.style(
            for: Style(orangeOverTeal.ink, fade: CrossFade.steps), depth: .truecolor, background: .dark)
        let grey = TerminalBackground.dark.skeletonGrey(level: 0)
        guard case .picture(let foreground, let background) = orangeOverTeal.ink else { return }
        #expect(start.foreground == Int32(RGB.mix(foreground, grey, CrossFade.firstMix)))
        #expect(start.background == Int32(RGB.mix(background, grey, CrossFade.firstMix)))
        #expect(start.foreground != start.background)
    }

    @Test func aStyleKeepsBothColoursAndItsFade() {
        var style = Style(.picture(foreground: 0xABCDEF, background: 0x123456), fade: 3)
        #expect(style.ink == .picture(foreground: 0xABCDEF, background: 0x123456) && style.fade == 3)
        style.fade = 0
        #expect(style.ink == .picture(foreground: 0xABCDEF, background: 0x123456))
        #expect(Style(.skeletonEdge(left: 4, right: 9), fade: 2).ink == .skeletonEdge(left: 4, right: 9))
    }
}
