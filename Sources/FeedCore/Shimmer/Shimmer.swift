import FoundationEssentials
import Glibc

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
    /// Levels run from 0 (the darkest grey) to `maxLevel` (the lightest): thirteen, more
    /// than the 256-colour palette has greys between the bars and the band's peak, so that
    /// every one of those greys is used.
    public static let maxLevel = 12
    /// The level of a static skeleton.
    public static let staticLevel = 3

    /// The band's default speed, the same on every row and every screen width.
    public static let defaultSpeed = 60.0  // cells per second
    /// Half the band's width: the level falls from its peak to the base over this many cells.
    public static let bandHalfWidth = 8.0
    /// The default rest between two sweeps, so the band reads as a sweep, not a scroll.
    public static let defaultPause = 0.3  // seconds
    /// Reduced motion: one slow breath, and the levels it passes through.
    public static let calmPeriod = 12.0  // seconds
    public static let calmLevels = [2, 3, 4]

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
    /// How many cells each row's band trails the row above (`--shimmer-tilt`): 0 is an
    /// upright band; a little tilt leans it like the diagonal sheen of mobile skeletons.
    public var tilt: Double
    /// The screen's height in rows: a tilted sweep ends when the bottom row's band is off.
    public var screenHeight: Int

    public init(
        style: AnimationStyle, screenWidth: Int, screenHeight: Int = 0, speed: Double = Shimmer.defaultSpeed,
        pause: Double = Shimmer.defaultPause, tilt: Double = 0
    ) {
        self.style = style
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.speed = max(1, speed)
        self.pause = max(0, pause)
        self.tilt = max(0, tilt)
    }

    /// The two halves of a skeleton cell. They differ only where the band's edge (its
    /// meeting with the bars) falls inside the cell: drawn as a half block, the edge moves
    /// in half-cell steps.
    public struct CellShade: Hashable, Sendable {
        public var left: Int
        public var right: Int

        public init(left: Int, right: Int) {
            self.left = left
            self.right = right
        }

        public var isEdge: Bool { left != right }
    }

    /// The shade of a skeleton cell: for the sliding band, its level at each half of the
    /// cell; for the other styles one level for the whole cell.
    public func shade(column: Int, row: Int = 0, element: Int, elapsed: Duration) -> CellShade {
        guard style == .slide else {
            let level = level(column: column, row: row, element: element, elapsed: elapsed)
            return CellShade(left: level, right: level)
        }
        return band(row: row, elapsed: elapsed).shade(column: column)
    }

    /// The sliding band on one row at one time: where it is, once, for all the row's cells.
    public struct Band: Sendable {
        /// The column its centre crosses.
        public var centre: Double
        /// The columns it lights: every cell outside is at the base level.
        public var columns: Range<Int>
        /// The shimmer's constants, read once for the row: a global read in each cell's
        /// call would check its lazy initialisation every time.
        private let reach = Shimmer.levelReach
        private let litRadius = Shimmer.litRadius

        /// A cell's shade: only where the band meets the bars is the cell split (inside
        /// the band a whole cell's level reads as smooth, and a split cell costs twice the
        /// bytes to draw).
        public func shade(column: Int) -> CellShade {
            let middle = Double(column) + 0.5
            let level = Shimmer.slideLevel(at: middle, centre: centre, reach: reach)
            // Nearer the centre than this, both halves are lit, so the cell is whole: its
            // halves are worked out only near the band's ends.
            guard abs(middle - centre) >= litRadius - 0.25 else { return CellShade(left: level, right: level) }
            let left = Shimmer.slideLevel(at: middle - 0.25, centre: centre, reach: reach)
            let right = Shimmer.slideLevel(at: middle + 0.25, centre: centre, reach: reach)
            guard left == 0 || right == 0 else { return CellShade(left: level, right: level) }
            return CellShade(left: left, right: right)
        }
    }

    /// The band on `row` at `elapsed` (no columns during the pause).
    public func band(row: Int, elapsed: Duration) -> Band {
        band(row: row, seconds: elapsed.seconds)
    }

    /// The band on `row` at `seconds` of animation time: for a caller that paints many
    /// rows of one frame and converts the time once.
    public func band(row: Int, seconds: Double) -> Band {
        let centre = bandCenter(at: seconds, row: row)
        let lower = Int((centre - Shimmer.bandHalfWidth).rounded(.down)) - 1
        let upper = Int((centre + Shimmer.bandHalfWidth).rounded(.up)) + 1
        guard upper > 0, lower < screenWidth else { return Band(centre: centre, columns: 0..<0) }
        return Band(centre: centre, columns: max(0, lower)..<min(screenWidth, upper))
    }

    /// Whether frames differ over time (so the loop has to keep drawing).
    public var isAnimated: Bool { style != .none }

    /// The grey level of a skeleton cell.
    public func level(column: Int, row: Int = 0, element: Int, elapsed: Duration) -> Int {
        let seconds = elapsed.seconds
        switch style {
        case .none:
            return Shimmer.staticLevel
        case .slide:
            return Shimmer.slideLevel(at: Double(column) + 0.5, centre: bandCenter(at: seconds, row: row))
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

    /// The level of an element's cells away from the band: the base for the sliding band,
    /// the element's level for the other styles (which are the same across a row).
    public func baseLevel(element: Int, elapsed: Duration) -> Int {
        style == .slide ? 0 : level(column: 0, element: element, elapsed: elapsed)
    }

    /// When the band's rest between two sweeps ends, if it is resting at `elapsed`: until
    /// then every frame would be the same. Nil while it sweeps, and for the other styles.
    public func restEnd(after elapsed: Duration) -> Duration? {
        guard style == .slide, pause > 0 else { return nil }
        let sweep = sweepSeconds
        let seconds = max(0, elapsed.seconds)
        let t = seconds.truncatingRemainder(dividingBy: sweep + pause)
        guard t > sweep else { return nil }
        return .seconds(seconds - t + sweep + pause)
    }

    /// How long one sweep takes, from the band entering the screen to the last row's band
    /// leaving it.
    private var sweepSeconds: Double {
        let lag = tilt * Double(max(screenHeight - 1, 0))
        return (Double(max(screenWidth, 1)) + 2 * Shimmer.bandHalfWidth + lag) / speed
    }

    /// The column the band's centre crosses on `row` at `seconds`; off-screen during the
    /// pause. Each row's band trails the row above by `tilt` cells.
    public func bandCenter(at seconds: Double, row: Int = 0) -> Double {
        let sweep = sweepSeconds
        let t = max(0, seconds).truncatingRemainder(dividingBy: sweep + pause)
        return -Shimmer.bandHalfWidth + min(t, sweep) * speed - tilt * Double(max(row, 0))
    }

    /// How far from the centre the band lights a point (to level 1 or more): where the
    /// raised cosine falls to half a level, less a hair for rounding.
    static let litRadius = bandHalfWidth * acos(1 / Double(maxLevel) - 1) / Double.pi - 1e-9

    /// The band's level at a position: a raised cosine, brightest at the centre, fading
    /// smoothly to the base, rounded to a level.
    static func slideLevel(at position: Double, centre: Double, reach: [Double] = levelReach) -> Int {
        let distance = abs(position - centre)
        var level = 0
        while level < reach.count, distance <= reach[level] { level += 1 }
        return level
    }

    /// How far from the centre the raised cosine reaches each level 1...maxLevel (where it
    /// rounds to it): worked out once, so a frame's hundreds of band cells take a few
    /// comparisons each instead of a cosine.
    static let levelReach: [Double] = (1...maxLevel).map { level in
        let brightness = (Double(level) - 0.5) / Double(maxLevel)
        return bandHalfWidth * acos(2 * brightness - 1) / Double.pi
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
