import FeedCore
import FeedTerminal

/// `--dump`: the frames as text, or as an SVG picture (`--svg`).
enum DumpOutput {
    static func print(_ frames: [ScreenBuffer], options: CommandLineOptions) {
        guard options.svg else {
            Swift.print(FrameDump.text(of: frames[0]), terminator: "")
            return
        }
        let color = options.color == .auto ? CommandLineOptions.pictureColor : options.color
        let depth: ColorDepth =
            switch color {
            case .auto, .truecolor: .truecolor
            case .ansi256: .ansi256
            case .ansi16: .ansi16
            case .none: .none
            }
        let background = options.background == .auto ? CommandLineOptions.pictureBackground : options.background
        var picture = SVGScreenshot(depth: depth, background: background == .light ? .light : .dark)
        picture.windowFrame = options.svgFrame
        picture.theme = options.theme
        Swift.print(picture.document(frames, fps: Double(options.viewer.framesPerSecond)), terminator: "")
    }
}
