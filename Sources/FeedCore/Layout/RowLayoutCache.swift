import Synchronization

/// Layouts already made, so that a frame, a key press or a scroll does not wrap the same
/// rows again. Each `AppState` has its own, shared by its copies: a layout is found by the
/// content version it was made for (which no other content has), the row, the width and
/// what the reader changed of it.
public final class RowLayoutCache: Sendable {
    public enum Key: Hashable, Sendable {
        case post(version: Int, index: Int, width: Int, expanded: Bool, liked: Bool, unread: Bool)
        case placeholder(index: Int, width: Int, unread: Bool)
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

    /// The layout of placeholder row `index`: shapes that depend on nothing but their
    /// index and the width.
    public func placeholder(_ index: Int, width: Int, unread: Bool = false) -> RowLayout {
        layout(.placeholder(index: index, width: width, unread: unread)) {
            RowLayout.make(RowContent.placeholder(index: index, unread: unread), screenWidth: width)
        }
    }

    var count: Int { layouts.withLock { $0.count } }
}
