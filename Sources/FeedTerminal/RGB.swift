/// Colours as 0xRRGGBB.
enum RGB {
    /// `from` moved `amount` (0...1) of the way to `to`, channel by channel: the fade, the
    /// band's edges and the shade glyphs of an SVG all blend through here.
    static func mix(_ from: UInt32, _ to: UInt32, _ amount: Double) -> UInt32 {
        var result: UInt32 = 0
        for shift: UInt32 in [16, 8, 0] {
            let a = Double((from >> shift) & 0xFF)
            let b = Double((to >> shift) & 0xFF)
            result |= UInt32((a + (b - a) * amount).rounded()) << shift
        }
        return result
    }
}
