import FeedCore
import Foundation
import TestSupport
import Testing

@testable import FeedPictures

/// The decoders on fixtures made for them (Tests/FeedPicturesTests/Fixtures, made with
/// Pillow): 32×16 pictures of four quadrants, red and green above, blue and white below.
@Suite struct DecoderTests {
    static func bytes(_ name: String) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        return Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// The pixel at (x, y) as (r, g, b, a).
    static func pixel(_ pixels: PicturePixels, _ x: Int, _ y: Int) -> [Int] {
        let offset = (y * pixels.width + x) * 4
        return pixels.rgba[offset..<(offset + 4)].map(Int.init)
    }

    /// Whether two colours differ by at most `tolerance` in every channel.
    static func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 0) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    static let red = [255, 0, 0, 255]
    static let green = [0, 255, 0, 255]
    static let blue = [0, 0, 255, 255]
    static let white = [255, 255, 255, 255]

    @Test func aPaletteWithATransparentColour() throws {
        let pixels = try PictureDecoder.decode(Self.bytes("palette-transparent.png"))
        #expect(pixels.width == 32 && pixels.height == 16)
        #expect(Self.pixel(pixels, 4, 4) == Self.red)
        #expect(Self.pixel(pixels, 28, 4) == Self.green)
        #expect(Self.pixel(pixels, 4, 12) == Self.blue)
        #expect(Self.pixel(pixels, 28, 12)[3] == 0, "the palette's transparent entry is clear")
    }

    @Test func sixteenBitGreyComesOutAsEightBitColour() throws {
        let pixels = try PictureDecoder.decode(Self.bytes("grey16.png"))
        #expect(Self.pixel(pixels, 0, 0) == [0, 0, 0, 255])
        #expect(Self.pixel(pixels, 31, 0) == [255, 255, 255, 255])
        let middle = Self.pixel(pixels, 16, 8)
        #expect(middle[0] == middle[1] && middle[1] == middle[2] && (100...200).contains(middle[0]))
    }

    @Test func aProgressiveJPEG() throws {
        let pixels = try PictureDecoder.decode(Self.bytes("progressive.jpg"))
        #expect(pixels.width == 32 && pixels.height == 16)
        #expect(Self.near(Self.pixel(pixels, 4, 4), Self.red, 24))
        #expect(Self.near(Self.pixel(pixels, 28, 4), Self.green, 24))
        #expect(Self.near(Self.pixel(pixels, 4, 12), Self.blue, 24))
        #expect(Self.near(Self.pixel(pixels, 28, 12), Self.white, 24))
    }

    @Test func aCMYKJPEGComesOutInItsColours() throws {
        let pixels = try PictureDecoder.decode(Self.bytes("cmyk.jpg"))
        #expect(Self.near(Self.pixel(pixels, 4, 4), Self.red, 24))
        #expect(Self.near(Self.pixel(pixels, 28, 4), Self.green, 24))
        #expect(Self.near(Self.pixel(pixels, 4, 12), Self.blue, 24))
        #expect(Self.near(Self.pixel(pixels, 28, 12), Self.white, 24))
    }

    @Test func aWebPWithAlpha() throws {
        let pixels = try PictureDecoder.decode(Self.bytes("alpha.webp"))
        #expect(pixels.width == 32 && pixels.height == 16)
        #expect(Self.pixel(pixels, 4, 4) == Self.red)
        #expect(Self.pixel(pixels, 4, 12) == Self.blue)
        #expect(Self.pixel(pixels, 28, 12)[3] == 0)
    }

    @Test func aGIFsFirstFrameOnly() throws {
        // Its second frame is all yellow: none of it may show.
        let pixels = try PictureDecoder.decode(Self.bytes("frames.gif"))
        #expect(pixels.width == 32 && pixels.height == 16)
        #expect(Self.pixel(pixels, 4, 4) == Self.red)
        #expect(Self.pixel(pixels, 28, 4) == Self.green)
        #expect(Self.pixel(pixels, 4, 12) == Self.blue)
        #expect(Self.pixel(pixels, 28, 12)[3] == 0, "the transparent index is clear")
    }

    @Test func theFormatIsReadFromTheBytesNotTheName() throws {
        let pixels = try PictureDecoder.decode(Self.bytes("png-named.jpg"))
        #expect(Self.pixel(pixels, 4, 4) == Self.red)
    }

    @Test func aLargePictureIsKeptAtTheSideKept() throws {
        let pixels = try PictureDecoder.decode(Self.bytes("progressive.jpg"), keptSide: 8)
        #expect(pixels.width == 8 && pixels.height == 4)
        #expect(Self.near(Self.pixel(pixels, 0, 0), Self.red, 24))
        #expect(Self.near(Self.pixel(pixels, 7, 3), Self.white, 24))
    }

    /// libjpeg-turbo scales by eighths while it decodes; the smallest that still covers the
    /// side kept is the one to take, so a large photograph is never decoded whole.
    @Test(arguments: [(8, 8, 4), (9, 12, 6), (16, 16, 8), (17, 20, 10), (100, 32, 16)])
    func aJPEGIsDecodedAtTheSmallestScaleCoveringTheSideKept(side: Int, width: Int, height: Int) throws {
        let pixels = try Self.bytes("progressive.jpg").withUnsafeBytes { raw in
            try JPEGDecoding.decode(raw, atLeast: side)
        }
        #expect(pixels.width == width && pixels.height == height)
        #expect(Self.near(Self.pixel(pixels, 0, 0), Self.red, 24))
    }

    // MARK: hostile pictures: an error each, never a crash

    @Test(arguments: ["huge.png", "huge.jpg", "huge.gif"])
    func aDeclaredSizePastTheBoundIsRefusedBeforeDecoding(name: String) throws {
        #expect {
            try PictureDecoder.decode(Self.bytes(name))
        } throws: { error in
            guard case .refusedSize(let width, let height) = error as? PictureError else { return false }
            return width * height > PictureDecoder.maxPixels
        }
    }

    @Test func aZeroSizeIsRefused() throws {
        #expect(throws: PictureError.self) { try PictureDecoder.decode(Self.bytes("zero.png")) }
    }

    @Test(arguments: ["truncated.png", "truncated.jpg"])
    func aTruncatedFileFailsOrShowsWhatArrived(name: String) throws {
        // libjpeg-turbo keeps the rows it could read (grey below); libpng gives up.
        do {
            let pixels = try PictureDecoder.decode(Self.bytes(name))
            #expect(pixels.width == 32 && pixels.height == 16)
        } catch let error as PictureError {
            guard case .damaged = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }

    @Test func bytesThatAreNoPicture() throws {
        #expect(throws: PictureError.notAPicture) { try PictureDecoder.decode(Self.bytes("not-a-picture.png")) }
        #expect(throws: PictureError.notAPicture) { try PictureDecoder.decode([]) }
        // A signature alone, and nothing after it.
        #expect(throws: PictureError.self) {
            try PictureDecoder.decode([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        }
        #expect(throws: PictureError.self) { try PictureDecoder.decode([0xFF, 0xD8, 0xFF]) }
        #expect(throws: PictureError.self) { try PictureDecoder.decode(Array("GIF89a".utf8)) }
        #expect(throws: PictureError.self) { try PictureDecoder.decode(Array("RIFF\0\0\0\0WEBP".utf8)) }
    }
}
