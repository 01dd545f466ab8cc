import FeedCore
import FeedPictures
import Foundation
import TestSupport
import Testing

@testable import FeedTerminal

/// Our sixel pictures, read back by an independent decoder: libsixel's `sixel2png`
/// (Debian's libsixel-bin), and the pixels compared with what was encoded.
@Suite struct SixelRoundTripTests {
    /// `sixel` decoded by sixel2png; nil when it is not installed.
    private func decoded(_ sixel: [UInt8]) throws -> PicturePixels? {
        guard
            let tool = ["/usr/bin/sixel2png", "/usr/local/bin/sixel2png"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shimmerfeed-sixel-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.six")
        let output = folder.appendingPathComponent("out.png")
        try Data(sixel).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-i", input.path, "-o", output.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return try PictureDecoder.decode(Array(try Data(contentsOf: output)), keptSide: 4096)
    }

    /// The largest difference of a channel between two pictures' opaque pixels.
    private func difference(_ a: PicturePixels, _ b: PicturePixels) -> Int {
        var worst = 0
        for offset in stride(from: 0, to: a.rgba.count, by: 4) where a.rgba[offset + 3] >= 128 {
            for channel in 0..<3 {
                worst = max(worst, abs(Int(a.rgba[offset + channel]) - Int(b.rgba[offset + channel])))
            }
        }
        return worst
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sixel2png"), "needs libsixel-bin"))
    func aPictureOfFewColoursComesBackAsItWent() throws {
        // Eight colours in bands, 40 × 30 (five sixel bands): nothing to quantise away.
        let colors: [[UInt8]] = [
            [230, 60, 50], [240, 140, 40], [240, 210, 60], [60, 170, 80], [40, 160, 160], [60, 100, 220],
            [150, 80, 200], [250, 250, 250],
        ]
        let bands = PicturePixels.painted(40, 30) { x, y in colors[(x / 5 + y / 10) % 8] + [255] }
        let back = try #require(try decoded(SixelEncoder.encode(bands)))
        #expect((back.width, back.height) == (40, 30))
        // A sixel colour is in percent: within 255/100 of a channel.
        #expect(difference(bands, back) <= 2)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sixel2png"), "needs libsixel-bin"))
    func aPhotographComesBackClose() throws {
        // A smooth gradient of 4096 colours, cut to 256 registers.
        let gradient = PicturePixels.painted(64, 48) { x, y in [UInt8(x * 4), UInt8(y * 5), UInt8(255 - x * 2), 255] }
        let back = try #require(try decoded(SixelEncoder.encode(gradient)))
        #expect((back.width, back.height) == (64, 48))
        #expect(difference(gradient, back) <= 24)
        var total = 0
        for offset in stride(from: 0, to: gradient.rgba.count, by: 4) {
            for channel in 0..<3 {
                total += abs(Int(gradient.rgba[offset + channel]) - Int(back.rgba[offset + channel]))
            }
        }
        let mean = Double(total) / Double(gradient.width * gradient.height * 3)
        #expect(mean < 6, "mean channel error \(mean)")
    }
}
