/// A colour (0xRRGGBB) as CSS and people write it: `#3a3a3a`.
public enum RGBHex {
    public static func text(_ color: UInt32) -> String {
        let digits = String(color & 0xFF_FFFF, radix: 16)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }
}
