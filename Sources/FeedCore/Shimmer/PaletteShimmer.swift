/// `--palette`: the skeleton drawn in a few reserved palette entries, one per pulse
/// element, and animated by redefining those entries. The cells never change, so the
/// bytes written per frame do not grow with the number of skeleton cells.
public enum PaletteShimmer {
    /// Reserved entries: elements after the last share it (they pulse together).
    public static let slotCount = 6

    /// The entry a skeleton element is drawn in.
    public static func slot(for element: Int) -> Int {
        min(max(element, 0), slotCount - 1)
    }

    /// Each entry's grey level at a time. The sliding band cannot be drawn by whole
    /// entries, so it pulses; reduced motion keeps its own calm or static greys.
    public static func levels(_ shimmer: Shimmer, elapsed: Duration) -> [Int] {
        var pulsing = shimmer
        if pulsing.style == .slide { pulsing.style = .pulse }
        return (0..<slotCount).map { quantized(pulsing.level(column: 0, element: $0, elapsed: elapsed)) }
    }

    /// Every other level: each redefinition is some twenty bytes, and at every level six
    /// entries pulsing would write about 1 KB a second; at every other, half that.
    static func quantized(_ level: Int) -> Int {
        level / levelStep * levelStep
    }

    static let levelStep = 2
}
