import Glibc

/// BlurHash (blurha.sh, Wolt's reference algorithm): a picture's blurred shape in 20–30
/// characters, which some servers send with each attachment. Drawn in a picture's cells
/// while its bytes are on their way.
public enum Blurhash {
    /// The base-83 alphabet, in digit order.
    static let digits = Array(
        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)
    static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (index, digit) in digits.enumerated() { table[Int(digit)] = Int8(index) }
        return table
    }()

    /// The number the base-83 `text` spells; nil for a character outside the alphabet.
    public static func decode83<S: Sequence<UInt8>>(_ text: S) -> Int? {
        var value = 0
        for byte in text {
            guard byte < 128, values[Int(byte)] >= 0 else { return nil }
            value = value * 83 + Int(values[Int(byte)])
        }
        return value
    }

    /// The components across and down a size flag stands for (1–9 each).
    public static func components(sizeFlag: Int) -> (x: Int, y: Int) {
        (sizeFlag % 9 + 1, sizeFlag / 9 + 1)
    }

    /// The largest AC value a quantised maximum stands for.
    public static func maximumAC(_ quantised: Int) -> Double {
        Double(quantised + 1) / 166
    }

    /// The picture `hash` describes, `width` × `height` pixels; nil for a hash that is
    /// not one (wrong length, a character outside the alphabet).
    public static func decode(_ hash: String, width: Int, height: Int, punch: Double = 1) -> PicturePixels? {
        let bytes = Array(hash.utf8)
        guard width > 0, height > 0, width * height <= 1 << 20, bytes.count >= 6,
            let sizeFlag = decode83(bytes[0..<1]), let quantisedMaximum = decode83(bytes[1..<2])
        else { return nil }
        let (componentsX, componentsY) = components(sizeFlag: sizeFlag)
        guard bytes.count == 4 + 2 * componentsX * componentsY, let average = decode83(bytes[2..<6]) else { return nil }
        let maximum = maximumAC(quantisedMaximum) * punch
        var colors: [(Double, Double, Double)] = [
            (linear(average >> 16), linear((average >> 8) & 0xFF), linear(average & 0xFF))
        ]
        for component in 1..<(componentsX * componentsY) {
            let start = 4 + component * 2
            guard let value = decode83(bytes[start..<(start + 2)]) else { return nil }
            func channel(_ quantised: Int) -> Double {
                let centred = Double(quantised - 9) / 9
                return (centred < 0 ? -1 : 1) * centred * centred * maximum
            }
            colors.append((channel(value / (19 * 19)), channel(value / 19 % 19), channel(value % 19)))
        }
        // The cosines of each row and column, worked out once.
        let cosinesX = (0..<width).map { x in (0..<componentsX).map { cos(Double.pi * Double(x * $0) / Double(width)) }
        }
        let cosinesY = (0..<height).map { y in
            (0..<componentsY).map { cos(Double.pi * Double(y * $0) / Double(height)) }
        }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var (red, green, blue) = (0.0, 0.0, 0.0)
                for j in 0..<componentsY {
                    for i in 0..<componentsX {
                        let basis = cosinesX[x][i] * cosinesY[y][j]
                        let color = colors[i + j * componentsX]
                        red += color.0 * basis
                        green += color.1 * basis
                        blue += color.2 * basis
                    }
                }
                let offset = (y * width + x) * 4
                rgba[offset] = sRGB(red)
                rgba[offset + 1] = sRGB(green)
                rgba[offset + 2] = sRGB(blue)
            }
        }
        return PicturePixels(width: width, height: height, rgba: rgba)
    }

    static func linear(_ value: Int) -> Double {
        let v = Double(value) / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    static func sRGB(_ value: Double) -> UInt8 {
        let v = min(max(value, 0), 1)
        let scaled = v <= 0.003_130_8 ? v * 12.92 * 255 + 0.5 : (1.055 * pow(v, 1 / 2.4) - 0.055) * 255 + 0.5
        return UInt8(min(255, max(0, Int(scaled))))
    }
}
