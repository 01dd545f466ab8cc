import Foundation

/// How the skeleton animates.
public enum AnimationStyle: String, Hashable, Sendable, CaseIterable {
    /// A highlight band sliding left to right across the whole screen.
    case slide
    /// Each element fades light to dark and back, staggered.
    case pulse
    /// Reduced motion: the whole skeleton breathes slowly, well under one change a second.
    case calm
    /// Static grey.
    case none
}

/// The shimmer as pure math: (column, element, elapsed) → grey level. No clock, no
/// terminal: a test asks for the level at exactly t = 250 ms.
public struct Shimmer: Hashable, Sendable {
    /// Levels run from 0 (the darkest grey) to `maxLevel` (the lightest).
    public static let maxLevel = 8
    /// The level of a static skeleton.
    public static let staticLevel = 2

    /// The band's default speed, the same on every row and every screen width.
    public static let defaultSpeed = 60.0  // cells per second
    /// Half the band's width: the level falls from its peak to the base over this many cells.
    public static let bandHalfWidth = 8.0
    /// The default rest between two sweeps, so the band reads as a sweep, not a scroll.
    public static let defaultPause = 0.3  // seconds
    /// Reduced motion: one slow breath, and the levels it passes through.
    public static let calmPeriod = 12.0  // seconds
    public static let calmLevels = [1, 2, 3]

    /// The pulse of the original design: light to dark in 1.5 s, back in 1.5 s, each
    /// element starting 0.2 s after the one before it.
    public static let pulseHalfPeriod = 1.5  // seconds
    public static let pulseStagger = 0.2  // seconds

    public var style: AnimationStyle
    /// The screen's width in cells: one sweep crosses all of it.
    public var screenWidth: Int
    /// The band's speed in cells per second (`--shimmer-speed`).
    public var speed: Double
    /// Seconds between two sweeps (`--shimmer-pause`).
    public var pause: Double

    public init(
        style: AnimationStyle, screenWidth: Int, speed: Double = Shimmer.defaultSpeed,
        pause: Double = Shimmer.defaultPause
    ) {
        self.style = style
        self.screenWidth = screenWidth
        self.speed = max(1, speed)
        self.pause = max(0, pause)
    }

    /// Whether frames differ over time (so the loop has to keep drawing).
    public var isAnimated: Bool { style != .none }

    /// The grey level of a skeleton cell.
    public func level(column: Int, element: Int, elapsed: Duration) -> Int {
        let seconds = elapsed.seconds
        switch style {
        case .none:
            return Shimmer.staticLevel
        case .slide:
            let distance = abs(Double(column) + 0.5 - bandCenter(at: seconds))
            guard distance < Shimmer.bandHalfWidth else { return 0 }
            // A raised cosine: full brightness at the centre, fading smoothly to the base.
            let brightness = (1 + cos(Double.pi * distance / Shimmer.bandHalfWidth)) / 2
            return Int((brightness * Double(Shimmer.maxLevel)).rounded())
        case .calm:
            // A triangle wave over the period, through a few greys: a breath, not a flicker.
            let phase = max(0, seconds).truncatingRemainder(dividingBy: Shimmer.calmPeriod) / Shimmer.calmPeriod
            let rise = phase < 0.5 ? phase * 2 : 2 - phase * 2
            let index = min(Shimmer.calmLevels.count - 1, Int(rise * Double(Shimmer.calmLevels.count)))
            return Shimmer.calmLevels[index]
        case .pulse:
            let local = seconds - Double(element) * Shimmer.pulseStagger
            // Before its turn an element waits at the light end, where every pulse starts.
            guard local > 0 else { return Shimmer.maxLevel }
            let period = 2 * Shimmer.pulseHalfPeriod
            let phase = local.truncatingRemainder(dividingBy: period) / Shimmer.pulseHalfPeriod
            // 0 → 1 light to dark, 1 → 2 dark to light, eased in and out.
            let darkness = phase <= 1 ? ease(phase) : ease(2 - phase)
            return Int(((1 - darkness) * Double(Shimmer.maxLevel)).rounded())
        }
    }

    /// A shade glyph for a level, light to dense, for skeletons drawn without colour (and
    /// in text dumps): the shimmer still moves where colour is not allowed.
    public static func shade(for level: Int) -> Character {
        let glyphs: [Character] = ["░", "▒", "▓"]
        let clamped = min(max(level, 0), maxLevel)
        return glyphs[clamped * glyphs.count / (maxLevel + 1)]
    }

    /// The column the band's centre crosses at `seconds`; off-screen during the pause.
    public func bandCenter(at seconds: Double) -> Double {
        let travel = Double(max(screenWidth, 1)) + 2 * Shimmer.bandHalfWidth
        let sweep = travel / speed
        let t = max(0, seconds).truncatingRemainder(dividingBy: sweep + pause)
        return -Shimmer.bandHalfWidth + min(t, sweep) * speed
    }

    private func ease(_ x: Double) -> Double {
        (1 - cos(Double.pi * min(max(x, 0), 1))) / 2
    }
}

extension Duration {
    /// The duration in seconds as a `Double`.
    public var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
