import FeedCore
import FeedPictures
import FeedStore
import FeedTerminal

/// The parts of the viewer that depend on what the terminal and the store turned out to be.
extension ViewerOptions {
    /// What the terminal can do: palette animation, pictures in pixels; a random salt for
    /// the pictures' kitty ids, so that another run's do not clash.
    @MainActor mutating func drawOn(_ backend: CursesBackend, images: ImageChoice) {
        paletteSkeleton = backend.animatesPalette
        pictureDrawing = images.drawsPictures ? backend.pictureSupport.drawing : .cells
        pictureIdSalt = UInt64.random(in: .min ... .max)
        picturesNote = images.drawsPictures ? backend.pictureSupport.notice : nil
    }
}

extension StoreOpening {
    /// The loop's ways to the store: read and liked marks kept (and the newest read told to
    /// the servers' markers), searches of what it holds. Returns the marks' writer, to flush
    /// at quit.
    func connect(_ configuration: inout FeedRunLoop.Configuration, keys: [String?], markers: ReadMarkerSync)
        -> MarkWriter?
    {
        guard let store else { return nil }
        let writer = MarkWriter(store: store, keys: keys)
        configuration.keepMarks = {
            writer.add($0)
            markers.observe($0)
        }
        configuration.searchStore = { [self] query in search(query, keys: keys) }
        return writer
    }
}

/// Pictures' bytes are kept on disk unless nothing may be written (`--no-store`) or the
/// run only prints (`--dump`); nil when rows draw no pictures.
func makePictureLoader(
    options: CommandLineOptions, environment: [String: String], certificateAuthorities: String?
) -> PictureLoader? {
    guard options.images.drawsPictures else { return nil }
    let keepsBytes = !options.noStore && !options.dump
    return PictureLoader(
        cache: keepsBytes
            ? PictureDiskCache.defaultFolder(environment: environment).map { PictureDiskCache(folder: $0) } : nil,
        certificateAuthorities: certificateAuthorities, offline: options.viewer.offline)
}
