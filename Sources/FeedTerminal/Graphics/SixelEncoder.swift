import FeedCore

/// Sixel pictures: DEC's six rows of pixels per character. The picture's colours are cut
/// to a palette (median cut over colours rounded to 5 bits a channel, so a picture of
/// few colours keeps them exactly), then each band of six rows is written colour by
/// colour, runs compressed. Transparent pixels (alpha below one half) are left out, and
/// the terminal's own background shows there (`P2 = 1`).
public enum SixelEncoder {
    /// The colour registers used at most; xterm as a VT340 has 1024, most terminals 256.
    public static let defaultColors = 256

    public static func encode(_ pixels: PicturePixels, colors: Int = defaultColors) -> [UInt8] {
        let (palette, indices) = quantize(pixels, colors: max(2, min(colors, 256)))
        let width = pixels.width
        let height = pixels.height
        var out = Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
        out.reserveCapacity(width * height / 2)
        for (index, color) in palette.enumerated() {
            let red = (Int(color >> 16) * 100 + 127) / 255
            let green = (Int(color >> 8 & 0xFF) * 100 + 127) / 255
            let blue = (Int(color & 0xFF) * 100 + 127) / 255
            out += Array("#\(index);2;\(red);\(green);\(blue)".utf8)
        }
        // Each colour's six-bit columns in one band; which colours the band has, in order.
        var masks = [UInt8](repeating: 0, count: max(1, palette.count) * width)
        var present: [Int] = []
        var seen = [Bool](repeating: false, count: max(1, palette.count))
        for top in stride(from: 0, to: height, by: 6) {
            present.removeAll(keepingCapacity: true)
            for row in top..<min(height, top + 6) {
                let bit = UInt8(1) << UInt8(row - top)
                for column in 0..<width {
                    let index = indices[row * width + column]
                    guard index >= 0 else { continue }
                    let color = Int(index)
                    if !seen[color] {
                        seen[color] = true
                        present.append(color)
                    }
                    masks[color * width + column] |= bit
                }
            }
            for (order, color) in present.enumerated() {
                if order > 0 { out.append(UInt8(ascii: "$")) }
                out += Array("#\(color)".utf8)
                let base = color * width
                // Columns past the last set one need not be written.
                var end = width
                while end > 0, masks[base + end - 1] == 0 { end -= 1 }
                var column = 0
                while column < end {
                    let mask = masks[base + column]
                    var run = 1
                    while column + run < end, masks[base + column + run] == mask { run += 1 }
                    let character = 63 + mask
                    if run >= 4 {
                        out += Array("!\(run)".utf8)
                        out.append(character)
                    } else {
                        out += repeatElement(character, count: run)
                    }
                    column += run
                }
                for column in 0..<width { masks[base + column] = 0 }
                seen[color] = false
            }
            if top + 6 < height { out.append(UInt8(ascii: "-")) }
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }

    /// A palette of at most `colors` 0xRRGGBB entries, and each pixel's entry (-1 for a
    /// transparent pixel).
    static func quantize(_ pixels: PicturePixels, colors: Int) -> (palette: [UInt32], indices: [Int16]) {
        let count = pixels.width * pixels.height
        var bins = [Int32](repeating: -1, count: 1 << 15)
        var used: [Bin] = []
        var pixelBins = [Int32](repeating: -1, count: count)
        pixels.rgba.withUnsafeBufferPointer { rgba in
            for pixel in 0..<count {
                let offset = pixel * 4
                guard rgba[offset + 3] >= 128 else { continue }
                let red = Int(rgba[offset])
                let green = Int(rgba[offset + 1])
                let blue = Int(rgba[offset + 2])
                let key = (red >> 3) << 10 | (green >> 3) << 5 | blue >> 3
                var slot = bins[key]
                if slot < 0 {
                    slot = Int32(used.count)
                    bins[key] = slot
                    used.append(Bin())
                }
                used[Int(slot)].add(red, green, blue)
                pixelBins[pixel] = slot
            }
        }
        // Boxes of bins, the widest split at the median of its widest channel, until there
        // are enough. Each box's widest channel is worked out once, when it is made.
        func box(_ members: [Int]) -> (members: [Int], channel: Int, spread: Int) {
            let (channel, spread) = Bin.widestChannel(members.map { used[$0] })
            return (members, channel, members.count > 1 ? spread : -1)
        }
        var boxes = used.isEmpty ? [] : [box(Array(used.indices))]
        while boxes.count < colors, let widest = boxes.indices.max(by: { boxes[$0].spread < boxes[$1].spread }),
            boxes[widest].spread >= 0
        {
            let channel = boxes[widest].channel
            let sorted = boxes[widest].members.sorted { used[$0].mean(channel) < used[$1].mean(channel) }
            let total = sorted.reduce(0) { $0 + used[$1].count }
            var running = 0
            var cut = 1
            for (position, bin) in sorted.enumerated() {
                running += used[bin].count
                if running * 2 >= total {
                    cut = min(max(1, position + 1), sorted.count - 1)
                    break
                }
            }
            boxes[widest] = box(Array(sorted[..<cut]))
            boxes.append(box(Array(sorted[cut...])))
        }
        var palette: [UInt32] = []
        var binColor = [Int16](repeating: -1, count: used.count)
        for box in boxes {
            var merged = Bin()
            for bin in box.members { merged.merge(used[bin]) }
            for bin in box.members { binColor[bin] = Int16(palette.count) }
            palette.append(merged.color)
        }
        let indices = pixelBins.map { $0 < 0 ? Int16(-1) : binColor[Int($0)] }
        return (palette, indices)
    }

    /// The pixels of one rounded colour: how many, and their sums, for the mean.
    struct Bin {
        var count = 0
        var sums = (0, 0, 0)

        mutating func add(_ red: Int, _ green: Int, _ blue: Int) {
            count += 1
            sums.0 += red
            sums.1 += green
            sums.2 += blue
        }

        mutating func merge(_ other: Bin) {
            count += other.count
            sums.0 += other.sums.0
            sums.1 += other.sums.1
            sums.2 += other.sums.2
        }

        func mean(_ channel: Int) -> Int {
            let sum = channel == 0 ? sums.0 : channel == 1 ? sums.1 : sums.2
            return (sum + count / 2) / max(1, count)
        }

        var color: UInt32 { UInt32(mean(0)) << 16 | UInt32(mean(1)) << 8 | UInt32(mean(2)) }

        /// The channel along which the bins spread most, and how far.
        static func widestChannel(_ bins: [Bin]) -> (channel: Int, spread: Int) {
            (0..<3).map { channel in
                let values = bins.map { $0.mean(channel) }
                return (channel, (values.max() ?? 0) - (values.min() ?? 0))
            }.max { $0.1 < $1.1 } ?? (0, 0)
        }
    }
}
