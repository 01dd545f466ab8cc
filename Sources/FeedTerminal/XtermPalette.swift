/// The 256-colour palette as xterm defines it, as RGB: to turn a palette colour into a
/// direct colour, and a computed grey into the nearest palette entry.
enum XtermPalette {
    /// The sixteen system colours (xterm's defaults; terminals differ, these are typical).
    private static let system: [UInt32] = [
        0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ]
    /// The steps of each channel in the 6×6×6 cube.
    private static let cubeSteps: [UInt32] = [0, 95, 135, 175, 215, 255]

    static func rgb(_ index: Int) -> UInt32 {
        switch index {
        case 0..<16:
            return system[index]
        case 16..<232:
            let cube = index - 16
            return cubeSteps[cube / 36] << 16 | cubeSteps[cube / 6 % 6] << 8 | cubeSteps[cube % 6]
        default:
            let grey = UInt32(8 + 10 * (min(index, 255) - 232))
            return grey << 16 | grey << 8 | grey
        }
    }

    /// Every palette entry that is a grey, beyond the sixteen system colours (whose
    /// values differ between terminals): the ramp 232–255 and the cube's six greys.
    static let greys: [(index: Int, value: Int)] = {
        let cube = [16, 59, 102, 145, 188, 231].map { ($0, Int(rgb($0) & 0xFF)) }
        let ramp = (232...255).map { ($0, Int(rgb($0) & 0xFF)) }
        return (cube + ramp).sorted { $0.1 < $1.1 }
    }()

    /// The palette entry nearest to an RGB colour (the sixteen system colours excluded).
    static func nearest(_ color: UInt32) -> Int {
        nearest(color, among: 16...255)
    }

    /// The nearest of the first `count` system colours (8 or 16), for a picture on a
    /// terminal with no more.
    static func nearestSystem(_ color: UInt32, count: Int) -> Int {
        nearest(color, among: 0..<min(count, system.count))
    }

    /// The entry of `indices` nearest to `color`; the first of those as near.
    private static func nearest(_ color: UInt32, among indices: some Sequence<Int>) -> Int {
        var best = 0
        var bestDistance = Int.max
        for index in indices {
            let distance = squaredDistance(rgb(index), color)
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }

    /// Relative luminance, 0...255 (Rec. 709 weights on the channels as they are).
    static func luminance(_ color: UInt32) -> Double {
        let red = Double((color >> 16) & 0xFF)
        let green = Double((color >> 8) & 0xFF)
        let blue = Double(color & 0xFF)
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue
    }

    private static func squaredDistance(_ a: UInt32, _ b: UInt32) -> Int {
        var sum = 0
        for shift: UInt32 in [16, 8, 0] {
            let d = Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)
            sum += d * d
        }
        return sum
    }
}
