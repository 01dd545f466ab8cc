import FeedCore

/// Whether the terminal's background is dark or light, which decides the skeleton's greys.
public enum TerminalBackground: String, Hashable, Sendable, CaseIterable {
    case dark
    case light
    /// Not known: greys from the middle of the ramp, which read on either.
    case unknown

    /// From `--background`, else from the colour the terminal reported (`reported`,
    /// 0xRRGGBB, from `TerminalProbe`), else from COLORFGBG ("15;0": foreground 15 on
    /// background 0), which rxvt, Konsole and others set: colours 0–6 and 8 are dark.
    public static func detect(
        environment: [String: String], requested: BackgroundChoice = .auto, reported: UInt32? = nil
    ) -> TerminalBackground {
        switch requested {
        case .dark: return .dark
        case .light: return .light
        case .auto: break
        }
        if let reported {
            // Relative luminance below the middle (128 of 255) is a dark background.
            return XtermPalette.luminance(reported) < 128 ? .dark : .light
        }
        guard let value = environment["COLORFGBG"], let last = value.split(separator: ";").last,
            let color = Int(last), (0...15).contains(color)
        else { return .unknown }
        return color < 7 || color == 8 ? .dark : .light
    }

    /// The skeleton's grey at a shimmer level: from the bars' base to the band's peak.
    /// On a dark background the band brightens; on a light one it brightens towards white.
    public func skeletonGrey(level: Int) -> UInt32 {
        let (base, peak): (Double, Double) =
            switch self {
            case .dark: (0x3A, 0x8A)
            case .light: (0xC8, 0xF2)
            case .unknown: (0x58, 0xA8)
            }
        let fraction = Double(min(max(level, 0), Shimmer.maxLevel)) / Double(Shimmer.maxLevel)
        let value = UInt32((base + (peak - base) * fraction).rounded())
        return value << 16 | value << 8 | value
    }

    /// What the terminal's default colours probably are, for the cross-fade. An unknown
    /// background is taken as dark, the common case.
    var assumedBackground: UInt32 { self == .light ? 0xFFFFFF : 0x000000 }
    var assumedForeground: UInt32 { self == .light ? 0x303030 : 0xD0D0D0 }
}
