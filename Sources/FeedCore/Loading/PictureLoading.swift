/// Where a picture's pixels come from: the network and the disk cache through the
/// transport, decoded and scaled down, off the main actor. Each load is bounded (bytes,
/// time, pixels) by the loader; a refusal or failure throws, with a reason to show.
public protocol PictureLoading: Sendable {
    func picture(at url: String) async throws -> PicturePixels
}
