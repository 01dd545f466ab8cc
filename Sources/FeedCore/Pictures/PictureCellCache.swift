import Synchronization

/// Pictures already drawn in cells, so that a frame does not scale the same picture
/// again: by what is drawn (a picture's address, or a BlurHash) and the cells. Each
/// `AppState` has its own, shared by its copies.
public final class PictureCellCache: Sendable {
    struct Key: Hashable {
        var source: String
        var columns: Int
        var rows: Int
        /// Whether `source` is a BlurHash rather than an address.
        var isBlurhash: Bool
    }

    /// Past this many the cache starts over: a screen shows a few dozen pictures.
    static let capacity = 256
    private let made = Mutex<[Key: CellPicture]>([:])

    public init() {}

    func picture(_ key: Key, make: () -> CellPicture?) -> CellPicture? {
        if let found = made.withLock({ $0[key] }) { return found }
        guard let picture = make() else { return nil }
        made.withLock { made in
            if made.count >= Self.capacity { made.removeAll(keepingCapacity: true) }
            made[key] = picture
        }
        return picture
    }

    /// Forgets a picture's cells at every size: its pixels are gone from memory.
    func forget(_ source: String) {
        made.withLock { made in made = made.filter { $0.key.source != source } }
    }
}

/// What the state knows of a picture it asked for.
public enum PicturePhase: Sendable {
    /// On its way since this animation time.
    case loading(since: Duration)
    /// Arrived at this animation time: it fades in from then.
    case loaded(PicturePixels, at: Duration)
    /// It could not be had (an error, a refusal): its alt text or initials stand instead.
    case failed(String)

    public var isLoading: Bool {
        if case .loading = self { true } else { false }
    }
}
