import Synchronization

/// Layouts already made, so that a frame, a key press or a scroll does not wrap the same
/// rows again. A cache belongs to one feed content at one reference time: `AppState` starts
/// a new one when either changes, so a key needs only what else decides a layout.
public final class RowLayoutCache: Sendable {
    public enum Key: Hashable, Sendable {
        case post(index: Int, width: Int, expanded: Bool, liked: Bool)
        case placeholder(index: Int, width: Int)
    }

    /// Placeholder shapes depend on nothing but their index and the width: one cache for all.
    public static let placeholders = RowLayoutCache()

    /// The caches of the last few contents (`AppState.contentVersion`): a state is a value
    /// and its copies share a version, so the layouts live here, outside it.
    private static let byContent = Mutex<[(version: Int, cache: RowLayoutCache)]>([])
    static let contentsKept = 4

    /// The cache of one content version, made on first use.
    public static func forContent(_ version: Int) -> RowLayoutCache {
        byContent.withLock { caches in
            if let found = caches.first(where: { $0.version == version }) { return found.cache }
            let made = RowLayoutCache()
            caches.append((version, made))
            if caches.count > contentsKept { caches.removeFirst() }
            return made
        }
    }

    /// Past this many layouts the cache starts over: a bound, not a policy (a screen holds
    /// a few dozen rows).
    static let capacity = 2048
    private let layouts = Mutex<[Key: RowLayout]>([:])

    public init() {}

    public func layout(_ key: Key, make: () -> RowLayout) -> RowLayout {
        if let found = layouts.withLock({ $0[key] }) { return found }
        let made = make()
        layouts.withLock { layouts in
            if layouts.count >= Self.capacity { layouts.removeAll(keepingCapacity: true) }
            layouts[key] = made
        }
        return made
    }

    /// The layout of first-load placeholder row `index`.
    public static func placeholder(_ index: Int, width: Int) -> RowLayout {
        placeholders.layout(.placeholder(index: index, width: width)) {
            RowLayout.make(RowContent.placeholder(index: index), screenWidth: width)
        }
    }

    var count: Int { layouts.withLock { $0.count } }
}
