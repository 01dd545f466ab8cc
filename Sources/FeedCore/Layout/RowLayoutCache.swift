import Synchronization

/// Layouts already made, so that a frame, a key press or a scroll does not wrap the same
/// rows again. Each `AppState` has its own, shared by its copies: a layout is found by the
/// content version it was made for (which no other content has), the row, the width and
/// what the reader changed of it.
public final class RowLayoutCache: Sendable {
    public enum Key: Hashable, Sendable {
        case post(version: Int, index: Int, width: Int, expanded: Bool, marks: RowMarks, unread: Bool)
        case placeholder(index: Int, width: Int, unread: Bool)
    }

    /// Past this many layouts the cache starts over: a bound, not a policy (a screen holds
    /// a few dozen rows).
    static let capacity = 2048
    /// The content versions whose layouts are kept: each view's current one (a stack holds
    /// a few). A merge makes a new version, so without this the layouts of versions no
    /// view shows any more filled the cache: 300 sources answering kept 2 MB of them.
    static let versionsKept = 4
    private let layouts = Mutex<Layouts>(Layouts())

    private struct Layouts {
        var byKey: [Key: RowLayout] = [:]
        /// The versions kept, oldest first.
        var versions: [Int] = []

        mutating func insert(_ layout: RowLayout, for key: Key) {
            if byKey.count >= RowLayoutCache.capacity { byKey.removeAll(keepingCapacity: true) }
            if case .post(let version, _, _, _, _, _) = key, !versions.contains(version) {
                versions.append(version)
                if versions.count > RowLayoutCache.versionsKept {
                    let gone = versions.removeFirst()
                    byKey = byKey.filter { key, _ in
                        if case .post(gone, _, _, _, _, _) = key { false } else { true }
                    }
                }
            }
            byKey[key] = layout
        }
    }

    public init() {}

    public func layout(_ key: Key, make: () -> RowLayout) -> RowLayout {
        if let found = layouts.withLock({ $0.byKey[key] }) { return found }
        let made = make()
        layouts.withLock { $0.insert(made, for: key) }
        return made
    }

    /// The layout of placeholder row `index`: shapes that depend on nothing but their
    /// index and the width.
    public func placeholder(_ index: Int, width: Int, unread: Bool = false) -> RowLayout {
        layout(.placeholder(index: index, width: width, unread: unread)) {
            RowLayout.make(RowContent.placeholder(index: index, unread: unread), screenWidth: width)
        }
    }

    var count: Int { layouts.withLock { $0.byKey.count } }
}
