import FeedCore
import FeedTerminal
import FoundationEssentials

/// `sixel RAW WIDTH HEIGHT ITERATIONS OUT`: our sixel for a picture, in the form of
/// Tests/bench/sixel_encoders.c, so that the encoders are measured alike: the
/// microseconds one picture takes (median of 9 runs); the sixel is written to OUT.
func sixelBench(_ arguments: [String]) throws {
    guard arguments.count == 5, let width = Int(arguments[1]), let height = Int(arguments[2]),
        let iterations = Int(arguments[3])
    else { throw BenchUsage() }
    let rgba = Array(try Data(contentsOf: URL(filePath: arguments[0])))
    let pixels = PicturePixels(width: width, height: height, rgba: rgba)
    var sixel: [UInt8] = []
    let time = microseconds(iterations: iterations) { sixel = SixelEncoder.encode(pixels) }
    try Data(sixel).write(to: URL(filePath: arguments[4]))
    print((time * 10).rounded() / 10)
}
